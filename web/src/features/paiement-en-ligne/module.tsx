import { Globe } from 'lucide-react';
import { lazy } from 'react';
import type { FeatureModule } from '@/lib/feature-module';
import ar from './locales/ar/paiementEnLigne.json';
import fr from './locales/fr/paiementEnLigne.json';
import { paiementEnLignePaths } from './paths';

const catalogues = { fr: { paiementEnLigne: fr }, ar: { paiementEnLigne: ar } };

/** The "Payer en ligne" button, loaded with the page that shows it (cotisations, dashboard). */
const PayerEnLigne = lazy(async () => ({ default: (await import('./payer-en-ligne')).PayerEnLigne }));

/**
 * Online payment through Konnect (issue 21, docs/api-paiement-en-ligne.md). The co-owner pays a
 * due or everything owed now from the cotisations page and the dashboard (the `payerEnLigne`
 * place of those pages, lib/slots.tsx) and comes back to the return page; the treasurer sets the
 * gateway up, follows the payments and records the gateway's settlements on the bank's page of
 * their own (finance only: the route is guarded, the sidebar entry shown to the treasurer only).
 */
export const paiementEnLigneModule: FeatureModule<typeof catalogues> = {
  id: 'paiement-en-ligne',
  catalogues,
  slots: { payerEnLigne: PayerEnLigne },
  routes: {
    syndic: [
      {
        path: paiementEnLignePaths.syndic,
        guard: 'finance',
        handle: { crumb: (t) => t('paiementEnLigne:crumbs.paiementEnLigne') },
        lazy: async () => ({ Component: (await import('./syndic-page')).PaiementEnLigneSyndicPage }),
      },
    ],
    coproprietaire: [
      {
        path: paiementEnLignePaths.retour,
        handle: { crumb: (t) => t('paiementEnLigne:crumbs.retour') },
        lazy: async () => ({ Component: (await import('./retour-page')).RetourPaiementPage }),
      },
    ],
  },
  nav: {
    syndic: [
      {
        kind: 'link',
        group: 'banque',
        order: 100,
        id: 'paiement-en-ligne',
        labelKey: 'paiementEnLigne:nav.paiementEnLigne',
        to: paiementEnLignePaths.syndic,
        icon: Globe,
        financeOnly: true,
      },
    ],
  },
};
