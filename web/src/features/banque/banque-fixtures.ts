import { authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import type { Compte, CompteChoix, Operation, OperationsAnswer, Transfert } from './banque-api';

/** Test data of the bank screens: residence "Les Jasmins", two accounts at BIAT and STB. */

export const tresorier = makeUser({ id: 2, nom: 'Amira Trabelsi', tel: '20000002', is_syndic: true, is_finance: true });
export const membre = makeUser({ id: 3, nom: 'Karim Jaziri', tel: '20000003', is_syndic: true });

/** A RIB whose key checks (97 − ((89 × 10 + 15 × 1 + 3 × 1) mod 97) = 62). */
export const RIB_VALIDE = '10001000000000000162';
/** The same RIB with a wrong key. */
export const RIB_CLE_FAUSSE = '10001000000000000163';

export const comptes: Compte[] = [
  {
    id: 1,
    libelle: 'Compte courant BIAT',
    banque: 'BIAT',
    type: 'courant',
    adresse_agence: 'Avenue Habib Bourguiba, Tunis',
    rib: '08006012345678901234',
    swift: 'BIATTNTT',
    iban: 'TN5908006012345678901234',
    commentaire: 'Compte des charges courantes',
    is_main: true,
    solde_initial: 1500,
    date_solde_initial: '2026-01-01',
    solde: 12480.5,
    has_operations: true,
    rib_cle_valide: false,
  },
  {
    id: 2,
    libelle: 'Épargne STB',
    banque: 'STB',
    type: 'epargne',
    adresse_agence: null,
    rib: null,
    swift: null,
    iban: null,
    commentaire: null,
    is_main: false,
    solde_initial: 0,
    date_solde_initial: '2026-01-01',
    solde: 3000,
    has_operations: false,
    rib_cle_valide: null,
  },
  {
    id: 3,
    libelle: 'Compte travaux Attijari',
    banque: 'Attijari',
    type: 'courant',
    adresse_agence: null,
    rib: RIB_VALIDE,
    swift: null,
    iban: null,
    commentaire: null,
    is_main: false,
    solde_initial: 0,
    date_solde_initial: '2026-01-01',
    solde: 250,
    has_operations: true,
    rib_cle_valide: true,
  },
];

export const choix: CompteChoix[] = comptes.map(({ id, libelle, is_main }) => ({ id, libelle, is_main }));

export const retraitsBiat: Operation[] = [
  {
    id: 11,
    libelle: 'Retrait caisse mars',
    type: 'retrait',
    montant: 400.25,
    date: '2026-03-10',
    date_banque: '2026-03-11',
    commentaire: 'Pour le gardien',
    is_closed: false,
    compte_id: 1,
  },
  {
    id: 10,
    libelle: 'Retrait caisse 2025',
    type: 'retrait',
    montant: 300,
    date: '2025-12-20',
    date_banque: null,
    commentaire: null,
    is_closed: true,
    compte_id: 1,
  },
];

export const retraitsStb: Operation[] = [
  {
    id: 12,
    libelle: 'Retrait STB avril',
    type: 'retrait',
    montant: 150,
    date: '2026-04-02',
    date_banque: null,
    commentaire: null,
    is_closed: false,
    compte_id: 2,
  },
];

export function operationsAnswer(
  operations: Record<number, Operation[]> = { 1: retraitsBiat, 2: retraitsStb },
): OperationsAnswer {
  return {
    success: true,
    has_bank: true,
    comptes: choix.map((compte) => ({ ...compte, operations: operations[compte.id] ?? [] })),
  };
}

export const noBankOperations: OperationsAnswer = { success: true, has_bank: false, comptes: [] };

export const transferts: Transfert[] = [
  {
    id: 21,
    compte_source: { id: 1, libelle: 'Compte courant BIAT' },
    compte_destination: { id: 2, libelle: 'Épargne STB' },
    montant: 2000,
    date: '2026-02-15',
    reference: 'VIR-0215',
    commentaire: 'Épargne du trimestre',
    is_closed: false,
  },
  {
    id: 20,
    compte_source: { id: 2, libelle: 'Épargne STB' },
    compte_destination: { id: 1, libelle: 'Compte courant BIAT' },
    montant: 500,
    date: '2025-11-03',
    reference: null,
    commentaire: null,
    is_closed: true,
  },
];

/** The bank's routes answering the data above; `routes` override or add. */
export function banqueServer(user = tresorier, routes: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/banque/comptes': () => json(200, { success: true, has_bank: true, comptes, comptes_bancaires: choix }),
    'GET /api/banque/operations': () => json(200, operationsAnswer()),
    'GET /api/banque/operations/transferts': () =>
      json(200, { success: true, has_bank: true, transferts, comptes_bancaires: choix }),
    ...routes,
  });
}

export function bodyOf(request: { body: string } | undefined): unknown {
  return JSON.parse(request?.body ?? 'null');
}
