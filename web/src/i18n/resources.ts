import arAuth from './locales/ar/auth.json';
import arCommon from './locales/ar/common.json';
import arConseil from './locales/ar/conseil.json';
import arCotisations from './locales/ar/cotisations.json';
import arDashboard from './locales/ar/dashboard.json';
import arErrors from './locales/ar/errors.json';
import arLayout from './locales/ar/layout.json';
import arPages from './locales/ar/pages.json';
import arProprietes from './locales/ar/proprietes.json';
import frAuth from './locales/fr/auth.json';
import frCommon from './locales/fr/common.json';
import frConseil from './locales/fr/conseil.json';
import frCotisations from './locales/fr/cotisations.json';
import frDashboard from './locales/fr/dashboard.json';
import frErrors from './locales/fr/errors.json';
import frLayout from './locales/fr/layout.json';
import frPages from './locales/fr/pages.json';
import frProprietes from './locales/fr/proprietes.json';

/**
 * Catalogues are bundled (not fetched): they are small, and a bundled catalogue cannot fail to
 * load. A feature adding a namespace adds one fr and one ar JSON file and one line per language.
 */
export const resources = {
  fr: {
    common: frCommon,
    auth: frAuth,
    layout: frLayout,
    errors: frErrors,
    dashboard: frDashboard,
    pages: frPages,
    proprietes: frProprietes,
    conseil: frConseil,
    cotisations: frCotisations,
  },
  ar: {
    common: arCommon,
    auth: arAuth,
    layout: arLayout,
    errors: arErrors,
    dashboard: arDashboard,
    pages: arPages,
    proprietes: arProprietes,
    conseil: arConseil,
    cotisations: arCotisations,
  },
} as const;

export const namespaces = Object.keys(resources.fr) as (keyof (typeof resources)['fr'])[];

export const defaultNS = 'common';
