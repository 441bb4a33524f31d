import { BriefcaseBusiness, IdCard, ShieldCheck } from 'lucide-react';
import type { FeatureModule } from '@/lib/feature-module';
import ar from './locales/ar/salaires.json';
import fr from './locales/fr/salaires.json';
import { salairesPaths } from './paths';

const catalogues = { fr: { salaires: fr }, ar: { salaires: ar } };

/**
 * The payroll (spec 2 §2 "Salaries and employer charges"), in a sidebar group of its own after
 * the expenses. Every council member reads it; the treasurer or the president opens the
 * employee's forms (spec 2 §6), only the treasurer the payments' forms.
 */
export const salairesModule: FeatureModule<typeof catalogues> = {
  id: 'salaires',
  catalogues,
  routes: {
    syndic: [
      {
        path: salairesPaths.salaries,
        handle: { crumb: (t) => t('salaires:nav.salaries') },
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./salaries-page')).SalariesPage }) },
          {
            path: salairesPaths.salarieCreer,
            guard: 'financeOrPresident',
            handle: { crumb: (t) => t('salaires:crumbs.salarieCreer') },
            lazy: async () => ({ Component: (await import('./salarie-form-page')).SalarieCreatePage }),
          },
          {
            path: salairesPaths.salarieModifier,
            guard: 'financeOrPresident',
            handle: { crumb: (t) => t('salaires:crumbs.salarieModifier') },
            lazy: async () => ({ Component: (await import('./salarie-form-page')).SalarieEditPage }),
          },
          {
            path: salairesPaths.salarieGerer,
            handle: { crumb: (t) => t('salaires:crumbs.salarieGerer') },
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('./salarie-details-page')).SalarieDetailsPage }),
              },
              {
                path: salairesPaths.paiementModifier,
                guard: 'finance',
                handle: { crumb: (t) => t('salaires:crumbs.paiementModifier') },
                lazy: async () => ({
                  Component: (await import('./paiement-salaire-form-page')).PaiementSalaireEditPage,
                }),
              },
            ],
          },
        ],
      },
      {
        path: salairesPaths.chargesPatronales,
        handle: { crumb: (t) => t('salaires:nav.chargesPatronales') },
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./charges-patronales-page')).ChargesPatronalesPage }),
          },
          {
            path: salairesPaths.chargePatronaleCreer,
            guard: 'finance',
            handle: { crumb: (t) => t('salaires:crumbs.chargePatronaleCreer') },
            lazy: async () => ({ Component: (await import('./charge-patronale-form-page')).ChargePatronaleCreatePage }),
          },
          {
            path: salairesPaths.chargePatronaleModifier,
            guard: 'finance',
            handle: { crumb: (t) => t('salaires:crumbs.chargePatronaleModifier') },
            lazy: async () => ({ Component: (await import('./charge-patronale-form-page')).ChargePatronaleEditPage }),
          },
        ],
      },
    ],
  },
  nav: {
    syndic: [
      { kind: 'group', order: 50, id: 'salaires', labelKey: 'salaires:nav.group', icon: BriefcaseBusiness },
      {
        kind: 'link',
        group: 'salaires',
        order: 10,
        id: 'salaires-salaries',
        labelKey: 'salaires:nav.salaries',
        to: salairesPaths.salaries,
        icon: IdCard,
      },
      {
        kind: 'link',
        group: 'salaires',
        order: 20,
        id: 'salaires-charges-patronales',
        labelKey: 'salaires:nav.chargesPatronales',
        to: salairesPaths.chargesPatronales,
        icon: ShieldCheck,
      },
    ],
  },
};
