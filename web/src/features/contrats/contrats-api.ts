import {
  generatedApi,
  type Client,
  type Contrat,
  type ContratDetail,
  type MethodePaiementContratApi,
  type PeriodiciteApi,
  type RevenuExceptionnel,
} from '@/api/generated';

/*
 * The contracts' endpoints (spec 1 §7 revenue contracts, clients, exceptional revenues; spec 2 §7
 * "Expense contracts"; docs/api-contrats.md). Revenue and expense contracts are one mechanism seen
 * from two sides (`ContratSide`): the same shapes, the same calls under `/contrats-revenus` or
 * `/contrats-depenses`; the pages take a side and read everything through the hooks below.
 *
 * - A contract's list and detail show its client's or supplier's name: they provide `clients` and
 *   `fournisseurs` too, so a client created or renamed (also from the contract form's dialog)
 *   refetches them.
 * - A payment moves money: the bank's balances and reconciliation (`banque`, `Rapprochement`), the
 *   books (`comptabilite`), and for a revenue cheque the pending cheques of the deposits
 *   (`RemisesCheques`, spec 2 §2 "Cheque deposit batches").
 * - The creation and the edit of a contract are multipart forms with their files (`docs[]`),
 *   written here with a FormData body, as the expenses' are.
 */

export type ContratSide = 'revenus' | 'depenses';

export type Periodicite = PeriodiciteApi;
export type MethodePaiementContrat = MethodePaiementContratApi;
/** An exceptional revenue's methods (spec 1 §3): no online payment. */
export type MethodePaiementRevenu = Exclude<MethodePaiementContratApi, 'enligne'>;

/**
 * The shapes of docs/api-contrats.md, as the server's document names them: a contract (list
 * item), with its files, payments and schedule (detail); a client; an exceptional revenue.
 */
export type {
  Client,
  Contrat,
  ContratDetail,
  Document as DocumentContrat,
  Gouvernorat,
  PaiementContrat,
  Periode,
  RevenuExceptionnel,
} from '@/api/generated';

export interface ClientRequest {
  nom: string;
  tel: string | null;
  email: string | null;
  adresse: string | null;
  ville: string | null;
  gouvernorat: number | null;
  activite: string | null;
  matricule_fiscal: string | null;
  commentaire: string | null;
}

export interface RevenuExceptionnelRequest {
  titre: string;
  montant: number;
  date_paiement: string;
  methode_paiement: MethodePaiementRevenu;
  reference_paiement: string | null;
  commentaire: string | null;
  client: number | null;
}

export interface PaiementContratRequest {
  montant: number;
  date_paiement: string;
  methode_paiement: MethodePaiementContrat;
  reference_paiement: string | null;
}

/** The contract fields of the multipart form, as the server names them. */
export type ContratFormField =
  | 'id'
  | 'titre'
  | 'montant'
  | 'dateDebut'
  | 'dateFin'
  | 'periodicite_paiement'
  | 'client'
  | 'fournisseur'
  | 'categorie'
  | 'commentaire'
  | 'docs[]';

const BASE: Record<ContratSide, string> = { revenus: '/api/contrats-revenus', depenses: '/api/contrats-depenses' };

/** A contract's list and detail name its client or supplier. */
const SHOWN_WITH_CONTRATS = ['clients', 'fournisseurs', 'categories'] as const;
/** A contract changed: the lists, the books and the reconciliation's wording of its payments. */
const RECORD = ['contrats', 'clients', 'fournisseurs', 'comptabilite', 'Rapprochement'] as const;
/** A payment: the bank, the books, and the pending cheques. */
const MONEY = ['contrats', 'banque', 'Rapprochement', 'comptabilite', 'RemisesCheques'] as const;

interface Success {
  success: boolean;
}

// Endpoint names differ from the generated ones (getClients, supprimerClient…): an injected name
// already defined would be ignored, with the generated argument shape.
export const contratsApi = generatedApi
  .enhanceEndpoints({
    addTagTypes: ['contrats', 'clients', 'revenus-exceptionnels'],
    endpoints: {
      // The supplier created from an expense contract's dialog shows in the contracts too.
      createFournisseurDialog: { invalidatesTags: ['fournisseurs'] },
      getChargesFournisseursCategories: { providesTags: ['fournisseurs', 'categories'] },
      getGouvernorats: { providesTags: [], keepUnusedDataFor: 600 },
    },
  })
  .injectEndpoints({
    endpoints: (build) => ({
      // --- Contracts, either side ---
      listeContrats: build.query<{ success: boolean; contrats: Contrat[] }, ContratSide>({
        query: (side) => ({ url: BASE[side] }),
        providesTags: ['contrats', ...SHOWN_WITH_CONTRATS],
      }),
      detailContrat: build.query<{ success: boolean; contrat: ContratDetail }, { side: ContratSide; id: number }>({
        query: ({ side, id }) => ({ url: `${BASE[side]}/details-files`, params: { id } }),
        providesTags: ['contrats', 'documents', ...SHOWN_WITH_CONTRATS],
      }),
      /** Multipart creation (`titre, montant, dateDebut, dateFin, client|fournisseur, …, docs[]`). */
      creerContrat: build.mutation<{ success: boolean; contrat: ContratDetail }, { side: ContratSide; body: FormData }>(
        {
          query: ({ side, body }) => ({ url: `${BASE[side]}/creer`, method: 'POST', body }),
          invalidatesTags: [...RECORD],
        },
      ),
      /** Multipart edit (`id` + the creation's fields; files sent are added). */
      modifierContrat: build.mutation<
        { success: boolean; contrat: ContratDetail },
        { side: ContratSide; body: FormData }
      >({
        query: ({ side, body }) => ({ url: `${BASE[side]}/modifier`, method: 'POST', body }),
        invalidatesTags: [...RECORD, 'documents'],
      }),
      supprimerContrat: build.mutation<Success, { side: ContratSide; id: number }>({
        query: ({ side, id }) => ({ url: `${BASE[side]}/supprimer`, method: 'POST', body: { id } }),
        invalidatesTags: [...RECORD],
      }),
      payerContrat: build.mutation<Success, { side: ContratSide; contratId: number; paiement: PaiementContratRequest }>(
        {
          query: ({ side, contratId, paiement }) => ({
            url: `${BASE[side]}/payer`,
            method: 'POST',
            body: { id: contratId, ...paiement },
          }),
          invalidatesTags: [...MONEY],
        },
      ),
      modifierPaiementContrat: build.mutation<
        Success,
        { side: ContratSide; contratId: number; paiementId: number; paiement: PaiementContratRequest }
      >({
        query: ({ side, contratId, paiementId, paiement }) => ({
          url: `${BASE[side]}/modifier-paiement`,
          method: 'POST',
          body: { id: paiementId, contrat_id: contratId, ...paiement },
        }),
        invalidatesTags: [...MONEY],
      }),
      supprimerPaiementContrat: build.mutation<Success, { side: ContratSide; paiementId: number }>({
        query: ({ side, paiementId }) => ({
          url: `${BASE[side]}/supprimer-paiement`,
          method: 'POST',
          body: { id: paiementId },
        }),
        invalidatesTags: [...MONEY],
      }),
      retirerDocumentContrat: build.mutation<Success, number>({
        query: (id) => ({ url: '/api/contrats-documents/supprimer', method: 'POST', body: { id } }),
        invalidatesTags: ['documents', 'contrats'],
      }),
      // --- Clients ---
      listeClients: build.query<{ success: boolean; clients: Client[] }, void>({
        query: () => ({ url: '/api/clients' }),
        providesTags: ['clients'],
      }),
      creerClient: build.mutation<{ success: boolean; client: Client }, ClientRequest>({
        query: (body) => ({ url: '/api/clients/creer', method: 'POST', body }),
        invalidatesTags: ['clients'],
      }),
      creerClientDialog: build.mutation<{ success: boolean; client: Client }, { nom: string; tel: string | null }>({
        query: (body) => ({ url: '/api/clients/creer-dialog', method: 'POST', body }),
        invalidatesTags: ['clients'],
      }),
      enregistrerClient: build.mutation<{ success: boolean; client: Client }, ClientRequest & { id: number }>({
        query: (body) => ({ url: '/api/clients/modifier', method: 'POST', body }),
        invalidatesTags: ['clients', 'contrats', 'revenus-exceptionnels', 'Rapprochement', 'RemisesCheques'],
      }),
      retirerClient: build.mutation<Success, number>({
        query: (clientId) => ({ url: '/api/clients/supprimer', method: 'POST', body: { client_id: clientId } }),
        invalidatesTags: ['clients'],
      }),
      // --- Exceptional revenues ---
      listeRevenusExceptionnels: build.query<{ success: boolean; data: RevenuExceptionnel[] }, void>({
        query: () => ({ url: '/api/revenus-exceptionnels' }),
        providesTags: ['revenus-exceptionnels', 'clients'],
      }),
      creerRevenuExceptionnel: build.mutation<
        { success: boolean; revenu: RevenuExceptionnel },
        RevenuExceptionnelRequest
      >({
        query: (body) => ({ url: '/api/revenus-exceptionnels/creer', method: 'POST', body }),
        invalidatesTags: [
          'revenus-exceptionnels',
          'clients',
          'banque',
          'Rapprochement',
          'comptabilite',
          'RemisesCheques',
        ],
      }),
      retirerRevenuExceptionnel: build.mutation<Success, number>({
        query: (id) => ({ url: '/api/revenus-exceptionnels/supprimer', method: 'POST', body: { id } }),
        invalidatesTags: [
          'revenus-exceptionnels',
          'clients',
          'banque',
          'Rapprochement',
          'comptabilite',
          'RemisesCheques',
        ],
      }),
    }),
  });

export const {
  useListeContratsQuery,
  useDetailContratQuery,
  useCreerContratMutation,
  useModifierContratMutation,
  useSupprimerContratMutation,
  usePayerContratMutation,
  useModifierPaiementContratMutation,
  useSupprimerPaiementContratMutation,
  useRetirerDocumentContratMutation,
  useListeClientsQuery,
  useCreerClientMutation,
  useCreerClientDialogMutation,
  useEnregistrerClientMutation,
  useRetirerClientMutation,
  useListeRevenusExceptionnelsQuery,
  useCreerRevenuExceptionnelMutation,
  useRetirerRevenuExceptionnelMutation,
  useGetChargesFournisseursCategoriesQuery,
  useGetGouvernoratsQuery,
  useCreateFournisseurDialogMutation,
} = contratsApi;
