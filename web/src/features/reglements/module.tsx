import { ScrollText } from 'lucide-react';
import type { FeatureModule } from '@/lib/feature-module';
import ar from './locales/ar/reglements.json';
import fr from './locales/fr/reglements.json';
import { reglementsPaths } from './paths';

const catalogues = { fr: { reglements: fr }, ar: { reglements: ar } };

/**
 * The regulations (spec 3 §2.12 "Archive and rules browsers", §4 "Rules document"): the syndic's
 * rules browser in the shared "archive" group (app/layout/nav-config.ts, after the financial
 * archive), its creation form (the president's route), and the co-owners' read-only list, always
 * in their sidebar (spec 3 §2.4).
 */
export const reglementsModule: FeatureModule<typeof catalogues> = {
  id: 'reglements',
  catalogues,
  routes: {
    syndic: [
      {
        path: reglementsPaths.reglements,
        handle: { crumb: (t) => t('reglements:nav.reglements') },
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./reglements-page')).ReglementsPage }) },
          {
            path: reglementsPaths.creer,
            guard: 'president',
            handle: { crumb: (t) => t('reglements:crumbs.creer') },
            lazy: async () => ({ Component: (await import('./reglement-form-page')).ReglementCreatePage }),
          },
        ],
      },
    ],
    coproprietaire: [
      {
        path: reglementsPaths.coproprietaire,
        handle: { crumb: (t) => t('reglements:nav.reglements') },
        lazy: async () => ({ Component: (await import('./reglements-page')).CoproprietaireReglementsPage }),
      },
    ],
  },
  nav: {
    syndic: [
      {
        kind: 'link',
        group: 'archive',
        order: 20,
        id: 'reglements',
        labelKey: 'reglements:nav.reglements',
        to: reglementsPaths.reglements,
        icon: ScrollText,
      },
    ],
    coproprietaire: [
      // Always shown (spec 3 §2.4), after annonces (80) and before support (100).
      {
        kind: 'link',
        order: 90,
        id: 'reglements',
        labelKey: 'reglements:nav.reglements',
        to: reglementsPaths.coproprietaire,
        icon: ScrollText,
      },
    ],
  },
};
