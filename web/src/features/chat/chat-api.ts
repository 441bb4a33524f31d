import { generatedApi } from '@/api/generated';

/*
 * The chat's endpoints (spec 3 §3 "Conversation", "Message", §4 "Conversation", §7 "Chat";
 * issue 18), written by hand while the server's routes are being built.
 *
 * Shapes the spec leaves open, chosen here (docs/decisions.md "Community screens (issue 18)"):
 * - `GET /conversations/liste` answers `{ success, conversations }`, each with its `last_message`
 *   (or null), the most recent first; `is_all_read` is from the reader's side (no message of the
 *   other side unread);
 * - `GET /conversation/messages?id` answers `{ success, data: { messages, is_all_read, type } }`,
 *   `GET /conversation` (co-owner) `{ success, data: { id, messages, is_all_read } }`, messages
 *   oldest first;
 * - `user.primary_role` is one of proprietaire, president, tresorier, syndic; `read_at` is when
 *   the other side read the message (null: not yet), `created_at` RFC 3339;
 * - `POST /conversations/{id}/message` answers `{ success, data: message }`,
 *   `POST /conversation/mark-all-read` `{ success }`.
 * Messages are kept 10 minutes (spec 3 §9). Real time: see use-conversation-live.ts.
 */

export type PrimaryRole = 'proprietaire' | 'president' | 'tresorier' | 'syndic';

export interface ChatMessage {
  id: number;
  message: string;
  user: { id: number; nom: string; primary_role: PrimaryRole };
  created_at: string;
  read_at: string | null;
  /** Client only: shown before the server has answered (spec 3 §4 "Conversation"). */
  pending?: boolean;
}

export interface ConversationResume {
  id: number;
  type: string;
  resident_name: string;
  is_all_read: boolean;
  last_message: ChatMessage | null;
}

export interface ConversationMessages {
  messages: ChatMessage[];
  is_all_read: boolean;
  type: string;
}

export interface ConversationCoproprietaire {
  id: number;
  messages: ChatMessage[];
  is_all_read: boolean;
}

/** Which cached conversation a message goes into: the syndic's by id, or the co-owner's one. */
export type ConversationKey = { space: 'syndic'; id: number } | { space: 'coproprietaire'; id: number };

export interface EnvoiMessage {
  conversation: ConversationKey;
  message: string;
  /** Who sends it, for the optimistic line. */
  auteur: ChatMessage['user'];
}

const TEN_MINUTES = 600;
const TAGS = ['conversations'] as const;

let provisionalId = -1;

export const chatApi = generatedApi.enhanceEndpoints({ addTagTypes: TAGS }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /conversations/liste (syndic). */
    chatConversations: build.query<{ success: boolean; conversations: ConversationResume[] }, void>({
      query: () => ({ url: '/api/conversations/liste' }),
      providesTags: ['conversations'],
      keepUnusedDataFor: TEN_MINUTES,
    }),
    /** GET /conversation/messages?id (syndic). */
    chatMessages: build.query<{ success: boolean; data: ConversationMessages }, number>({
      query: (id) => ({ url: '/api/conversation/messages', params: { id } }),
      keepUnusedDataFor: TEN_MINUTES,
    }),
    /** GET /conversation (co-owner: their one conversation with the syndic). */
    chatConversationCoproprietaire: build.query<{ success: boolean; data: ConversationCoproprietaire }, void>({
      query: () => ({ url: '/api/conversation' }),
      keepUnusedDataFor: TEN_MINUTES,
    }),
    /**
     * POST /conversations/{id}/message {message}: the message shows at once, is replaced by the
     * server's when it answers, and is taken out again if it refuses (spec 3 §4).
     */
    chatEnvoyer: build.mutation<{ success: boolean; data: ChatMessage }, EnvoiMessage>({
      query: ({ conversation, message }) => ({
        url: `/api/conversations/${conversation.id}/message`,
        method: 'POST',
        body: { message },
      }),
      async onQueryStarted({ conversation, message, auteur }, { dispatch, queryFulfilled }) {
        const temporaire: ChatMessage = {
          id: provisionalId--,
          message,
          user: auteur,
          created_at: new Date().toISOString(),
          read_at: null,
          pending: true,
        };
        const patch = (update: (messages: ChatMessage[]) => void) =>
          conversation.space === 'syndic'
            ? dispatch(
                chatApi.util.updateQueryData('chatMessages', conversation.id, (draft) => update(draft.data.messages)),
              )
            : dispatch(
                chatApi.util.updateQueryData('chatConversationCoproprietaire', undefined, (draft) =>
                  update(draft.data.messages),
                ),
              );
        const ajout = patch((messages) => {
          messages.push(temporaire);
        });
        try {
          const { data } = await queryFulfilled;
          patch((messages) => {
            const index = messages.findIndex((candidate) => candidate.id === temporaire.id);
            if (index >= 0) messages.splice(index, 1, data.data);
          });
        } catch {
          ajout.undo();
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : ['conversations']),
    }),
    /** POST /conversation/mark-all-read {id}: the conversation shows read in the list at once. */
    chatMarquerLu: build.mutation<{ success: boolean }, number>({
      query: (id) => ({ url: '/api/conversation/mark-all-read', method: 'POST', body: { id } }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          chatApi.util.updateQueryData('chatConversations', undefined, (draft) => {
            const conversation = draft.conversations.find((candidate) => candidate.id === id);
            if (conversation) conversation.is_all_read = true;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const {
  useChatConversationsQuery,
  useChatMessagesQuery,
  useChatConversationCoproprietaireQuery,
  useChatEnvoyerMutation,
  useChatMarquerLuMutation,
} = chatApi;
