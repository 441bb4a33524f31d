// ESLint rule `daftar/layers`: the dependency arrows of src/ (README "Layout"), checked on every
// import, re-export, dynamic import() and import type, whether written `@/…` or relative.
//
//   shared (components, lib, api, i18n)  ←  features/<f>  ←  app
//
// - a feature never imports another feature (`features/a` → `features/b`);
// - a feature reads the app layer only through the files listed in `featuresMayImportFromApp`
//   (app/paths.ts: the frame's route paths);
// - the shared layers import neither features nor app.
// testing/ and main.tsx may import anything.
import path from 'node:path';

const SRC = path.resolve(import.meta.dirname, '..', 'src');

/** The file (without extension) an import points to, relative to src/, or null for a package. */
function targetOf(specifier, filename) {
  let absolute;
  if (specifier.startsWith('@/')) absolute = path.join(SRC, specifier.slice(2));
  else if (specifier.startsWith('.')) absolute = path.resolve(path.dirname(filename), specifier);
  else return null;
  const relative = path.relative(SRC, absolute);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative
    .split(path.sep)
    .join('/')
    .replace(/\.(tsx?|jsx?|json)$/, '');
}

/** `{ layer, feature? }` of a path relative to src/. */
function layerOf(relative) {
  const [top, second] = relative.split('/');
  if (top === 'features' && second !== undefined) return { layer: 'features', feature: second };
  return { layer: top };
}

/** @type {import('eslint').Rule.RuleModule} */
export const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the dependency arrows of src/: shared ← features ← app, no feature → feature.' },
    schema: [
      {
        type: 'object',
        properties: {
          shared: { type: 'array', items: { type: 'string' } },
          featuresMayImportFromApp: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      crossFeature:
        'features/{{from}} may not import features/{{to}} ("{{specifier}}"): move what both need to src/components or src/lib, or let app/ compose them.',
      featureToApp:
        'features/{{from}} may not import the app layer ("{{specifier}}"): only {{allowed}} is shared with features.',
      sharedToUpper:
        'src/{{from}} is a shared layer and may not import src/{{to}} ("{{specifier}}"): shared ← features ← app.',
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const shared = new Set(options.shared ?? ['components', 'lib', 'api', 'i18n']);
    const allowedFromApp = new Set(options.featuresMayImportFromApp ?? ['app/paths']);
    const filename = context.physicalFilename ?? context.filename;
    const own = path.relative(SRC, filename);
    if (own.startsWith('..') || path.isAbsolute(own)) return {};
    const from = layerOf(own.split(path.sep).join('/'));

    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      const target = targetOf(specifier, filename);
      if (target === null) return;
      const to = layerOf(target);
      if (from.layer === 'features') {
        if (to.layer === 'features' && to.feature !== from.feature) {
          context.report({ node, messageId: 'crossFeature', data: { from: from.feature, to: to.feature, specifier } });
        } else if (to.layer === 'app' && !allowedFromApp.has(target)) {
          context.report({
            node,
            messageId: 'featureToApp',
            data: { from: from.feature, specifier, allowed: [...allowedFromApp].join(', ') },
          });
        }
      } else if (shared.has(from.layer) && (to.layer === 'features' || to.layer === 'app')) {
        context.report({ node, messageId: 'sharedToUpper', data: { from: from.layer, to: to.layer, specifier } });
      }
    }

    const withSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: withSource,
      ExportNamedDeclaration: withSource,
      ExportAllDeclaration: withSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      TSImportType: (node) => {
        const literal = node.argument?.literal ?? node.argument;
        if (literal?.type === 'Literal') check(literal, literal.value);
      },
    };
  },
};

export default { rules: { layers: layersRule } };
