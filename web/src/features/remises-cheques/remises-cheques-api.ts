import { baseApi } from '@/api/base-api';

/*
 * The cheque deposits' endpoints (spec 2 §7 "Banking", docs/api-banque.md "Cheque deposits"),
 * written by hand until the server's OpenAPI document has them.
 *
 * Tags: the deposits and the pending cheques provide `RemisesCheques`; the pending cheques also
 * follow the collections (`cotisations`: a payment by cheque adds one). Creating or deleting a
 * deposit changes the reconciliation (`Rapprochement`) and what each cheque's payment may still
 * do (`cotisations`: a deposited cheque cannot be corrected).
 */

/** An account as the selectors list it: the main account first, then by libellé. */
export interface CompteChoix {
  id: number;
  libelle: string;
  is_main: boolean;
}

/** A cheque received and not deposited, or one of a deposit. */
export interface Cheque {
  /** The payment's id within its origine. */
  id: number;
  origine: string;
  montant: number;
  date: string;
  reference: string | null;
  tireur: string | null;
  propriete: string | null;
  libelle: string;
}

export interface Remise {
  id: number;
  date: string;
  compte_id: number;
  compte_nom: string;
  reference: string | null;
  commentaire: string | null;
  montant: number;
  cheques: Cheque[];
  is_closed: boolean;
}

export interface RemisesAnswer {
  success: boolean;
  has_bank: boolean;
  remises: Remise[];
}

export interface ChequesEnAttenteAnswer {
  success: boolean;
  has_bank: boolean;
  comptes: CompteChoix[];
  cheques: Cheque[];
}

export interface RemiseRequest {
  compte_id: number;
  cheque_ids: number[];
  date: string;
  reference: string | null;
  commentaire: string | null;
}

export const remisesChequesApi = baseApi.enhanceEndpoints({ addTagTypes: ['cotisations'] }).injectEndpoints({
  endpoints: (build) => ({
    getRemisesCheques: build.query<RemisesAnswer, void>({
      query: () => ({ url: '/remises-cheques' }),
      providesTags: ['RemisesCheques'],
    }),
    getChequesEnAttente: build.query<ChequesEnAttenteAnswer, void>({
      query: () => ({ url: '/remises-cheques/cheques' }),
      providesTags: ['RemisesCheques', 'cotisations'],
    }),
    creerRemise: build.mutation<{ success: boolean; remise: Remise }, RemiseRequest>({
      query: (body) => ({ url: '/remises-cheques/creer', method: 'POST', body }),
      invalidatesTags: ['RemisesCheques', 'Rapprochement', 'banque', 'cotisations'],
    }),
    supprimerRemise: build.mutation<{ success: boolean }, { id: number }>({
      query: ({ id }) => ({ url: '/remises-cheques/supprimer', method: 'DELETE', params: { id } }),
      invalidatesTags: ['RemisesCheques', 'Rapprochement', 'banque', 'cotisations'],
    }),
  }),
});

export const {
  useGetRemisesChequesQuery,
  useGetChequesEnAttenteQuery,
  useCreerRemiseMutation,
  useSupprimerRemiseMutation,
} = remisesChequesApi;
