import { authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import type { Client, ContratDetail, RevenuExceptionnel } from './contrats-api';

/** Test data of the contracts' screens: residence "Les Jasmins". */

export const tresorier = makeUser({ id: 2, nom: 'Amira Trabelsi', tel: '20000002', is_syndic: true, is_finance: true });
export const membre = makeUser({ id: 3, nom: 'Karim Jaziri', tel: '20000003', is_syndic: true });

export const clients: Client[] = [
  {
    id: 1,
    nom: 'Tunisie Telecom',
    tel: '71000000',
    email: 'contact@tunisietelecom.tn',
    adresse: 'Jardins du Lac',
    ville: 'Tunis',
    gouvernorat: { id: 23, nom: 'Tunis' },
    activite: 'Télécommunications',
    matricule_fiscal: '0000001/A/M/000',
    commentaire: null,
    utilise: true,
  },
  {
    id: 2,
    nom: 'Pharmacie du Jasmin',
    tel: null,
    email: null,
    adresse: null,
    ville: null,
    gouvernorat: null,
    activite: 'Pharmacie',
    matricule_fiscal: null,
    commentaire: null,
    utilise: false,
  },
];

export const gouvernorats = [
  { id: 1, nom: 'Ariana' },
  { id: 23, nom: 'Tunis' },
];

export const contratAntenne: ContratDetail = {
  id: 41,
  type: 'revenu',
  titre: 'Antenne sur le toit',
  montant: 6000,
  montant_par_periode: 6000,
  periodicite_paiement: 'annuelle',
  date_debut: '2025-01-01',
  date_fin: '2027-12-31',
  client: { id: 1, nom: 'Tunisie Telecom' },
  client_nom: 'Tunisie Telecom',
  fournisseur: null,
  fournisseur_nom: null,
  categorie: null,
  commentaire: 'Relais 4G',
  nombre_periodes: 3,
  montant_total: 18000,
  montant_echu: 12000,
  montant_paye: 6000,
  restant_du: 6000,
  restant_a_payer: 12000,
  is_closed: false,
  has_paiements: true,
  docs: [
    {
      id: 301,
      titre: 'contrat-antenne.pdf',
      type: 'doc',
      content_type: 'application/pdf',
      taille: 90000,
      url: '/api/documents/301',
      miniature_url: '/api/documents/301/miniature',
    },
  ],
  paiements: [
    {
      id: 501,
      montant: 6000,
      date_paiement: '2025-01-15',
      methode_paiement: 'cheque',
      reference_paiement: 'CHQ-7781',
      compte_id: 1,
      is_closed: false,
      cheque_remis: true,
    },
  ],
  echeancier: [
    { numero: 1, debut: '2025-01-01', fin: '2025-12-31', montant: 6000, echue: true },
    { numero: 2, debut: '2026-01-01', fin: '2026-12-31', montant: 6000, echue: true },
    { numero: 3, debut: '2027-01-01', fin: '2027-12-31', montant: 6000, echue: false },
  ],
};

export const contratAscenseur: ContratDetail = {
  ...contratAntenne,
  id: 42,
  type: 'depense',
  titre: 'Maintenance ascenseur',
  montant: 250,
  montant_par_periode: 250,
  periodicite_paiement: 'mensuelle',
  date_debut: '2026-01-01',
  date_fin: null,
  client: null,
  client_nom: null,
  fournisseur: { id: 1, nom: 'Otis Tunisie' },
  fournisseur_nom: 'Otis Tunisie',
  categorie: { id: 1, titre: 'Ascenseur' },
  commentaire: null,
  nombre_periodes: null,
  montant_total: null,
  montant_echu: 2750,
  montant_paye: 0,
  restant_du: 2750,
  restant_a_payer: 2750,
  has_paiements: false,
  docs: [],
  paiements: [],
  echeancier: [],
};

export const revenus: RevenuExceptionnel[] = [
  {
    id: 61,
    titre: "Vente de l'ancien portail",
    montant: 350.5,
    date_paiement: '2026-02-10',
    methode_paiement: 'espece',
    reference_paiement: null,
    commentaire: null,
    client: null,
    client_nom: null,
    compte_id: null,
    is_closed: false,
    cheque_remis: false,
  },
];

const sansDetail = ({ docs: _d, paiements: _p, echeancier: _e, ...contrat }: ContratDetail) => contrat;

/** The contracts' routes answering the data above; `routes` override or add. */
export function contratsServer(user = tresorier, routes: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/clients': () => json(200, { success: true, clients }),
    'GET /api/fournisseurs/gouvernorats': () => json(200, { success: true, gouvernorats }),
    'GET /api/contrats-revenus': () => json(200, { success: true, contrats: [sansDetail(contratAntenne)] }),
    'GET /api/contrats-depenses': () => json(200, { success: true, contrats: [sansDetail(contratAscenseur)] }),
    'GET /api/contrats-revenus/details-files': (request) =>
      Number(new URL(request.url).searchParams.get('id')) === contratAntenne.id
        ? json(200, { success: true, contrat: contratAntenne })
        : json(404, { success: false, code: 'contrat_inconnu', message: 'Contrat inconnu.' }),
    'GET /api/contrats-depenses/details-files': () => json(200, { success: true, contrat: contratAscenseur }),
    'GET /api/charges-courantes/fournisseurs-categories': () =>
      json(200, {
        success: true,
        fournisseurs: [{ id: 1, nom: 'Otis Tunisie' }],
        categories: [{ id: 1, titre: 'Ascenseur' }],
      }),
    'GET /api/revenus-exceptionnels': () => json(200, { success: true, data: revenus }),
    ...routes,
  });
}

export function bodyOf(request: { body: string } | undefined): unknown {
  return JSON.parse(request?.body ?? 'null');
}
