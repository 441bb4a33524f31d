import { Archive, Wrench } from 'lucide-react';
import type { FeatureModule } from '@/lib/feature-module';
import ar from './locales/ar/pannes.json';
import fr from './locales/fr/pannes.json';
import { pannesPaths } from './paths';

const catalogues = { fr: { pannes: fr }, ar: { pannes: ar } };

/**
 * Breakdown reports (spec 3 §2.7, §4 "Panne status"; issue 18): the syndic's active and archived
 * reports in their own sidebar group (90, after exercices-budgets) with the status box on the
 * details; the co-owners' "mine" and "others" (40, after cotisations), details and comments.
 */
export const pannesModule: FeatureModule<typeof catalogues> = {
  id: 'pannes',
  catalogues,
  routes: {
    syndic: [
      {
        path: pannesPaths.syndic,
        handle: { crumb: (t) => t('pannes:nav.group') },
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./pannes-pages')).PannesIndexRedirect }) },
          {
            path: pannesPaths.actives,
            handle: { crumb: (t) => t('pannes:nav.actives') },
            lazy: async () => ({ Component: (await import('./pannes-pages')).SyndicPannesActivesPage }),
          },
          {
            path: pannesPaths.archives,
            handle: { crumb: (t) => t('pannes:nav.archives') },
            lazy: async () => ({ Component: (await import('./pannes-pages')).SyndicPannesArchivesPage }),
          },
          {
            path: pannesPaths.syndicDetails,
            handle: { crumb: (t) => t('pannes:crumbs.details') },
            lazy: async () => ({ Component: (await import('./panne-details-page')).SyndicPanneDetailsPage }),
          },
        ],
      },
    ],
    coproprietaire: [
      {
        path: pannesPaths.coproprietaire,
        handle: { crumb: (t) => t('pannes:nav.group') },
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./pannes-pages')).CoproprietairePannesPage }) },
          {
            path: pannesPaths.coproprietaireDetails,
            handle: { crumb: (t) => t('pannes:crumbs.details') },
            lazy: async () => ({ Component: (await import('./panne-details-page')).CoproprietairePanneDetailsPage }),
          },
        ],
      },
    ],
  },
  nav: {
    syndic: [
      { kind: 'group', order: 90, id: 'pannes', labelKey: 'pannes:nav.group', icon: Wrench },
      {
        kind: 'link',
        group: 'pannes',
        order: 10,
        id: 'pannes_actives',
        labelKey: 'pannes:nav.actives',
        to: pannesPaths.actives,
        icon: Wrench,
      },
      {
        kind: 'link',
        group: 'pannes',
        order: 20,
        id: 'pannes_archives',
        labelKey: 'pannes:nav.archives',
        to: pannesPaths.archives,
        icon: Archive,
      },
    ],
    coproprietaire: [
      {
        kind: 'link',
        order: 40,
        id: 'pannes',
        labelKey: 'pannes:nav.group',
        to: pannesPaths.coproprietaire,
        icon: Wrench,
      },
    ],
  },
};
