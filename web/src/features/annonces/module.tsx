import { Archive, Megaphone } from 'lucide-react';
import type { FeatureModule } from '@/lib/feature-module';
import ar from './locales/ar/annonces.json';
import fr from './locales/fr/annonces.json';
import { annoncesPaths } from './paths';

const catalogues = { fr: { annonces: fr }, ar: { annonces: ar } };

/**
 * Announcements (spec 3 §2.8, §5 "Annonce"; issue 18): the syndic's active list (create, edit,
 * delete) and archived list, in their own sidebar group (110, after votes); the co-owners'
 * active announcements (80, after assemblies).
 */
export const annoncesModule: FeatureModule<typeof catalogues> = {
  id: 'annonces',
  catalogues,
  routes: {
    syndic: [
      {
        path: annoncesPaths.syndic,
        handle: { crumb: (t) => t('annonces:nav.group') },
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./annonces-pages')).AnnoncesIndexRedirect }) },
          {
            path: annoncesPaths.actives,
            handle: { crumb: (t) => t('annonces:nav.actives') },
            lazy: async () => ({ Component: (await import('./annonces-pages')).AnnoncesActivesPage }),
          },
          {
            path: annoncesPaths.archivees,
            handle: { crumb: (t) => t('annonces:nav.archivees') },
            lazy: async () => ({ Component: (await import('./annonces-pages')).AnnoncesArchiveesPage }),
          },
        ],
      },
    ],
    coproprietaire: [
      {
        path: annoncesPaths.coproprietaire,
        handle: { crumb: (t) => t('annonces:nav.group') },
        lazy: async () => ({ Component: (await import('./annonces-pages')).CoproprietaireAnnoncesPage }),
      },
    ],
  },
  nav: {
    syndic: [
      { kind: 'group', order: 110, id: 'annonces', labelKey: 'annonces:nav.group', icon: Megaphone },
      {
        kind: 'link',
        group: 'annonces',
        order: 10,
        id: 'annonces_actives',
        labelKey: 'annonces:nav.actives',
        to: annoncesPaths.actives,
        icon: Megaphone,
      },
      {
        kind: 'link',
        group: 'annonces',
        order: 20,
        id: 'annonces_archivees',
        labelKey: 'annonces:nav.archivees',
        to: annoncesPaths.archivees,
        icon: Archive,
      },
    ],
    coproprietaire: [
      {
        kind: 'link',
        order: 80,
        id: 'annonces',
        labelKey: 'annonces:nav.group',
        to: annoncesPaths.coproprietaire,
        icon: Megaphone,
      },
    ],
  },
};
