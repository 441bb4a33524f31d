/**
 * The votes' addresses (spec 3 §2.2 votes, votes/creer, votes/modifier/{voteId},
 * votes/resultats/{voteId}; §2.3 the co-owner's votes, votes/voter/{voteId},
 * votes/modifier/{voteId}, votes/resultats/{voteId}).
 */
export const votesPaths = {
  syndic: '/syndic/votes',
  creer: '/syndic/votes/creer',
  modifier: (id: number) => `/syndic/votes/modifier/${id}`,
  resultats: (id: number) => `/syndic/votes/resultats/${id}`,
  coproprietaire: '/coproprietaire/votes',
  voter: (id: number) => `/coproprietaire/votes/voter/${id}`,
  modifierChoix: (id: number) => `/coproprietaire/votes/modifier/${id}`,
  resultatsCoproprietaire: (id: number) => `/coproprietaire/votes/resultats/${id}`,
} as const;
