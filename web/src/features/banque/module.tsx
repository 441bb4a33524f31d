import { ArrowDownToLine, ArrowLeftRight, ArrowUpToLine, CreditCard, Percent, Receipt } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { FeatureModule, ModuleNavEntry, ModuleRoute } from '@/lib/feature-module';
import ar from './locales/ar/banque.json';
import fr from './locales/fr/banque.json';
import { operationRoutes, type OperationType } from './operation-kinds';
import { banquePaths } from './paths';

const catalogues = { fr: { banque: fr }, ar: { banque: ar } };

/** The sidebar label of each operation screen (`banque:nav.*`). */
const NAV_KEY = { retrait: 'retraits', depot: 'depots', frais: 'frais', interets: 'interets' } as const;

/**
 * One operation screen (withdrawals, deposits, fees, interest): the one generic list and form,
 * which read their type from the address (operation-kinds.ts).
 */
function operationScreen(type: OperationType): ModuleRoute {
  const paths = operationRoutes(type);
  const list = async () => ({ Component: (await import('./operations-page')).OperationsPage });
  return {
    path: paths.list,
    handle: { crumb: (t) => t(`banque:nav.${NAV_KEY[type]}`) },
    children: [
      { index: true, lazy: list },
      {
        path: paths.creer,
        guard: 'finance',
        handle: { crumb: (t) => t('banque:crumbs.operationCreer') },
        lazy: async () => ({ Component: (await import('./operation-form-page')).OperationCreatePage }),
      },
      {
        path: paths.modifier,
        guard: 'finance',
        handle: { crumb: (t) => t('banque:crumbs.operationModifier') },
        lazy: async () => ({ Component: (await import('./operation-form-page')).OperationEditPage }),
      },
      // The list showing one account's operations (/retraits-espece/{accountId}).
      { path: paths.listCompte, lazy: list },
    ],
  };
}

const OPERATION_NAV: { type: OperationType; order: number; icon: LucideIcon; to: string }[] = [
  { type: 'retrait', order: 30, icon: ArrowDownToLine, to: banquePaths.retraits },
  { type: 'depot', order: 40, icon: ArrowUpToLine, to: banquePaths.depots },
  { type: 'frais', order: 50, icon: Receipt, to: banquePaths.frais },
  { type: 'interets', order: 60, icon: Percent, to: banquePaths.interets },
];

/**
 * The bank (spec 2 §2 "Banking"): accounts, the four operation screens and the transfers between
 * accounts, in the shared sidebar group `banque`. Every council member reads them; only the
 * treasurer opens the forms (`guard: 'finance'`) and the lists show him alone the actions.
 */
export const banqueModule: FeatureModule<typeof catalogues> = {
  id: 'banque',
  catalogues,
  routes: {
    syndic: [
      {
        path: banquePaths.comptes,
        handle: { crumb: (t) => t('banque:nav.comptes') },
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./comptes-page')).ComptesPage }) },
          {
            path: banquePaths.compteCreer,
            guard: 'finance',
            handle: { crumb: (t) => t('banque:crumbs.compteCreer') },
            lazy: async () => ({ Component: (await import('./compte-form-page')).CompteCreatePage }),
          },
          {
            path: banquePaths.compteModifier,
            guard: 'finance',
            handle: { crumb: (t) => t('banque:crumbs.compteModifier') },
            lazy: async () => ({ Component: (await import('./compte-form-page')).CompteEditPage }),
          },
        ],
      },
      ...OPERATION_NAV.map(({ type }) => operationScreen(type)),
      {
        path: banquePaths.transferts,
        handle: { crumb: (t) => t('banque:nav.transferts') },
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./transferts-page')).TransfertsPage }) },
          {
            path: banquePaths.transfertCreer,
            guard: 'finance',
            handle: { crumb: (t) => t('banque:crumbs.transfertCreer') },
            lazy: async () => ({ Component: (await import('./transfert-form-page')).TransfertCreatePage }),
          },
          {
            path: banquePaths.transfertModifier,
            guard: 'finance',
            handle: { crumb: (t) => t('banque:crumbs.transfertModifier') },
            lazy: async () => ({ Component: (await import('./transfert-form-page')).TransfertEditPage }),
          },
        ],
      },
    ],
  },
  nav: {
    syndic: [
      {
        kind: 'link',
        group: 'banque',
        order: 10,
        id: 'banque-comptes',
        labelKey: 'banque:nav.comptes',
        to: banquePaths.comptes,
        icon: CreditCard,
      },
      ...OPERATION_NAV.map(({ type, order, icon, to }): ModuleNavEntry => ({
        kind: 'link',
        group: 'banque',
        order,
        id: `banque-${NAV_KEY[type]}`,
        labelKey: `banque:nav.${NAV_KEY[type]}`,
        to,
        icon,
      })),
      {
        kind: 'link',
        group: 'banque',
        order: 70,
        id: 'banque-transferts-intercomptes',
        labelKey: 'banque:nav.transferts',
        to: banquePaths.transferts,
        icon: ArrowLeftRight,
      },
    ],
  },
};
