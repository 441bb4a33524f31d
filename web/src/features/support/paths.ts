/** The support pages' addresses (spec 3 §2.2 support, §2.3 support). */
export const supportPaths = {
  syndic: '/syndic/support',
  coproprietaire: '/coproprietaire/support',
} as const;
