// The `daftar/layers` rule fires through the project's real ESLint configuration (the one
// `npm run lint` uses) on files that do not exist: feature a importing feature b, a shared layer
// importing a feature or the app, and the imports that stay allowed.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let eslint;

beforeAll(() => {
  eslint = new ESLint({ cwd: web });
});

/** The `daftar/layers` messages for `code` linted as if it were the file `filePath`. */
async function layerErrors(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'daftar/layers').map((m) => `${m.line}: ${m.message}`);
}

describe('daftar/layers', () => {
  it('forbids a feature to import another feature, with @/ or a relative path', async () => {
    const errors = await layerErrors(
      'src/features/a/page.tsx',
      [
        "import { Widget } from '@/features/b/widget';",
        "import { helper } from '../b/helper';",
        "export { other } from '@/features/b/other';",
        "export const lazy = () => import('../b/page');",
        'export const used = [Widget, helper];',
      ].join('\n'),
    );
    expect(errors).toEqual([
      '1: features/a may not import features/b ("@/features/b/widget"): move what both need to src/components or src/lib, or let app/ compose them.',
      '2: features/a may not import features/b ("../b/helper"): move what both need to src/components or src/lib, or let app/ compose them.',
      '3: features/a may not import features/b ("@/features/b/other"): move what both need to src/components or src/lib, or let app/ compose them.',
      '4: features/a may not import features/b ("../b/page"): move what both need to src/components or src/lib, or let app/ compose them.',
    ]);
  });

  it('resolves relative paths from nested folders', async () => {
    const errors = await layerErrors(
      'src/features/a/parts/table.tsx',
      "import { own } from '../own';\nimport { other } from '../../b/other';\nexport const used = [own, other];\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^2: features\/a may not import features\/b/);
  });

  it('lets a feature read its own files, the shared layers and app/paths only', async () => {
    const errors = await layerErrors(
      'src/features/a/page.tsx',
      [
        "import { own } from './own';",
        "import { Dinars } from '@/components/dinars';",
        "import { paths } from '@/app/paths';",
        "import { routes } from '@/app/routes';",
        'export const used = [own, Dinars, paths, routes];',
      ].join('\n'),
    );
    expect(errors).toEqual([
      '4: features/a may not import the app layer ("@/app/routes"): only app/paths is shared with features.',
    ]);
  });

  it('forbids the shared layers to import a feature or the app', async () => {
    for (const layer of ['components', 'lib', 'api', 'i18n']) {
      const errors = await layerErrors(
        `src/${layer}/thing.ts`,
        "import { x } from '@/features/a/x';\nimport type { Y } from '../app/store';\nexport const used: Y = x;\n",
      );
      expect(errors, layer).toHaveLength(2);
    }
  });

  it('lets the app import every feature', async () => {
    expect(
      await layerErrors(
        'src/app/modules.ts',
        "import { aModule } from '@/features/a/module';\nexport const m = [aModule];\n",
      ),
    ).toEqual([]);
  });
});
