import { generatedApi } from '@/api/generated';

/*
 * The general assemblies' endpoints (spec 3 §7 "Assemblies", entities of §3; issue 17), written
 * by hand while the server's routes are being built. Dates `yyyy-MM-dd`, times `HH:MM`. The list
 * and the steps are kept 10 minutes, the library of points 20 (spec 3 §9). The PDFs (convocation,
 * attendance sheet, minutes draft, minutes) are files, downloaded with api/download.ts.
 *
 * Fields this client reads beyond the spec's words (the server engineer matches them):
 *
 * - A resolution's result, computed by the server both ways (art. 91 of the Code des droits
 *   réels), as `Resolution.resultat` (null while nobody voted):
 *     decomptes: { option, voix, quote_parts }[]  — each option (pour / contre / abstention, or
 *                                                   a multiple choice's text) with its voices
 *                                                   by head and by share, in the options' order
 *     total_voix, total_quote_parts                — the votes cast, by head and by share
 *     quote_parts_residence                        — every co-owner's shares (the scale)
 *     par_tete, par_quote_part                     — { issue: 'adoptee' | 'rejetee' | 'egalite' }
 *                                                   or { issue: 'choix', choix }
 *     reduction                                    — { occupant_id, quote_part, retenue } when a
 *                                                   majority owner's shares were reduced, else null
 *   (the serde form of the domain's `assemblees::resultats::Resultat`).
 * - `Presence.is_present` is `'present' | 'represente' | 'absent'`; `id` is null for a co-owner
 *   whose presence was never recorded (GET etape4 lists every co-owner of the residence).
 * - The step-5 answer is `{assemblee}` whose object carries `pvsSignes`, `presencesSignees`,
 *   `signataires`, `presences` (the present or represented co-owners) and `step`.
 * - A signed file, an attachment: `{id, url, titre}`.
 * - The step follows from what was recorded (spec 3 §4); `POST /assemblees/terminer?assemblee_id`
 *   only finishes a meeting at step 5 and answers its new `step` (6).
 */

export type MethodeConvocation = 'en_main' | 'lettre_recommendee';
export type TypeVote = 'simple' | 'multiple';
export type VoteSimple = 'pour' | 'contre' | 'abstention';
export type EtatPresence = 'present' | 'represente' | 'absent';
export type RoleSignataire = 'president' | 'secretaire' | 'scrutateur';

/** The last step number: a meeting at step 6 is finished (spec 3 §9). */
export const ETAPE_TERMINEE = 6;

/** A meeting (spec 3 §3). */
export interface Assemblee {
  id: number;
  titre: string;
  lieu: string;
  date: string;
  heure: string;
  /** 1 to 5, 6 = finished. */
  step: number;
  date_convocation: string | null;
  methode_convocation: MethodeConvocation | null;
  date_debut: string | null;
  heure_debut: string | null;
  date_fin: string | null;
  heure_fin: string | null;
  mot_intro: string | null;
  mot_fin: string | null;
}

/** A file attached to a meeting, or a signed minutes / attendance sheet. */
export interface FichierAssemblee {
  id: number;
  url: string;
  titre: string;
}

/** A point of the agenda as the step-1 answer gives it. */
export interface PointOrdreDuJour {
  id: number;
  numero: number;
  titre: string;
  resolutions: { resolution: string }[];
}

/** A point of the library (spec 3 §3 "Library point"). */
export interface PointBibliotheque {
  id: number;
  titre: string;
  projet_resolution: string;
}

/** A co-owner's presence at the meeting. */
export interface Presence {
  id: number | null;
  occupant_id: number;
  occupant_nom: string;
  is_present: EtatPresence;
  representant: string | null;
}

/** What one option received: its voices by head, and their shares. */
export interface Decompte {
  option: string;
  voix: number;
  quote_parts: number;
}

/** The outcome of one count (a tie the president's vote does not decide is `egalite`). */
export type IssueVote = { issue: 'adoptee' | 'rejetee' | 'egalite' } | { issue: 'choix'; choix: string };

/** A resolution's result by head count and by shares (see the top of this file). */
export interface ResultatResolution {
  decomptes: Decompte[];
  total_voix: number;
  total_quote_parts: number;
  quote_parts_residence: number;
  par_tete: IssueVote;
  par_quote_part: IssueVote;
  /** A co-owner holding more than half of the shares weighs the others' total (art. 91). */
  reduction: { occupant_id: number; quote_part: number; retenue: number } | null;
}

export interface Resolution {
  id: number;
  numero: number;
  resolution: string;
  point_id: number;
  type_vote: TypeVote;
  choix: { choix: string }[];
  votes: { occupant_id: number; vote: string }[];
  /** Null while nobody voted. */
  resultat: ResultatResolution | null;
}

/** A point of step 4: an information point or a votable one. */
export interface PointEtape4 {
  id: number;
  numero: number;
  titre: string;
  is_info: boolean;
  resolutions: Resolution[];
}

export interface Signataire {
  role: RoleSignataire;
  occupant_id: number;
}

export interface AssembleeEtape5 extends Assemblee {
  pvsSignes: FichierAssemblee[];
  presencesSignees: FichierAssemblee[];
  signataires: Signataire[];
  presences: { id: number; occupant: { id: number; nom: string } }[];
}

/** A meeting as a co-owner sees it (spec 3 §3, §2.11). */
export interface AssembleeCoproprietaire {
  id: number;
  titre: string;
  lieu: string;
  date: string;
  heure: string;
  status: 'realise' | 'upcoming';
  is_pv_available: boolean;
  is_presence_available: boolean;
  presencesSignees: { url: string }[];
}

export interface Etape1Response {
  success: boolean;
  info_generales: Assemblee;
  ordre_du_jour: PointOrdreDuJour[];
  pieces_jointes: FichierAssemblee[];
}

export interface Etape4Response {
  success: boolean;
  date_debut: string | null;
  heure_debut: string | null;
  presences: Presence[];
  points: PointEtape4[];
  /** Every votable point's resolutions have their votes. */
  is_voted: boolean;
}

export interface InfoGeneralesArgs {
  titre: string;
  lieu: string;
  date: string;
  heure: string;
}

export interface OrdreDuJourArgs {
  assemblee_id: number;
  ordreDuJour: { numero: number; point: string; projet_resolution: string }[];
}

export interface PresenceRecord {
  occupant_id: number;
  is_present: EtatPresence;
  representant: string | null;
}

export interface VoteArgs {
  assembleeId: number;
  pointId: number;
  /** null: a new resolution of the point. */
  resolutionId: number | null;
  resolutionText: string;
  voteType: TypeVote;
  /** occupant id → `pour` / `contre` / `abstention`, or the chosen choice's text. */
  votes: Record<string, string>;
  /** The choices of a multiple vote (2 to 4); empty for a simple one. */
  choices: string[];
}

export interface InfosFinalesArgs {
  id: number;
  president: number;
  secretaire: number;
  scrutateurs: { occupantId: number }[];
  date_fin: string;
  heure_fin: string;
  mot_intro: string;
  mot_fin: string;
}

const TEN_MINUTES = 600;
const TWENTY_MINUTES = 1200;

/** `assemblees`: the lists; `assembleeEtapes`: one meeting's steps (by id). */
const TAGS = ['assemblees', 'assembleeEtapes'] as const;

type Success = { success: boolean };

/**
 * What a change to a meeting refreshes: its steps, the lists, and the dashboards (their "next
 * assembly" card, generated tag `dashboard`).
 */
const etape = (id: number) => [{ type: 'assembleeEtapes' as const, id }, 'assemblees' as const, 'dashboard' as const];

// Names unlike the server's operation ids (schemas/openapi.json, generated into src/api/generated.ts):
// an injected name the generated client already defines is silently ignored, and its generated
// twin reads another argument (`creerAssemblee` sent `queryArg.infosGeneralesRequest`, no body).
export const assembleesApi = generatedApi.enhanceEndpoints({ addTagTypes: TAGS }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /assemblees (council). */
    listeAssemblees: build.query<{ success: boolean; assemblees: Assemblee[] }, void>({
      query: () => ({ url: '/api/assemblees' }),
      providesTags: ['assemblees'],
      keepUnusedDataFor: TEN_MINUTES,
    }),
    /** POST /assemblees/creer-dialog (president). */
    nouvelleAssemblee: build.mutation<{ success: boolean; assemblee: Assemblee }, InfoGeneralesArgs>({
      query: (body) => ({ url: '/api/assemblees/creer-dialog', method: 'POST', body }),
      invalidatesTags: ['assemblees', 'dashboard'],
    }),
    /** POST /assemblees/supprimer {id} (president, step < 3). */
    effacerAssemblee: build.mutation<Success, number>({
      query: (id) => ({ url: '/api/assemblees/supprimer', method: 'POST', body: { id } }),
      invalidatesTags: ['assemblees', 'dashboard'],
    }),
    etape1Assemblee: build.query<Etape1Response, number>({
      query: (id) => ({ url: '/api/assemblees/etape1', params: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'assembleeEtapes', id }],
      keepUnusedDataFor: TEN_MINUTES,
    }),
    etape2Assemblee: build.query<{ success: boolean; info: Assemblee }, number>({
      query: (id) => ({ url: '/api/assemblees/etape2', params: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'assembleeEtapes', id }],
      keepUnusedDataFor: TEN_MINUTES,
    }),
    etape4Assemblee: build.query<Etape4Response, number>({
      query: (id) => ({ url: '/api/assemblees/etape4', params: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'assembleeEtapes', id }],
      keepUnusedDataFor: TEN_MINUTES,
    }),
    etape5Assemblee: build.query<{ success: boolean; assemblee: AssembleeEtape5 }, number>({
      query: (id) => ({ url: '/api/assemblees/etape5', params: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'assembleeEtapes', id }],
      keepUnusedDataFor: TEN_MINUTES,
    }),
    modifierInfoGenerales: build.mutation<Success, InfoGeneralesArgs & { id: number }>({
      query: (body) => ({ url: '/api/assemblees/modifier/info-generales', method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => etape(id),
    }),
    /** Multipart {assemblee_id, docs[]}: PDFs only. */
    ajouterPiecesJointes: build.mutation<Success, { assembleeId: number; docs: File[] }>({
      query: ({ assembleeId, docs }) => {
        const body = new FormData();
        body.append('assemblee_id', String(assembleeId));
        for (const doc of docs) body.append('docs[]', doc, doc.name);
        return { url: '/api/assemblees/modifier/pieces-jointes', method: 'POST', body };
      },
      invalidatesTags: (_r, _e, { assembleeId }) => etape(assembleeId),
    }),
    supprimerPieceJointe: build.mutation<Success, { assembleeId: number; id: number }>({
      query: ({ id }) => ({ url: '/api/assemblees/pieces-jointes/supprimer', method: 'POST', body: { id } }),
      invalidatesTags: (_r, _e, { assembleeId }) => etape(assembleeId),
    }),
    bibliothequePoints: build.query<{ success: boolean; points: PointBibliotheque[] }, void>({
      query: () => ({ url: '/api/assemblees/bibliotheque-points' }),
      keepUnusedDataFor: TWENTY_MINUTES,
    }),
    enregistrerOrdreDuJour: build.mutation<{ success: boolean; ordre_du_jour: PointOrdreDuJour[] }, OrdreDuJourArgs>({
      query: (body) => ({ url: '/api/assemblees/modifier/ordre-du-jour', method: 'POST', body }),
      invalidatesTags: (_r, _e, { assemblee_id }) => etape(assemblee_id),
    }),
    modifierDateMethode: build.mutation<
      { success: boolean; assemblee: Assemblee },
      { id: number; methode_convocation: MethodeConvocation; date_convocation: string }
    >({
      query: (body) => ({ url: '/api/assemblees/modifier/date-methode', method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => etape(id),
    }),
    modifierHeureDebut: build.mutation<Success, { id: number; date_debut: string; heure_debut: string }>({
      query: (body) => ({ url: '/api/assemblees/modifier/heure-debut', method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => etape(id),
    }),
    enregistrerPresences: build.mutation<
      { success: boolean; presences: Presence[] },
      { assemblee_id: number; records: PresenceRecord[] }
    >({
      query: (body) => ({ url: '/api/assemblees/modifier/presences', method: 'POST', body }),
      invalidatesTags: (_r, _e, { assemblee_id }) => etape(assemblee_id),
    }),
    ajouterPointInfo: build.mutation<{ success: boolean; point: PointEtape4 }, { assemblee_id: number; titre: string }>(
      {
        query: (body) => ({ url: '/api/assemblees/point-info/creer', method: 'POST', body }),
        invalidatesTags: (_r, _e, { assemblee_id }) => etape(assemblee_id),
      },
    ),
    changerTitrePoint: build.mutation<Success, { assembleeId: number; id: number; titre: string }>({
      query: ({ id, titre }) => ({
        url: '/api/assemblees/ordre-du-jour/titre/modifier',
        method: 'POST',
        body: { id, titre },
      }),
      invalidatesTags: (_r, _e, { assembleeId }) => etape(assembleeId),
    }),
    retirerPointInfo: build.mutation<Success, { assembleeId: number; pointId: number }>({
      query: ({ pointId }) => ({
        url: '/api/assemblees/point-info/supprimer',
        method: 'POST',
        body: { point_id: pointId },
      }),
      invalidatesTags: (_r, _e, { assembleeId }) => etape(assembleeId),
    }),
    enregistrerVote: build.mutation<{ success: boolean; resolution: Resolution }, VoteArgs>({
      query: (body) => ({ url: '/api/assemblees/vote/creer', method: 'POST', body }),
      invalidatesTags: (_r, _e, { assembleeId }) => etape(assembleeId),
    }),
    enregistrerInfosFinales: build.mutation<Success, InfosFinalesArgs>({
      query: (body) => ({ url: '/api/assemblees/infos-finales/modifier', method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => etape(id),
    }),
    /** The signed minutes (`pv`) or the signed attendance sheet (`presence`): one PDF, replacing the last. */
    envoyerFichierSigne: build.mutation<Success, { assembleeId: number; kind: 'pv' | 'presence'; file: File }>({
      query: ({ assembleeId, kind, file }) => {
        const body = new FormData();
        body.append('assemblee_id', String(assembleeId));
        body.append('file', file, file.name);
        return { url: `/api/assemblees/${kind === 'pv' ? 'pv-signe' : 'presence-signe'}/upload`, method: 'POST', body };
      },
      invalidatesTags: (_r, _e, { assembleeId }) => etape(assembleeId),
    }),
    /** Finishes a meeting at step 5 (both signed files there); answers the new step, 6. */
    cloturerAssemblee: build.mutation<{ success: boolean; step: number }, number>({
      query: (id) => ({ url: '/api/assemblees/terminer', method: 'POST', params: { assemblee_id: id } }),
      invalidatesTags: (_r, _e, id) => etape(id),
    }),
    /** GET /assemblees/coproprietaire: the meetings shown to co-owners (convened ones). */
    assembleesCoproprietaire: build.query<{ success: boolean; assemblees: AssembleeCoproprietaire[] }, void>({
      query: () => ({ url: '/api/assemblees/coproprietaire' }),
      providesTags: ['assemblees'],
      keepUnusedDataFor: TEN_MINUTES,
    }),
  }),
});

export const {
  useListeAssembleesQuery,
  useNouvelleAssembleeMutation,
  useEffacerAssembleeMutation,
  useEtape1AssembleeQuery,
  useEtape2AssembleeQuery,
  useEtape4AssembleeQuery,
  useEtape5AssembleeQuery,
  useModifierInfoGeneralesMutation,
  useAjouterPiecesJointesMutation,
  useSupprimerPieceJointeMutation,
  useBibliothequePointsQuery,
  useEnregistrerOrdreDuJourMutation,
  useModifierDateMethodeMutation,
  useModifierHeureDebutMutation,
  useEnregistrerPresencesMutation,
  useAjouterPointInfoMutation,
  useChangerTitrePointMutation,
  useRetirerPointInfoMutation,
  useEnregistrerVoteMutation,
  useEnregistrerInfosFinalesMutation,
  useEnvoyerFichierSigneMutation,
  useCloturerAssembleeMutation,
  useAssembleesCoproprietaireQuery,
} = assembleesApi;

/** The meeting's PDFs (spec 3 §7), and the name a download takes when the server sends none (§9). */
export const DOCUMENTS_ASSEMBLEE = {
  convocation: { path: 'convocation', fallback: 'convocation.pdf' },
  feuillePresence: { path: 'feuille-presence', fallback: 'feuille-presence.pdf' },
  pvMinute: { path: 'pv-minute', fallback: 'proces-verbal-projet.pdf' },
  procesVerbal: { path: 'proces-verbal', fallback: 'proces-verbal.pdf' },
} as const;

export type DocumentAssemblee = keyof typeof DOCUMENTS_ASSEMBLEE;

/** A document's language: every document is French; the convocation is also printed in Arabic. */
export type LangueDocument = 'fr' | 'ar';

/** The Arabic convocation's name when the server sends none (the server's own, docs/api-assemblees.md). */
export const CONVOCATION_AR_FALLBACK = 'convocation-ar.pdf';

export function documentAssembleePath(document: DocumentAssemblee, id: number, langue: LangueDocument = 'fr'): string {
  const path = `/api/assemblees/${DOCUMENTS_ASSEMBLEE[document].path}/download?id=${id}`;
  return langue === 'ar' ? `${path}&langue=ar` : path;
}
