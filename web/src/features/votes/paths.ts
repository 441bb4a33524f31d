import { generatePath } from 'react-router';

/** The votes' addresses (spec 3 §2.2 votes, votes/creer, votes/modifier/{id}, votes/resultats/{id}; §2.3). */
export const votesPaths = {
  syndic: '/syndic/votes',
  creer: '/syndic/votes/creer',
  modifier: '/syndic/votes/modifier/:voteId',
  resultats: '/syndic/votes/resultats/:voteId',
  coproprietaire: '/coproprietaire/votes',
  voter: '/coproprietaire/votes/voter/:voteId',
  modifierChoix: '/coproprietaire/votes/modifier/:voteId',
  resultatsCoproprietaire: '/coproprietaire/votes/resultats/:voteId',
} as const;

type VotePath = 'modifier' | 'resultats' | 'voter' | 'modifierChoix' | 'resultatsCoproprietaire';

/** One vote's page: `votePath('resultats', 7)` is /syndic/votes/resultats/7. */
export function votePath(page: VotePath, voteId: number): string {
  return generatePath(votesPaths[page], { voteId: String(voteId) });
}
