import { generatedApi } from '@/api/generated';

export type {
  CompteChoix,
  DescriptionLigne,
  ExerciceChoix,
  LigneRapprochement,
  RapprochementResponse,
  TableLigne,
  TypeOperation,
} from '@/api/generated';

/**
 * The reconciliation's endpoints (spec 2 §7 "Banking", docs/api-banque.md "Reconciliation") with
 * the cache tags the generator cannot know. The reconciliation provides `banque` (every bank
 * change invalidates it: accounts, operations, transfers, pointing), `Rapprochement`,
 * `remises-cheques` (a deposit is a movement) and `cotisations` (a collection by transfer or
 * deposit is a movement of the account, spec 2 §4 "Invalidation"). Pointing and creating an
 * operation invalidate the reconciliation and the bank lists (an operation's bank date shows
 * there). Pages read these endpoints through the hooks of this file.
 */
export const rapprochementApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getRapprochement: { providesTags: ['banque', 'Rapprochement', 'remises-cheques', 'cotisations'] },
    pointerMouvement: { invalidatesTags: ['banque', 'Rapprochement'] },
    createOperationBancaire: { invalidatesTags: ['banque', 'Rapprochement'] },
  },
});

export const { useGetRapprochementQuery, usePointerMouvementMutation, useCreateOperationBancaireMutation } =
  rapprochementApi;
