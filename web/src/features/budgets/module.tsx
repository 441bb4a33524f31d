import { PiggyBank } from 'lucide-react';
import type { FeatureModule } from '@/lib/feature-module';
import ar from './locales/ar/budgets.json';
import fr from './locales/fr/budgets.json';
import { budgetsPaths } from './paths';

const catalogues = { fr: { budgets: fr }, ar: { budgets: ar } };

/**
 * The budgets (spec 2 §2 "Fiscal years and budgets", spec 3 §2.11): the list with its year
 * selector and the edit (treasurer only) in the syndic's "exercices-budgets" group (declared in
 * app/layout/nav-config.ts: the fiscal years' module shares it), and the co-owners' read-only
 * page, in their sidebar when their `see.budgets` right is set (spec 3 §2.4).
 */
export const budgetsModule: FeatureModule<typeof catalogues> = {
  id: 'budgets',
  catalogues,
  routes: {
    syndic: [
      {
        path: budgetsPaths.budgets,
        handle: { crumb: (t) => t('budgets:nav.budgets') },
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./budgets-page')).BudgetsPage }) },
          {
            path: budgetsPaths.modifier,
            guard: 'finance',
            handle: { crumb: (t) => t('budgets:crumbs.modifier') },
            lazy: async () => ({ Component: (await import('./budget-form-page')).BudgetEditPage }),
          },
        ],
      },
    ],
    coproprietaire: [
      {
        path: budgetsPaths.coproprietaire,
        handle: { crumb: (t) => t('budgets:nav.budgets') },
        lazy: async () => ({ Component: (await import('./budgets-page')).CoproprietaireBudgetsPage }),
      },
    ],
  },
  nav: {
    syndic: [
      {
        kind: 'link',
        group: 'exercices-budgets',
        order: 20,
        id: 'budgets',
        labelKey: 'budgets:nav.budgets',
        to: budgetsPaths.budgets,
        icon: PiggyBank,
      },
    ],
    coproprietaire: [
      {
        kind: 'link',
        order: 180,
        id: 'budgets',
        labelKey: 'budgets:nav.budgets',
        to: budgetsPaths.coproprietaire,
        icon: PiggyBank,
        feature: 'see.budgets',
      },
    ],
  },
};
