import type { User } from '@/api/types';
import { authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import type { ChatMessage, ConversationResume } from './chat-api';

/** Test data: the president and two co-owners of "Les Jasmins", writing to each other. */
export const president = makeUser({ id: 1, nom: 'Leila Ben Salah', is_syndic: true, is_president: true });
export const sami = makeUser({ id: 4, nom: 'Sami Gharbi' });

const auteurSami = { id: sami.id, nom: sami.nom, primary_role: 'proprietaire' } as const;
const auteurPresident = { id: president.id, nom: president.nom, primary_role: 'president' } as const;

export const questionSami: ChatMessage = {
  id: 1,
  message: 'Bonjour, quand passe le technicien pour l’ascenseur ?',
  user: auteurSami,
  created_at: '2026-11-25T09:00:00',
  read_at: '2026-11-25T09:05:00',
};

export const reponsePresident: ChatMessage = {
  id: 2,
  message: 'Demain matin, entre 9 h et 11 h.',
  user: auteurPresident,
  created_at: '2026-11-25T09:10:00',
  read_at: '2026-11-25T09:42:00',
};

export const relanceSami: ChatMessage = {
  id: 3,
  message: 'Merci ! Pouvez-vous aussi regarder la porte du garage ?',
  user: auteurSami,
  created_at: '2026-11-25T10:00:00',
  read_at: null,
};

export const conversationSami: ConversationResume = {
  id: 12,
  type: 'user-syndic',
  resident_name: 'Sami Gharbi',
  is_all_read: false,
  last_message: relanceSami,
};

export const conversationNour: ConversationResume = {
  id: 13,
  type: 'user-syndic',
  resident_name: 'Nour Jlassi',
  is_all_read: true,
  last_message: null,
};

/** The fake server of the chat, answering as `user`. */
export function chatServer(user: User, routes: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/notifications': () => json(200, { success: true, data: [] }),
    'GET /api/conversations/liste': () =>
      json(200, { success: true, conversations: [conversationSami, conversationNour] }),
    'GET /api/conversation/messages': () =>
      json(200, {
        success: true,
        data: { messages: [questionSami, reponsePresident, relanceSami], is_all_read: false, type: 'user-syndic' },
      }),
    'GET /api/conversation': () =>
      json(200, {
        success: true,
        data: { id: 12, messages: [questionSami, reponsePresident], is_all_read: true },
      }),
    'POST /api/conversation/mark-all-read': () => json(200, { success: true }),
    ...routes,
  });
}
