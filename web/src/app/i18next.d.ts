import 'i18next';
import type { defaultNS, resources } from '@/i18n/resources';
import type { CataloguesOf } from '@/lib/feature-module';
import type { modules } from './modules';

// French is the reference catalogue: a key missing from it is a type error at every t() call.
// The frame's catalogues (src/i18n) and every module's (its module.tsx) make up the namespaces.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: (typeof resources)['fr'] & CataloguesOf<typeof modules>;
  }
}
