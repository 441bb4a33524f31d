import { Vote } from 'lucide-react';
import type { FeatureModule } from '@/lib/feature-module';
import ar from './locales/ar/votes.json';
import fr from './locales/fr/votes.json';
import { votesPaths } from './paths';

const catalogues = { fr: { votes: fr }, ar: { votes: ar } };

/**
 * Community votes (spec 3 §2.6, §2.11, §4 "Vote"; issue 18): the syndic's list, creation, edition
 * (the creator, until the first vote) and results; the co-owners' list, ballot and results.
 * Sidebar: syndic 100 (after pannes), co-owner 60 (after chat).
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
          { index: true, lazy: async () => ({ Component: (await import('./votes-page')).VotesPage }) },
          {
            path: votesPaths.creer,
            handle: { crumb: (t) => t('votes:crumbs.creer') },
            lazy: async () => ({ Component: (await import('./vote-form-page')).VoteCreatePage }),
          },
          {
            path: votesPaths.modifier,
            handle: { crumb: (t) => t('votes:crumbs.modifier') },
            lazy: async () => ({ Component: (await import('./vote-form-page')).VoteEditPage }),
          },
          {
            path: votesPaths.resultats,
            handle: { crumb: (t) => t('votes:crumbs.resultats') },
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
          { index: true, lazy: async () => ({ Component: (await import('./votes-page')).CoproprietaireVotesPage }) },
          {
            path: votesPaths.voter,
            handle: { crumb: (t) => t('votes:crumbs.voter') },
            lazy: async () => ({ Component: (await import('./ballot-page')).VoterPage }),
          },
          {
            path: votesPaths.modifierChoix,
            handle: { crumb: (t) => t('votes:crumbs.modifierChoix') },
            lazy: async () => ({ Component: (await import('./ballot-page')).ModifierChoixPage }),
          },
          {
            path: votesPaths.resultatsCoproprietaire,
            handle: { crumb: (t) => t('votes:crumbs.resultats') },
            lazy: async () => ({ Component: (await import('./vote-resultats-page')).CoproprietaireVoteResultatsPage }),
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
