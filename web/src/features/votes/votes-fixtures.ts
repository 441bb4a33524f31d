import type { User } from '@/api/types';
import { authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import type { VoteCoproprietaire, VoteResultats, VoteSyndic } from './votes-api';

/** Test data: residence "Les Jasmins", two council members, a co-owner and three votes. */
export const president = makeUser({ id: 1, nom: 'Leila Ben Salah', is_syndic: true, is_president: true });
export const coproprietaire = makeUser({ id: 4, nom: 'Sami Gharbi', tel: '20000004' });

const simple = [
  { id: 1, choix: 'pour' },
  { id: 2, choix: 'contre' },
  { id: 3, choix: 'abstention' },
];

export function voteSyndic(id: number, titre: string, overrides: Partial<VoteSyndic> = {}): VoteSyndic {
  return {
    id,
    titre,
    description: '',
    type_choix: 'simple',
    choix: simple,
    date_debut: '2026-11-20',
    date_fin: '2026-12-05',
    is_active: 1,
    is_closed: false,
    can_edit: true,
    creator: { nom: 'Leila Ben Salah' },
    ...overrides,
  };
}

/** Running, created by the president, nobody has voted yet: editable. */
export const voteAscenseur = voteSyndic(7, "Remplacement de l'ascenseur", {
  description: 'Devis retenu : 18 400 DT, travaux en janvier.',
});
/** Running, a co-owner has voted: locked. */
export const voteJardin = voteSyndic(8, 'Aménagement du jardin', {
  type_choix: 'custom',
  choix: [
    { id: 11, choix: 'Gazon' },
    { id: 12, choix: 'Potager' },
  ],
  is_closed: true,
});
/** Created by another member. */
export const voteParking = voteSyndic(9, 'Marquage du parking', {
  can_edit: false,
  creator: { nom: 'Amira Trabelsi' },
});

export const resultatsAscenseur: VoteResultats = {
  titre: voteAscenseur.titre,
  description: voteAscenseur.description,
  date_debut: voteAscenseur.date_debut,
  date_fin: voteAscenseur.date_fin,
  choix: simple,
  selected_vote: 1,
  results: [
    { choix: 'pour', count: 2 },
    { choix: 'contre', count: 1 },
    { choix: 'abstention', count: 0 },
  ],
  participation: 75,
  responses: [
    { propriete: { nom: 'A1' }, occupant: { nom: 'Sami Gharbi' }, choix: 'pour' },
    { propriete: { nom: 'A2' }, occupant: { nom: 'Hedi Mabrouk' }, choix: 'pour' },
    { propriete: { nom: 'B1' }, occupant: { nom: 'Nour Jlassi' }, choix: 'contre' },
    { propriete: { nom: 'B2' }, occupant: { nom: 'Karim Ayari' }, choix: null },
  ],
  majority: [{ choix_id: 1, choix: 'pour' }],
};

export function voteCoproprietaire(id: number, titre: string, overrides: Partial<VoteCoproprietaire> = {}) {
  return {
    id,
    titre,
    description: '',
    date_debut: '2026-11-20',
    date_fin: '2026-12-05',
    is_active: 1,
    is_voted: false,
    choix_voted_id: null,
    selected_vote: null,
    choix: simple,
    ...overrides,
  } satisfies VoteCoproprietaire;
}

/** The fake server of the votes' pages, answering as `user`. */
export function votesServer(
  user: User,
  routes: Record<string, FakeHandler> = {},
  votes: VoteSyndic[] = [voteAscenseur, voteJardin, voteParking],
) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/notifications': () => json(200, { success: true, data: [] }),
    'GET /api/votes': () => json(200, { success: true, data: votes }),
    'GET /api/coproprietaire/votes/resultats': () => json(200, { success: true, data: resultatsAscenseur }),
    'GET /api/coproprietaire/votes': () =>
      json(200, {
        success: true,
        data: [
          voteCoproprietaire(7, voteAscenseur.titre),
          voteCoproprietaire(8, voteJardin.titre, {
            is_voted: true,
            choix_voted_id: 12,
            selected_vote: 'Potager',
            choix: voteJardin.choix,
          }),
          voteCoproprietaire(5, 'Horaires du gardien', { is_active: 2, is_voted: true }),
        ],
      }),
    ...routes,
  });
}
