/**
 * The chat's addresses (spec 3 §2.2 chat, §2.3 chat). The syndic's selected conversation is in
 * the address (`/syndic/chat?conversation=12`), so that a notification can lead to it.
 */
export const chatPaths = {
  syndic: '/syndic/chat',
  coproprietaire: '/coproprietaire/chat',
  conversation: (id: number) => `/syndic/chat?conversation=${id}`,
} as const;

export const CONVERSATION_PARAM = 'conversation';
