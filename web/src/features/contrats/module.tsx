import { FileSignature, Handshake, Sparkles, Users } from 'lucide-react';
import type { FeatureModule, ModuleRoute } from '@/lib/feature-module';
import type { ContratSide } from './contrats-api';
import ar from './locales/ar/contrats.json';
import fr from './locales/fr/contrats.json';
import { CONTRAT_PATHS, contratsPaths } from './paths';

const catalogues = { fr: { contrats: fr }, ar: { contrats: ar } };

/**
 * Revenue or expense contracts (spec 1 §2, spec 2 §2 "Expense contracts"): the same list, form and
 * detail, told apart by the side each route's page passes.
 */
function contratScreen(side: ContratSide): ModuleRoute {
  const paths = CONTRAT_PATHS[side];
  const revenus = side === 'revenus';
  return {
    path: paths.list,
    handle: { crumb: (t) => t(`contrats:nav.${side}`) },
    children: [
      {
        index: true,
        lazy: async () => {
          const page = await import('./contrats-page');
          return { Component: revenus ? page.ContratsRevenusPage : page.ContratsDepensesPage };
        },
      },
      {
        path: paths.creer,
        guard: 'finance',
        handle: { crumb: (t) => t('contrats:crumbs.contratCreer') },
        lazy: async () => {
          const page = await import('./contrat-form-page');
          return { Component: revenus ? page.ContratRevenuCreatePage : page.ContratDepenseCreatePage };
        },
      },
      {
        path: paths.modifier,
        guard: 'finance',
        handle: { crumb: (t) => t('contrats:crumbs.contratModifier') },
        lazy: async () => {
          const page = await import('./contrat-form-page');
          return { Component: revenus ? page.ContratRevenuEditPage : page.ContratDepenseEditPage };
        },
      },
      {
        path: paths.gerer,
        handle: { crumb: (t) => t('contrats:crumbs.contratGerer') },
        lazy: async () => {
          const page = await import('./contrat-details-page');
          return { Component: revenus ? page.ContratRevenuDetailsPage : page.ContratDepenseDetailsPage };
        },
      },
    ],
  };
}

/**
 * Contracts, clients and exceptional revenues (spec 1 §2 "Revenue screens", spec 2 §2 "Expense
 * contracts"): the revenue side in the Revenus group, the expense contracts in the Dépenses group.
 * Every council member reads them; only the treasurer opens the forms (`guard: 'finance'`) and
 * sees the actions enabled.
 */
export const contratsModule: FeatureModule<typeof catalogues> = {
  id: 'contrats',
  catalogues,
  routes: {
    syndic: [
      contratScreen('revenus'),
      contratScreen('depenses'),
      {
        path: contratsPaths.clients,
        handle: { crumb: (t) => t('contrats:nav.clients') },
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./clients-page')).ClientsPage }) },
          {
            path: contratsPaths.clientCreer,
            guard: 'finance',
            handle: { crumb: (t) => t('contrats:crumbs.clientCreer') },
            lazy: async () => ({ Component: (await import('./client-form-page')).ClientCreatePage }),
          },
          {
            path: contratsPaths.clientModifier,
            guard: 'finance',
            handle: { crumb: (t) => t('contrats:crumbs.clientModifier') },
            lazy: async () => ({ Component: (await import('./client-form-page')).ClientEditPage }),
          },
        ],
      },
      {
        path: contratsPaths.revenusExceptionnels,
        handle: { crumb: (t) => t('contrats:nav.revenusExceptionnels') },
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('./revenus-exceptionnels-page')).RevenusExceptionnelsPage,
            }),
          },
          {
            path: contratsPaths.revenuExceptionnelCreer,
            guard: 'finance',
            handle: { crumb: (t) => t('contrats:crumbs.revenuCreer') },
            lazy: async () => ({
              Component: (await import('./revenu-exceptionnel-form-page')).RevenuExceptionnelCreatePage,
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
        group: 'revenus',
        order: 30,
        id: 'contrats-revenus',
        labelKey: 'contrats:nav.revenus',
        to: contratsPaths.contratsRevenus,
        icon: FileSignature,
      },
      {
        kind: 'link',
        group: 'revenus',
        order: 40,
        id: 'clients',
        labelKey: 'contrats:nav.clients',
        to: contratsPaths.clients,
        icon: Users,
      },
      {
        kind: 'link',
        group: 'revenus',
        order: 50,
        id: 'revenus-exceptionnels',
        labelKey: 'contrats:nav.revenusExceptionnels',
        to: contratsPaths.revenusExceptionnels,
        icon: Sparkles,
      },
      {
        kind: 'link',
        group: 'depenses',
        order: 30,
        id: 'contrats-depenses',
        labelKey: 'contrats:nav.depenses',
        to: contratsPaths.contratsDepenses,
        icon: Handshake,
      },
    ],
  },
};
