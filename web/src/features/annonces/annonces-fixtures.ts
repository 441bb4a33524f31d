import type { User } from '@/api/types';
import { authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import type { Annonce } from './annonces-api';

/** Test data: residence "Les Jasmins", its president, a co-owner and two announcements. */
export const president = makeUser({ id: 1, nom: 'Leila Ben Salah', is_syndic: true, is_president: true });
export const coproprietaire = makeUser({ id: 4, nom: 'Sami Gharbi', tel: '20000004' });

export const annonceEau: Annonce = {
  id: 3,
  description: "Coupure d'eau jeudi de 9 h à 12 h pour l'entretien de la pompe.",
  nom: 'Leila Ben Salah',
  date_fin: '2099-12-10',
  time: '2026-11-25T08:30:00',
};

export const annonceAssemblee: Annonce = {
  id: 1,
  description: "L'assemblée générale s'est tenue le 12 mars.",
  nom: 'Amira Trabelsi',
  date_fin: '2026-03-26',
  time: '2026-03-12T18:00:00',
};

/** The fake server of the announcements' pages, answering as `user`. */
export function annoncesServer(user: User, routes: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/notifications': () => json(200, { success: true, data: [] }),
    'GET /api/annonces/actives': () => json(200, { success: true, annonces: [annonceEau] }),
    'GET /api/annonces/archivees': () => json(200, { success: true, annonces: [annonceAssemblee] }),
    ...routes,
  });
}
