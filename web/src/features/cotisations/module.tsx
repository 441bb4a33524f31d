import { ChartPie, HandCoins, ReceiptText } from 'lucide-react';
import type { FeatureModule, RouteHandle } from '@/lib/feature-module';
import ar from './locales/ar/cotisations.json';
import fr from './locales/fr/cotisations.json';
import { cotisationsPaths } from './paths';

const catalogues = { fr: { cotisations: fr }, ar: { cotisations: ar } };

const cotisationsHandle: RouteHandle = { crumb: (t) => t('cotisations:nav.cotisations') };

/**
 * Revenue (spec 1 §2 "Revenue screens", spec 3 §2.12): the allocation table, the cotisations, the
 * collections and payment histories, and the co-owner's own cotisations. Every council member
 * reads them; only the treasurer opens the forms.
 */
export const cotisationsModule: FeatureModule<typeof catalogues> = {
  id: 'cotisations',
  catalogues,
  routes: {
    syndic: [
      {
        // The treasurer edits the allocation table on the page itself.
        path: cotisationsPaths.repartitionCotisations,
        handle: { crumb: (t) => t('cotisations:nav.repartitionCotisations') },
        lazy: async () => ({ Component: (await import('./repartition-page')).RepartitionPage }),
      },
      {
        path: cotisationsPaths.cotisations,
        handle: cotisationsHandle,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./cotisations-page')).CotisationsPage }),
          },
          {
            path: cotisationsPaths.cotisationGerer,
            handle: { crumb: (t) => t('cotisations:crumbs.cotisationGerer') },
            lazy: async () => ({ Component: (await import('./cotisation-details-page')).CotisationDetailsPage }),
          },
          {
            path: cotisationsPaths.cotisationCreer,
            guard: 'finance',
            handle: { crumb: (t) => t('cotisations:crumbs.cotisationCreer') },
            lazy: async () => ({ Component: (await import('./cotisation-create-page')).CotisationCreatePage }),
          },
          {
            path: cotisationsPaths.cotisationModifier,
            guard: 'finance',
            handle: { crumb: (t) => t('cotisations:crumbs.cotisationModifier') },
            lazy: async () => ({ Component: (await import('./cotisation-edit-page')).CotisationEditPage }),
          },
        ],
      },
      {
        // Properties' balances, collections and payment histories (spec 1 §2).
        path: cotisationsPaths.encaissement,
        handle: { crumb: (t) => t('cotisations:nav.encaissements') },
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./encaissement-page')).EncaissementPage }),
          },
          {
            path: cotisationsPaths.encaissementHistorique,
            handle: { crumb: (t) => t('cotisations:crumbs.historiquePaiements') },
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('./historique-paiements-page')).HistoriquePaiementsPage,
                }),
              },
              {
                // Correcting or cancelling a payment is the treasurer's.
                path: cotisationsPaths.encaissementGerer,
                guard: 'finance',
                handle: { crumb: (t) => t('cotisations:crumbs.encaissementGerer') },
                lazy: async () => ({ Component: (await import('./encaissement-edit-page')).EncaissementEditPage }),
              },
            ],
          },
        ],
      },
    ],
    coproprietaire: [
      {
        path: cotisationsPaths.mesCotisations,
        handle: cotisationsHandle,
        lazy: async () => ({
          Component: (await import('./coproprietaire-cotisations-page')).CoproprietaireCotisationsPage,
        }),
      },
    ],
  },
  nav: {
    syndic: [
      {
        kind: 'link',
        group: 'administration',
        order: 30,
        id: 'repartition-cotisations',
        labelKey: 'cotisations:nav.repartitionCotisations',
        to: cotisationsPaths.repartitionCotisations,
        icon: ChartPie,
      },
      {
        kind: 'link',
        group: 'revenus',
        order: 10,
        id: 'cotisations',
        labelKey: 'cotisations:nav.cotisations',
        to: cotisationsPaths.cotisations,
        icon: ReceiptText,
      },
      {
        kind: 'link',
        group: 'revenus',
        order: 20,
        id: 'encaissements',
        labelKey: 'cotisations:nav.encaissements',
        to: cotisationsPaths.encaissement,
        icon: HandCoins,
      },
    ],
    coproprietaire: [
      {
        kind: 'link',
        order: 30,
        id: 'cotisations',
        labelKey: 'cotisations:nav.cotisations',
        to: cotisationsPaths.mesCotisations,
        icon: ReceiptText,
      },
    ],
  },
};
