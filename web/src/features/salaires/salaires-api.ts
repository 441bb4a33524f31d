import { generatedApi } from '@/api/generated';

/*
 * The payroll's endpoints (spec 2 §7 "Salaries and employer charges"; docs/api-salaires.md).
 * Written by hand until the server's routes are in the OpenAPI document; the pages take every
 * hook from here.
 *
 * - An employee's payments and the employer charges post to the books (`comptabilite`); a payment
 *   by cheque or transfer leaves the main bank account: its balance and reconciliation follow
 *   (`banque`, `Rapprochement`, spec 2 §4 "Invalidation").
 */

export type MethodePaiementSalaire = 'espece' | 'cheque' | 'virement';
export type MethodePaiementChargePatronale = 'espece' | 'cheque' | 'virement' | 'tpe' | 'enligne';
export type Declarations = 'avec' | 'sans';

export interface Salarie {
  id: number;
  nom: string;
  poste: string;
  tel: string;
  cin: string | null;
  is_current: boolean;
  date_naissance: string | null;
  adresse: string | null;
  charges_patronales: Declarations;
  /** The monthly salary declared, DT (the gross one with employer charges): always set. */
  salaire: number;
  /** The gross salary with employer charges ("avec"), DT; null without. */
  salaire_brut: number | null;
  /** The employer charges' overall rate, percent (16.57) with "avec"; null without. */
  taux_charges_patronales: number | null;
  /** The same rate as the form writes it ("16.57%"), or null. */
  taux_global_charges_patronales: string | null;
  /** The employer charges of a month, DT (gross salary × rate); null without. */
  montant_charges_patronales: number | null;
  numero_cnss: string | null;
  rib: string | null;
  date_debut: string;
  date_fin: string | null;
  commentaire: string | null;
  has_paiements: boolean;
  /** What its salary payments add up to, DT. */
  total_paye: number;
}

export interface PaiementSalaire {
  id: number;
  salarie_id: number;
  salarie_nom: string;
  /** The month paid, `yyyy-MM`. */
  mois: string;
  montant: number;
  date_paiement: string;
  methode_paiement: MethodePaiementSalaire;
  reference_piece_justificative: string | null;
  commentaire: string | null;
  /** The bank account it left; null for cash. */
  compte_id: number | null;
  is_closed: boolean;
}

export interface SalarieDetail extends Salarie {
  paiements: PaiementSalaire[];
}

export interface SalarieRequest {
  nom: string;
  poste: string;
  tel: string;
  cin: string | null;
  charges_patronales: Declarations;
  salaire: number | null;
  salaire_brut: number | null;
  taux_global_charges_patronales: string | null;
  numero_cnss: string | null;
  rib: string | null;
  date_naissance: string | null;
  adresse: string | null;
  date_debut: string;
  date_fin: string | null;
  commentaire: string | null;
}

export interface PaiementSalaireRequest {
  salarie_id: number;
  mois: string;
  montant: number;
  date_paiement: string;
  methode_paiement: MethodePaiementSalaire;
  reference_piece_justificative: string | null;
  commentaire: string | null;
}

export interface ChargePatronalePaiement {
  id: number;
  titre: string;
  montant: number;
  date_paiement: string;
  methode_paiement: MethodePaiementChargePatronale;
  reference_piece_justificative: string | null;
  commentaire: string | null;
  compte_id: number | null;
  is_closed: boolean;
}

export interface ChargePatronaleRequest {
  titre: string;
  montant: number;
  date_paiement: string;
  methode_paiement: MethodePaiementChargePatronale;
  reference_piece_justificative: string | null;
  commentaire: string | null;
}

/** A payment: the bank's balances and reconciliation, and the books. */
const MONEY = ['banque', 'Rapprochement', 'comptabilite'] as const;

export const salairesApi = generatedApi.enhanceEndpoints({ addTagTypes: ['salaires'] }).injectEndpoints({
  endpoints: (build) => ({
    getSalaries: build.query<{ salaries: Salarie[] }, void>({
      query: () => ({ url: '/api/salaries' }),
      providesTags: ['salaires'],
    }),
    getSalarie: build.query<{ salarie: SalarieDetail }, { id: number }>({
      query: ({ id }) => ({ url: '/api/salaries/details', params: { id } }),
      providesTags: ['salaires'],
    }),
    creerSalarie: build.mutation<{ salarie: SalarieDetail }, SalarieRequest>({
      query: (body) => ({ url: '/api/salaries/creer', method: 'POST', body }),
      invalidatesTags: ['salaires'],
    }),
    modifierSalarie: build.mutation<{ salarie: SalarieDetail }, SalarieRequest & { id: number }>({
      query: ({ id, ...body }) => ({ url: '/api/salaries/modifier', method: 'POST', params: { id }, body }),
      invalidatesTags: ['salaires', 'Rapprochement', 'comptabilite'],
    }),
    supprimerSalarie: build.mutation<unknown, { id: number }>({
      query: (body) => ({ url: '/api/salaries/supprimer', method: 'POST', body }),
      invalidatesTags: ['salaires'],
    }),
    payerSalaire: build.mutation<{ paiement: PaiementSalaire }, PaiementSalaireRequest>({
      query: (body) => ({ url: '/api/salaires/payer', method: 'POST', body }),
      invalidatesTags: ['salaires', ...MONEY],
    }),
    modifierPaiementSalaire: build.mutation<{ paiement: PaiementSalaire }, PaiementSalaireRequest & { id: number }>({
      query: ({ id, ...body }) => ({ url: '/api/salaires/paiement/modifier', method: 'POST', params: { id }, body }),
      invalidatesTags: ['salaires', ...MONEY],
    }),
    supprimerPaiementSalaire: build.mutation<unknown, { id: number }>({
      query: (body) => ({ url: '/api/salaires/paiement/supprimer', method: 'POST', body }),
      invalidatesTags: ['salaires', ...MONEY],
    }),
    getChargesPatronales: build.query<{ paiements: ChargePatronalePaiement[] }, void>({
      query: () => ({ url: '/api/charges-patronales' }),
      providesTags: ['salaires'],
    }),
    creerChargePatronale: build.mutation<
      { charge_patronale_paiement: ChargePatronalePaiement },
      ChargePatronaleRequest
    >({
      query: (body) => ({ url: '/api/charges-patronales/creer', method: 'POST', body }),
      invalidatesTags: ['salaires', ...MONEY],
    }),
    modifierChargePatronale: build.mutation<
      { charge_patronale_paiement: ChargePatronalePaiement },
      ChargePatronaleRequest & { id: number }
    >({
      query: ({ id, ...body }) => ({ url: '/api/charges-patronales/modifier', method: 'POST', params: { id }, body }),
      invalidatesTags: ['salaires', ...MONEY],
    }),
    supprimerChargePatronale: build.mutation<unknown, { id: number }>({
      query: (body) => ({ url: '/api/charges-patronales/supprimer', method: 'POST', body }),
      invalidatesTags: ['salaires', ...MONEY],
    }),
  }),
});

export const {
  useGetSalariesQuery,
  useGetSalarieQuery,
  useCreerSalarieMutation,
  useModifierSalarieMutation,
  useSupprimerSalarieMutation,
  usePayerSalaireMutation,
  useModifierPaiementSalaireMutation,
  useSupprimerPaiementSalaireMutation,
  useGetChargesPatronalesQuery,
  useCreerChargePatronaleMutation,
  useModifierChargePatronaleMutation,
  useSupprimerChargePatronaleMutation,
} = salairesApi;
