import arAuth from './locales/ar/auth.json';
import arCommon from './locales/ar/common.json';
import arErrors from './locales/ar/errors.json';
import arLayout from './locales/ar/layout.json';
import arPages from './locales/ar/pages.json';
import frAuth from './locales/fr/auth.json';
import frCommon from './locales/fr/common.json';
import frErrors from './locales/fr/errors.json';
import frLayout from './locales/fr/layout.json';
import frPages from './locales/fr/pages.json';

/**
 * The catalogues of the app's frame and of the shared layers. Catalogues are bundled (not
 * fetched): they are small, and a bundled catalogue cannot fail to load. A feature module brings
 * its own namespaces from its folder (`features/<module>/locales/{fr,ar}/<namespace>.json`, listed
 * in its module.tsx); app/catalogues.ts adds them at start-up.
 */
export const resources = {
  fr: {
    common: frCommon,
    auth: frAuth,
    layout: frLayout,
    errors: frErrors,
    pages: frPages,
  },
  ar: {
    common: arCommon,
    auth: arAuth,
    layout: arLayout,
    errors: arErrors,
    pages: arPages,
  },
} as const;

export const namespaces = Object.keys(resources.fr) as (keyof (typeof resources)['fr'])[];

export const defaultNS = 'common';
