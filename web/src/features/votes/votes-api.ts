import { generatedApi } from '@/api/generated';

/*
 * The community votes' endpoints (spec 3 §3 "Vote", §7 "Votes"; issue 18), written by hand while
 * the server's routes are being built. Dates travel as `yyyy-MM-dd`.
 *
 * Shapes the spec leaves open, chosen here (docs/decisions.md "Issue 18"):
 * - every answer is `{ success, data }` as §7 writes `-> data`; the creation's `data.vote` is a
 *   `VoteSyndic`;
 * - a choice of a simple vote is one of `pour`, `contre`, `abstention` (its text, translated on
 *   the client); a custom vote's choices are the typed texts;
 * - `is_closed` is the server's edit lock: true from the first co-owner's vote (and once finished);
 * - the publication date is `date_debut` (a vote is published automatically on it);
 * - `participation` is a percentage (0 to 100, at most one decimal), `selected_vote` the signed-in
 *   user's choice id (null when they have not voted or are not a co-owner);
 * - a response without a vote has `choix: null` ("pas encore").
 * Votes are kept 10 minutes (spec 3 §9).
 */

export type TypeChoix = 'simple' | 'custom';
/** 0 not yet started, 1 running, 2 finished (spec 3 §4 "Vote"). */
export type VoteActivite = 0 | 1 | 2;

export interface ChoixVote {
  id: number;
  choix: string;
}

/** A vote as the syndic's list shows it (GET /votes). */
export interface VoteSyndic {
  id: number;
  titre: string;
  description: string;
  type_choix: TypeChoix;
  choix: ChoixVote[];
  date_debut: string;
  date_fin: string;
  is_active: VoteActivite;
  is_closed: boolean;
  /** The signed-in user created it. */
  can_edit: boolean;
  creator: { nom: string };
}

/** A vote as a co-owner sees it (GET /coproprietaire/votes). */
export interface VoteCoproprietaire {
  id: number;
  titre: string;
  description: string;
  date_debut: string;
  date_fin: string;
  is_active: VoteActivite;
  is_voted: boolean;
  choix_voted_id: number | null;
  selected_vote: string | null;
  choix: ChoixVote[];
}

export interface ResultatChoix {
  choix: string;
  count: number;
}

export interface ReponseVote {
  propriete: { nom: string };
  occupant: { nom: string };
  /** The choice's text, null while the owner has not voted. */
  choix: string | null;
}

/** GET /coproprietaire/votes/resultats?id (both spaces). */
export interface VoteResultats {
  titre: string;
  description: string;
  date_debut: string;
  date_fin: string;
  choix: ChoixVote[];
  selected_vote: number | null;
  results: ResultatChoix[];
  participation: number;
  responses: ReponseVote[];
  majority: { choix_id: number; choix: string }[];
}

/** The body of POST /votes/creer; PUT /votes/modifier adds the id. */
export interface VoteBody {
  titre: string;
  description: string;
  type_choix: TypeChoix;
  /** Custom votes only: the non-blank choices, in their order. */
  choix?: string[];
  date_debut: string;
  date_fin: string;
}

const TEN_MINUTES = 600;
const TAGS = ['votes'] as const;

// Names unlike the server's future operation ids: an injected name already defined is ignored.
export const votesApi = generatedApi.enhanceEndpoints({ addTagTypes: TAGS }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /votes (syndic). */
    votesSyndic: build.query<{ success: boolean; data: VoteSyndic[] }, void>({
      query: () => ({ url: '/api/votes' }),
      providesTags: ['votes'],
      keepUnusedDataFor: TEN_MINUTES,
    }),
    /** POST /votes/creer (syndic). */
    votesCreer: build.mutation<{ success: boolean; data: { vote: VoteSyndic } }, VoteBody>({
      query: (body) => ({ url: '/api/votes/creer', method: 'POST', body }),
      invalidatesTags: ['votes'],
    }),
    /** PUT /votes/modifier (the creator, until the first vote). */
    votesModifier: build.mutation<{ success: boolean; data: { vote: VoteSyndic } }, VoteBody & { id: number }>({
      query: (body) => ({ url: '/api/votes/modifier', method: 'PUT', body }),
      invalidatesTags: ['votes'],
    }),
    /** POST /votes/supprimer (the creator, until the first vote). */
    votesSupprimer: build.mutation<{ success: boolean }, number>({
      query: (id) => ({ url: '/api/votes/supprimer', method: 'POST', body: { id } }),
      invalidatesTags: ['votes'],
    }),
    /** GET /coproprietaire/votes/resultats?id. */
    votesResultats: build.query<{ success: boolean; data: VoteResultats }, number>({
      query: (id) => ({ url: '/api/coproprietaire/votes/resultats', params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'votes', id }],
      keepUnusedDataFor: TEN_MINUTES,
    }),
    /** GET /coproprietaire/votes. */
    votesCoproprietaire: build.query<{ success: boolean; data: VoteCoproprietaire[] }, void>({
      query: () => ({ url: '/api/coproprietaire/votes' }),
      providesTags: ['votes'],
      keepUnusedDataFor: TEN_MINUTES,
    }),
    /** POST /coproprietaire/votes/voter {id, vote_choix}. */
    votesVoter: build.mutation<{ success: boolean; vote: { id: number; choix_id: number } }, VoteChoixBody>({
      query: (body) => ({ url: '/api/coproprietaire/votes/voter', method: 'POST', body }),
      invalidatesTags: ['votes'],
    }),
    /** POST /coproprietaire/votes/modifier {id, vote_choix}. */
    votesModifierChoix: build.mutation<
      { success: boolean; vote: { id: number; selected_vote: number } },
      VoteChoixBody
    >({
      query: (body) => ({ url: '/api/coproprietaire/votes/modifier', method: 'POST', body }),
      invalidatesTags: ['votes'],
    }),
  }),
});

/** A co-owner's choice: the vote's id and the chosen `ChoixVote.id`. */
export interface VoteChoixBody {
  id: number;
  vote_choix: number;
}

export const {
  useVotesSyndicQuery,
  useVotesCreerMutation,
  useVotesModifierMutation,
  useVotesSupprimerMutation,
  useVotesResultatsQuery,
  useVotesCoproprietaireQuery,
  useVotesVoterMutation,
  useVotesModifierChoixMutation,
} = votesApi;
