import type { RapprochementResponse } from '@/api/generated';
import { authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import type { ApercuReleve, LigneReleve, MappingColonnes, Releve, ReleveResume } from './releves-api';

/** Test data of the bank statements: October 2026 of the main account of "Les Jasmins". */

export const tresorier = makeUser({ id: 2, nom: 'Amira Trabelsi', tel: '20000002', is_syndic: true, is_finance: true });
export const membre = makeUser({ id: 3, nom: 'Karim Jaziri', tel: '20000003', is_syndic: true });

export const rapprochement: RapprochementResponse = {
  success: true,
  has_bank: true,
  comptes: [
    { id: 1, libelle: 'BIAT Courant', is_main: true },
    { id: 2, libelle: 'STB Épargne', is_main: false },
  ],
  compte_id: 1,
  exercice: 2026,
  exercices: [{ annee: 2026, is_closed: false }],
  is_closed: false,
  rapprochements: [],
  totaux: { pointe: 0, non_pointe: 0, solde_livres: 0, solde_banque: 0, date_dernier_pointage: null },
};

export const mappingBiat: MappingColonnes = {
  ligne_entete: 2,
  date: 'Date opération',
  libelle: 'Libellé',
  montant: null,
  debit: 'Débit',
  credit: 'Crédit',
  reference: 'Référence',
  format_date: 'jj/mm/aaaa',
  separateur_decimal: ',',
};

/** The file of the tests: a title line, then the headers on line 2. */
export const CSV_BIAT = [
  'BIAT — relevé de compte;;;;',
  'Date opération;Libellé;Référence;Débit;Crédit',
  '03/10/2026;VIR RECU LEILA BEN SALAH;VIR-889;;110,000',
  '31/10/2026;FRAIS TENUE DE COMPTE;;12,500;',
].join('\r\n');

/** A CSV of a bank not known yet: its mapping is asked for. */
export const apercuSansMapping: ApercuReleve = {
  format: 'csv',
  sha256: 'ab12',
  deja_importe: false,
  mapping_requis: true,
  mapping: null,
  colonnes: ['Date opération', 'Libellé', 'Référence', 'Débit', 'Crédit'],
  // From the header row (the server's guess: the first of the widest rows).
  apercu_brut: [
    ['Date opération', 'Libellé', 'Référence', 'Débit', 'Crédit'],
    ['03/10/2026', 'VIR RECU LEILA BEN SALAH', 'VIR-889', '', '110,000'],
    ['31/10/2026', 'FRAIS TENUE DE COMPTE', '', '12,500', ''],
  ],
  du: null,
  au: null,
  solde_ouverture: null,
  solde_cloture: null,
  lignes: [],
  total_credits: 0,
  total_debits: 0,
};

export const apercuLu: ApercuReleve = {
  ...apercuSansMapping,
  mapping_requis: false,
  mapping: mappingBiat,
  du: '2026-10-03',
  au: '2026-10-31',
  solde_ouverture: 8135,
  solde_cloture: 8232.5,
  lignes: [
    {
      numero: 1,
      date: '2026-10-03',
      libelle: 'VIR RECU LEILA BEN SALAH',
      montant: 110,
      reference: 'VIR-889',
      deja_importee: true,
    },
    {
      numero: 2,
      date: '2026-10-31',
      libelle: 'FRAIS TENUE DE COMPTE',
      montant: -12.5,
      reference: null,
      deja_importee: false,
    },
  ],
  total_credits: 110,
  total_debits: 12.5,
};

export const lignesReleve: LigneReleve[] = [
  {
    numero: 1,
    date: '2026-10-03',
    libelle: 'VIR RECU LEILA BEN SALAH',
    montant: 110,
    reference: 'VIR-889',
    statut: 'pointee',
    mouvements: [
      {
        table: 'encaissement',
        id: 12,
        date: '2026-10-01',
        libelle: 'Encaissement Charges courantes 2026 — A2',
        montant: 110,
      },
    ],
    propositions: [],
    suggestion: null,
  },
  {
    numero: 2,
    date: '2026-10-12',
    libelle: 'REMISE CHEQUES 0007',
    montant: 300,
    reference: null,
    statut: 'proposee',
    mouvements: [],
    propositions: [
      [{ table: 'remise', id: 4, date: '2026-10-10', libelle: 'Remise de 2 chèques', montant: 300 }],
      [
        { table: 'encaissement', id: 20, date: '2026-10-09', libelle: 'Encaissement B1', montant: 200 },
        { table: 'encaissement', id: 21, date: '2026-10-09', libelle: 'Encaissement B2', montant: 100 },
      ],
    ],
    suggestion: null,
  },
  {
    numero: 3,
    date: '2026-10-31',
    libelle: 'FRAIS TENUE DE COMPTE',
    montant: -12.5,
    reference: null,
    statut: 'sans_correspondance',
    mouvements: [],
    propositions: [],
    suggestion: { type: 'frais', libelle: 'Frais de tenue de compte' },
  },
  {
    numero: 4,
    date: '2026-10-20',
    libelle: 'VIR RECU SAMI GHARBI',
    montant: 90,
    reference: 'VIR-901',
    statut: 'sans_correspondance',
    mouvements: [],
    propositions: [],
    suggestion: { type: 'encaissement', libelle: 'Virement de Sami Gharbi' },
  },
];

export const releve: Releve = {
  id: 7,
  compte: { id: 1, nom: 'BIAT Courant' },
  format: 'csv',
  du: '2026-10-03',
  au: '2026-10-31',
  importe_le: '2026-11-26',
  nom_fichier: 'releve-octobre.csv',
  sha256: 'ab12',
  solde_ouverture: 8135,
  solde_cloture: 8612.5,
  controle: { solde_releve: 8612.5, solde_banque: 8245, ecart: 367.5, equilibre: false },
  is_closed: false,
  lignes: lignesReleve,
};

/** The statement once every line is pointed: balanced. */
export const releveEquilibre: Releve = {
  ...releve,
  controle: { solde_releve: 8612.5, solde_banque: 8612.5, ecart: 0, equilibre: true },
  lignes: lignesReleve.map((ligne) => ({ ...ligne, statut: 'pointee', propositions: [], suggestion: null })),
};

export const resumes: ReleveResume[] = [
  {
    id: 7,
    compte: 1,
    format: 'csv',
    du: '2026-10-03',
    au: '2026-10-31',
    importe_le: '2026-11-26',
    nom_fichier: 'releve-octobre.csv',
    lignes: 4,
    pointees: 1,
    proposees: 1,
    sans_correspondance: 2,
  },
];

export function relevesServer(user = tresorier, routes: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/banque/rapprochement': () => json(200, rapprochement),
    'GET /api/banque/releves': () => json(200, { releves: resumes }),
    'GET /api/banque/releves/details': () => json(200, releve),
    ...routes,
  });
}

/** The multipart fields of a request: names and text values (a file by its name). */
export async function formEntries(request: Request): Promise<Record<string, string>> {
  const data = await request.formData();
  return Object.fromEntries(
    [...data.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : `file:${value.name}`]),
  );
}

export function bodyOf(request: { body: string } | undefined): unknown {
  return JSON.parse(request?.body ?? 'null');
}
