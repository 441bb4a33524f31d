import { useChatConversationCoproprietaireQuery, useChatConversationsQuery, useChatMessagesQuery } from './chat-api';

/**
 * How often an open conversation is read again while the server has no real-time channel yet.
 * The WebSocket (spec 3 §7 "Realtime": a private channel per conversation, `MessageSent`) comes
 * with the server and replaces this polling inside the hooks below; the pages do not change.
 */
export const CONVERSATION_REFRESH_MS = 10_000;

/** A conversation of the syndic, kept live: its messages, read again while it is open. */
export function useConversationLive(conversationId: number | null) {
  return useChatMessagesQuery(conversationId ?? 0, {
    skip: conversationId === null,
    pollingInterval: CONVERSATION_REFRESH_MS,
    skipPollingIfUnfocused: true,
  });
}

/** The co-owner's conversation with the syndic, kept live the same way. */
export function useCoproprietaireConversationLive() {
  return useChatConversationCoproprietaireQuery(undefined, {
    pollingInterval: CONVERSATION_REFRESH_MS,
    skipPollingIfUnfocused: true,
  });
}

/** The syndic's conversation list, kept live (new messages move a conversation up, mark it unread). */
export function useConversationsLive() {
  return useChatConversationsQuery(undefined, {
    pollingInterval: CONVERSATION_REFRESH_MS,
    skipPollingIfUnfocused: true,
  });
}
