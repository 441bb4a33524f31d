#!/usr/bin/env node
// Quick catalogue check outside vitest (the same rules run in src/i18n/catalogues.test.ts):
// fr and ar have the same namespaces and the same keys, plural suffixes aside, and no empty text.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../src/i18n/locales/', import.meta.url));
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(value, prefix = '', out = new Map()) {
  if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.set(prefix, String(value));
  return out;
}

function load(language) {
  const result = new Map();
  for (const file of readdirSync(join(root, language)).filter((f) => f.endsWith('.json'))) {
    result.set(file, flatten(JSON.parse(readFileSync(join(root, language, file), 'utf8'))));
  }
  return result;
}

const fr = load('fr');
const ar = load('ar');
const problems = [];
for (const file of new Set([...fr.keys(), ...ar.keys()])) {
  const frKeys = fr.get(file);
  const arKeys = ar.get(file);
  if (!frKeys || !arKeys) {
    problems.push(`${file}: missing in ${frKeys ? 'ar' : 'fr'}`);
    continue;
  }
  const frBase = new Set([...frKeys.keys()].map((k) => k.replace(PLURAL, '')));
  const arBase = new Set([...arKeys.keys()].map((k) => k.replace(PLURAL, '')));
  for (const k of frBase) if (!arBase.has(k)) problems.push(`${file}: "${k}" missing in ar`);
  for (const k of arBase) if (!frBase.has(k)) problems.push(`${file}: "${k}" missing in fr`);
  for (const [lang, keys] of [
    ['fr', frKeys],
    ['ar', arKeys],
  ]) {
    for (const [k, v] of keys) if (v.trim() === '') problems.push(`${lang}/${file}: "${k}" is empty`);
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`i18n: fr and ar agree (${fr.size} namespaces)`);
