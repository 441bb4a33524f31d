import { generatedApi } from '@/api/generated';
import type { OperationType } from './operation-kinds';

/*
 * The bank's endpoints (spec 2 §7 "Banking", docs/api-banque.md "Accounts", "Operations",
 * "Transfers"), written by hand until the server's OpenAPI document has them.
 *
 * Tags: every list provides `banque`. An account's balance (`solde`) also moves with the cheque
 * deposits (`RemisesCheques`, `Rapprochement`) and the collections received by transfer
 * (`cotisations`), so the accounts list provides those too. Every change invalidates `banque`
 * and the reconciliation (`Rapprochement`, spec 2 §4 "Invalidation").
 */

/** An account as the selectors list it: the main account first, then by libellé. */
export interface CompteChoix {
  id: number;
  libelle: string;
  is_main: boolean;
}

export type TypeCompte = 'courant' | 'epargne';

export interface Compte {
  id: number;
  libelle: string;
  banque: string;
  type: TypeCompte;
  adresse_agence: string | null;
  rib: string | null;
  swift: string | null;
  iban: string | null;
  commentaire: string | null;
  is_main: boolean;
  solde_initial: number;
  date_solde_initial: string;
  /** The balance today from its movements. */
  solde: number;
  /** Delete is refused while the account has movements. */
  has_operations: boolean;
  /** Null without a RIB; false when its key does not check (accepted by the server). */
  rib_cle_valide: boolean | null;
}

export interface ComptesAnswer {
  success: boolean;
  has_bank: boolean;
  comptes: Compte[];
  comptes_bancaires: CompteChoix[];
}

export interface CompteRequest {
  libelle: string;
  banque: string;
  adresse_agence: string | null;
  type: TypeCompte;
  swift: string | null;
  rib: string | null;
  iban: string | null;
  commentaire: string | null;
  is_main: boolean;
  solde_initial?: number;
  date_solde_initial?: string;
}

export interface Operation {
  id: number;
  libelle: string;
  type: OperationType;
  montant: number;
  date: string;
  date_banque: string | null;
  commentaire: string | null;
  is_closed: boolean;
  compte_id: number;
}

export interface OperationsAnswer {
  success: boolean;
  has_bank: boolean;
  comptes: (CompteChoix & { operations: Operation[] })[];
}

export interface OperationRequest {
  libelle: string;
  type: OperationType;
  montant: number;
  date: string;
  date_banque: string | null;
  commentaire: string | null;
}

export interface Transfert {
  id: number;
  compte_source: { id: number; libelle: string };
  compte_destination: { id: number; libelle: string };
  montant: number;
  date: string;
  reference: string | null;
  commentaire: string | null;
  is_closed: boolean;
}

export interface TransfertsAnswer {
  success: boolean;
  has_bank: boolean;
  transferts: Transfert[];
  comptes_bancaires: CompteChoix[];
}

export interface TransfertRequest {
  compte_source: number;
  compte_destination: number;
  montant: number;
  date: string;
  reference: string | null;
  commentaire: string | null;
}

const CHANGES = ['banque', 'Rapprochement'] as const;

export const banqueApi = generatedApi.injectEndpoints({
  endpoints: (build) => ({
    getComptesBancaires: build.query<ComptesAnswer, void>({
      query: () => ({ url: '/api/banque/comptes' }),
      providesTags: ['banque', 'Rapprochement', 'RemisesCheques', 'cotisations'],
    }),
    createCompteBancaire: build.mutation<{ success: boolean; compte: Compte }, CompteRequest>({
      query: (body) => ({ url: '/api/banque/comptes/creer', method: 'POST', body }),
      invalidatesTags: [...CHANGES],
    }),
    updateCompteBancaire: build.mutation<{ success: boolean; compte: Compte }, CompteRequest & { id: number }>({
      query: (body) => ({ url: '/api/banque/comptes/modifier', method: 'POST', body }),
      invalidatesTags: [...CHANGES],
    }),
    deleteCompteBancaire: build.mutation<{ success: boolean }, { compte_id: number }>({
      query: (body) => ({ url: '/api/banque/comptes/supprimer', method: 'POST', body }),
      invalidatesTags: [...CHANGES],
    }),
    getOperationsBancaires: build.query<OperationsAnswer, { categorie: OperationType }>({
      query: ({ categorie }) => ({ url: '/api/banque/operations', params: { categorie } }),
      providesTags: ['banque'],
    }),
    createOperationBancaire: build.mutation<
      { success: boolean; operation: Operation },
      OperationRequest & { compte: number }
    >({
      query: (body) => ({ url: '/api/banque/operations/creer', method: 'POST', body }),
      invalidatesTags: [...CHANGES],
    }),
    updateOperationBancaire: build.mutation<
      { success: boolean; operation: Operation },
      OperationRequest & { id: number }
    >({
      query: (body) => ({ url: '/api/banque/operations/modifier', method: 'POST', body }),
      invalidatesTags: [...CHANGES],
    }),
    deleteOperationBancaire: build.mutation<{ success: boolean }, { operation_id: number }>({
      query: (body) => ({ url: '/api/banque/operations/supprimer', method: 'POST', body }),
      invalidatesTags: [...CHANGES],
    }),
    getTransferts: build.query<TransfertsAnswer, void>({
      query: () => ({ url: '/api/banque/operations/transferts' }),
      providesTags: ['banque'],
    }),
    createTransfert: build.mutation<{ success: boolean; transfert: Transfert }, TransfertRequest>({
      query: (body) => ({ url: '/api/banque/transferts/creer', method: 'POST', body }),
      invalidatesTags: [...CHANGES],
    }),
    updateTransfert: build.mutation<{ success: boolean; transfert: Transfert }, TransfertRequest & { id: number }>({
      query: (body) => ({ url: '/api/banque/transferts/modifier', method: 'POST', body }),
      invalidatesTags: [...CHANGES],
    }),
    deleteTransfert: build.mutation<{ success: boolean }, { transfert_id: number }>({
      query: (body) => ({ url: '/api/banque/transferts/supprimer', method: 'POST', body }),
      invalidatesTags: [...CHANGES],
    }),
  }),
});

export const {
  useGetComptesBancairesQuery,
  useCreateCompteBancaireMutation,
  useUpdateCompteBancaireMutation,
  useDeleteCompteBancaireMutation,
  useGetOperationsBancairesQuery,
  useCreateOperationBancaireMutation,
  useUpdateOperationBancaireMutation,
  useDeleteOperationBancaireMutation,
  useGetTransfertsQuery,
  useCreateTransfertMutation,
  useUpdateTransfertMutation,
  useDeleteTransfertMutation,
} = banqueApi;
