import 'i18next';
import type { defaultNS, resources } from './resources';

// French is the reference catalogue: a key missing from it is a type error at every t() call.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: (typeof resources)['fr'];
  }
}
