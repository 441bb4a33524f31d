import { LifeBuoy } from 'lucide-react';
import type { FeatureModule } from '@/lib/feature-module';
import ar from './locales/ar/support.json';
import fr from './locales/fr/support.json';
import { supportPaths } from './paths';

const catalogues = { fr: { support: fr }, ar: { support: ar } };

const page = async () => ({ Component: (await import('./support-page')).SupportPage });

/**
 * The support pages (spec 3 §2.2, §2.3, §2.11): the support's contact, last in both sidebars
 * (spec 3 §2.4: syndic 150, co-owners 100, the last always-shown entry).
 */
export const supportModule: FeatureModule<typeof catalogues> = {
  id: 'support',
  catalogues,
  routes: {
    syndic: [{ path: supportPaths.syndic, handle: { crumb: (t) => t('support:nav.support') }, lazy: page }],
    coproprietaire: [
      { path: supportPaths.coproprietaire, handle: { crumb: (t) => t('support:nav.support') }, lazy: page },
    ],
  },
  nav: {
    syndic: [
      {
        kind: 'link',
        order: 150,
        id: 'support',
        labelKey: 'support:nav.support',
        to: supportPaths.syndic,
        icon: LifeBuoy,
      },
    ],
    coproprietaire: [
      {
        kind: 'link',
        // Last, below the flagged finance entries and the contracts group, as in the syndic space.
        order: 1000,
        id: 'support',
        labelKey: 'support:nav.support',
        to: supportPaths.coproprietaire,
        icon: LifeBuoy,
      },
    ],
  },
};
