import { generatedApi } from '@/api/generated';

export type { Cheque, CompteChoix, Remise } from '@/api/generated';

/**
 * The cheque deposits' endpoints (spec 2 §7 "Banking", docs/api-banque.md "Cheque deposits")
 * with the cache tags the generator cannot know. The pending cheques also follow the
 * collections (`cotisations`: a payment by cheque adds one, a cancelled one goes). Creating or
 * deleting a deposit changes the reconciliation and the accounts' balances (`banque`,
 * `Rapprochement`, `RemisesCheques`) and what each cheque's payment may still do (`cotisations`:
 * a deposited cheque cannot be corrected). Pages read these endpoints through the hooks of this
 * file, so the tags are set before the first request.
 */
const CHANGES = ['remises-cheques', 'RemisesCheques', 'Rapprochement', 'banque', 'cotisations'] as const;

export const remisesChequesApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getRemisesCheques: { providesTags: ['remises-cheques', 'RemisesCheques'] },
    getChequesEnAttente: { providesTags: ['remises-cheques', 'RemisesCheques', 'cotisations'] },
    createRemiseCheques: { invalidatesTags: [...CHANGES] },
    supprimerRemiseCheques: { invalidatesTags: [...CHANGES] },
  },
});

export const {
  useGetRemisesChequesQuery,
  useGetChequesEnAttenteQuery,
  useCreateRemiseChequesMutation,
  useSupprimerRemiseChequesMutation,
} = remisesChequesApi;
