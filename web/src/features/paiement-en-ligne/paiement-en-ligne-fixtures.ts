import type { ContributionDue } from '@/api/generated';
import { authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import type {
  ConfigurationPaiementEnLigne,
  DisponibiliteResponse,
  PaiementEnLigne,
  RetourResponse,
} from './paiement-en-ligne-api';

export const tresorier = makeUser({ id: 2, nom: 'Amira Trabelsi', tel: '20000002', is_syndic: true, is_finance: true });
export const membre = makeUser({ id: 3, nom: 'Karim Jaziri', tel: '20000003', is_syndic: true });
export const sami = makeUser({ id: 5, nom: 'Sami Gharbi', tel: '20000005' });

/** Sami's dues: one unpaid and one partly paid (both due), one paid, one not due yet. */
export const mesCotisations: ContributionDue[] = [
  {
    id: 702,
    titre: 'Charges courantes 2026',
    montant_total: 40,
    restant_du: 40,
    date_echeance: '2026-11-05',
    etat_paiement: 'non_paye',
    dialogData: {
      propriete: { nom: 'A5' },
      cotisation: { type: 'mensuelle', date_debut: '2026-11-01', date_fin: '2026-11-30' },
    },
  },
  {
    id: 701,
    titre: 'Ravalement de façade',
    montant_total: 150,
    restant_du: 75,
    date_echeance: '2026-05-15',
    etat_paiement: 'partiel',
    dialogData: {
      propriete: { nom: 'A5' },
      cotisation: { type: 'exceptionnelle', date_debut: '2026-05-01', date_fin: '2026-05-31' },
    },
  },
  {
    id: 690,
    titre: 'Charges courantes 2026',
    montant_total: 40,
    restant_du: 0,
    date_echeance: '2026-10-05',
    etat_paiement: 'complet',
    dialogData: {
      propriete: { nom: 'A5' },
      cotisation: { type: 'mensuelle', date_debut: '2026-10-01', date_fin: '2026-10-31' },
    },
  },
  {
    id: 799,
    titre: 'Charges futures',
    montant_total: 60,
    restant_du: 60,
    date_echeance: '2099-01-05',
    etat_paiement: 'non_paye',
    dialogData: {
      propriete: { nom: 'A5' },
      cotisation: { type: 'mensuelle', date_debut: '2099-01-01', date_fin: '2099-01-31' },
    },
  },
];

export const disponible: DisponibiliteResponse = {
  success: true,
  disponible: true,
  frais_au_coproprietaire: false,
  methodes: ['bank_card', 'e-DINAR'],
};

export const PAY_URL = 'https://gateway.example/pay/5f9a0c';

/** The fake server of the co-owner's screens; `routes` replace or add answers. */
export function coproprietaireServer(routes: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(sami),
    'GET /api/cotisations/coprorprietaire': () => json(200, { success: true, cotisations: mesCotisations }),
    'GET /api/coproprietaire/paiement-en-ligne': () => json(200, disponible),
    'POST /api/coproprietaire/paiement-en-ligne/demander': () =>
      json(201, {
        success: true,
        paiement: { id: 31, pay_url: PAY_URL, montant: 40, expire_le: '2026-11-26T10:15:00Z' },
      }),
    ...routes,
  });
}

export function retour(paiement: Partial<RetourResponse['paiement']> = {}): RetourResponse {
  return {
    success: true,
    paiement: {
      id: 31,
      statut: 'payee',
      montant: 115,
      encaissements: [
        { id: 901, numero_recu: '2026-000121', montant_du_id: 702 },
        { id: 902, numero_recu: '2026-000122', montant_du_id: 701 },
      ],
      trop_percu: 0,
      ...paiement,
    },
  };
}

export const configuration: ConfigurationPaiementEnLigne = {
  active: true,
  wallet_id: '5f7a209aeb3f76490ac4a3d1',
  cle_api_definie: true,
  frais_au_coproprietaire: false,
  methodes: ['bank_card', 'e-DINAR'],
  compte_id: 1,
};

export const paiements: PaiementEnLigne[] = [
  {
    id: 31,
    reference_passerelle: '5f9a0c-REF-A',
    proprietaire: 'Sami Gharbi',
    montant: 115,
    frais: null,
    statut: 'payee',
    cree_le: '2026-11-20T09:12:00Z',
    paye_le: '2026-11-20',
    montant_dus: [
      { montant_du_id: 702, cotisation_titre: 'Charges courantes 2026', propriete: 'A5', montant: 40 },
      { montant_du_id: 701, cotisation_titre: 'Ravalement de façade', propriete: 'A5', montant: 75 },
    ],
    encaissements: [
      { id: 901, numero_recu: '2026-000121', montant_du_id: 702 },
      { id: 902, numero_recu: '2026-000122', montant_du_id: 701 },
    ],
    trop_percu: 0,
  },
  {
    id: 32,
    reference_passerelle: '5f9a0c-REF-B',
    proprietaire: 'Leila Ben Salah',
    montant: 80,
    frais: null,
    statut: 'payee',
    cree_le: '2026-11-21T15:40:00Z',
    paye_le: '2026-11-21',
    montant_dus: [{ montant_du_id: 640, cotisation_titre: 'Charges courantes 2026', propriete: 'B2', montant: 80 }],
    encaissements: [],
    trop_percu: 80,
  },
  {
    id: 33,
    reference_passerelle: '5f9a0c-REF-C',
    proprietaire: 'Karim Jaziri',
    montant: 40,
    frais: null,
    statut: 'expiree',
    cree_le: '2026-11-22T08:00:00Z',
    paye_le: null,
    montant_dus: [{ montant_du_id: 650, cotisation_titre: 'Charges courantes 2026', propriete: 'C1', montant: 40 }],
    encaissements: [],
    trop_percu: 0,
  },
];

const comptes = [
  {
    id: 1,
    libelle: 'Compte courant BIAT',
    banque: 'BIAT',
    type: 'courant',
    adresse_agence: null,
    rib: null,
    rib_cle_valide: null,
    swift: null,
    iban: null,
    commentaire: null,
    is_main: true,
    solde: 12000,
    solde_initial: 1000,
    date_solde_initial: '2026-01-01',
    has_operations: true,
  },
  {
    id: 2,
    libelle: 'Épargne Attijari',
    banque: 'Attijari',
    type: 'epargne',
    adresse_agence: null,
    rib: null,
    rib_cle_valide: null,
    swift: null,
    iban: null,
    commentaire: null,
    is_main: false,
    solde: 5000,
    solde_initial: 5000,
    date_solde_initial: '2026-01-01',
    has_operations: false,
  },
];

/** The fake server of the treasurer's page; `routes` replace or add answers. */
export function syndicServer(user = tresorier, routes: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/banque/comptes': () =>
      json(200, {
        success: true,
        has_bank: true,
        comptes,
        comptes_bancaires: comptes.map((c) => ({ id: c.id, libelle: c.libelle })),
      }),
    'GET /api/paiement-en-ligne/configuration': () => json(200, { success: true, configuration }),
    'POST /api/paiement-en-ligne/configuration': async (request) => {
      const body = (await request.json()) as Partial<ConfigurationPaiementEnLigne> & { cle_api?: string };
      const { cle_api, ...rest } = body;
      return json(200, {
        success: true,
        configuration: { ...configuration, ...rest, cle_api_definie: configuration.cle_api_definie || !!cle_api },
      });
    },
    'GET /api/paiement-en-ligne/paiements': () => json(200, { success: true, paiements }),
    'POST /api/paiement-en-ligne/reglements': () => json(201, { success: true }),
    ...routes,
  });
}
