import { generatedApi } from '@/api/generated';

/**
 * The revenue endpoints with the cache tags the generator cannot know. The generated client tags
 * each endpoint with its OpenAPI tag only (`cotisations`); the answers below also show payer
 * names (`proprietaire`, `occupant_nom`), which follow the occupancy history: they provide the
 * `proprietes` tag too, so that creating, editing or deleting an occupation, or editing its
 * occupant, refetches them. Pages read these endpoints through the hooks of this file, so the
 * tags are set before the first request.
 */
export const cotisationsApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getProprietesSoldes: { providesTags: ['cotisations', 'proprietes'] },
    getCotisationDetails: { providesTags: ['cotisations', 'proprietes'] },
    getHistoriquePaiements: { providesTags: ['cotisations', 'proprietes'] },
  },
});

export const { useGetProprietesSoldesQuery, useGetCotisationDetailsQuery, useGetHistoriquePaiementsQuery } =
  cotisationsApi;
