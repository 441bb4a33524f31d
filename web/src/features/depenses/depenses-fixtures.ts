import { authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import type { Categorie, ChargeDetail, Fournisseur, Travaux, TravauxDetail } from './depenses-api';

/** Test data of the expenses' screens: residence "Les Jasmins". */

export const tresorier = makeUser({ id: 2, nom: 'Amira Trabelsi', tel: '20000002', is_syndic: true, is_finance: true });
export const membre = makeUser({ id: 3, nom: 'Karim Jaziri', tel: '20000003', is_syndic: true });

export const categories: Categorie[] = [
  { id: 1, titre: 'Électricité', description: 'Parties communes', utilisee: true },
  { id: 2, titre: 'Jardinage', description: null, utilisee: false },
];

export const fournisseurs: Fournisseur[] = [
  {
    id: 1,
    nom: 'STEG',
    tel: '71341311',
    type: 'entreprise',
    email: 'contact@steg.com.tn',
    adresse: '38 rue Kamel Ataturk',
    ville: 'Tunis',
    gouvernorat: { id: 23, nom: 'Tunis' },
    activite: 'Électricité',
    identifiant: '0001234A',
    commentaire: null,
    utilise: true,
  },
  {
    id: 2,
    nom: 'Hédi le jardinier',
    tel: null,
    type: 'particulier',
    email: null,
    adresse: null,
    ville: null,
    gouvernorat: null,
    activite: 'Jardinage',
    identifiant: null,
    commentaire: null,
    utilise: false,
  },
];

export const gouvernorats = [
  { id: 1, nom: 'Ariana' },
  { id: 23, nom: 'Tunis' },
];

export const chargeEdf: ChargeDetail = {
  id: 11,
  titre: 'Électricité mars',
  montant_total: 420.5,
  montant_paye: 120.5,
  restant_du: 300,
  etat_paiement: 'partiel',
  date_facture: '2026-03-05',
  categorie: { id: 1, nom: 'Électricité' },
  fournisseur: { id: 1, nom: 'STEG' },
  commentaire: 'Compteur des parties communes',
  is_closed: false,
  has_paiements: true,
  factures: [
    {
      id: 101,
      titre: 'facture-mars.pdf',
      type: 'facture',
      content_type: 'application/pdf',
      taille: 120000,
      url: '/api/documents/101',
      miniature_url: '/api/documents/101/miniature',
    },
  ],
  devis: [],
  paiements: [
    {
      id: 201,
      montant: 120.5,
      date_paiement: '2026-03-10',
      methode_paiement: 'cheque',
      reference_paiement: 'CH-778',
      compte_id: 1,
      is_closed: false,
    },
  ],
};

export const chargeJardin: ChargeDetail = {
  id: 12,
  titre: 'Taille des haies',
  montant_total: 80,
  montant_paye: 80,
  restant_du: 0,
  etat_paiement: 'complet',
  date_facture: '2026-02-01',
  categorie: null,
  fournisseur: { id: 2, nom: 'Hédi le jardinier' },
  commentaire: null,
  is_closed: false,
  has_paiements: true,
  factures: [],
  devis: [],
  paiements: [],
};

export const chargeAncienne: ChargeDetail = {
  id: 10,
  titre: 'Eau décembre 2024',
  montant_total: 55,
  montant_paye: 0,
  restant_du: 55,
  etat_paiement: 'impaye',
  date_facture: '2024-12-20',
  categorie: null,
  fournisseur: { id: 1, nom: 'STEG' },
  commentaire: null,
  is_closed: true,
  has_paiements: false,
  factures: [],
  devis: [],
  paiements: [],
};

export const charges = [chargeEdf, chargeJardin, chargeAncienne].map(
  ({ factures: _f, devis: _d, paiements: _p, ...charge }) => charge,
);

export const travauxAscenseur: TravauxDetail = {
  ...chargeEdf,
  id: 31,
  titre: 'Réparation ascenseur',
  montant_total: 2500,
  montant_paye: 0,
  restant_du: 2500,
  etat_paiement: 'impaye',
  has_paiements: false,
  description: 'Remplacement du câble',
  is_approved: 1,
  approvable_type: 'assemblee',
  approvable: { id: 4, titre: 'AG ordinaire 2026' },
  paiements: [],
  devis: [
    {
      id: 102,
      titre: 'devis-ascenseur.png',
      type: 'devis',
      content_type: 'image/png',
      taille: 50000,
      url: '/api/documents/102',
      miniature_url: '/api/documents/102/miniature',
    },
  ],
};

export const travaux: Travaux[] = [
  (({ factures: _f, devis: _d, paiements: _p, ...item }) => item)(travauxAscenseur),
  {
    ...charges[1],
    id: 32,
    titre: 'Peinture hall',
    description: null,
    is_approved: null,
    approvable_type: null,
    approvable: null,
  } as Travaux,
];

/** The expenses' routes answering the data above; `routes` override or add. */
export function depensesServer(user = tresorier, routes: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/categories': () => json(200, { success: true, categories }),
    'GET /api/fournisseurs': () => json(200, { success: true, fournisseurs }),
    'GET /api/fournisseurs/gouvernorats': () => json(200, { success: true, gouvernorats }),
    'GET /api/charges-courantes': () => json(200, { success: true, charges }),
    'GET /api/charges-courantes/fournisseurs-categories': () =>
      json(200, {
        success: true,
        fournisseurs: fournisseurs.map(({ id, nom }) => ({ id, nom })),
        categories: categories.map(({ id, titre }) => ({ id, titre })),
      }),
    'GET /api/charges-courantes/details-files': (request) => {
      const id = Number(new URL(request.url).searchParams.get('id'));
      const charge = [chargeEdf, chargeJardin, chargeAncienne].find((candidate) => candidate.id === id);
      return charge
        ? json(200, { success: true, charge })
        : json(404, { success: false, code: 'depense_inconnue', message: 'Dépense inconnue.' });
    },
    'GET /api/travaux': () => json(200, { success: true, travaux }),
    'GET /api/travaux/ags-votes': () => json(200, { success: true, ags: [], votes: [] }),
    'GET /api/travaux/details-files': () => json(200, { success: true, travaux: travauxAscenseur }),
    ...routes,
  });
}

export function bodyOf(request: { body: string } | undefined): unknown {
  return JSON.parse(request?.body ?? 'null');
}
