import { FolderArchive } from 'lucide-react';
import type { FeatureModule } from '@/lib/feature-module';
import ar from './locales/ar/archive.json';
import fr from './locales/fr/archive.json';
import { archivePaths } from './paths';

const catalogues = { fr: { archive: fr }, ar: { archive: ar } };

/**
 * The financial archive (spec 3 §2.12 "Archive and rules browsers"): the syndic's folder browser,
 * in the shared "archive" group (app/layout/nav-config.ts; the regulations will add theirs).
 */
export const archiveModule: FeatureModule<typeof catalogues> = {
  id: 'archive',
  catalogues,
  routes: {
    syndic: [
      {
        path: archivePaths.documentsFinanciers,
        handle: { crumb: (t) => t('archive:nav.documentsFinanciers') },
        lazy: async () => ({ Component: (await import('./archive-page')).ArchivePage }),
      },
    ],
  },
  nav: {
    syndic: [
      {
        kind: 'link',
        group: 'archive',
        order: 10,
        id: 'documents-financiers',
        labelKey: 'archive:nav.documentsFinanciers',
        to: archivePaths.documentsFinanciers,
        icon: FolderArchive,
      },
    ],
  },
};
