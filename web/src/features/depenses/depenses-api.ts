import { generatedApi } from '@/api/generated';
import type {
  AgVoteChoix,
  Categorie,
  CategorieChoix,
  CategorieRequest,
  Charge,
  ChargeDetail,
  Fournisseur,
  FournisseurChoix,
  FournisseurDialogRequest,
  FournisseurRequest,
  Gouvernorat,
  ModifierPaiementRequest,
  PaiementDepense,
  PaiementRequest,
  Travaux,
  TravauxDetail,
} from './depenses-types';

export type * from './depenses-types';

/*
 * The expenses' endpoints (spec 2 §7 "Categories and suppliers", "Charges", "Works";
 * docs/api-depenses.md). Written by hand against the contract until schemas/openapi.json has
 * the paths; then the JSON calls come from `npm run gen:api` (this file enhances them with the
 * tags below, as banque-api.ts does) and only the multipart creations and edits stay here (their
 * body is a FormData, which the base query sends as is, with the browser's multipart type).
 *
 * Every expense call carries the `depenses` tag: a supplier or category created from a charge's
 * form shows in its choices, a payment changes the list's remaining amounts. A payment also leaves
 * a bank account (its balance, the reconciliation: spec 2 §4 "Invalidation") and is posted in the
 * books, so payments invalidate those tags too.
 */

export type DepenseKind = 'charges' | 'travaux';

/** A charge or a works item as the shared screens read it (works add the approval). */
export type Depense = Charge & Partial<Omit<Travaux, keyof Charge>>;
export type DepenseDetail = ChargeDetail & Partial<Omit<TravauxDetail, keyof ChargeDetail>>;

const BASE: Record<DepenseKind, string> = { charges: '/charges-courantes', travaux: '/travaux' };

const PAIEMENT_TAGS = ['depenses', 'banque', 'Rapprochement', 'comptabilite'] as const;

export const depensesApi = generatedApi.enhanceEndpoints({ addTagTypes: ['depenses'] }).injectEndpoints({
  endpoints: (build) => ({
    // --- Categories ---
    getCategories: build.query<{ success: boolean; categories: Categorie[] }, void>({
      query: () => ({ url: '/categories' }),
      providesTags: ['depenses'],
    }),
    createCategorie: build.mutation<{ success: boolean; categorie: Categorie }, CategorieRequest>({
      query: (body) => ({ url: '/categories/creer', method: 'POST', body }),
      invalidatesTags: ['depenses'],
    }),
    modifierCategorie: build.mutation<{ success: boolean; categorie: Categorie }, CategorieRequest & { id: number }>({
      query: (body) => ({ url: '/categories/modifier', method: 'POST', body }),
      invalidatesTags: ['depenses'],
    }),
    supprimerCategorie: build.mutation<{ success: boolean }, { categorie_id: number }>({
      query: (body) => ({ url: '/categories/supprimer', method: 'POST', body }),
      invalidatesTags: ['depenses'],
    }),
    // --- Suppliers ---
    getFournisseurs: build.query<{ success: boolean; fournisseurs: Fournisseur[] }, void>({
      query: () => ({ url: '/fournisseurs' }),
      providesTags: ['depenses'],
    }),
    getGouvernorats: build.query<{ success: boolean; gouvernorats: Gouvernorat[] }, void>({
      query: () => ({ url: '/fournisseurs/gouvernorats' }),
      // Fixed list (spec 2 §9: 10 minutes).
      keepUnusedDataFor: 600,
    }),
    createFournisseur: build.mutation<{ success: boolean; fournisseur: Fournisseur }, FournisseurRequest>({
      query: (body) => ({ url: '/fournisseurs/creer', method: 'POST', body }),
      invalidatesTags: ['depenses'],
    }),
    createFournisseurDialog: build.mutation<{ success: boolean; fournisseur: Fournisseur }, FournisseurDialogRequest>({
      query: (body) => ({ url: '/fournisseurs/creer-dialog', method: 'POST', body }),
      invalidatesTags: ['depenses'],
    }),
    modifierFournisseur: build.mutation<
      { success: boolean; fournisseur: Fournisseur },
      FournisseurRequest & { id: number }
    >({
      query: (body) => ({ url: '/fournisseurs/modifier', method: 'POST', body }),
      invalidatesTags: ['depenses'],
    }),
    supprimerFournisseur: build.mutation<{ success: boolean }, { fournisseur_id: number }>({
      query: (body) => ({ url: '/fournisseurs/supprimer', method: 'POST', body }),
      invalidatesTags: ['depenses'],
    }),
    // --- Charges and works ---
    getCharges: build.query<{ success: boolean; charges: Charge[] }, void>({
      query: () => ({ url: '/charges-courantes' }),
      providesTags: ['depenses'],
    }),
    getTravaux: build.query<{ success: boolean; travaux: Travaux[] }, void>({
      query: () => ({ url: '/travaux' }),
      providesTags: ['depenses'],
    }),
    getFournisseursCategories: build.query<
      { success: boolean; fournisseurs: FournisseurChoix[]; categories: CategorieChoix[] },
      void
    >({
      query: () => ({ url: '/charges-courantes/fournisseurs-categories' }),
      providesTags: ['depenses'],
    }),
    getAgsVotes: build.query<{ success: boolean; ags: AgVoteChoix[]; votes: AgVoteChoix[] }, void>({
      query: () => ({ url: '/travaux/ags-votes' }),
      keepUnusedDataFor: 600,
    }),
    getChargeDetails: build.query<{ success: boolean; charge: ChargeDetail }, number>({
      query: (id) => ({ url: '/charges-courantes/details-files', params: { id } }),
      providesTags: ['depenses'],
    }),
    getTravauxDetails: build.query<{ success: boolean; travaux: TravauxDetail }, number>({
      query: (id) => ({ url: '/travaux/details-files', params: { id } }),
      providesTags: ['depenses'],
    }),
    /** Multipart creation (`titre, montant, date_facture, …, factures[], devis[]`). */
    creerDepense: build.mutation<{ success: boolean; charge?: ChargeDetail; travaux?: TravauxDetail }, DepenseForm>({
      query: ({ kind, body }) => ({ url: `${BASE[kind]}/creer`, method: 'POST', body }),
      invalidatesTags: ['depenses'],
    }),
    /** Multipart edit (`id` + the creation's fields; files sent are added). */
    modifierDepense: build.mutation<{ success: boolean; charge?: ChargeDetail; travaux?: TravauxDetail }, DepenseForm>({
      query: ({ kind, body }) => ({ url: `${BASE[kind]}/modifier`, method: 'POST', body }),
      invalidatesTags: ['depenses'],
    }),
    supprimerDepense: build.mutation<{ success: boolean }, { kind: DepenseKind; id: number }>({
      query: ({ kind, id }) => ({ url: `${BASE[kind]}/supprimer`, method: 'POST', body: { id } }),
      invalidatesTags: [...PAIEMENT_TAGS],
    }),
    payerDepense: build.mutation<
      { success: boolean; paiement: PaiementDepense },
      { kind: DepenseKind; body: PaiementRequest }
    >({
      query: ({ kind, body }) => ({ url: `${BASE[kind]}/payer`, method: 'POST', body }),
      invalidatesTags: [...PAIEMENT_TAGS],
    }),
    modifierPaiementDepense: build.mutation<
      { success: boolean; paiement: PaiementDepense },
      { kind: DepenseKind; body: ModifierPaiementRequest }
    >({
      query: ({ kind, body: { depense_id, ...rest } }) => ({
        url: `${BASE[kind]}/modifier-paiement`,
        method: 'POST',
        body: { ...rest, [kind === 'charges' ? 'charge_id' : 'travaux_id']: depense_id },
      }),
      invalidatesTags: [...PAIEMENT_TAGS],
    }),
    supprimerPaiementDepense: build.mutation<{ success: boolean }, { kind: DepenseKind; id: number }>({
      query: ({ kind, id }) => ({ url: `${BASE[kind]}/supprimer-paiement`, method: 'POST', body: { id } }),
      invalidatesTags: [...PAIEMENT_TAGS],
    }),
    /** Removes one attached file (`/factures/supprimer` or `/devis/supprimer`). */
    supprimerDocument: build.mutation<{ success: boolean }, { type: 'facture' | 'devis'; id: number }>({
      query: ({ type, id }) => ({
        url: type === 'facture' ? '/factures/supprimer' : '/devis/supprimer',
        method: 'POST',
        body: { id },
      }),
      invalidatesTags: ['depenses'],
    }),
  }),
});

/** A multipart creation or edit: the form's FormData, to the charges' or the works' route. */
export interface DepenseForm {
  kind: DepenseKind;
  body: FormData;
}

export const {
  useGetCategoriesQuery,
  useCreateCategorieMutation,
  useModifierCategorieMutation,
  useSupprimerCategorieMutation,
  useGetFournisseursQuery,
  useGetGouvernoratsQuery,
  useCreateFournisseurMutation,
  useCreateFournisseurDialogMutation,
  useModifierFournisseurMutation,
  useSupprimerFournisseurMutation,
  useGetFournisseursCategoriesQuery,
  useGetAgsVotesQuery,
  useCreerDepenseMutation,
  useModifierDepenseMutation,
  useSupprimerDepenseMutation,
  usePayerDepenseMutation,
  useModifierPaiementDepenseMutation,
  useSupprimerPaiementDepenseMutation,
  useSupprimerDocumentMutation,
} = depensesApi;

const { useGetChargesQuery, useGetTravauxQuery, useGetChargeDetailsQuery, useGetTravauxDetailsQuery } = depensesApi;

/** The list of one kind (charges or works), the other kind's query skipped. */
export function useDepenses(kind: DepenseKind) {
  const charges = useGetChargesQuery(undefined, { skip: kind !== 'charges' });
  const travaux = useGetTravauxQuery(undefined, { skip: kind !== 'travaux' });
  const query = kind === 'charges' ? charges : travaux;
  const data: Depense[] | undefined = kind === 'charges' ? charges.data?.charges : travaux.data?.travaux;
  return {
    data,
    isLoading: query.isLoading,
    isError: query.isError,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

/** One charge or works item with its files and payments (`null` id: skipped). */
export function useDepenseDetail(kind: DepenseKind, id: number | null) {
  const charge = useGetChargeDetailsQuery(id ?? 0, { skip: kind !== 'charges' || id === null });
  const travaux = useGetTravauxDetailsQuery(id ?? 0, { skip: kind !== 'travaux' || id === null });
  const query = kind === 'charges' ? charge : travaux;
  const data: DepenseDetail | undefined = kind === 'charges' ? charge.data?.charge : travaux.data?.travaux;
  return {
    data,
    isLoading: query.isLoading,
    isError: query.isError,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
