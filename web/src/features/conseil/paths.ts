/** The council module's addresses (spec 2 §2 "Council", spec 3 §2.4), one per space. */
export const conseilPaths = {
  syndic: '/syndic/administration/conseil',
  coproprietaire: '/coproprietaire/conseil',
} as const;
