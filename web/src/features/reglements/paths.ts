/** The regulations' addresses (spec 3 §2.2: archive/reglements, archive/reglements/creer; §2.3). */
export const reglementsPaths = {
  reglements: '/syndic/archive/reglements',
  creer: '/syndic/archive/reglements/creer',
  coproprietaire: '/coproprietaire/reglements',
} as const;
