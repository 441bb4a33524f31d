/** The chat's addresses (spec 3 §2.2 chat, §2.3 co-owner chat). */
export const chatPaths = {
  syndic: '/syndic/chat',
  coproprietaire: '/coproprietaire/chat',
} as const;
