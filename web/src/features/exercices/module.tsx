import { CalendarCheck, FileChartColumn } from 'lucide-react';
import type { FeatureModule } from '@/lib/feature-module';
import ar from './locales/ar/exercices.json';
import fr from './locales/fr/exercices.json';
import { exercicesPaths } from './paths';

const catalogues = { fr: { exercices: fr }, ar: { exercices: ar } };

/**
 * The fiscal years (spec 2 §2 "Fiscal years and budgets", spec 3 §2.11 and §2.12; issue 15): the
 * syndic's list, details and closing screen (the treasurer's route), in the shared
 * "exercices-budgets" group (app/layout/nav-config.ts; the budgets add their entry there from their
 * own module), and the co-owner's financial reports.
 */
export const exercicesModule: FeatureModule<typeof catalogues> = {
  id: 'exercices',
  catalogues,
  routes: {
    syndic: [
      {
        path: exercicesPaths.exercices,
        handle: { crumb: (t) => t('exercices:nav.exercices') },
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./exercices-page')).ExercicesPage }) },
          {
            path: exercicesPaths.details,
            handle: { crumb: (t) => t('exercices:crumbs.details') },
            lazy: async () => ({ Component: (await import('./exercice-details-page')).ExerciceDetailsPage }),
          },
          {
            path: exercicesPaths.cloture,
            guard: 'finance',
            handle: { crumb: (t) => t('exercices:crumbs.cloture') },
            lazy: async () => ({ Component: (await import('./cloture-page')).CloturePage }),
          },
        ],
      },
    ],
    coproprietaire: [
      {
        path: exercicesPaths.rapports,
        handle: { crumb: (t) => t('exercices:nav.rapportsFinanciers') },
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./exercices-page')).RapportsFinanciersPage }),
          },
          {
            path: exercicesPaths.rapportDetails,
            handle: { crumb: (t) => t('exercices:crumbs.details') },
            lazy: async () => ({
              Component: (await import('./exercice-details-page')).RapportFinancierDetailsPage,
            }),
          },
        ],
      },
    ],
  },
  nav: {
    syndic: [
      {
        kind: 'link',
        group: 'exercices-budgets',
        order: 10,
        id: 'exercices',
        labelKey: 'exercices:nav.exercices',
        to: exercicesPaths.exercices,
        icon: CalendarCheck,
      },
    ],
    coproprietaire: [
      // Shown to co-owners whose `see.rapports_financiers` right is true (spec 3 §2.4); the
      // server refuses the reports' downloads otherwise (docs/api-visibilite.md).
      {
        kind: 'link',
        order: 140,
        id: 'rapports-financiers',
        labelKey: 'exercices:nav.rapportsFinanciers',
        to: exercicesPaths.rapports,
        icon: FileChartColumn,
        feature: 'see.rapports_financiers',
      },
    ],
  },
};
