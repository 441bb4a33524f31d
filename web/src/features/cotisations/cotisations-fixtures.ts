import { vi } from 'vitest';
import type {
  Appartement,
  ContributionDue,
  Cotisation,
  CotisationDetails,
  CotisationModifierInfos,
  EncaissementLigne,
  LigneRepartition,
  MontantNonPaye,
  ProprieteSolde,
} from '@/api/generated';
import { authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';

/** Test data of the revenue screens: residence "Les Jasmins", A5 paid by Sami Gharbi. */

export const tresorier = makeUser({ id: 2, nom: 'Amira Trabelsi', tel: '20000002', is_syndic: true, is_finance: true });
export const membre = makeUser({ id: 3, nom: 'Karim Jaziri', tel: '20000003', is_syndic: true });
export const sami = makeUser({ id: 5, nom: 'Sami Gharbi', tel: '20000005' });

export const cotisations: Cotisation[] = [
  {
    id: 3,
    titre: 'Ravalement de façade',
    type: 'exceptionnelle',
    repartition: 'predefinie',
    date_debut: '2026-05-01',
    date_fin: '2026-05-31',
    date_echeance: '2026-05-15',
    solde: -945,
    is_closed: false,
    has_encaissements: false,
  },
  {
    id: 2,
    titre: 'Charges courantes 2026',
    type: 'mensuelle',
    repartition: 'egale',
    date_debut: '2026-01-01',
    date_fin: '2026-12-31',
    date_echeance: '2026-01-05',
    solde: -1780.5,
    is_closed: false,
    has_encaissements: false,
  },
  {
    id: 1,
    titre: 'Charges courantes 2024',
    type: 'trimestrielle',
    repartition: 'personnalisee',
    date_debut: '2024-01-01',
    date_fin: '2024-12-31',
    date_echeance: '2024-01-10',
    solde: 0,
    is_closed: true,
    has_encaissements: true,
  },
];

export const detailsCharges2026: CotisationDetails = {
  ...(cotisations[1] as Cotisation),
  restants_dus: [
    {
      montant_du_id: 501,
      propriete_id: 6,
      propriete_nom: 'A6',
      occupant_nom: 'Nour Ayari',
      restant_du: 40,
      date_echeance: '2026-04-05',
      exigible: true,
    },
    {
      montant_du_id: 502,
      propriete_id: 11,
      propriete_nom: 'Parking P1',
      occupant_nom: null,
      restant_du: 25,
      date_echeance: '2026-12-05',
      exigible: false,
    },
  ],
};

export const appartements: Appartement[] = [
  { id: 5, nom: 'A5', type: 'appartement' },
  { id: 6, nom: 'A6', type: 'appartement' },
  { id: 11, nom: 'Parking P1', type: 'parking' },
];

export const modifierInfosCharges2026: CotisationModifierInfos = {
  id: 2,
  titre: 'Charges courantes 2026',
  type: 'mensuelle',
  repartition: 'egale',
  date_debut: '2026-01-01',
  date_fin: '2026-12-31',
  date_echeance: '2026-01-05',
  montant: 40,
  personalisation: [],
  solde: -1780.5,
  is_closed: false,
  has_encaissements: false,
};

export const proprietesSoldes: ProprieteSolde[] = [
  {
    propriete_id: 5,
    propriete_nom: 'A5',
    proprietaire: 'Sami Gharbi',
    proprietaire_id: 50,
    solde: -115,
    montants_dus: [
      {
        cotisation_id: 3,
        cotisation_nom: 'Ravalement de façade',
        montant_du_id: 701,
        restant_du: 75,
        date_echeance: '2026-05-15',
        exigible: true,
      },
      {
        cotisation_id: 2,
        cotisation_nom: 'Charges courantes 2026',
        montant_du_id: 702,
        restant_du: 40,
        date_echeance: '2026-11-05',
        exigible: true,
      },
    ],
  },
  {
    propriete_id: 1,
    propriete_nom: 'A1',
    proprietaire: 'Mohamed Ben Salah',
    proprietaire_id: 10,
    solde: 0,
    montants_dus: [],
  },
  {
    propriete_id: 11,
    propriete_nom: 'Parking P1',
    proprietaire: null,
    proprietaire_id: null,
    solde: -1234.5,
    montants_dus: [
      {
        cotisation_id: 2,
        cotisation_nom: 'Charges courantes 2026',
        montant_du_id: 703,
        restant_du: 1234.5,
        date_echeance: '2026-01-05',
        exigible: true,
      },
    ],
  },
];

export const statsSoldes = { cotisations_lancees: 12480, total_encaisse: 9675, restant_du: 2805 };

export const encaissementsA5: EncaissementLigne[] = [
  {
    id: 95,
    montant_du_id: 690,
    cotisation_id: 2,
    occupant_nom: 'Sami Gharbi',
    cotisation_nom: 'Charges courantes 2026',
    montant: 40,
    date_paiement: '2026-10-08',
    methode_paiement: 'espece',
    reference_paiement: null,
    date_echeance: '2026-10-05',
    etat_paiement: 'complet',
    restant_du: 0,
    reference_recu: '2026-000095',
    derniere_modification: '2026-10-08T09:12:00Z',
    is_closed: false,
  },
  {
    id: 104,
    montant_du_id: 701,
    cotisation_id: 3,
    occupant_nom: 'Sami Gharbi',
    cotisation_nom: 'Ravalement de façade',
    montant: 75,
    date_paiement: '2026-05-20',
    methode_paiement: 'versement',
    reference_paiement: 'VERS-293',
    date_echeance: '2026-05-15',
    etat_paiement: 'partiel',
    restant_du: 75,
    reference_recu: '2026-000104',
    derniere_modification: '2026-05-20T10:00:00Z',
    is_closed: false,
  },
  {
    id: 12,
    montant_du_id: 600,
    cotisation_id: 1,
    occupant_nom: 'Sami Gharbi',
    cotisation_nom: 'Charges courantes 2024',
    montant: 120,
    date_paiement: '2024-02-01',
    methode_paiement: 'cheque',
    reference_paiement: 'CHQ 4210173',
    date_echeance: '2024-01-10',
    etat_paiement: 'complet',
    restant_du: 0,
    reference_recu: '2024-000012',
    derniere_modification: '2024-02-01T08:00:00Z',
    is_closed: true,
  },
];

export const nonPayesA5: MontantNonPaye[] = [
  {
    montant_du_id: 701,
    cotisation_id: 3,
    occupant_nom: 'Sami Gharbi',
    cotisation_nom: 'Ravalement de façade',
    restant_du: 75,
    date_echeance: '2026-05-15',
    exigible: true,
  },
  {
    montant_du_id: 705,
    cotisation_id: 2,
    occupant_nom: 'Sami Gharbi',
    cotisation_nom: 'Charges courantes 2026',
    restant_du: 40,
    date_echeance: '2026-12-05',
    exigible: false,
  },
];

export const repartition: LigneRepartition[] = [
  { id: 5, nom: 'A5', type: 'appartement', montant: 150, is_defined: true },
  { id: 6, nom: 'A6', type: 'appartement', montant: 180, is_defined: true },
  { id: 11, nom: 'Parking P1', type: 'parking', montant: 0, is_defined: false },
];

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
];

function notFound(code: string, message: string) {
  return json(404, { success: false, code, message });
}

/** The fake server of the revenue screens; `routes` replace or add answers. */
export function revenusServer(user = tresorier, routes: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/cotisations': () => json(200, { success: true, data: cotisations }),
    'GET /api/cotisations/details': (request) => {
      const id = new URL(request.url).searchParams.get('id');
      if (id === '2') return json(200, { success: true, cotisation: detailsCharges2026 });
      if (id === '1') return json(200, { success: true, cotisation: { ...cotisations[2], restants_dus: [] } });
      return notFound('cotisation_inconnue', "Cette cotisation n'existe pas.");
    },
    'GET /api/cotisations/modifier-infos': (request) => {
      const id = new URL(request.url).searchParams.get('id');
      if (id === '2') return json(200, { success: true, data: modifierInfosCharges2026 });
      return notFound('cotisation_inconnue', "Cette cotisation n'existe pas.");
    },
    'GET /api/cotisations/appartements': () => json(200, { success: true, data: appartements }),
    'GET /api/cotisations/proprietes-soldes': () =>
      json(200, {
        success: true,
        data: proprietesSoldes,
        stats: statsSoldes,
        message: 'Soldes des propriétés récupérés.',
      }),
    'GET /api/cotisations/historique-paiements': (request) => {
      const id = new URL(request.url).searchParams.get('appartement_id');
      if (id !== '5') return notFound('propriete_inconnue', "Cette propriété n'existe pas.");
      return json(200, {
        success: true,
        encaissements: encaissementsA5,
        montants_non_payes: nonPayesA5,
        total_restants_du: 75,
        propriete_nom: 'A5',
      });
    },
    'GET /api/cotisation-repartition': () => json(200, { success: true, data: repartition }),
    'GET /api/cotisations/coprorprietaire': () => json(200, { success: true, cotisations: mesCotisations }),
    ...routes,
  });
}

/** The JSON body of a recorded request. */
export function bodyOf(request: { body: string } | undefined): unknown {
  return JSON.parse(request?.body ?? 'null');
}

/** A PDF answer as the server sends receipts. */
export function pdf(fileName: string | null): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/pdf' };
  if (fileName !== null) headers['x-file-name'] = fileName;
  return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]), { status: 200, headers });
}

/**
 * Captures the files the page saves: jsdom has no object URLs and does not follow downloads, so
 * the link's click is recorded instead.
 */
export function captureDownloads() {
  const saved: { name: string; href: string }[] = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: vi.fn(() => 'blob:daftar/recu'),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
  return saved;
}
