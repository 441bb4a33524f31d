import i18n, { LANGUAGES } from '@/i18n';
import { namespaces as frameNamespaces } from '@/i18n/resources';
import { modules } from './modules';

/**
 * Adds every module's catalogues to i18next, next to the frame's (src/i18n/resources.ts). They
 * are bundled like the frame's, so this is synchronous: main.tsx and the test set-up call it
 * before the first render. A namespace declared twice is a programming error.
 */
export function addModuleCatalogues(): void {
  const owners = new Map<string, string>(frameNamespaces.map((namespace) => [namespace, 'src/i18n']));
  for (const module of modules) {
    for (const namespace of Object.keys(module.catalogues.fr)) {
      const owner = owners.get(namespace);
      if (owner) throw new Error(`namespace "${namespace}" of ${module.id} is already declared by ${owner}`);
      owners.set(namespace, module.id);
    }
    for (const language of LANGUAGES) {
      for (const [namespace, catalogue] of Object.entries(module.catalogues[language])) {
        i18n.addResourceBundle(language, namespace, catalogue, true, true);
      }
    }
  }
}
