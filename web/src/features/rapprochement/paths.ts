/** The reconciliation's address (spec 2 §2 "Banking"). */
export const rapprochementPaths = {
  rapprochement: '/syndic/banque/rapprochement',
} as const;
