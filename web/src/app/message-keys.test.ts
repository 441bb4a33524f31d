import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { array, number, object, string } from '@/lib/validation';

/**
 * Every message key written in the source exists in both catalogues, and every Yup message of
 * every feature is such a key (no literal French or English in a schema). Typed t() calls are
 * checked by the compiler; these are the keys it cannot see: Yup messages, error maps, sidebar
 * labels, keys passed around as strings. The source is read as text, so a new module is covered
 * without being listed here.
 */
const sources = import.meta.glob<string>(
  ['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/api/generated.ts', '!/src/api/schema.d.ts'],
  { query: '?raw', import: 'default', eager: true },
);

const KEY = /^[a-z][\w-]*:[\w.-]+$/i;
const QUOTED_KEY = /(['"`])([a-z][\w-]*):([\w.-]+)\1/gi;

function isNamespace(namespace: string): boolean {
  return i18n.hasResourceBundle('fr', namespace);
}

function existsIn(language: 'fr' | 'ar', key: string): boolean {
  // A plural key is written without its suffix (`rows` for rows_one, rows_other…).
  return i18n.exists(key, { lng: language }) || i18n.exists(key, { lng: language, count: 1 });
}

/** The text of a call's arguments, from just after its `(` to its matching `)`. */
function argumentsAt(source: string, open: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < source.length; i += 1) {
    const char = source[i];
    if (quote) {
      if (char === '\\') i += 1;
      else if (char === quote) quote = null;
    } else if (char === "'" || char === '"' || char === '`') {
      quote = char;
    } else if (char === '(' || char === '[' || char === '{') {
      depth += 1;
    } else if (char === ')' || char === ']' || char === '}') {
      depth -= 1;
      if (depth === 0) return source.slice(open + 1, i);
    }
  }
  return '';
}

/** The arguments of an argument list, split at its top-level commas. */
function splitArguments(args: string): string[] {
  const result: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < args.length; i += 1) {
    const char = args[i];
    if (char === '(' || char === '[' || char === '{') depth += 1;
    else if (char === ')' || char === ']' || char === '}') depth -= 1;
    else if (char === "'" || char === '"' || char === '`') {
      let end = i + 1;
      while (end < args.length && args[end] !== char) end += args[end] === '\\' ? 2 : 1;
      i = end;
    } else if (char === ',' && depth === 0) {
      result.push(args.slice(start, i).trim());
      start = i + 1;
    }
  }
  result.push(args.slice(start).trim());
  return result;
}

/** The arguments that are a string literal, unquoted. */
function literalArguments(args: string[]): string[] {
  return args.flatMap((arg) => {
    const match = /^(['"`])(.*)\1$/s.exec(arg);
    return match?.[2] !== undefined && !match[2].includes('${') ? [match[2]] : [];
  });
}

const YUP_RULES =
  /\.(required|defined|nonNullable|notRequired|max|min|length|email|url|uuid|matches|oneOf|notOneOf|test|typeError|integer|positive|negative|moreThan|lessThan|trim)\(/g;

/** The messages given to Yup's rules in one file (the name of a `.test` is not a message). */
function yupMessages(source: string): string[] {
  const messages: string[] = [];
  for (const match of source.matchAll(YUP_RULES)) {
    const args = splitArguments(argumentsAt(source, match.index + match[0].length - 1));
    messages.push(...literalArguments(match[1] === 'test' ? args.slice(1) : args));
  }
  return messages;
}

describe('message keys in the source', () => {
  it('finds the source files', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(Object.keys(sources)).toContain('/src/features/cotisations/schemas.ts');
  });

  it('exist in the fr and ar catalogues', () => {
    const missing: string[] = [];
    for (const [file, source] of Object.entries(sources)) {
      for (const [, , namespace, path] of source.matchAll(QUOTED_KEY)) {
        if (!namespace || !isNamespace(namespace)) continue;
        const key = `${namespace}:${path}`;
        for (const language of ['fr', 'ar'] as const) {
          if (!existsIn(language, key)) missing.push(`${file}: ${key} (${language})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('are the only messages of the Yup schemas', () => {
    const schemaFiles = Object.entries(sources).filter(([, source]) => /from '(yup|@\/lib\/validation)'/.test(source));
    expect(schemaFiles.length).toBeGreaterThan(3);
    const wrong: string[] = [];
    for (const [file, source] of schemaFiles) {
      for (const message of yupMessages(source)) {
        if (!KEY.test(message) || !existsIn('fr', message)) wrong.push(`${file}: "${message}"`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('catches a literal message in a schema (self-check of the scan)', () => {
    const source = `string().required('Ce champ est obligatoire.').test('name', 'common:form.required', (v) => v === '')
      .oneOf([...VALUES, 'a'], 'common:form.required').max(10, "Trop long").matches(/[.,]/, message)`;
    expect(yupMessages(source)).toEqual([
      'Ce champ est obligatoire.',
      'common:form.required',
      'common:form.required',
      'Trop long',
    ]);
  });
});

describe("Yup's own messages", () => {
  it('are catalogue keys too, for a rule written without a message', async () => {
    const schema = object({
      nom: string().required(),
      email: string().email(),
      montant: number().positive(),
      lignes: array().min(1),
    });
    const error = await schema
      .validate({ nom: '', email: 'x', montant: -1, lignes: [] }, { abortEarly: false })
      .catch((e: unknown) => e);
    const messages = (error as { errors: string[] }).errors;
    expect(messages.sort()).toEqual([
      'errors:fields.champ_obligatoire',
      'errors:fields.email_invalide',
      'errors:fields.liste_invalide',
      'errors:fields.montant_positif',
    ]);
    for (const message of messages) expect(existsIn('ar', message), message).toBe(true);
  });
});
