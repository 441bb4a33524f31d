#!/usr/bin/env node
// Runs the unit tests for CI and prints the closing line CI reads, alone on its line:
//   vitest: N passed, N failed
// computed from vitest's JSON report rather than from its console output (whose summary CI cannot
// parse). Exits non-zero when a test failed, when vitest itself failed, or when no test ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const report = join(webRoot, 'test-results', 'vitest-report.json');
mkdirSync(dirname(report), { recursive: true });
rmSync(report, { force: true });

const vitest = join(webRoot, 'node_modules', 'vitest', 'vitest.mjs');
const run = spawnSync(
  process.execPath,
  [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { cwd: webRoot, stdio: 'inherit', env: { ...process.env, CI: process.env.CI ?? 'true' } },
);

if (!existsSync(report)) {
  console.error(`vitest wrote no report at ${report} (exit ${run.status ?? run.signal})`);
  console.log('vitest: 0 passed, 1 failed');
  process.exit(1);
}

const result = JSON.parse(readFileSync(report, 'utf8'));
const passed = Number(result.numPassedTests ?? 0);
// Suites that fail to load (a syntax error, a failing import) have no failed test: count them too.
const failedSuites = (result.testResults ?? []).filter(
  (suite) => suite.status === 'failed' && (suite.assertionResults ?? []).length === 0,
).length;
const failed = Number(result.numFailedTests ?? 0) + failedSuites;
const skipped = Number(result.numPendingTests ?? 0) + Number(result.numTodoTests ?? 0);

console.log(`vitest: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);

if (failed > 0 || run.status !== 0 || passed === 0) process.exit(1);
