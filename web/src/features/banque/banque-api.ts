import {
  generatedApi,
  type CompteBancaire,
  type CompteChoix,
  type CompteRequest,
  type OperationBancaire,
  type OperationRequest,
  type Transfert,
  type TransfertRequest,
  type TypeCompte,
} from '@/api/generated';

/*
 * The bank's endpoints (spec 2 §7 "Banking", docs/api-banque.md), generated from the server's
 * OpenAPI document, with the cache tags the generator cannot know. Every bank route carries the
 * `banque` tag; an account's balance (`solde`) also moves with the cheque deposits
 * (`remises-cheques`) and the collections received by transfer (`cotisations`), so the accounts
 * list provides those too. Every change also invalidates the reconciliation (`Rapprochement`,
 * spec 2 §4 "Invalidation"). Pages take the hooks from here, so the tags are set before the first
 * request.
 */
export const banqueApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getComptesBancaires: { providesTags: ['banque', 'remises-cheques', 'cotisations', 'Rapprochement'] },
    createCompteBancaire: { invalidatesTags: ['banque', 'Rapprochement'] },
    modifierCompteBancaire: { invalidatesTags: ['banque', 'Rapprochement'] },
    supprimerCompteBancaire: { invalidatesTags: ['banque', 'Rapprochement'] },
    createOperationBancaire: { invalidatesTags: ['banque', 'Rapprochement'] },
    modifierOperationBancaire: { invalidatesTags: ['banque', 'Rapprochement'] },
    supprimerOperationBancaire: { invalidatesTags: ['banque', 'Rapprochement'] },
    createTransfert: { invalidatesTags: ['banque', 'Rapprochement'] },
    modifierTransfert: { invalidatesTags: ['banque', 'Rapprochement'] },
    supprimerTransfert: { invalidatesTags: ['banque', 'Rapprochement'] },
  },
});

export const {
  useGetComptesBancairesQuery,
  useCreateCompteBancaireMutation,
  useModifierCompteBancaireMutation,
  useSupprimerCompteBancaireMutation,
  useGetOperationsBancairesQuery,
  useCreateOperationBancaireMutation,
  useModifierOperationBancaireMutation,
  useSupprimerOperationBancaireMutation,
  useGetTransfertsQuery,
  useCreateTransfertMutation,
  useModifierTransfertMutation,
  useSupprimerTransfertMutation,
} = banqueApi;

/** The names the bank's pages use for the generated types. */
export type Compte = CompteBancaire;
export type Operation = OperationBancaire;
export type { CompteChoix, CompteRequest, OperationRequest, Transfert, TransfertRequest, TypeCompte };
/** An operation as its form sends it, the account aside (it does not change on edit). */
export type OperationFields = Omit<OperationRequest, 'compte'>;
/** The answer of GET /banque/operations. */
export type { OperationsResponse as OperationsAnswer } from '@/api/generated';
