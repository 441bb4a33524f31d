import { Scale } from 'lucide-react';
import type { FeatureModule } from '@/lib/feature-module';
import ar from './locales/ar/rapprochement.json';
import fr from './locales/fr/rapprochement.json';
import { rapprochementPaths } from './paths';

const catalogues = { fr: { rapprochement: fr }, ar: { rapprochement: ar } };

/**
 * The bank reconciliation (spec 2 §2 "Banking", §4, §5): every council member reads it; the
 * treasurer points movements and records bank operations from it (the page disables both for
 * the others, the server refuses them too).
 */
export const rapprochementModule: FeatureModule<typeof catalogues> = {
  id: 'rapprochement',
  catalogues,
  routes: {
    syndic: [
      {
        path: rapprochementPaths.rapprochement,
        handle: { crumb: (t) => t('rapprochement:nav.rapprochement') },
        lazy: async () => ({ Component: (await import('./rapprochement-page')).RapprochementPage }),
      },
    ],
  },
  nav: {
    syndic: [
      {
        kind: 'link',
        group: 'banque',
        order: 20,
        id: 'rapprochement',
        labelKey: 'rapprochement:nav.rapprochement',
        to: rapprochementPaths.rapprochement,
        icon: Scale,
      },
    ],
  },
};
