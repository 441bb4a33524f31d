import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch } from '@/lib/store/hooks';
import { noteMessageId, subscribeReconnexion, subscribeTempsReel } from '@/lib/temps-reel';
import { chatApi, patchConversation, patchListe, type ChatMessage, type Conversation } from './chat-api';

const isCoproprietaire = (message: ChatMessage) => message.user.primary_role === 'proprietaire';

/**
 * Whether the reader of a `lu` event is the conversation's co-owner (else a council member). On
 * the co-owner's page, the co-owner is the signed-in user. On the council's, the co-owner is the
 * author of the conversation's `proprietaire` messages; when they have written none, a reader with
 * no council message there is taken for them (a council member who only reads is then mistaken
 * for the co-owner until the co-owner writes).
 */
function readerIsCoproprietaire(conversation: Conversation, lecteur: number, me: number, meCoproprietaire: boolean) {
  if (meCoproprietaire) return lecteur === me;
  const coproprietaires = new Set(conversation.messages.filter(isCoproprietaire).map((message) => message.user.id));
  if (coproprietaires.size > 0) return coproprietaires.has(lecteur);
  return !conversation.messages.some((message) => message.user.id === lecteur);
}

/**
 * Keeps the chat's caches current from the real-time channel (lib/temps-reel) while a chat page
 * is open:
 * - a `message` is appended to its conversation (once: the sender's own tab already has it from
 *   its POST), becomes its list line's last message, and makes it unread when it is another's;
 *   a conversation the list lacks (a co-owner's first message) has the list read again;
 * - a `lu` marks "Vu" on the messages of the side opposite to the reader;
 * - after a lost connection, the list and the open conversation are read again.
 */
export function useConversationLive(me: { id: number } | null, espace: 'syndic' | 'coproprietaire') {
  const dispatch = useAppDispatch();
  const store = useStore();
  const meId = me?.id;
  useEffect(() => {
    if (meId === undefined) return undefined;
    const meCoproprietaire = espace === 'coproprietaire';
    const stopMessages = subscribeTempsReel('message', ({ conversation_id: id, message }) => {
      const fromOther = message.user.id !== meId;
      patchConversation(dispatch, id, (conversation) => {
        if (conversation.messages.some((candidate) => candidate.id === message.id)) return;
        conversation.messages.push(message);
        if (fromOther) conversation.is_all_read = false;
      });
      patchListe(dispatch, id, (resume) => {
        resume.last_message = message;
        if (fromOther) resume.is_all_read = false;
      });
      const liste = chatApi.endpoints.chatConversationsListe.select()(store.getState() as never).data;
      if (liste && !liste.conversations.some((resume) => resume.id === id)) {
        dispatch(chatApi.util.invalidateTags(['conversations']));
      }
    });
    const stopLu = subscribeTempsReel('lu', ({ conversation_id: id, lecteur_id: lecteur, read_at: readAt }) => {
      patchConversation(dispatch, id, (conversation) => {
        const readerSide = readerIsCoproprietaire(conversation, lecteur, meId, meCoproprietaire);
        for (const message of conversation.messages) {
          if (message.id > 0 && message.read_at === null && isCoproprietaire(message) !== readerSide) {
            message.read_at = readAt;
          }
        }
      });
    });
    const stopReconnexion = subscribeReconnexion(() => {
      dispatch(chatApi.util.invalidateTags(['conversations']));
    });
    return () => {
      stopMessages();
      stopLu();
      stopReconnexion();
    };
  }, [dispatch, store, meId, espace]);
}

/** Tells the channel the newest message a conversation read over HTTP holds (its `apres`). */
export function useNoteMessages(conversation: Conversation | undefined) {
  useEffect(() => {
    const last = conversation?.messages.at(-1);
    if (last && last.id > 0) noteMessageId(last.id);
  }, [conversation]);
}
