import type { User } from '@/api/types';
import { authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import type { VoteCoproprietaire, VoteResultats, VoteSyndic } from './votes-api';

/** Test data: residence "Les Jasmins", its president, a co-owner, four votes in each space. */
export const president = makeUser({ id: 1, nom: 'Leila Ben Salah', is_syndic: true, is_president: true });
export const coproprietaire = makeUser({ id: 4, nom: 'Sami Gharbi', tel: '20000004' });

const OUI_NON = [
  { id: 11, choix: 'pour' },
  { id: 12, choix: 'contre' },
  { id: 13, choix: 'abstention' },
];

/** Running, nobody has voted yet, created by the president: editable. */
export const voteParking: VoteSyndic = {
  id: 1,
  titre: 'Places de parking visiteurs',
  description: 'Réserver deux places aux visiteurs.',
  type_choix: 'custom',
  choix: [
    { id: 21, choix: 'Deux places' },
    { id: 22, choix: 'Une place' },
    { id: 23, choix: 'Aucune' },
  ],
  date_debut: '2026-11-20',
  date_fin: '2026-12-05',
  is_active: 1,
  is_closed: false,
  can_edit: true,
  creator: { nom: 'Leila Ben Salah' },
};

/** Running, a co-owner has voted: locked. */
export const votePeinture: VoteSyndic = {
  id: 2,
  titre: 'Peinture de la cage d’escalier',
  description: null,
  type_choix: 'simple',
  choix: OUI_NON,
  date_debut: '2026-11-10',
  date_fin: '2026-12-10',
  is_active: 1,
  is_closed: true,
  can_edit: true,
  creator: { nom: 'Leila Ben Salah' },
};

/** Not started, created by the treasurer. */
export const voteJardin: VoteSyndic = {
  id: 3,
  titre: 'Entretien du jardin',
  description: null,
  type_choix: 'simple',
  choix: OUI_NON,
  date_debut: '2099-01-10',
  date_fin: '2099-01-20',
  is_active: 0,
  is_closed: false,
  can_edit: false,
  creator: { nom: 'Amira Trabelsi' },
};

/** Finished. */
export const voteInterphone: VoteSyndic = {
  id: 4,
  titre: 'Remplacement de l’interphone',
  description: null,
  type_choix: 'simple',
  choix: OUI_NON,
  date_debut: '2026-09-01',
  date_fin: '2026-09-15',
  is_active: 2,
  is_closed: true,
  can_edit: true,
  creator: { nom: 'Leila Ben Salah' },
};

export const votesSyndic = [voteParking, votePeinture, voteJardin, voteInterphone];

export const resultatsInterphone: VoteResultats = {
  titre: voteInterphone.titre,
  description: 'Changer l’interphone de l’entrée A.',
  date_debut: voteInterphone.date_debut,
  date_fin: voteInterphone.date_fin,
  choix: OUI_NON,
  selected_vote: 12,
  results: [
    { choix: 'pour', count: 3 },
    { choix: 'contre', count: 1 },
    { choix: 'abstention', count: 0 },
  ],
  participation: 66.67,
  responses: [
    { propriete: { nom: 'A1' }, occupant: { nom: 'Sami Gharbi' }, choix: 'contre' },
    { propriete: { nom: 'A2' }, occupant: { nom: 'Nour Jaziri' }, choix: 'pour' },
    { propriete: { nom: 'B1' }, occupant: { nom: 'Karim Mejri' }, choix: null },
  ],
  majority: [{ choix_id: 11, choix: 'pour' }],
};

const copro = (vote: VoteSyndic, voted: number | null): VoteCoproprietaire => ({
  id: vote.id,
  titre: vote.titre,
  description: vote.description,
  date_debut: vote.date_debut,
  date_fin: vote.date_fin,
  is_active: vote.is_active,
  is_voted: voted !== null,
  choix_voted_id: voted,
  selected_vote: voted,
  choix: vote.choix,
});

/** Sami's side: parking not voted, stairs voted "contre", intercom finished and voted. */
export const votesCoproprietaire = [copro(voteParking, null), copro(votePeinture, 12), copro(voteInterphone, 12)];

/** The fake server of the votes' pages, answering as `user`. */
export function votesServer(user: User, routes: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/notifications': () => json(200, { success: true, data: [] }),
    'GET /api/votes': () => json(200, { success: true, data: votesSyndic }),
    'GET /api/coproprietaire/votes': () => json(200, { success: true, data: votesCoproprietaire }),
    'GET /api/coproprietaire/votes/resultats': (request) =>
      new URL(request.url).searchParams.get('id') === String(voteInterphone.id)
        ? json(200, { success: true, data: resultatsInterphone })
        : json(404, { success: false, code: 'vote_introuvable', message: 'Vote introuvable.' }),
    ...routes,
  });
}
