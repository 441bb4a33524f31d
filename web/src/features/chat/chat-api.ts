import { generatedApi } from '@/api/generated';
import type { AppDispatch } from '@/lib/store/hooks';
import type { TempsReelMessage } from '@/lib/temps-reel';

/*
 * The chat's endpoints (spec 3 §3 "Conversation", "Message", §4 "Conversation", §7 "Chat"; issue
 * 18), written by hand while the server's routes are being built. The names are the screens' own
 * (`chatConversationsListe`…): a generated operation id of the same name would silently replace
 * them.
 *
 * Shapes the spec leaves open, chosen here (docs/decisions.md "Community screens (issue 18)"):
 * - `GET /conversations/liste` answers `{ success, conversations }`, each with its `last_message`
 *   (or null), most recent first; `is_all_read` is from the reader's side (every message of the
 *   others read by the reader's side);
 * - `GET /conversation/messages?id` and `GET /conversation` (the co-owner's own) answer
 *   `{ success, data: { id, type, resident_name, is_all_read, messages } }`, messages oldest first;
 * - a message's `user.primary_role` is proprietaire, president, tresorier or syndic; `read_at`
 *   is when the other side read it (null: "Non lu");
 * - `POST /conversations/{id}/message {message}` answers `{ success, data: message }`;
 *   `POST /conversation/mark-all-read {id}` answers `{ success }`.
 * Kept 10 minutes (spec 3 §9); the real-time channel (lib/temps-reel) keeps them current.
 */

export type ChatMessage = TempsReelMessage;

export interface ConversationResume {
  id: number;
  type: string;
  resident_name: string;
  is_all_read: boolean;
  last_message: ChatMessage | null;
}

export interface Conversation {
  id: number;
  type: string;
  resident_name?: string;
  is_all_read: boolean;
  messages: ChatMessage[];
}

/** A message shown before the server's answer (negative id), replaced by it or taken out. */
export interface EnvoiArg {
  conversationId: number;
  message: string;
  auteur: ChatMessage['user'];
}

const TEN_MINUTES = 600;

export const chatApi = generatedApi.enhanceEndpoints({ addTagTypes: ['conversations'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /conversations/liste (council). */
    chatConversationsListe: build.query<{ success: boolean; conversations: ConversationResume[] }, void>({
      query: () => ({ url: '/api/conversations/liste' }),
      providesTags: ['conversations'],
      keepUnusedDataFor: TEN_MINUTES,
    }),
    /** GET /conversation/messages?id (council). */
    chatConversationMessages: build.query<{ success: boolean; data: Conversation }, number>({
      query: (id) => ({ url: '/api/conversation/messages', params: { id } }),
      providesTags: ['conversations'],
      keepUnusedDataFor: TEN_MINUTES,
    }),
    /** GET /conversation (the co-owner's conversation with the syndic). */
    chatConversationCoproprietaire: build.query<{ success: boolean; data: Conversation }, void>({
      query: () => ({ url: '/api/conversation' }),
      providesTags: ['conversations'],
      keepUnusedDataFor: TEN_MINUTES,
    }),
    /**
     * POST /conversations/{id}/message {message}: shown at once (spec 3 §4 "Conversation"),
     * replaced by the server's version, taken out if the server refuses.
     */
    chatMessageEnvoyer: build.mutation<{ success: boolean; data: ChatMessage }, EnvoiArg>({
      query: ({ conversationId, message }) => ({
        url: `/api/conversations/${conversationId}/message`,
        method: 'POST',
        body: { message },
      }),
      async onQueryStarted({ conversationId, message, auteur }, { dispatch, queryFulfilled }) {
        const provisoire: ChatMessage = {
          id: -Date.now(),
          message,
          user: auteur,
          created_at: new Date().toISOString(),
          read_at: null,
        };
        patchConversation(dispatch, conversationId, (conversation) => {
          conversation.messages.push(provisoire);
        });
        try {
          const { data } = await queryFulfilled;
          patchConversation(dispatch, conversationId, (conversation) => {
            const index = conversation.messages.findIndex((candidate) => candidate.id === provisoire.id);
            const already = conversation.messages.some((candidate) => candidate.id === data.data.id);
            if (index >= 0) {
              if (already) conversation.messages.splice(index, 1);
              else conversation.messages[index] = data.data;
            }
          });
          patchListe(dispatch, conversationId, (resume) => {
            resume.last_message = data.data;
          });
        } catch {
          patchConversation(dispatch, conversationId, (conversation) => {
            conversation.messages = conversation.messages.filter((candidate) => candidate.id !== provisoire.id);
          });
        }
      },
    }),
    /** POST /conversation/mark-all-read {id}: the conversation is shown read at once. */
    chatMarquerLu: build.mutation<{ success: boolean }, number>({
      query: (id) => ({ url: '/api/conversation/mark-all-read', method: 'POST', body: { id } }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        patchConversation(dispatch, id, (conversation) => {
          conversation.is_all_read = true;
        });
        patchListe(dispatch, id, (resume) => {
          resume.is_all_read = true;
        });
        try {
          await queryFulfilled;
        } catch {
          // Left read on screen: the next reading of the list tells the truth.
        }
      },
    }),
  }),
});

/**
 * Changes a conversation in every cache that holds it: the council's `messages(id)` and the
 * co-owner's own conversation when it is this one.
 */
export function patchConversation(dispatch: AppDispatch, id: number, recipe: (conversation: Conversation) => void) {
  dispatch(
    chatApi.util.updateQueryData('chatConversationMessages', id, (draft) => {
      recipe(draft.data);
    }),
  );
  dispatch(
    chatApi.util.updateQueryData('chatConversationCoproprietaire', undefined, (draft) => {
      if (draft.data.id === id) recipe(draft.data);
    }),
  );
}

/** Changes a conversation's line of the council's list, when the list is read. */
export function patchListe(dispatch: AppDispatch, id: number, recipe: (resume: ConversationResume) => void) {
  dispatch(
    chatApi.util.updateQueryData('chatConversationsListe', undefined, (draft) => {
      const resume = draft.conversations.find((candidate) => candidate.id === id);
      if (resume) recipe(resume);
    }),
  );
}

export const {
  useChatConversationsListeQuery,
  useChatConversationMessagesQuery,
  useChatConversationCoproprietaireQuery,
  useChatMessageEnvoyerMutation,
  useChatMarquerLuMutation,
} = chatApi;
