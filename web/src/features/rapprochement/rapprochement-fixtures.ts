import { authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import type { LigneRapprochement, RapprochementResponse } from './rapprochement-api';

/** Test data of the reconciliation: the main account of "Les Jasmins" in 2026. */

export const tresorier = makeUser({ id: 2, nom: 'Amira Trabelsi', tel: '20000002', is_syndic: true, is_finance: true });
export const membre = makeUser({ id: 3, nom: 'Karim Jaziri', tel: '20000003', is_syndic: true });

export const lignes: LigneRapprochement[] = [
  {
    id: 1,
    table: 'solde',
    libelle: 'Solde reporté au 01/01/2026',
    description: { nature: 'solde_reporte', date: '2026-01-01' },
    montant: 5000,
    date: '2026-01-01',
    date_banque: null,
    reference: null,
    is_closed: false,
    pointable: false,
  },
  {
    id: 11,
    table: 'remise',
    libelle: 'Remise de 2 chèques',
    description: { nature: 'remise', nombre_cheques: 2 },
    montant: 200.2,
    date: '2026-02-15',
    date_banque: '2026-02-17',
    reference: 'BRD-0007',
    is_closed: false,
    pointable: true,
  },
  {
    id: 12,
    table: 'operation',
    libelle: 'Frais de tenue de compte',
    description: { nature: 'operation', libelle: 'Frais de tenue de compte' },
    montant: -12.5,
    date: '2026-03-31',
    date_banque: null,
    reference: null,
    is_closed: false,
    pointable: true,
  },
  {
    id: 13,
    table: 'encaissement',
    libelle: 'Encaissement Charges courantes 2026 — A2',
    description: { nature: 'encaissement', cotisation: 'Charges courantes 2026', propriete: 'A2' },
    montant: 40,
    date: '2026-04-05',
    date_banque: null,
    reference: 'VIR-889',
    is_closed: false,
    pointable: true,
  },
  {
    id: 14,
    table: 'transfert_sortie',
    libelle: 'Transfert vers STB Épargne',
    description: { nature: 'transfert_vers', compte_libelle: 'STB Épargne' },
    montant: -300,
    date: '2026-04-10',
    date_banque: null,
    reference: null,
    is_closed: false,
    pointable: true,
  },
];

export const rapprochement: RapprochementResponse = {
  success: true,
  has_bank: true,
  comptes: [
    { id: 1, libelle: 'BIAT Courant', is_main: true },
    { id: 2, libelle: 'STB Épargne', is_main: false },
  ],
  compte_id: 1,
  exercice: 2026,
  exercices: [
    { annee: 2026, is_closed: false },
    { annee: 2025, is_closed: true },
  ],
  is_closed: false,
  rapprochements: lignes,
  totaux: {
    pointe: 200.2,
    non_pointe: 27.5,
    solde_livres: 5227.7,
    solde_banque: 5200.2,
    date_dernier_pointage: '2026-02-17',
  },
};

export const noBank: RapprochementResponse = {
  ...rapprochement,
  has_bank: false,
  comptes: [],
  compte_id: null,
  rapprochements: [],
  totaux: { pointe: 0, non_pointe: 0, solde_livres: 0, solde_banque: 0, date_dernier_pointage: null },
};

export function rapprochementServer(user = tresorier, routes: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/banque/rapprochement': () => json(200, rapprochement),
    ...routes,
  });
}

export function bodyOf(request: { body: string } | undefined): unknown {
  return JSON.parse(request?.body ?? 'null');
}
