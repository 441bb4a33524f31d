import { LayoutDashboard } from 'lucide-react';
import { paths } from '@/app/paths';
import type { FeatureModule, RouteHandle } from '@/lib/feature-module';
import ar from './locales/ar/dashboard.json';
import fr from './locales/fr/dashboard.json';

const catalogues = { fr: { dashboard: fr }, ar: { dashboard: ar } };

const tableauDeBordHandle: RouteHandle = { crumb: (t) => t('layout:nav.tableauDeBord') };

/**
 * The dashboards (spec 3 §2.1): where each space lands. Their paths belong to the app's frame
 * (app/paths.ts), which redirects there after login.
 */
export const dashboardModule: FeatureModule<typeof catalogues> = {
  id: 'dashboard',
  catalogues,
  routes: {
    syndic: [
      {
        path: paths.syndic.tableauDeBord,
        handle: tableauDeBordHandle,
        lazy: async () => ({ Component: (await import('./syndic-dashboard-page')).SyndicDashboardPage }),
      },
    ],
    coproprietaire: [
      {
        path: paths.coproprietaire.tableauDeBord,
        handle: tableauDeBordHandle,
        lazy: async () => ({
          Component: (await import('./coproprietaire-dashboard-page')).CoproprietaireDashboardPage,
        }),
      },
    ],
  },
  nav: {
    syndic: [
      {
        kind: 'link',
        order: 10,
        id: 'tableau-de-bord',
        labelKey: 'nav.tableauDeBord',
        to: paths.syndic.tableauDeBord,
        icon: LayoutDashboard,
      },
    ],
    coproprietaire: [
      {
        kind: 'link',
        order: 10,
        id: 'tableau-de-bord',
        labelKey: 'nav.tableauDeBord',
        to: paths.coproprietaire.tableauDeBord,
        icon: LayoutDashboard,
      },
    ],
  },
};
