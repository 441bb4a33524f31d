import type { User } from '@/api/types';
import { authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import type { CommentairePanne, Panne } from './pannes-api';

/** Test data: residence "Les Jasmins", its president, two co-owners and their reports. */
export const president = makeUser({ id: 1, nom: 'Leila Ben Salah', is_syndic: true, is_president: true });
export const sami = makeUser({ id: 4, nom: 'Sami Gharbi', tel: '20000004' });

export function panne(id: number, description: string, overrides: Partial<Panne> = {}): Panne {
  return {
    id,
    description,
    status: 'ouvert',
    user: { id: sami.id, nom: sami.nom },
    date: '24/11/2026',
    heure: '18:40',
    attachements: [],
    ...overrides,
  };
}

/** Sami's, just reported. */
export const panneAscenseur = panne(12, "L'ascenseur s'arrête entre le 2e et le 3e étage.", {
  attachements: [{ id: 31, url: '/api/documents/31', titre: 'ascenseur.jpg' }],
});
/** Sami's, already being repaired: it can no longer be deleted. */
export const panneInterphone = panne(10, "L'interphone du bloc B ne sonne plus.", { status: 'reparation' });
/** Sami's, archived. */
export const panneArchivee = panne(4, 'Ampoule du hall grillée.', { status: 'archive' });
/** A neighbour's. */
export const panneVoisin = panne(11, 'Fuite au parking, place P3.', {
  status: 'analyse',
  user: { id: 6, nom: 'Nour Jlassi' },
});

export const commentaireSyndic: CommentairePanne = {
  id: 40,
  user: { id: president.id, nom: president.nom },
  description: 'Le technicien passe demain matin.',
  date: '25/11/2026',
  heure: '09:15',
  attachements: [],
};

/** The fake server of the reports' pages, answering as `user` (who is Sami for "mine"). */
export function pannesServer(user: User, routes: Record<string, FakeHandler> = {}) {
  const all = [panneAscenseur, panneInterphone, panneArchivee, panneVoisin];
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/notifications': () => json(200, { success: true, data: [] }),
    'GET /api/pannes': () =>
      json(200, {
        success: true,
        mine: all.filter((p) => p.user.id === user.id),
        others: all.filter((p) => p.user.id !== user.id),
      }),
    'GET /api/pannes/details': (request) => {
      const id = Number(new URL(request.url).searchParams.get('panneId'));
      const found = all.find((p) => p.id === id);
      return found
        ? json(200, { success: true, panne: found, commentaires: id === panneAscenseur.id ? [commentaireSyndic] : [] })
        : json(404, { success: false, code: 'panne_introuvable', message: 'Panne introuvable.' });
    },
    ...routes,
  });
}
