import type { Occupant, OccupationLine, Propriete } from '@/api/generated';
import { authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';

/** Test data of the occupancy screens: residence "Les Jasmins", A3 and a few more. */

export const president = makeUser({
  id: 1,
  nom: 'Mohamed Ben Salah',
  tel: '20000001',
  is_syndic: true,
  is_president: true,
});
export const tresorier = makeUser({ id: 2, nom: 'Amira Trabelsi', tel: '20000002', is_syndic: true, is_finance: true });

export const proprietes: Propriete[] = [
  {
    id: 3,
    nom: 'A3',
    type: 'appartement',
    surface: '95.5',
    description: 'Troisième étage, vue sur le jardin.',
    payer_occupant: { id: 30, nom: 'Hédi Gharbi', tel: '22333444' },
  },
  {
    id: 11,
    nom: 'Parking P1',
    type: 'parking',
    surface: '12',
    description: null,
    payer_occupant: { id: 31, nom: 'Sonia Mejri', tel: null },
  },
  { id: 12, nom: 'Commerce RDC', type: 'commerce', surface: null, description: null, payer_occupant: null },
  {
    id: 13,
    nom: 'Cellier C2',
    type: 'cellier',
    surface: '4.25',
    description: null,
    payer_occupant: { id: 32, nom: 'Élodie Ben Aïssa', tel: '98765432' },
  },
];

export const historiqueA3: OccupationLine[] = [
  {
    occupation_id: 302,
    id: 40,
    nom: 'Nadia Locataire',
    tel: '55111222',
    email: 'nadia@example.tn',
    sexe: 'femme',
    type_occupation: 'locataire',
    date_debut: '2025-09-01',
    date_fin: '2026-01-31',
    is_current: false,
    is_payer: true,
    is_current_payer: false,
  },
  {
    occupation_id: 301,
    id: 30,
    nom: 'Hédi Gharbi',
    tel: '22333444',
    email: null,
    sexe: 'homme',
    type_occupation: 'proprietaire',
    date_debut: '2019-05-01',
    date_fin: null,
    is_current: true,
    is_payer: true,
    is_current_payer: true,
  },
  {
    occupation_id: 300,
    id: 41,
    nom: 'Ancien Propriétaire',
    tel: null,
    email: null,
    sexe: 'homme',
    type_occupation: 'proprietaire',
    date_debut: '2010-01-01',
    date_fin: '2019-04-30',
    is_current: false,
    is_payer: false,
    is_current_payer: false,
  },
];

export const occupants: Occupant[] = [
  { id: 30, nom: 'Hédi Gharbi', tel: '22333444', email: null, sexe: 'homme' },
  { id: 40, nom: 'Nadia Locataire', tel: '55111222', email: 'nadia@example.tn', sexe: 'femme' },
  { id: 42, nom: 'Bilel Saidi', tel: null, email: null, sexe: 'homme' },
];

/** The fake server of these screens; `routes` replace or add answers. */
export function proprietesServer(user = president, routes: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/proprietes': () => json(200, { success: true, proprietes }),
    'GET /api/proprietes/historique': (request) => {
      const id = new URL(request.url).searchParams.get('id');
      if (id !== '3') return json(404, { success: false, code: 'not_found', message: 'Ressource introuvable.' });
      return json(200, { success: true, data: { proprieteNom: 'A3', occupants: historiqueA3 } });
    },
    'GET /api/occupants': () => json(200, { success: true, occupants }),
    ...routes,
  });
}

/** The JSON body of a recorded request. */
export function bodyOf(request: { body: string } | undefined): unknown {
  return JSON.parse(request?.body ?? 'null');
}
