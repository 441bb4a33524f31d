import { describe, expect, it } from 'vitest';

/**
 * The fr and ar catalogues must describe the same texts: same files, same keys (plural forms
 * aside, since Arabic has six and French two), no empty value, and the same {{placeholders}}.
 * The frame's catalogues are here (locales/), each feature module's in its folder
 * (features/<module>/locales/); a namespace is declared in one place only.
 */
type Catalogue = Record<string, unknown>;

const files = import.meta.glob<Catalogue>(['./locales/*/*.json', '../features/*/locales/*/*.json'], {
  eager: true,
  import: 'default',
});

const namespaceFolders = new Map<string, Set<string>>();

function catalogues(language: string): Map<string, Catalogue> {
  const result = new Map<string, Catalogue>();
  for (const [path, content] of Object.entries(files)) {
    const match = /^(.*)\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match?.[2] === language && match[1] && match[3]) {
      result.set(match[3], content);
      namespaceFolders.set(match[3], (namespaceFolders.get(match[3]) ?? new Set()).add(match[1]));
    }
  }
  return result;
}

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) result.set(k, v);
    }
  } else {
    result.set(prefix, String(value));
  }
  return result;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const fr = catalogues('fr');
const ar = catalogues('ar');

describe('translation catalogues', () => {
  it('have the same namespaces in fr and ar', () => {
    expect([...ar.keys()].sort()).toEqual([...fr.keys()].sort());
    expect(fr.size).toBeGreaterThan(0);
  });

  it('declare each namespace in one folder', () => {
    for (const [namespace, folders] of namespaceFolders) {
      expect([...folders], namespace).toHaveLength(1);
    }
  });

  for (const [namespace, frCatalogue] of fr) {
    describe(namespace, () => {
      const frKeys = flatten(frCatalogue);
      const arKeys = flatten(ar.get(namespace) ?? {});

      it('has the same keys in fr and ar', () => {
        const frBase = new Set([...frKeys.keys()].map(baseKey));
        const arBase = new Set([...arKeys.keys()].map(baseKey));
        expect([...arBase].sort()).toEqual([...frBase].sort());
      });

      it('has every plural form each language needs', () => {
        for (const [language, keys] of [
          ['fr', frKeys],
          ['ar', arKeys],
        ] as const) {
          const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
          const plurals = new Set([...keys.keys()].filter((k) => PLURAL_SUFFIX.test(k)).map(baseKey));
          for (const plural of plurals) {
            // Each language needs exactly the categories of its own plural rules (fr: one, many, other).
            for (const category of categories) {
              expect(keys.has(`${plural}_${category}`), `${language} ${namespace}:${plural}_${category}`).toBe(true);
            }
          }
        }
      });

      it('has no empty text and the same placeholders', () => {
        for (const [key, text] of frKeys) {
          expect(text.trim(), `fr ${namespace}:${key}`).not.toBe('');
        }
        for (const [key, text] of arKeys) {
          expect(text.trim(), `ar ${namespace}:${key}`).not.toBe('');
          const frText = frKeys.get(key) ?? frKeys.get(`${baseKey(key)}_other`);
          if (frText !== undefined) {
            // An Arabic plural form may spell the number out ("سطر واحد") instead of {{count}}.
            const expected = placeholders(frText).filter((p) => !(PLURAL_SUFFIX.test(key) && p === 'count'));
            const actual = placeholders(text).filter((p) => !(PLURAL_SUFFIX.test(key) && p === 'count'));
            expect(actual, `ar ${namespace}:${key}`).toEqual(expected);
          }
        }
      });
    });
  }
});
