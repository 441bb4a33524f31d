import { FileStack } from 'lucide-react';
import type { FeatureModule } from '@/lib/feature-module';
import ar from './locales/ar/remisesCheques.json';
import fr from './locales/fr/remisesCheques.json';
import { remisesChequesPaths } from './paths';

const catalogues = { fr: { remisesCheques: fr }, ar: { remisesCheques: ar } };

/**
 * Cheque deposits (spec 2 §2 "Banking", §5 "Cheque deposit"): the deposits with their cheques,
 * and the treasurer's form picking pending cheques. Every council member reads them.
 */
export const remisesChequesModule: FeatureModule<typeof catalogues> = {
  id: 'remises-cheques',
  catalogues,
  routes: {
    syndic: [
      {
        path: remisesChequesPaths.remises,
        handle: { crumb: (t) => t('remisesCheques:nav.remisesCheques') },
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./remises-page')).RemisesPage }),
          },
          {
            path: remisesChequesPaths.creer,
            guard: 'finance',
            handle: { crumb: (t) => t('remisesCheques:crumbs.creer') },
            lazy: async () => ({ Component: (await import('./remise-create-page')).RemiseCreatePage }),
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
        order: 80,
        id: 'remises-cheques',
        labelKey: 'remisesCheques:nav.remisesCheques',
        to: remisesChequesPaths.remises,
        icon: FileStack,
      },
    ],
  },
};
