import { generatedApi } from '@/api/generated';

/*
 * The announcements' endpoints (spec 3 §3 "Annonce", §7 "Announcements"; issue 18), written by
 * hand while the server's routes are being built.
 *
 * Shapes the spec leaves open, chosen here (docs/decisions.md "Community screens (issue 18)"):
 * - the lists answer `{ success, annonces }`, newest first;
 * - `time` is the announcement's publication timestamp (RFC 3339), `date_fin` its last day
 *   (`yyyy-MM-dd`, included), `nom` its author's name;
 * - an announcement is active through its `date_fin` and archived the day after;
 * - creation answers `{ success, annonce }` (spec: {description, jours}, the end date being today
 *   plus `jours`), edition and deletion `{ success }`.
 * Kept 5 minutes (spec 3 §9).
 */

export interface Annonce {
  id: number;
  description: string;
  nom: string;
  date_fin: string;
  time: string;
}

export interface AnnoncesResponse {
  success: boolean;
  annonces: Annonce[];
}

const FIVE_MINUTES = 300;
const TAGS = ['annonces'] as const;

export const annoncesApi = generatedApi.enhanceEndpoints({ addTagTypes: TAGS }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /annonces/actives (both spaces). */
    annoncesActives: build.query<AnnoncesResponse, void>({
      query: () => ({ url: '/api/annonces/actives' }),
      providesTags: ['annonces'],
      keepUnusedDataFor: FIVE_MINUTES,
    }),
    /** GET /annonces/archivees (syndic). */
    annoncesArchivees: build.query<AnnoncesResponse, void>({
      query: () => ({ url: '/api/annonces/archivees' }),
      providesTags: ['annonces'],
      keepUnusedDataFor: FIVE_MINUTES,
    }),
    /** POST /annonces/creer {description, jours}. */
    annoncesCreer: build.mutation<{ success: boolean; annonce: Annonce }, { description: string; jours: number }>({
      query: (body) => ({ url: '/api/annonces/creer', method: 'POST', body }),
      invalidatesTags: ['annonces'],
    }),
    /** POST /annonces/modifier {id, description, date_fin}. */
    annoncesModifier: build.mutation<{ success: boolean }, { id: number; description: string; date_fin: string }>({
      query: (body) => ({ url: '/api/annonces/modifier', method: 'POST', body }),
      invalidatesTags: ['annonces'],
    }),
    /** POST /annonces/supprimer {id}. */
    annoncesSupprimer: build.mutation<{ success: boolean }, number>({
      query: (id) => ({ url: '/api/annonces/supprimer', method: 'POST', body: { id } }),
      invalidatesTags: ['annonces'],
    }),
  }),
});

export const {
  useAnnoncesActivesQuery,
  useAnnoncesArchiveesQuery,
  useAnnoncesCreerMutation,
  useAnnoncesModifierMutation,
  useAnnoncesSupprimerMutation,
} = annoncesApi;
