import { Vote } from 'lucide-react';
import type { FeatureModule } from '@/lib/feature-module';
import ar from './locales/ar/votes.json';
import fr from './locales/fr/votes.json';
import { votesPaths } from './paths';

const catalogues = { fr: { votes: fr }, ar: { votes: ar } };

/**
 * Community votes (spec 3 §2.6, §2.11, §4 "Vote", §5; issue 18): the council's list, form and
 * results (sidebar 100, between the breakdowns and the announcements); the co-owners' list, ballot
 * and results (60, after the chat).
 */
export const votesModule: FeatureModule<typeof catalogues> = {
  id: 'votes',
  catalogues,
  routes: {
    syndic: [
      {
        path: votesPaths.syndic,
        handle: { crumb: (t) => t('votes:nav.votes') },
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./syndic-votes-page')).SyndicVotesPage }) },
          {
            path: votesPaths.creer,
            handle: { crumb: (t) => t('votes:nav.creer') },
            lazy: async () => ({ Component: (await import('./vote-form-page')).VoteCreerPage }),
          },
          {
            path: '/syndic/votes/modifier/:voteId',
            handle: { crumb: (t) => t('votes:nav.modifier') },
            lazy: async () => ({ Component: (await import('./vote-form-page')).VoteModifierPage }),
          },
          {
            path: '/syndic/votes/resultats/:voteId',
            handle: { crumb: (t) => t('votes:nav.resultats') },
            lazy: async () => ({ Component: (await import('./vote-resultats-page')).SyndicVoteResultatsPage }),
          },
        ],
      },
    ],
    coproprietaire: [
      {
        path: votesPaths.coproprietaire,
        handle: { crumb: (t) => t('votes:nav.votes') },
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./coproprietaire-votes-pages')).CoproprietaireVotesPage }),
          },
          {
            path: '/coproprietaire/votes/voter/:voteId',
            handle: { crumb: (t) => t('votes:nav.voter') },
            lazy: async () => ({ Component: (await import('./coproprietaire-votes-pages')).VoterPage }),
          },
          {
            path: '/coproprietaire/votes/modifier/:voteId',
            handle: { crumb: (t) => t('votes:nav.modifierChoix') },
            lazy: async () => ({ Component: (await import('./coproprietaire-votes-pages')).ModifierChoixPage }),
          },
          {
            path: '/coproprietaire/votes/resultats/:voteId',
            handle: { crumb: (t) => t('votes:nav.resultats') },
            lazy: async () => ({
              Component: (await import('./vote-resultats-page')).CoproprietaireVoteResultatsPage,
            }),
          },
        ],
      },
    ],
  },
  nav: {
    syndic: [{ kind: 'link', order: 100, id: 'votes', labelKey: 'votes:nav.votes', to: votesPaths.syndic, icon: Vote }],
    coproprietaire: [
      { kind: 'link', order: 60, id: 'votes', labelKey: 'votes:nav.votes', to: votesPaths.coproprietaire, icon: Vote },
    ],
  },
};
