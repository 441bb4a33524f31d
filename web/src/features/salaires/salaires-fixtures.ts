import { authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import type { ChargePatronalePaiement, PaiementSalaire, Salarie, SalarieDetail } from './salaires-api';

/** Test data of the payroll's screens: residence "Les Jasmins". */

export const tresorier = makeUser({ id: 2, nom: 'Amira Trabelsi', tel: '20000002', is_syndic: true, is_finance: true });
export const president = makeUser({
  id: 1,
  nom: 'Leila Ben Salah',
  tel: '20000001',
  is_syndic: true,
  is_president: true,
});
export const membre = makeUser({ id: 3, nom: 'Karim Jaziri', tel: '20000003', is_syndic: true });

export const paiementMars: PaiementSalaire = {
  id: 501,
  salarie_id: 1,
  salarie_nom: 'Ali Ben Salah',
  mois: '2026-03',
  montant: 950.5,
  date_paiement: '2026-03-31',
  methode_paiement: 'virement',
  reference_piece_justificative: 'VIR-0331',
  commentaire: null,
  compte_id: 1,
  is_closed: false,
};

export const paiementAncien: PaiementSalaire = {
  ...paiementMars,
  id: 401,
  mois: '2024-12',
  date_paiement: '2024-12-31',
  reference_piece_justificative: null,
  methode_paiement: 'espece',
  compte_id: null,
  is_closed: true,
};

export const concierge: SalarieDetail = {
  id: 1,
  nom: 'Ali Ben Salah',
  poste: 'Concierge',
  tel: '20123456',
  cin: '01234567',
  is_current: true,
  date_naissance: '1975-06-01',
  adresse: 'Loge du rez-de-chaussée',
  charges_patronales: 'avec',
  salaire: 1100,
  salaire_brut: 1100,
  taux_charges_patronales: 16.57,
  taux_global_charges_patronales: '16.57%',
  montant_charges_patronales: 182.27,
  numero_cnss: '12345678-01',
  rib: '08 006 0123456789012 34',
  date_debut: '2015-01-01',
  date_fin: null,
  commentaire: null,
  has_paiements: true,
  total_paye: 1901,
  paiements: [paiementMars, paiementAncien],
};

export const agentEntretien: SalarieDetail = {
  id: 2,
  nom: 'Mounira Hamdi',
  poste: "Agent d'entretien",
  tel: '98765432',
  cin: null,
  is_current: false,
  date_naissance: null,
  adresse: null,
  charges_patronales: 'sans',
  salaire: 450.25,
  salaire_brut: null,
  taux_charges_patronales: null,
  taux_global_charges_patronales: null,
  montant_charges_patronales: null,
  numero_cnss: null,
  rib: null,
  date_debut: '2020-09-01',
  date_fin: '2025-08-31',
  commentaire: null,
  has_paiements: false,
  total_paye: 0,
  paiements: [],
};

export const salaries: Salarie[] = [concierge, agentEntretien].map(({ paiements: _p, ...salarie }) => salarie);

export const chargesPatronales: ChargePatronalePaiement[] = [
  {
    id: 71,
    titre: 'CNSS 1er trimestre 2026',
    montant: 546.81,
    date_paiement: '2026-04-15',
    methode_paiement: 'enligne',
    reference_piece_justificative: 'CNSS-T1',
    commentaire: null,
    compte_id: 1,
    is_closed: false,
  },
  {
    id: 61,
    titre: 'CNSS 4e trimestre 2024',
    montant: 520,
    date_paiement: '2025-01-15',
    methode_paiement: 'cheque',
    reference_piece_justificative: null,
    commentaire: null,
    compte_id: 1,
    is_closed: true,
  },
];

/** The payroll's routes answering the data above; `routes` override or add. */
export function salairesServer(user = tresorier, routes: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/salaries': () => json(200, { success: true, salaries }),
    'GET /api/salaries/details': (request) => {
      const id = Number(new URL(request.url).searchParams.get('id'));
      const salarie = [concierge, agentEntretien].find((candidate) => candidate.id === id);
      return salarie
        ? json(200, { success: true, salarie })
        : json(404, { success: false, code: 'salarie_inconnu', message: 'Salarié inconnu.' });
    },
    'GET /api/charges-patronales': () => json(200, { success: true, paiements: chargesPatronales }),
    ...routes,
  });
}

export function bodyOf(request: { body: string } | undefined): unknown {
  return JSON.parse(request?.body ?? 'null');
}
