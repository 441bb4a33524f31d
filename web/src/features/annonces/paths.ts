/**
 * The announcements' addresses (spec 3 §2.2 annonces; §2.4 sidebar annonces/{annonces_actives,
 * annonces_archivees}; §2.3 co-owner annonces).
 */
export const annoncesPaths = {
  syndic: '/syndic/annonces',
  actives: '/syndic/annonces/annonces_actives',
  archivees: '/syndic/annonces/annonces_archivees',
  coproprietaire: '/coproprietaire/annonces',
} as const;
