import { generatedApi } from '@/api/generated';

/*
 * The breakdown reports' endpoints (spec 3 §3 "Panne", "Comment", §7 "Pannes"; issue 18), written
 * by hand while the server's routes are being built.
 *
 * Shapes the spec leaves open, chosen here (docs/decisions.md "Community screens (issue 18)"):
 * - `GET /pannes` answers `{ success, mine, others }` with every status (archived ones only for
 *   the syndic); the lists hide `archive`, the archive page shows only it (spec 3 §2.7);
 * - `GET /pannes/details` answers `{ success, panne, commentaires }`, 404 for a deleted report;
 * - a photo (`attachements`) is `{ id, url, titre }`, `url` served to the residence's users;
 * - `POST /pannes/modifier` is JSON `{ id, description }` (photos only at creation and in
 *   comments, spec 3 §5); `POST /pannes/commentaire/modifier` is multipart `{ id, description,
 *   old_images[] (the ids of the photos kept), images[] (new ones) }`;
 * - `POST /pannes/etat/modifier` sends the status's name (`analyse`), answers `{ success, status }`;
 * - deleting a report whose status has left `ouvert` answers 422 `panne_statut_evolue`.
 * Kept 5 minutes (spec 3 §9).
 */

/** The statuses in their order (numbered 1 to 5 in the selector, spec 3 §3). */
export const STATUTS_PANNE = ['ouvert', 'analyse', 'reparation', 'resolu', 'archive'] as const;
export type StatutPanne = (typeof STATUTS_PANNE)[number];

export interface PhotoPanne {
  id: number;
  url: string;
  titre: string;
}

export interface AuteurPanne {
  id: number;
  nom: string;
}

export interface Panne {
  id: number;
  description: string;
  status: StatutPanne;
  user: AuteurPanne;
  /** `dd/mm/yyyy` (spec 3 §3). */
  date: string;
  /** `HH:mm`. */
  heure: string;
  attachements: PhotoPanne[];
}

export interface CommentairePanne {
  id: number;
  user: AuteurPanne;
  description: string;
  date: string;
  heure: string;
  attachements: PhotoPanne[];
}

export interface PannesResponse {
  success: boolean;
  mine: Panne[];
  others: Panne[];
}

export interface PanneDetailsResponse {
  success: boolean;
  panne: Panne;
  commentaires: CommentairePanne[];
}

const FIVE_MINUTES = 300;
const TAGS = ['pannes'] as const;

export const pannesApi = generatedApi.enhanceEndpoints({ addTagTypes: TAGS }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /pannes. */
    pannesListe: build.query<PannesResponse, void>({
      query: () => ({ url: '/api/pannes' }),
      providesTags: ['pannes'],
      keepUnusedDataFor: FIVE_MINUTES,
    }),
    /** GET /pannes/details?panneId. */
    pannesDetails: build.query<PanneDetailsResponse, number>({
      query: (panneId) => ({ url: '/api/pannes/details', params: { panneId } }),
      providesTags: (_result, _error, panneId) => [{ type: 'pannes', id: panneId }],
      keepUnusedDataFor: FIVE_MINUTES,
    }),
    /** POST /pannes/creer multipart {description, images[]}. */
    pannesCreer: build.mutation<{ success: boolean; panne: Panne }, FormData>({
      query: (body) => ({ url: '/api/pannes/creer', method: 'POST', body }),
      invalidatesTags: ['pannes'],
    }),
    /** POST /pannes/modifier {id, description} (its author). */
    pannesModifier: build.mutation<{ success: boolean }, { id: number; description: string }>({
      query: (body) => ({ url: '/api/pannes/modifier', method: 'POST', body }),
      invalidatesTags: ['pannes'],
    }),
    /** POST /pannes/supprimer {id} (its author, while `ouvert`). */
    pannesSupprimer: build.mutation<{ success: boolean }, number>({
      query: (id) => ({ url: '/api/pannes/supprimer', method: 'POST', body: { id } }),
      invalidatesTags: ['pannes'],
    }),
    /** POST /pannes/etat/modifier {status, panne_id} (syndic). */
    pannesChangerStatut: build.mutation<
      { success: boolean; status: StatutPanne },
      { status: StatutPanne; panne_id: number }
    >({
      query: (body) => ({ url: '/api/pannes/etat/modifier', method: 'POST', body }),
      invalidatesTags: ['pannes'],
    }),
    /** POST /pannes/commentaire/ajouter multipart {commentaire, panne_id, images[]}. */
    pannesCommenter: build.mutation<
      { success: boolean; commentaire: CommentairePanne },
      { panneId: number; body: FormData }
    >({
      query: ({ body }) => ({ url: '/api/pannes/commentaire/ajouter', method: 'POST', body }),
      invalidatesTags: (_result, _error, { panneId }) => [{ type: 'pannes', id: panneId }],
    }),
    /** POST /pannes/commentaire/modifier multipart {description, id, images[], old_images[]}. */
    pannesModifierCommentaire: build.mutation<{ success: boolean }, { panneId: number; body: FormData }>({
      query: ({ body }) => ({ url: '/api/pannes/commentaire/modifier', method: 'POST', body }),
      invalidatesTags: (_result, _error, { panneId }) => [{ type: 'pannes', id: panneId }],
    }),
    /** POST /pannes/commentaire/supprimer {id}. */
    pannesSupprimerCommentaire: build.mutation<{ success: boolean }, { panneId: number; id: number }>({
      query: ({ id }) => ({ url: '/api/pannes/commentaire/supprimer', method: 'POST', body: { id } }),
      invalidatesTags: (_result, _error, { panneId }) => [{ type: 'pannes', id: panneId }],
    }),
  }),
});

export const {
  usePannesListeQuery,
  usePannesDetailsQuery,
  usePannesCreerMutation,
  usePannesModifierMutation,
  usePannesSupprimerMutation,
  usePannesChangerStatutMutation,
  usePannesCommenterMutation,
  usePannesModifierCommentaireMutation,
  usePannesSupprimerCommentaireMutation,
} = pannesApi;
