import type { User } from '@/api/types';
import { authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import type {
  Assemblee,
  AssembleeCoproprietaire,
  AssembleeEtape5,
  Etape1Response,
  Etape4Response,
  Presence,
  Resolution,
} from './assemblees-api';

/** Test data: residence "Les Jasmins", its 2026 ordinary assembly at several steps, three co-owners. */
export const president = makeUser({ id: 1, nom: 'Leila Ben Salah', is_syndic: true, is_president: true });
export const tresorier = makeUser({ id: 2, nom: 'Amira Trabelsi', tel: '20000002', is_syndic: true, is_finance: true });
export const coproprietaire = makeUser({ id: 4, nom: 'Sami Gharbi', tel: '20000004' });

export function assemblee(overrides: Partial<Assemblee> = {}): Assemblee {
  return {
    id: 7,
    titre: 'AG ordinaire 2026',
    lieu: 'Salle commune, bloc A',
    date: '2026-12-12',
    heure: '19:30',
    step: 1,
    date_convocation: null,
    methode_convocation: null,
    date_debut: null,
    heure_debut: null,
    date_fin: null,
    heure_fin: null,
    mot_intro: null,
    mot_fin: null,
    ...overrides,
  };
}

export const preparation = assemblee();
export const convoquee = assemblee({
  id: 8,
  titre: 'AG extraordinaire ascenseur',
  step: 3,
  date_convocation: '2026-11-20',
  methode_convocation: 'lettre_recommendee',
});
export const terminee = assemblee({ id: 9, titre: 'AG ordinaire 2025', date: '2025-12-13', step: 6 });

export const etape1: Etape1Response = {
  success: true,
  info_generales: preparation,
  ordre_du_jour: [
    {
      id: 1,
      numero: 1,
      titre: 'Approbation des comptes 2025',
      resolutions: [{ resolution: 'Les comptes sont approuvés.' }],
    },
    { id: 2, numero: 2, titre: 'Budget 2027', resolutions: [] },
    { id: 3, numero: 3, titre: 'Ravalement de façade', resolutions: [{ resolution: 'Les travaux sont votés.' }] },
  ],
  pieces_jointes: [],
};

export const bibliotheque = {
  success: true,
  points: [
    { id: 11, titre: 'Élection du conseil syndical', projet_resolution: "L'assemblée élit le conseil." },
    { id: 12, titre: 'Quitus au syndic', projet_resolution: "L'assemblée donne quitus." },
  ],
};

export function presence(occupantId: number, nom: string, overrides: Partial<Presence> = {}): Presence {
  return {
    id: null,
    occupant_id: occupantId,
    occupant_nom: nom,
    is_present: 'absent',
    representant: null,
    ...overrides,
  };
}

export const presencesVides: Presence[] = [
  presence(50, 'Sami Gharbi'),
  presence(60, 'Hedi Mabrouk'),
  presence(70, 'Nour Ayari'),
];

export function resolution(overrides: Partial<Resolution> = {}): Resolution {
  return {
    id: 31,
    numero: 1,
    resolution: 'Les comptes 2025 sont approuvés.',
    point_id: 1,
    type_vote: 'simple',
    choix: [],
    votes: [],
    resultat: null,
    ...overrides,
  };
}

/** Step 4 with Sami and Hedi present, Nour absent; point 1 votable, point 2 an information. */
export const etape4: Etape4Response = {
  success: true,
  date_debut: '2026-12-12',
  heure_debut: '19:40',
  presences: [
    presence(50, 'Sami Gharbi', { id: 1, is_present: 'present' }),
    presence(60, 'Hedi Mabrouk', { id: 2, is_present: 'represente', representant: 'Mounir Mabrouk' }),
    presence(70, 'Nour Ayari', { id: 3 }),
  ],
  points: [
    { id: 1, numero: 1, titre: 'Approbation des comptes 2025', is_info: false, resolutions: [resolution()] },
    { id: 2, numero: 2, titre: 'Informations du syndic', is_info: true, resolutions: [] },
  ],
  is_voted: false,
};

export const enReunion = assemblee({ step: 4, date_convocation: '2026-11-20', methode_convocation: 'en_main' });

export const etape5: AssembleeEtape5 = {
  ...assemblee({ step: 5, date_convocation: '2026-11-20', heure_debut: '19:40', date_debut: '2026-12-12' }),
  pvsSignes: [],
  presencesSignees: [],
  signataires: [],
  presences: [
    { id: 1, occupant: { id: 50, nom: 'Sami Gharbi' } },
    { id: 2, occupant: { id: 60, nom: 'Hedi Mabrouk' } },
  ],
};

export function assembleeCoproprietaire(overrides: Partial<AssembleeCoproprietaire> = {}): AssembleeCoproprietaire {
  return {
    id: 9,
    titre: 'AG ordinaire 2025',
    lieu: 'Salle commune, bloc A',
    date: '2025-12-13',
    heure: '19:30',
    status: 'realise',
    is_pv_available: true,
    is_presence_available: true,
    presencesSignees: [{ url: '/api/documents/44' }],
    ...overrides,
  };
}

/** The fake server of the assemblies' pages, answering as `user`. */
export function assembleesServer(user: User, routes: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/assemblees': () => json(200, { success: true, assemblees: [preparation, convoquee, terminee] }),
    'GET /api/assemblees/etape1': () => json(200, etape1),
    'GET /api/assemblees/etape2': () => json(200, { success: true, info: enReunion }),
    'GET /api/assemblees/etape4': () => json(200, etape4),
    'GET /api/assemblees/etape5': () => json(200, { success: true, assemblee: etape5 }),
    'GET /api/assemblees/bibliotheque-points': () => json(200, bibliotheque),
    'GET /api/assemblees/coproprietaire': () =>
      json(200, {
        success: true,
        assemblees: [
          assembleeCoproprietaire(),
          assembleeCoproprietaire({
            id: 7,
            titre: 'AG ordinaire 2026',
            date: '2026-12-12',
            status: 'upcoming',
            is_pv_available: false,
            is_presence_available: false,
            presencesSignees: [],
          }),
        ],
      }),
    ...routes,
  });
}
