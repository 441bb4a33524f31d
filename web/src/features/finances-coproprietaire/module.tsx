import { FileSignature, FileText, Hammer, Receipt, TrendingDown, TrendingUp } from 'lucide-react';
import type { FeatureModule, RouteHandle } from '@/lib/feature-module';
import ar from './locales/ar/finances.json';
import fr from './locales/fr/finances.json';
import { financesPaths } from './paths';

const catalogues = { fr: { finances: fr }, ar: { finances: ar } };

const details: RouteHandle = { crumb: (t) => t('finances:crumbs.details') };

/**
 * The co-owner's finance pages (spec 3 §2.3, §2.4, §2.11; issue 19): revenues, charges, works and
 * the contracts of both sides, each with its details. Each sidebar entry is shown only when the
 * co-owner's visibility right is set (the contrats group is hidden when both its children are),
 * and the server refuses the pages themselves when it is not (403 `visibilite_refusee`).
 */
export const financesCoproprietaireModule: FeatureModule<typeof catalogues> = {
  id: 'finances-coproprietaire',
  catalogues,
  routes: {
    coproprietaire: [
      {
        path: financesPaths.revenus,
        handle: { crumb: (t) => t('finances:nav.revenus') },
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./elements-page')).RevenusPage }) },
          {
            path: financesPaths.revenuDetails,
            handle: details,
            lazy: async () => ({ Component: (await import('./detail-page')).RevenuDetailsPage }),
          },
        ],
      },
      {
        path: financesPaths.charges,
        handle: { crumb: (t) => t('finances:nav.charges') },
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./elements-page')).ChargesPage }) },
          {
            path: financesPaths.chargeDetails,
            handle: details,
            lazy: async () => ({ Component: (await import('./detail-page')).ChargeDetailsPage }),
          },
        ],
      },
      {
        path: financesPaths.travaux,
        handle: { crumb: (t) => t('finances:nav.travaux') },
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./travaux-page')).TravauxPage }) },
          {
            path: financesPaths.travauxDetails,
            handle: details,
            lazy: async () => ({ Component: (await import('./detail-page')).TravauxDetailsPage }),
          },
          {
            path: financesPaths.travauxModel,
            handle: details,
            lazy: async () => ({ Component: (await import('./detail-page')).TravauxDetailsPage }),
          },
        ],
      },
      {
        path: financesPaths.contratsRevenus,
        handle: { crumb: (t) => t('finances:nav.contratsRevenus') },
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./contrats-page')).ContratsRevenusPage }) },
          {
            path: financesPaths.contratRevenuDetails,
            handle: details,
            lazy: async () => ({ Component: (await import('./contrats-page')).ContratRevenuDetailsPage }),
          },
        ],
      },
      {
        path: financesPaths.contratsDepenses,
        handle: { crumb: (t) => t('finances:nav.contratsDepenses') },
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./contrats-page')).ContratsDepensesPage }) },
          {
            path: financesPaths.contratDepenseDetails,
            handle: details,
            lazy: async () => ({ Component: (await import('./contrats-page')).ContratDepenseDetailsPage }),
          },
        ],
      },
    ],
  },
  nav: {
    coproprietaire: [
      {
        kind: 'link',
        order: 110,
        id: 'revenus',
        labelKey: 'finances:nav.revenus',
        to: financesPaths.revenus,
        icon: TrendingUp,
        feature: 'see.recettes',
      },
      {
        kind: 'link',
        order: 120,
        id: 'charges',
        labelKey: 'finances:nav.charges',
        to: financesPaths.charges,
        icon: TrendingDown,
        feature: 'see.charges',
      },
      {
        kind: 'link',
        order: 130,
        id: 'travaux',
        labelKey: 'finances:nav.travaux',
        to: financesPaths.travaux,
        icon: Hammer,
        feature: 'see.travaux',
      },
      // After the budgets (180): spec 3 §2.4 lists the contracts last.
      { kind: 'group', order: 190, id: 'contrats', labelKey: 'finances:nav.contrats', icon: FileSignature },
      {
        kind: 'link',
        group: 'contrats',
        order: 10,
        id: 'contrats-revenus',
        labelKey: 'finances:nav.contratsRevenus',
        to: financesPaths.contratsRevenus,
        icon: Receipt,
        feature: 'see.contrats.recettes',
      },
      {
        kind: 'link',
        group: 'contrats',
        order: 20,
        id: 'contrats-depenses',
        labelKey: 'finances:nav.contratsDepenses',
        to: financesPaths.contratsDepenses,
        icon: FileText,
        feature: 'see.contrats.depenses',
      },
    ],
  },
};
