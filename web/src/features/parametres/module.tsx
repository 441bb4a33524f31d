import type { FeatureModule } from '@/lib/feature-module';
import ar from './locales/ar/parametres.json';
import fr from './locales/fr/parametres.json';
import { parametresPaths } from './paths';

const catalogues = { fr: { parametres: fr }, ar: { parametres: ar } };

/**
 * The account settings (spec 3 §2.13, §2.3 parametres and verify-email): reached from the profile
 * menu (app/layout/profile-menu.tsx), not from the sidebar; every user has them, in the co-owner
 * space.
 */
export const parametresModule: FeatureModule<typeof catalogues> = {
  id: 'parametres',
  catalogues,
  routes: {
    coproprietaire: [
      {
        path: parametresPaths.parametres,
        handle: { crumb: (t) => t('parametres:crumbs.parametres') },
        lazy: async () => ({ Component: (await import('./parametres-page')).ParametresPage }),
      },
      {
        path: parametresPaths.verifyEmail,
        handle: { crumb: (t) => t('parametres:crumbs.verifyEmail') },
        lazy: async () => ({ Component: (await import('./verify-email-page')).VerifyEmailPage }),
      },
    ],
  },
};
