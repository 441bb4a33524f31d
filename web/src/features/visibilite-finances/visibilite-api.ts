import { generatedApi } from '@/api/generated';

export type { BulkSyncRequest, ChangementVisibilite, Visibilite, VisibiliteUser } from '@/api/generated';

/*
 * The visibility rights (spec 3 §7 "Allocation and visibility"; docs/api-visibilite.md),
 * generated from the server's OpenAPI document. Kept 10 minutes (spec 3 §9 "visibility 10
 * minutes"); a change refetches the list.
 */
export const visibiliteApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getVisibiliteFinances: { providesTags: ['visibilite-finances'], keepUnusedDataFor: 600 },
    syncVisibiliteUser: { invalidatesTags: ['visibilite-finances'] },
    bulkSyncVisibilite: { invalidatesTags: ['visibilite-finances'] },
    // The history follows every change (the same tag).
    getVisibiliteHistorique: { providesTags: ['visibilite-finances'] },
  },
});

export const {
  useGetVisibiliteFinancesQuery,
  useSyncVisibiliteUserMutation,
  useBulkSyncVisibiliteMutation,
  useGetVisibiliteHistoriqueQuery,
} = visibiliteApi;
