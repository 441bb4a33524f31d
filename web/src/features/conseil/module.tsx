import { Users } from 'lucide-react';
import type { FeatureModule, RouteHandle } from '@/lib/feature-module';
import ar from './locales/ar/conseil.json';
import fr from './locales/fr/conseil.json';
import { conseilPaths } from './paths';

const catalogues = { fr: { conseil: fr }, ar: { conseil: ar } };

const conseilHandle: RouteHandle = { crumb: (t) => t('conseil:nav.conseil') };

/**
 * The council (spec 2 §2 "Council"): the president manages it in the syndic space, every co-owner
 * reads it (spec 3 §2.4).
 */
export const conseilModule: FeatureModule<typeof catalogues> = {
  id: 'conseil',
  catalogues,
  routes: {
    syndic: [
      {
        path: conseilPaths.syndic,
        guard: 'president',
        handle: conseilHandle,
        lazy: async () => ({ Component: (await import('./conseil-page')).ConseilPage }),
      },
    ],
    coproprietaire: [
      {
        path: conseilPaths.coproprietaire,
        handle: conseilHandle,
        lazy: async () => ({ Component: (await import('./coproprietaire-conseil-page')).CoproprietaireConseilPage }),
      },
    ],
  },
  nav: {
    syndic: [
      {
        kind: 'link',
        group: 'administration',
        order: 20,
        id: 'conseil',
        labelKey: 'conseil:nav.conseil',
        to: conseilPaths.syndic,
        icon: Users,
        presidentOnly: true,
      },
    ],
    // Always shown to co-owners (spec 3 §2.4).
    coproprietaire: [
      {
        kind: 'link',
        order: 20,
        id: 'conseil',
        labelKey: 'conseil:nav.conseil',
        to: conseilPaths.coproprietaire,
        icon: Users,
      },
    ],
  },
};
