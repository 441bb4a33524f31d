import { BookOpenText } from 'lucide-react';
import type { FeatureModule } from '@/lib/feature-module';
import ar from './locales/ar/comptabilite.json';
import fr from './locales/fr/comptabilite.json';
import { comptabilitePaths } from './paths';

const catalogues = { fr: { comptabilite: fr }, ar: { comptabilite: ar } };

/**
 * The books (issue 12, ADR 0007, docs/api-banque.md "The books"): the journal, the general ledger
 * and the trial balance of an exercice, and today's treasury. Every council member reads them
 * (no guard beyond the syndic space); nothing is written from here.
 */
export const comptabiliteModule: FeatureModule<typeof catalogues> = {
  id: 'comptabilite',
  catalogues,
  routes: {
    syndic: [
      {
        path: comptabilitePaths.comptabilite,
        handle: { crumb: (t) => t('comptabilite:nav.comptabilite') },
        lazy: async () => ({ Component: (await import('./comptabilite-page')).ComptabilitePage }),
      },
    ],
  },
  nav: {
    syndic: [
      {
        kind: 'link',
        group: 'banque',
        order: 90,
        id: 'comptabilite',
        labelKey: 'comptabilite:nav.comptabilite',
        to: comptabilitePaths.comptabilite,
        icon: BookOpenText,
      },
    ],
  },
};
