import { Eye } from 'lucide-react';
import type { FeatureModule } from '@/lib/feature-module';
import ar from './locales/ar/visibilite.json';
import fr from './locales/fr/visibilite.json';
import { visibilitePaths } from './paths';

const catalogues = { fr: { visibilite: fr }, ar: { visibilite: ar } };

/**
 * The co-owners' visibility rights on finance items (spec 3 §2.2, §2.4, §2.12; issue 19): the
 * list with its tabs and edit dialog (every council member reads it; the treasurer or the
 * president changes it), and the bulk action, in the administration group (flagged new).
 */
export const visibiliteFinancesModule: FeatureModule<typeof catalogues> = {
  id: 'visibilite-finances',
  catalogues,
  routes: {
    syndic: [
      {
        path: visibilitePaths.visibilite,
        handle: { crumb: (t) => t('visibilite:nav.visibilite') },
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./visibilite-page')).VisibilitePage }) },
          {
            path: visibilitePaths.actionGroupee,
            guard: 'financeOrPresident',
            handle: { crumb: (t) => t('visibilite:crumbs.actionGroupee') },
            lazy: async () => ({ Component: (await import('./action-groupee-page')).ActionGroupeePage }),
          },
        ],
      },
    ],
  },
  nav: {
    syndic: [
      {
        kind: 'link',
        group: 'administration',
        order: 40,
        id: 'visibilite-finances',
        labelKey: 'visibilite:nav.visibilite',
        to: visibilitePaths.visibilite,
        icon: Eye,
        isNew: true,
      },
    ],
  },
};
