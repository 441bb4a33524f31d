import { generatedApi, type Document } from '@/api/generated';

/*
 * The fiscal years' endpoints (spec 2 §7 "Budgets and fiscal years", spec 3 §7 "Fiscal years,
 * archive, regulations"; docs/api-exercices.md), written by hand while the server's routes are
 * being built: their names differ from the generated ones (`getExercices` exists with an older
 * answer), an injected name already defined being ignored.
 *
 * - The list is read by both spaces (`GET /exercices`) and kept 5 minutes (spec 2 §9, spec 3 §9),
 *   as are the closing balances.
 * - Closing changes `is_closed` on every record dated in the year, in every module: it refetches
 *   every money list (the tags below), the books, the bank and the fiscal years (the dashboard's
 *   card included, which reads the generated `getExercices` under the same tag).
 * - The downloads (PDF, xlsx, zip) are not RTK Query endpoints: a Blob has no place in the cache
 *   (`downloadFile` of api/download.ts, see use-exercice-downloads.ts).
 */

export type ExerciceStatus = 'actuel' | 'ouvert' | 'cloture';

/** Why a year cannot be closed (docs/api-exercices.md). */
export type CloseBlockedReason = 'exercice_non_termine' | 'exercice_precedent_ouvert' | 'exercice_cloture';

/** A file uploaded at closing: the expenses' Document shape (`type: "doc"`). */
export type ExerciceDocument = Document;

/** A fiscal year as docs/api-exercices.md describes it. */
export interface Exercice {
  /** The calendar year (2025). */
  id: number;
  /** "Exercice 2025". */
  titre: string;
  annee: number;
  status: ExerciceStatus;
  is_closed: boolean;
  is_before_daftar: boolean;
  /** yyyy-MM-dd, null while open. */
  cloture_le: string | null;
  /** Open, ended, the previous year closed or absent: the close button's state. */
  can_close: boolean;
  close_blocked_reason: CloseBlockedReason | null;
  docs: ExerciceDocument[];
}

export interface ExercicesResponse {
  success: boolean;
  exercices: Exercice[];
}

export interface SoldeBanque {
  compte_id: number;
  compte_nom: string;
  solde: number;
}

/** GET /exercices/soldes-cloture?id: the cash box, each bank account and their total at 31 December. */
export interface SoldesCloture {
  success: boolean;
  cash: number;
  banks: SoldeBanque[];
  total: number;
}

export interface CloturerResponse {
  success: boolean;
  exercice: Exercice;
}

/** The fields of the closing's multipart body, as the server names them. */
export type ClotureFormField = 'id' | 'docs[]';

/**
 * The lists whose records carry `is_closed` (every money module), the books, the bank and the
 * fiscal years: all change when a year is closed. `contrats` and `budgets` are tags of features
 * that add them (contrats-api, the budgets' own api): declared here too so that invalidating
 * them is allowed whichever feature loaded first.
 */
export const CLOSING_CHANGES = [
  'exercices',
  'comptabilite',
  'banque',
  'Rapprochement',
  'RemisesCheques',
  'remises-cheques',
  'cotisations',
  'charges',
  'travaux',
  'charges-patronales',
  'salaires',
  'salaries',
  'contrats',
  'contrats-revenus',
  'contrats-depenses',
  'revenus-exceptionnels',
  'documents',
  'budgets',
] as const;

/** Five minutes (spec 2 §9: fiscal years and closing balances). */
const FIVE_MINUTES = 300;

type RawDocument = Partial<Document> & { url: string; titre: string };
type RawExercice = Omit<Partial<Exercice>, 'docs'> &
  Pick<Exercice, 'id' | 'titre' | 'status' | 'is_closed'> & {
    docs?: RawDocument[];
  };

/**
 * The server's answer made whole: the fields docs/api-exercices.md adds (`cloture_le`, `can_close`,
 * `close_blocked_reason`, the documents' full shape) are missing from the route as it stands
 * today; until they come, a closed year reads as closed and an open one as closable (the server
 * refuses what it must).
 */
export function normaliseExercice(raw: RawExercice): Exercice {
  return {
    id: raw.id,
    titre: raw.titre,
    annee: raw.annee ?? raw.id,
    status: raw.status,
    is_closed: raw.is_closed,
    is_before_daftar: raw.is_before_daftar ?? false,
    cloture_le: raw.cloture_le ?? null,
    can_close: raw.can_close ?? !raw.is_closed,
    close_blocked_reason: raw.close_blocked_reason ?? (raw.is_closed ? 'exercice_cloture' : null),
    docs: (raw.docs ?? []).map((doc, index) => ({
      id: doc.id ?? -(index + 1),
      titre: doc.titre,
      type: 'doc',
      url: doc.url,
      miniature_url: doc.miniature_url ?? doc.url,
      content_type: doc.content_type ?? '',
      taille: doc.taille ?? 0,
    })),
  };
}

export const exercicesApi = generatedApi.enhanceEndpoints({ addTagTypes: ['contrats', 'budgets'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /exercices, newest first. */
    listeExercices: build.query<ExercicesResponse, void>({
      query: () => ({ url: '/api/exercices' }),
      transformResponse: (answer: { success: boolean; exercices: RawExercice[] }) => ({
        success: answer.success,
        exercices: answer.exercices.map(normaliseExercice),
      }),
      providesTags: ['exercices'],
      keepUnusedDataFor: FIVE_MINUTES,
    }),
    /** GET /exercices/soldes-cloture?id (finance). */
    soldesCloture: build.query<SoldesCloture, number>({
      query: (id) => ({ url: '/api/exercices/soldes-cloture', params: { id } }),
      providesTags: ['exercices', 'banque', 'comptabilite'],
      keepUnusedDataFor: FIVE_MINUTES,
    }),
    /** POST /exercices/cloturer, multipart `id`, `docs[]` (finance). Irreversible. */
    cloturerExercice: build.mutation<CloturerResponse, FormData>({
      query: (body) => ({ url: '/api/exercices/cloturer', method: 'POST', body }),
      invalidatesTags: [...CLOSING_CHANGES],
    }),
  }),
});

export const { useListeExercicesQuery, useSoldesClotureQuery, useCloturerExerciceMutation } = exercicesApi;

/** The multipart body of a closing: the year and the files, `docs[]` once per file. */
export function clotureFormData(id: number, docs: readonly File[]): FormData {
  const body = new FormData();
  const idField: ClotureFormField = 'id';
  const docsField: ClotureFormField = 'docs[]';
  body.append(idField, String(id));
  for (const file of docs) body.append(docsField, file, file.name);
  return body;
}
