import { generatedApi } from '@/api/generated';

/*
 * The financial archive's endpoint (spec 3 §7 "Fiscal years, archive, regulations";
 * docs/api-exercices.md "Financial archive"), written by hand while the server's route is being
 * built. The tree is kept 10 minutes (spec 3 §9). A file (`GET /archive/{path}`) is not an RTK
 * Query endpoint: a Blob has no place in the cache (`downloadFile` of api/download.ts, see
 * archive-page.tsx).
 */

export type ArchiveNodeType = 'folder' | 'file';

/** A folder or a file of the archive, as docs/api-exercices.md describes it. */
export interface ArchiveNode {
  /** "2024", "2024/dossier-de-cloture", "2024/dossier-de-cloture/tresorerie_2024.pdf". */
  path: string;
  /** The last part of the path. */
  name: string;
  /** What the server would show ("Exercice 2024", "Dossier de clôture", the file's title). */
  displayName: string;
  type: ArchiveNodeType;
  /** A file's extension, lower case; null for a folder. */
  format: string | null;
  /** A folder's nodes; [] for a file. */
  children: ArchiveNode[];
}

export interface ArchiveResponse {
  success: boolean;
  /** One folder per fiscal year, newest first. */
  archive: ArchiveNode[];
}

/** Ten minutes (spec 3 §9: archive). */
const TEN_MINUTES = 600;

export const archiveApi = generatedApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /archive (council). */
    archiveFinanciere: build.query<ArchiveResponse, void>({
      query: () => ({ url: '/api/archive' }),
      // Closing a year adds its closing pack; a charge or a work adds or removes an invoice.
      providesTags: ['exercices', 'charges', 'travaux', 'documents'],
      keepUnusedDataFor: TEN_MINUTES,
    }),
  }),
});

export const { useArchiveFinanciereQuery } = archiveApi;

/** /api/archive/{path}, each part of the path encoded. */
export function archiveFilePath(path: string): string {
  return `/api/archive/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** The node at `path` (a folder's path, "" for the root's children), or undefined. */
export function findNode(nodes: readonly ArchiveNode[], path: string): ArchiveNode | undefined {
  for (const node of nodes) {
    if (node.path === path) return node;
    if (node.type === 'folder' && path.startsWith(`${node.path}/`)) return findNode(node.children, path);
  }
  return undefined;
}
