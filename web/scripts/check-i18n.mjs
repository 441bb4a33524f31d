#!/usr/bin/env node
// Quick catalogue check outside vitest (the same rules run in src/i18n/catalogues.test.ts):
// fr and ar have the same namespaces and the same keys, plural suffixes aside, no empty text and
// the same {{placeholders}}. Catalogues live in src/i18n/locales/<lang>/ (the app's frame) and in
// src/features/<module>/locales/<lang>/ (each module's own); a namespace is declared once.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKey = (key) => key.replace(PLURAL, '');
const placeholders = (text) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Every folder holding `<lang>/<namespace>.json` catalogues. */
function localeRoots() {
  const roots = [join(src, 'i18n', 'locales')];
  for (const feature of readdirSync(join(src, 'features'), { withFileTypes: true })) {
    const root = join(src, 'features', feature.name, 'locales');
    if (feature.isDirectory() && existsSync(root)) roots.push(root);
  }
  return roots;
}

function flatten(value, prefix = '', out = new Map()) {
  if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.set(prefix, String(value));
  return out;
}

const problems = [];

/** namespace → flattened catalogue, for one language across every root. */
function load(language) {
  const result = new Map();
  for (const root of localeRoots()) {
    const folder = join(root, language);
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.json'))) {
      const namespace = file.replace(/\.json$/, '');
      const path = join(folder, file);
      if (result.has(namespace)) {
        problems.push(
          `${language}: namespace "${namespace}" in ${relative(src, path)} and ${result.get(namespace).path}`,
        );
        continue;
      }
      result.set(namespace, { path: relative(src, path), keys: flatten(JSON.parse(readFileSync(path, 'utf8'))) });
    }
  }
  return result;
}

const fr = load('fr');
const ar = load('ar');
for (const namespace of new Set([...fr.keys(), ...ar.keys()])) {
  const frKeys = fr.get(namespace)?.keys;
  const arKeys = ar.get(namespace)?.keys;
  if (!frKeys || !arKeys) {
    problems.push(`${namespace}: missing in ${frKeys ? 'ar' : 'fr'}`);
    continue;
  }
  const frBase = new Set([...frKeys.keys()].map(baseKey));
  const arBase = new Set([...arKeys.keys()].map(baseKey));
  for (const k of frBase) if (!arBase.has(k)) problems.push(`${namespace}: "${k}" missing in ar`);
  for (const k of arBase) if (!frBase.has(k)) problems.push(`${namespace}: "${k}" missing in fr`);
  for (const [lang, keys] of [
    ['fr', frKeys],
    ['ar', arKeys],
  ]) {
    for (const [k, v] of keys) if (v.trim() === '') problems.push(`${lang}/${namespace}: "${k}" is empty`);
  }
  for (const [k, text] of arKeys) {
    const frText = frKeys.get(k) ?? frKeys.get(`${baseKey(k)}_other`);
    if (frText === undefined) continue;
    // An Arabic plural form may spell the number out instead of {{count}}.
    const keep = (p) => !(PLURAL.test(k) && p === 'count');
    const expected = placeholders(frText).filter(keep).join(',');
    const actual = placeholders(text).filter(keep).join(',');
    if (expected !== actual) problems.push(`ar/${namespace}: "${k}" has {{${actual}}}, fr has {{${expected}}}`);
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`i18n: fr and ar agree (${fr.size} namespaces)`);
