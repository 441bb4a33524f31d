import { generatedApi } from '@/api/generated';

/*
 * The regulations' endpoints (spec 3 §7 "Fiscal years, archive, regulations", §3 "Archive node",
 * "Reglement creation"), written by hand while the server's routes are being built. The list is
 * kept 10 minutes (spec 3 §9). A file (`GET /reglements/{path}`) is not an RTK Query endpoint: a
 * Blob has no place in the cache (components/file-browser's `useCachedDownload`).
 */

/** A regulation, as a file of the rules browser. */
export interface ReglementNode {
  /** What follows `/api/reglements/` to download it (= `name`). */
  path: string;
  name: string;
  /** The title the president gave. */
  displayName: string;
  type: 'file';
  format: 'pdf';
  children: [];
  id: number;
  /** The current regulation (one at most). */
  is_current: boolean;
  commentaire: string | null;
  /** ISO date-time. */
  created_at: string;
}

export interface ReglementsResponse {
  success: boolean;
  /** The current one first, then the newest first. */
  reglements: ReglementNode[];
}

export interface ReglementCreeResponse {
  success: boolean;
  reglement: ReglementNode;
}

/** The multipart fields of a creation (`doc` the PDF). */
export type ReglementFormField = 'titre' | 'is_current' | 'commentaire' | 'doc';

/** Ten minutes (spec 3 §9: regulations). */
const TEN_MINUTES = 600;

// Names unlike the server's operation ids (getReglements, creerReglement, supprimerReglement): the
// generated client defines those, and an injected name already defined is ignored (the generated
// `supprimerReglement` takes `{ supprimerReglementRequest }`, so `{id}` would not be sent).
export const reglementsApi = generatedApi.enhanceEndpoints({ addTagTypes: ['reglements'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /reglements (any signed-in user of the residence). */
    listeReglements: build.query<ReglementsResponse, void>({
      query: () => ({ url: '/api/reglements' }),
      providesTags: ['reglements'],
      keepUnusedDataFor: TEN_MINUTES,
    }),
    /** POST /reglements/creer, multipart `titre, is_current ("1" | "0"), commentaire, doc` (president). */
    ajouterReglement: build.mutation<ReglementCreeResponse, FormData>({
      query: (body) => ({ url: '/api/reglements/creer', method: 'POST', body }),
      invalidatesTags: ['reglements'],
    }),
    /** POST /reglements/supprimer `{id}` (president). */
    retirerReglement: build.mutation<{ success: boolean }, number>({
      query: (id) => ({ url: '/api/reglements/supprimer', method: 'POST', body: { id } }),
      invalidatesTags: ['reglements'],
    }),
  }),
});

export const { useListeReglementsQuery, useAjouterReglementMutation, useRetirerReglementMutation } = reglementsApi;

/** /api/reglements/{path}, each part of the path encoded. */
export function reglementFilePath(path: string): string {
  return `/api/reglements/${path.split('/').map(encodeURIComponent).join('/')}`;
}
