import { generatedApi } from '@/api/generated';

/*
 * The community votes' endpoints (spec 3 §3 "Vote", "Vote results", "Vote (co-owner side)", §4
 * "Vote", §7 "Votes"; issue 18), written by hand while the server's routes are being built. The
 * names are the screens' own (`votesSyndicListe`…): a generated operation id of the same name
 * would silently replace them (docs/decisions.md "Hand-written endpoints never reuse a server
 * operation id").
 *
 * Shapes the spec leaves open, chosen here (docs/decisions.md "Community screens (issue 18)"):
 * - `GET /votes` and `GET /coproprietaire/votes` answer `{ success, data: [...] }`, newest first;
 * - `is_active` is 0 (not started), 1 (running) or 2 (finished); `is_closed` is the server's edit
 *   lock, true from the first co-owner's vote; `can_edit` is true for the vote's creator;
 * - a simple vote's choices are the texts `pour`, `contre`, `abstention` (translated here); a
 *   custom vote's are the syndic's own texts;
 * - `GET /coproprietaire/votes/resultats?id` answers `{ success, data }` for both spaces:
 *   `participation` is a percentage (0–100), a response without a vote has `choix: null`,
 *   `selected_vote` the signed-in user's choice id (or null);
 * - dates are `yyyy-MM-dd`; the publication date shown is `date_debut`.
 * Kept 10 minutes (spec 3 §9).
 */

export type VoteActivite = 0 | 1 | 2;
export type TypeChoix = 'simple' | 'custom';

export interface VoteChoix {
  id: number;
  choix: string;
}

/** A vote as the council sees it (`GET /votes`). */
export interface VoteSyndic {
  id: number;
  titre: string;
  description: string | null;
  type_choix: TypeChoix;
  choix: VoteChoix[];
  date_debut: string;
  date_fin: string;
  is_active: VoteActivite;
  is_closed: boolean;
  can_edit: boolean;
  creator: { nom: string };
}

/** A vote as a co-owner sees it (`GET /coproprietaire/votes`). */
export interface VoteCoproprietaire {
  id: number;
  titre: string;
  description: string | null;
  date_debut: string;
  date_fin: string;
  is_active: VoteActivite;
  is_voted: boolean;
  choix_voted_id: number | null;
  selected_vote: number | null;
  choix: VoteChoix[];
}

export interface VoteResultats {
  titre: string;
  description: string | null;
  date_debut: string;
  date_fin: string;
  choix: VoteChoix[];
  selected_vote: number | null;
  results: { choix: string; count: number }[];
  participation: number;
  responses: { propriete: { nom: string }; occupant: { nom: string }; choix: string | null }[];
  majority: { choix_id: number; choix: string }[];
}

/** The vote form's body (`POST /votes/creer`; `PUT /votes/modifier` adds `id`). */
export interface VoteBody {
  titre: string;
  description: string;
  type_choix: TypeChoix;
  choix?: string[];
  date_debut: string;
  date_fin: string;
}

const TEN_MINUTES = 600;

export const votesApi = generatedApi.enhanceEndpoints({ addTagTypes: ['votes'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /votes (council). */
    votesSyndicListe: build.query<{ success: boolean; data: VoteSyndic[] }, void>({
      query: () => ({ url: '/api/votes' }),
      providesTags: ['votes'],
      keepUnusedDataFor: TEN_MINUTES,
    }),
    /** POST /votes/creer. */
    votesSyndicCreer: build.mutation<{ success: boolean; data: { vote: VoteSyndic } }, VoteBody>({
      query: (body) => ({ url: '/api/votes/creer', method: 'POST', body }),
      invalidatesTags: ['votes'],
    }),
    /** PUT /votes/modifier. */
    votesSyndicModifier: build.mutation<{ success: boolean }, VoteBody & { id: number }>({
      query: (body) => ({ url: '/api/votes/modifier', method: 'PUT', body }),
      invalidatesTags: ['votes'],
    }),
    /** POST /votes/supprimer {id}. */
    votesSyndicSupprimer: build.mutation<{ success: boolean }, number>({
      query: (id) => ({ url: '/api/votes/supprimer', method: 'POST', body: { id } }),
      invalidatesTags: ['votes'],
    }),
    /** GET /coproprietaire/votes/resultats?id (both spaces). */
    votesResultatsLire: build.query<{ success: boolean; data: VoteResultats }, number>({
      query: (id) => ({ url: '/api/coproprietaire/votes/resultats', params: { id } }),
      providesTags: ['votes'],
      keepUnusedDataFor: TEN_MINUTES,
    }),
    /** GET /coproprietaire/votes. */
    votesCoproprietaireListe: build.query<{ success: boolean; data: VoteCoproprietaire[] }, void>({
      query: () => ({ url: '/api/coproprietaire/votes' }),
      providesTags: ['votes'],
      keepUnusedDataFor: TEN_MINUTES,
    }),
    /** POST /coproprietaire/votes/voter {id, vote_choix}. */
    votesCoproprietaireVoter: build.mutation<
      { success: boolean; vote: { id: number; choix_id: number } },
      { id: number; vote_choix: number }
    >({
      query: (body) => ({ url: '/api/coproprietaire/votes/voter', method: 'POST', body }),
      invalidatesTags: ['votes'],
    }),
    /** POST /coproprietaire/votes/modifier {id, vote_choix}. */
    votesCoproprietaireChanger: build.mutation<
      { success: boolean; vote: { id: number; selected_vote: number } },
      { id: number; vote_choix: number }
    >({
      query: (body) => ({ url: '/api/coproprietaire/votes/modifier', method: 'POST', body }),
      invalidatesTags: ['votes'],
    }),
  }),
});

export const {
  useVotesSyndicListeQuery,
  useVotesSyndicCreerMutation,
  useVotesSyndicModifierMutation,
  useVotesSyndicSupprimerMutation,
  useVotesResultatsLireQuery,
  useVotesCoproprietaireListeQuery,
  useVotesCoproprietaireVoterMutation,
  useVotesCoproprietaireChangerMutation,
} = votesApi;
