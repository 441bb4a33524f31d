import type { User } from '@/api/types';
import { authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import type { ChatMessage, Conversation, ConversationResume } from './chat-api';

/** Test data: the president, the treasurer, two co-owners and their conversations with the syndic. */
export const president = makeUser({ id: 1, nom: 'Leila Ben Salah', is_syndic: true, is_president: true });
export const tresorier = makeUser({ id: 2, nom: 'Amira Trabelsi', is_syndic: true, is_finance: true });
export const sami = makeUser({ id: 4, nom: 'Sami Gharbi', tel: '20000004' });

export const SAMI = { id: 4, nom: 'Sami Gharbi', primary_role: 'proprietaire' };
export const LEILA = { id: 1, nom: 'Leila Ben Salah', primary_role: 'president' };
export const AMIRA = { id: 2, nom: 'Amira Trabelsi', primary_role: 'tresorier' };

export const questionSami: ChatMessage = {
  id: 101,
  message: "Bonjour, l'ascenseur est encore en panne.",
  user: SAMI,
  created_at: '2026-11-24T09:15:00',
  read_at: '2026-11-24T09:40:00',
};
export const reponseLeila: ChatMessage = {
  id: 102,
  message: 'Le technicien passe demain matin.',
  user: LEILA,
  created_at: '2026-11-24T09:42:00',
  read_at: null,
};
export const relanceSami: ChatMessage = {
  id: 103,
  message: 'Merci, à quelle heure ?',
  user: SAMI,
  created_at: '2026-11-24T10:05:00',
  read_at: null,
};

/** Sami's conversation: his last message unread by the council. */
export const conversationSami: Conversation = {
  id: 12,
  type: 'user-syndic',
  resident_name: 'Sami Gharbi',
  is_all_read: false,
  messages: [questionSami, reponseLeila, relanceSami],
};

export const conversationNour: Conversation = {
  id: 13,
  type: 'user-syndic',
  resident_name: 'Nour Jaziri',
  is_all_read: true,
  messages: [
    {
      id: 90,
      message: 'La facture d’eau est arrivée.',
      user: { id: 5, nom: 'Nour Jaziri', primary_role: 'proprietaire' },
      created_at: '2026-11-20T18:00:00',
      read_at: '2026-11-21T08:00:00',
    },
  ],
};

const resume = (conversation: Conversation): ConversationResume => ({
  id: conversation.id,
  type: conversation.type,
  resident_name: conversation.resident_name ?? '',
  is_all_read: conversation.is_all_read,
  last_message: conversation.messages.at(-1) ?? null,
});

/** The fake server of the chat's pages, answering as `user`. */
export function chatServer(user: User, routes: Record<string, FakeHandler> = {}) {
  const conversations = [conversationSami, conversationNour];
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/notifications': () => json(200, { success: true, data: [] }),
    'GET /api/conversations/liste': () => json(200, { success: true, conversations: conversations.map(resume) }),
    'GET /api/conversation/messages': (request) => {
      const id = Number(new URL(request.url).searchParams.get('id'));
      const found = conversations.find((conversation) => conversation.id === id);
      return found
        ? json(200, { success: true, data: found })
        : json(404, { success: false, code: 'conversation_introuvable', message: 'Conversation introuvable.' });
    },
    'GET /api/conversation': () => json(200, { success: true, data: { ...conversationSami, is_all_read: true } }),
    'POST /api/conversation/mark-all-read': () => json(200, { success: true }),
    ...routes,
  });
}
