import { authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import type { BalanceResponse, GrandLivreResponse, JournalResponse, TresorerieResponse } from './comptabilite-api';

/** Test data of the books: "Les Jasmins" in 2026 (2025 closed). */

export const membre = makeUser({ id: 3, nom: 'Karim Jaziri', tel: '20000003', is_syndic: true });

const exercices = [
  { annee: 2026, is_closed: false },
  { annee: 2025, is_closed: true },
];

export const journal: JournalResponse = {
  success: true,
  exercice: 2026,
  exercices,
  ecritures: [
    {
      numero: 1,
      date: '2026-01-01',
      libelle: 'Solde initial du compte bancaire',
      source: { nature: 'solde_initial', id: 1 },
      extourne_de: null,
      lignes: [
        { compte: '512001', intitule: 'Banque — BIAT Courant', debit: 5000, credit: 0 },
        { compte: '890', intitule: "Bilan d'ouverture", debit: 0, credit: 5000 },
      ],
    },
    {
      numero: 2,
      date: '2026-01-15',
      libelle: 'Appel de fonds « Charges courantes 2026 » n° 1',
      source: { nature: 'appels', id: 4 },
      extourne_de: null,
      lignes: [
        { compte: '450', intitule: 'Copropriétaires', debit: 120, credit: 0 },
        { compte: '450', intitule: 'Copropriétaires', debit: 80, credit: 0 },
        { compte: '701', intitule: 'Provisions sur opérations courantes', debit: 0, credit: 200 },
      ],
    },
    {
      numero: 3,
      date: '2026-02-03',
      libelle: 'Encaissement, reçu n° 2026-000007',
      source: { nature: 'encaissement', id: 7 },
      extourne_de: null,
      lignes: [
        { compte: '53', intitule: 'Caisse', debit: 120, credit: 0 },
        { compte: '450', intitule: 'Copropriétaires', debit: 0, credit: 120 },
      ],
    },
    {
      numero: 4,
      date: '2026-02-03',
      libelle: 'Extourne : Encaissement, reçu n° 2026-000007',
      source: { nature: 'encaissement', id: 7 },
      extourne_de: 3,
      lignes: [
        { compte: '53', intitule: 'Caisse', debit: 0, credit: 120 },
        { compte: '450', intitule: 'Copropriétaires', debit: 120, credit: 0 },
      ],
    },
    {
      numero: 5,
      date: '2026-03-31',
      libelle: 'Agios mars',
      source: { nature: 'operation', id: 12 },
      extourne_de: null,
      lignes: [
        { compte: '627', intitule: 'Frais bancaires', debit: 12.5, credit: 0 },
        { compte: '512001', intitule: 'Banque — BIAT Courant', debit: 0, credit: 12.5 },
      ],
    },
  ],
  totaux: { debit: 5452.5, credit: 5452.5 },
};

export const grandLivre: GrandLivreResponse = {
  success: true,
  exercice: 2026,
  exercices,
  comptes: [
    {
      compte: '450',
      intitule: 'Copropriétaires',
      solde_ouverture: 40,
      mouvements: [
        {
          numero: 2,
          date: '2026-01-15',
          libelle: 'Appel de fonds « Charges courantes 2026 » n° 1',
          debit: 200,
          credit: 0,
          solde: 240,
        },
        {
          numero: 3,
          date: '2026-02-03',
          libelle: 'Encaissement, reçu n° 2026-000007',
          debit: 0,
          credit: 120,
          solde: 120,
        },
        {
          numero: 4,
          date: '2026-02-03',
          libelle: 'Extourne : Encaissement, reçu n° 2026-000007',
          debit: 120,
          credit: 0,
          solde: 240,
        },
      ],
      total_debit: 320,
      total_credit: 120,
      solde: 240,
    },
    {
      compte: '512001',
      intitule: 'Banque — BIAT Courant',
      solde_ouverture: 0,
      mouvements: [
        {
          numero: 1,
          date: '2026-01-01',
          libelle: 'Solde initial du compte bancaire',
          debit: 5000,
          credit: 0,
          solde: 5000,
        },
        { numero: 5, date: '2026-03-31', libelle: 'Agios mars', debit: 0, credit: 12.5, solde: 4987.5 },
      ],
      total_debit: 5000,
      total_credit: 12.5,
      solde: 4987.5,
    },
    {
      compte: '701',
      intitule: 'Provisions sur opérations courantes',
      solde_ouverture: 0,
      mouvements: [
        {
          numero: 2,
          date: '2026-01-15',
          libelle: 'Appel de fonds « Charges courantes 2026 » n° 1',
          debit: 0,
          credit: 200,
          solde: -200,
        },
      ],
      total_debit: 0,
      total_credit: 200,
      solde: -200,
    },
  ],
};

export const balance: BalanceResponse = {
  success: true,
  exercice: 2026,
  exercices,
  comptes: [
    { compte: '450', intitule: 'Copropriétaires', debit: 320, credit: 120, solde_debiteur: 200, solde_crediteur: 0 },
    {
      compte: '512001',
      intitule: 'Banque — BIAT Courant',
      debit: 5000,
      credit: 12.5,
      solde_debiteur: 4987.5,
      solde_crediteur: 0,
    },
    { compte: '53', intitule: 'Caisse', debit: 120, credit: 120, solde_debiteur: 0, solde_crediteur: 0 },
    { compte: '627', intitule: 'Frais bancaires', debit: 12.5, credit: 0, solde_debiteur: 12.5, solde_crediteur: 0 },
    {
      compte: '701',
      intitule: 'Provisions sur opérations courantes',
      debit: 0,
      credit: 200,
      solde_debiteur: 0,
      solde_crediteur: 200,
    },
    { compte: '890', intitule: "Bilan d'ouverture", debit: 0, credit: 5000, solde_debiteur: 0, solde_crediteur: 5000 },
  ],
  totaux: { debit: 5452.5, credit: 5452.5, solde_debiteur: 5200, solde_crediteur: 5200 },
  equilibree: true,
};

export const tresorerie: TresorerieResponse = {
  success: true,
  date: '2026-04-10',
  caisse: 350,
  banques: [
    { compte_id: 1, compte_nom: 'BIAT Courant', solde: 4987.5 },
    { compte_id: 2, compte_nom: 'STB Épargne', solde: 1200 },
  ],
  cheques_a_encaisser: 240,
  total: 6537.5,
};

export function comptabiliteServer(routes: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(membre),
    'GET /api/comptabilite/journal': () => json(200, journal),
    'GET /api/comptabilite/grand-livre': () => json(200, grandLivre),
    'GET /api/comptabilite/balance': () => json(200, balance),
    'GET /api/comptabilite/tresorerie': () => json(200, tresorerie),
    ...routes,
  });
}
