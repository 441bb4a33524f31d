import { authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import type { Cheque, CompteChoix, Remise } from './remises-cheques-api';

/** Test data of the cheque deposit screens: residence "Les Jasmins", two accounts. */

export const tresorier = makeUser({ id: 2, nom: 'Amira Trabelsi', tel: '20000002', is_syndic: true, is_finance: true });
export const membre = makeUser({ id: 3, nom: 'Karim Jaziri', tel: '20000003', is_syndic: true });

export const comptes: CompteChoix[] = [
  { id: 1, libelle: 'BIAT Courant', is_main: true },
  { id: 2, libelle: 'STB Épargne', is_main: false },
];

export const chequesEnAttente: Cheque[] = [
  {
    id: 41,
    origine: 'encaissement',
    montant: 120.5,
    date: '2026-03-02',
    reference: '0012345',
    tireur: 'Sami Gharbi',
    propriete: 'A5',
    libelle: 'Charges courantes 2026',
  },
  {
    id: 42,
    origine: 'encaissement',
    montant: 80.25,
    date: '2026-03-10',
    reference: '7788',
    tireur: 'Nour Ayari',
    propriete: 'A6',
    libelle: 'Charges courantes 2026',
  },
  {
    id: 43,
    origine: 'encaissement',
    montant: 1000,
    date: '2026-04-01',
    reference: null,
    tireur: null,
    propriete: 'A9',
    libelle: 'Ravalement de façade',
  },
];

export const remises: Remise[] = [
  {
    id: 7,
    date: '2026-02-15',
    compte_id: 1,
    compte_nom: 'BIAT Courant',
    reference: 'BRD-0007',
    commentaire: 'Déposé au guichet',
    montant: 200.2,
    cheques: [
      {
        id: 30,
        origine: 'encaissement',
        montant: 150.1,
        date: '2026-02-01',
        reference: '5511',
        tireur: 'Hichem Mejri',
        propriete: 'A3',
        libelle: 'Charges courantes 2026',
      },
      {
        id: 31,
        origine: 'encaissement',
        montant: 50.1,
        date: '2026-02-03',
        reference: '5512',
        tireur: 'Inès Chaabane',
        propriete: 'A4',
        libelle: 'Charges courantes 2026',
      },
    ],
    is_closed: false,
  },
  {
    id: 3,
    date: '2025-06-20',
    compte_id: 2,
    compte_nom: 'STB Épargne',
    reference: null,
    commentaire: null,
    montant: 35,
    cheques: [
      {
        id: 12,
        origine: 'encaissement',
        montant: 35,
        date: '2025-06-01',
        reference: '1200',
        tireur: 'Walid Khelifi',
        propriete: 'A7',
        libelle: 'Charges courantes 2025',
      },
    ],
    is_closed: true,
  },
];

export function remisesServer(user = tresorier, routes: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/remises-cheques': () => json(200, { success: true, has_bank: true, remises }),
    'GET /api/remises-cheques/cheques': () =>
      json(200, { success: true, has_bank: true, comptes, cheques: chequesEnAttente }),
    ...routes,
  });
}

export function bodyOf(request: { body: string } | undefined): unknown {
  return JSON.parse(request?.body ?? 'null');
}
