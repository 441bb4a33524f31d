import { Building2 } from 'lucide-react';
import type { FeatureModule } from '@/lib/feature-module';
import ar from './locales/ar/proprietes.json';
import fr from './locales/fr/proprietes.json';
import { proprietesPaths } from './paths';

const catalogues = { fr: { proprietes: fr }, ar: { proprietes: ar } };

/**
 * Properties and occupancy (spec 2 §2): every council member reads them, only the president
 * opens the occupation forms.
 */
export const proprietesModule: FeatureModule<typeof catalogues> = {
  id: 'proprietes',
  catalogues,
  routes: {
    syndic: [
      {
        path: proprietesPaths.proprietes,
        handle: { crumb: (t) => t('proprietes:nav.proprietes') },
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./proprietes-page')).ProprietesPage }),
          },
          {
            path: proprietesPaths.historique,
            handle: { crumb: (t) => t('proprietes:crumbs.historique') },
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('./historique-page')).HistoriquePage }),
              },
              {
                path: proprietesPaths.occupationCreer,
                guard: 'president',
                handle: { crumb: (t) => t('proprietes:crumbs.occupationCreer') },
                lazy: async () => ({ Component: (await import('./occupation-create-page')).OccupationCreatePage }),
              },
              {
                path: proprietesPaths.occupationModifier,
                guard: 'president',
                handle: { crumb: (t) => t('proprietes:crumbs.occupationModifier') },
                lazy: async () => ({ Component: (await import('./occupation-edit-page')).OccupationEditPage }),
              },
            ],
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
        order: 10,
        id: 'proprietes',
        labelKey: 'proprietes:nav.proprietes',
        to: proprietesPaths.proprietes,
        icon: Building2,
      },
    ],
  },
};
