/** The reconciliation's address (spec 2 §2 "Banking"). */
export const rapprochementPaths = {
  rapprochement: '/syndic/banque/rapprochement',
} as const;

/**
 * The bank statements' pages (the releves module's, issue 22), spelled here: a feature does not
 * import another's paths; the routing test follows the links to the pages.
 */
export const relevesLinks = {
  importer: (compte: number) => `/syndic/banque/rapprochement/importer?compte=${compte}`,
  releves: (compte: number) => `/syndic/banque/rapprochement/releves?compte=${compte}`,
} as const;
