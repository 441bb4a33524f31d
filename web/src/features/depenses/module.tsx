import { FolderTree, HardHat, ReceiptText, Truck, Wallet } from 'lucide-react';
import type { FeatureModule, ModuleRoute } from '@/lib/feature-module';
import type { DepenseKind } from './depenses-api';
import ar from './locales/ar/depenses.json';
import fr from './locales/fr/depenses.json';
import { DEPENSE_PATHS, depensesPaths } from './paths';

const catalogues = { fr: { depenses: fr }, ar: { depenses: ar } };

/** Breadcrumbs of one kind's pages. */
const CRUMBS = {
  charges: { creer: 'chargeCreer', gerer: 'chargeGerer', modifier: 'chargeModifier' },
  travaux: { creer: 'travauxCreer', gerer: 'travauxGerer', modifier: 'travauxModifier' },
} as const;

/**
 * Current charges or works (spec 2 §2): the same list, form and detail, told apart by the kind
 * each route's page passes.
 */
function depenseScreen(kind: DepenseKind): ModuleRoute {
  const paths = DEPENSE_PATHS[kind];
  const crumbs = CRUMBS[kind];
  return {
    path: paths.list,
    handle: { crumb: (t) => t(`depenses:nav.${kind}`) },
    children: [
      {
        index: true,
        lazy: async () => {
          const page = await import('./depenses-page');
          return { Component: kind === 'charges' ? page.ChargesPage : page.TravauxPage };
        },
      },
      {
        path: paths.creer,
        guard: 'finance',
        handle: { crumb: (t) => t(`depenses:crumbs.${crumbs.creer}`) },
        lazy: async () => {
          const page = await import('./depense-form-page');
          return { Component: kind === 'charges' ? page.ChargeCreatePage : page.TravauxCreatePage };
        },
      },
      {
        path: paths.modifier,
        guard: 'finance',
        handle: { crumb: (t) => t(`depenses:crumbs.${crumbs.modifier}`) },
        lazy: async () => {
          const page = await import('./depense-form-page');
          return { Component: kind === 'charges' ? page.ChargeEditPage : page.TravauxEditPage };
        },
      },
      {
        path: paths.gerer,
        handle: { crumb: (t) => t(`depenses:crumbs.${crumbs.gerer}`) },
        lazy: async () => {
          const page = await import('./depense-details-page');
          return { Component: kind === 'charges' ? page.ChargeDetailsPage : page.TravauxDetailsPage };
        },
      },
    ],
  };
}

/**
 * The expenses (spec 2 §2 "Categories and suppliers", "Current charges", "Works"), in a sidebar
 * group of their own. Every council member reads them; only the treasurer opens the forms
 * (`guard: 'finance'`) and sees the actions enabled.
 */
export const depensesModule: FeatureModule<typeof catalogues> = {
  id: 'depenses',
  catalogues,
  routes: {
    syndic: [
      depenseScreen('charges'),
      depenseScreen('travaux'),
      {
        path: depensesPaths.categories,
        handle: { crumb: (t) => t('depenses:nav.categories') },
        lazy: async () => ({ Component: (await import('./categories-page')).CategoriesPage }),
      },
      {
        path: depensesPaths.fournisseurs,
        handle: { crumb: (t) => t('depenses:nav.fournisseurs') },
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./fournisseurs-page')).FournisseursPage }) },
          {
            path: depensesPaths.fournisseurCreer,
            guard: 'finance',
            handle: { crumb: (t) => t('depenses:crumbs.fournisseurCreer') },
            lazy: async () => ({ Component: (await import('./fournisseur-form-page')).FournisseurCreatePage }),
          },
          {
            path: depensesPaths.fournisseurModifier,
            guard: 'finance',
            handle: { crumb: (t) => t('depenses:crumbs.fournisseurModifier') },
            lazy: async () => ({ Component: (await import('./fournisseur-form-page')).FournisseurEditPage }),
          },
        ],
      },
    ],
  },
  nav: {
    syndic: [
      { kind: 'group', order: 40, id: 'depenses', labelKey: 'depenses:nav.group', icon: Wallet },
      {
        kind: 'link',
        group: 'depenses',
        order: 10,
        id: 'depenses-charges',
        labelKey: 'depenses:nav.charges',
        to: depensesPaths.charges,
        icon: ReceiptText,
      },
      {
        kind: 'link',
        group: 'depenses',
        order: 20,
        id: 'depenses-travaux',
        labelKey: 'depenses:nav.travaux',
        to: depensesPaths.travaux,
        icon: HardHat,
      },
      {
        kind: 'link',
        group: 'depenses',
        order: 40,
        id: 'depenses-categories',
        labelKey: 'depenses:nav.categories',
        to: depensesPaths.categories,
        icon: FolderTree,
      },
      {
        kind: 'link',
        group: 'depenses',
        order: 50,
        id: 'depenses-fournisseurs',
        labelKey: 'depenses:nav.fournisseurs',
        to: depensesPaths.fournisseurs,
        icon: Truck,
      },
    ],
  },
};
