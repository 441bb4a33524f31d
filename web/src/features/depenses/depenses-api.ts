import {
  generatedApi,
  type Charge,
  type ChargeDetail,
  type ChargeResponse,
  type Document as DocumentDepense,
  type EtatPaiementDepense,
  type MethodePaiementDepenseApi,
  type ModifierPaiementRequest,
  type PayerRequest,
  type Travaux,
  type TravauxDetail,
  type TravauxResponse,
} from '@/api/generated';
import type { components } from '@/api/schema';

export type {
  Categorie,
  CategorieRequest,
  Charge,
  ChargeDetail,
  Fournisseur,
  FournisseurRequest,
  Gouvernorat,
  PaiementDepense,
  Travaux,
  TravauxDetail,
  TypeFournisseur,
} from '@/api/generated';

/*
 * The expenses' endpoints (spec 2 §7 "Categories and suppliers", "Charges", "Works";
 * docs/api-depenses.md), generated from the server's OpenAPI document, with the cache tags the
 * generator cannot know. Pages take every hook from here, so the tags are set before the first
 * request.
 *
 * - A charge or works item shows its supplier's and category's names: the lists and details
 *   provide `fournisseurs` and `categories` too, so a supplier or category created or renamed
 *   (also from a charge's form) refetches them. The categories' and suppliers' lists provide
 *   `charges` and `travaux` (their `utilisee` / `utilise` flag follows the records).
 * - Recording, editing or deleting a record posts to the books (`comptabilite`); the
 *   reconciliation words an expense's payment with the record's title and its supplier's name.
 * - A payment leaves a bank account: its balance and the reconciliation (`banque`,
 *   `Rapprochement`, spec 2 §4 "Invalidation") and the books (`comptabilite`) follow.
 *
 * The creation and the edit of a record are multipart forms with their files: the generator
 * cannot send those (web/openapi-config.cjs leaves them out), so they are written here with a
 * FormData body, which the base query sends as is, with the browser's multipart type.
 */

export type DepenseKind = 'charges' | 'travaux';

/** The names the expenses' pages use for the generated types. */
export type { DocumentDepense };
export type EtatPaiement = EtatPaiementDepense;
export type MethodePaiementDepense = MethodePaiementDepenseApi;

/** A charge or a works item as the shared screens read it (works add the approval). */
export type Depense = Charge & Partial<Omit<Travaux, keyof Charge>>;
export type DepenseDetail = ChargeDetail & Partial<Omit<TravauxDetail, keyof ChargeDetail>>;

/** The text fields and files of a record's multipart form, as the server's document names them. */
export type DepenseFormField = keyof components['schemas']['TravauxFormulaire'];

const BASE: Record<DepenseKind, string> = { charges: '/charges-courantes', travaux: '/travaux' };

/** A record changed: the lists, the books, and the reconciliation's wording of its payments. */
const RECORD = ['comptabilite', 'Rapprochement'] as const;
/** A payment: the bank's balances and reconciliation, and the books. */
const MONEY = ['banque', 'Rapprochement', 'comptabilite'] as const;
/** What a record's list or detail shows besides the record. */
const SHOWN_WITH_RECORDS = ['categories', 'fournisseurs'] as const;

export const depensesApi = generatedApi
  .enhanceEndpoints({
    endpoints: {
      // --- Categories ---
      getCategories: { providesTags: ['categories', 'charges', 'travaux'] },
      createCategorie: { invalidatesTags: ['categories'] },
      modifierCategorie: { invalidatesTags: ['categories', 'comptabilite'] },
      supprimerCategorie: { invalidatesTags: ['categories'] },
      // --- Suppliers ---
      getFournisseurs: { providesTags: ['fournisseurs', 'charges', 'travaux'] },
      // A fixed list (spec 2 §9: kept 10 minutes), no tag.
      getGouvernorats: { providesTags: [], keepUnusedDataFor: 600 },
      createFournisseur: { invalidatesTags: ['fournisseurs'] },
      createFournisseurDialog: { invalidatesTags: ['fournisseurs'] },
      modifierFournisseur: { invalidatesTags: ['fournisseurs', 'Rapprochement', 'comptabilite'] },
      supprimerFournisseur: { invalidatesTags: ['fournisseurs'] },
      // --- Charges ---
      getCharges: { providesTags: ['charges', ...SHOWN_WITH_RECORDS] },
      getCharge: { providesTags: ['charges', 'documents', ...SHOWN_WITH_RECORDS] },
      getChargesFournisseursCategories: { providesTags: [...SHOWN_WITH_RECORDS] },
      supprimerCharge: { invalidatesTags: ['charges', ...RECORD] },
      payerCharge: { invalidatesTags: ['charges', ...MONEY] },
      modifierPaiementCharge: { invalidatesTags: ['charges', ...MONEY] },
      supprimerPaiementCharge: { invalidatesTags: ['charges', ...MONEY] },
      // --- Works ---
      getTravaux: { providesTags: ['travaux', ...SHOWN_WITH_RECORDS] },
      getTravauxDetail: { providesTags: ['travaux', 'documents', ...SHOWN_WITH_RECORDS] },
      // The meetings and votes a works item or a budget may cite: a meeting or a vote created
      // in this session shows in the forms at once.
      getTravauxAgsVotes: { providesTags: ['assemblees', 'votes'] },
      supprimerTravaux: { invalidatesTags: ['travaux', ...RECORD] },
      payerTravaux: { invalidatesTags: ['travaux', ...MONEY] },
      modifierPaiementTravaux: { invalidatesTags: ['travaux', ...MONEY] },
      supprimerPaiementTravaux: { invalidatesTags: ['travaux', ...MONEY] },
      // --- Files ---
      supprimerFacture: { invalidatesTags: ['documents'] },
      supprimerDevis: { invalidatesTags: ['documents'] },
    },
  })
  .injectEndpoints({
    endpoints: (build) => ({
      /** Multipart creation (`titre, montant, date_facture, …, factures[], devis[]`). */
      creerDepense: build.mutation<ChargeResponse | TravauxResponse, DepenseForm>({
        query: ({ kind, body }) => ({ url: `${BASE[kind]}/creer`, method: 'POST', body }),
        invalidatesTags: (_result, _error, { kind }) => [kind, ...RECORD],
      }),
      /** Multipart edit (`id` + the creation's fields; files sent are added). */
      modifierDepense: build.mutation<ChargeResponse | TravauxResponse, DepenseForm>({
        query: ({ kind, body }) => ({ url: `${BASE[kind]}/modifier`, method: 'POST', body }),
        invalidatesTags: (_result, _error, { kind }) => [kind, 'documents', ...RECORD],
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
  useGetChargesFournisseursCategoriesQuery,
  useGetTravauxAgsVotesQuery,
  useCreerDepenseMutation,
  useModifierDepenseMutation,
} = depensesApi;

const {
  useGetChargesQuery,
  useGetChargeQuery,
  useGetTravauxQuery,
  useGetTravauxDetailQuery,
  usePayerChargeMutation,
  usePayerTravauxMutation,
  useModifierPaiementChargeMutation,
  useModifierPaiementTravauxMutation,
  useSupprimerChargeMutation,
  useSupprimerTravauxMutation,
  useSupprimerPaiementChargeMutation,
  useSupprimerPaiementTravauxMutation,
  useSupprimerFactureMutation,
  useSupprimerDevisMutation,
} = depensesApi;

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
  const charge = useGetChargeQuery({ id: id ?? 0 }, { skip: kind !== 'charges' || id === null });
  const travaux = useGetTravauxDetailQuery({ id: id ?? 0 }, { skip: kind !== 'travaux' || id === null });
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

/** A mutation's trigger and whether it runs. */
type Trigger<Arg> = [(arg: Arg) => { unwrap: () => Promise<unknown> }, { isLoading: boolean }];

/** Pays a charge or works item (POST …/payer). */
export function usePayerDepense(kind: DepenseKind): Trigger<PayerRequest> {
  const [charge, chargeState] = usePayerChargeMutation();
  const [travaux, travauxState] = usePayerTravauxMutation();
  return kind === 'charges'
    ? [(payerRequest) => charge({ payerRequest }), chargeState]
    : [(payerRequest) => travaux({ payerRequest }), travauxState];
}

/**
 * Edits a payment (POST …/modifier-paiement): `depenseId` goes as `charge_id` or `travaux_id`
 * (informative for the server, which reads the record from the payment).
 */
export function useModifierPaiementDepense(
  kind: DepenseKind,
): Trigger<Omit<ModifierPaiementRequest, 'charge_id' | 'travaux_id'> & { depenseId: number }> {
  const [charge, chargeState] = useModifierPaiementChargeMutation();
  const [travaux, travauxState] = useModifierPaiementTravauxMutation();
  return kind === 'charges'
    ? [({ depenseId, ...rest }) => charge({ modifierPaiementRequest: { ...rest, charge_id: depenseId } }), chargeState]
    : [
        ({ depenseId, ...rest }) => travaux({ modifierPaiementRequest: { ...rest, travaux_id: depenseId } }),
        travauxState,
      ];
}

/** Deletes a charge or works item without payments (POST …/supprimer). */
export function useSupprimerDepense(kind: DepenseKind): Trigger<number> {
  const [charge, chargeState] = useSupprimerChargeMutation();
  const [travaux, travauxState] = useSupprimerTravauxMutation();
  return kind === 'charges'
    ? [(id) => charge({ idRequest: { id } }), chargeState]
    : [(id) => travaux({ idRequest: { id } }), travauxState];
}

/** Deletes a payment (POST …/supprimer-paiement). */
export function useSupprimerPaiementDepense(kind: DepenseKind): Trigger<number> {
  const [charge, chargeState] = useSupprimerPaiementChargeMutation();
  const [travaux, travauxState] = useSupprimerPaiementTravauxMutation();
  return kind === 'charges'
    ? [(id) => charge({ idRequest: { id } }), chargeState]
    : [(id) => travaux({ idRequest: { id } }), travauxState];
}

/** Removes one attached file: an invoice (`/factures/supprimer`) or a quote (`/devis/supprimer`). */
export function useSupprimerDocument(): Trigger<DocumentDepense> {
  const [facture, factureState] = useSupprimerFactureMutation();
  const [devis, devisState] = useSupprimerDevisMutation();
  return [
    (document) => (document.type === 'devis' ? devis : facture)({ idRequest: { id: document.id } }),
    { isLoading: factureState.isLoading || devisState.isLoading },
  ];
}
