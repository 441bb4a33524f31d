import type { FeatureModule } from '@/lib/feature-module';
import ar from './locales/ar/releves.json';
import fr from './locales/fr/releves.json';
import { relevesPaths } from './paths';

const catalogues = { fr: { releves: fr }, ar: { releves: ar } };

/**
 * Bank statements (issue 22): a statement file of an account imported from the reconciliation,
 * its lines matched to the account's movements, pointed, proposed or turned into an operation,
 * and its closing balance checked. The treasurer's only (the server refuses the others): no
 * sidebar entry, the reconciliation page links here.
 *
 * The routes sit under the reconciliation's address (its page is the rapprochement module's
 * route of the same path, which the router prefers for the address itself): the breadcrumbs read
 * "Rapprochement › Relevés".
 */
export const relevesModule: FeatureModule<typeof catalogues> = {
  id: 'releves',
  catalogues,
  routes: {
    syndic: [
      {
        path: relevesPaths.rapprochement,
        handle: { crumb: (t) => t('releves:crumbs.rapprochement') },
        children: [
          {
            path: relevesPaths.importer,
            guard: 'finance',
            handle: { crumb: (t) => t('releves:crumbs.importer') },
            lazy: async () => ({ Component: (await import('./import-page')).ImportPage }),
          },
          {
            path: relevesPaths.releves,
            guard: 'finance',
            handle: { crumb: (t) => t('releves:crumbs.releves') },
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('./releves-page')).RelevesPage }),
              },
              {
                path: relevesPaths.releve,
                handle: { crumb: (t) => t('releves:crumbs.releve') },
                lazy: async () => ({ Component: (await import('./releve-page')).RelevePage }),
              },
            ],
          },
        ],
      },
    ],
  },
};
