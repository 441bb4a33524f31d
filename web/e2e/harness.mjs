// Shared helpers of the browser tests (node --test + playwright-core, system Chromium).
// The app under test is at DAFTAR_E2E_URL (the Rust server serving web/dist and the API).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const BASE_URL = (process.env.DAFTAR_E2E_URL ?? '').replace(/\/$/, '');
if (!BASE_URL) {
  throw new Error(
    'DAFTAR_E2E_URL is not set: point it at the running server, e.g. DAFTAR_E2E_URL=http://127.0.0.1:8080',
  );
}

/** Demo accounts seeded by the server (residence "Les Jasmins"). */
export const PASSWORD = process.env.DAFTAR_E2E_PASSWORD ?? 'jasmin-2026-demo';
export const ACCOUNTS = {
  president: '20000001',
  tresorier: '20000002',
  membreConseil: '20000003',
  coproprietaire: '20000004',
  inscriptionNonFinalisee: '20000013',
};

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'e2e');
mkdirSync(SCREENSHOTS, { recursive: true });

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where a scenario's extra screenshots go (web/test-results/e2e/NAME.png). */
export function screenshotPath(name) {
  return join(SCREENSHOTS, `${name}.png`);
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/**
 * Runs one scenario in a fresh browser context (own cookies, own local storage) and always saves a
 * screenshot named after it, also when it fails: the picture is the first thing to look at.
 */
export async function scenario(browser, name, run) {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    locale: 'fr-FR',
  });
  const page = await context.newPage();
  // Playwright's own default (30 s): under CPU load on a 2-core machine an action's
  // actionability checks (visible, enabled, editable) were seen to take over 10 s on a page that
  // renders right, and a scenario failed for the wait alone (issue 18's session note).
  page.setDefaultTimeout(30_000);
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  // Every page must live within the server's Content-Security-Policy: a blocked script, style or
  // call fails the scenario (the browser only reports it as an event).
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('CSP violation')) pageErrors.push(message.text());
  });
  try {
    await run(page);
    if (pageErrors.length > 0) throw new Error(`uncaught errors in the page: ${pageErrors.map(String).join('; ')}`);
  } finally {
    await page.screenshot({ path: screenshotPath(name), fullPage: true }).catch(() => undefined);
    await context.close();
  }
}

/** Signs in through the login form like a user. */
export async function signIn(page, tel, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Numéro de téléphone', { exact: true }).fill(tel);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Waits until the address bar shows this path. */
export async function expectPath(page, pathname) {
  await page.waitForURL((url) => url.pathname === pathname);
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The server's command line, run on the server's own store (DAFTAR_DATA_DIR or
 * DAFTAR_DATABASE_URL, both exported by ops/e2e; set them to the store of a server started by
 * hand). The binary is DAFTAR_BIN, else the workspace's debug build. Returns null when either is
 * missing: a scenario that needs it is skipped.
 */
function daftarCli() {
  const bin = process.env.DAFTAR_BIN ?? join(process.env.CARGO_TARGET_DIR ?? join(ROOT, 'target'), 'debug', 'daftar');
  if (!existsSync(bin) || !(process.env.DAFTAR_DATA_DIR || process.env.DAFTAR_DATABASE_URL)) return null;
  return (args, env = {}) =>
    execFileSync(bin, args, {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim();
}

/** Why `freshResidence` cannot run here, or null when it can. */
export function freshResidenceUnavailable() {
  return daftarCli()
    ? null
    : 'needs the server binary (DAFTAR_BIN or CARGO_TARGET_DIR) and its store (DAFTAR_DATA_DIR or DAFTAR_DATABASE_URL)';
}

/**
 * A residence of its own for a scenario that needs an empty one (no property, no bank account,
 * nothing in its books): created with the server's command line while the server runs (the
 * projector reads what another process commits within a second). It has a treasurer and a
 * council member, both signing in with PASSWORD, phone numbers unique to this run, and the
 * fiscal year of the current calendar year open.
 */
export function freshResidence(nom) {
  const cli = daftarCli();
  if (!cli) throw new Error(`freshResidence ${freshResidenceUnavailable()}`);
  // Eight digits that no demo account uses (they start with 2).
  const stamp = String(Date.now()).slice(-6);
  const tresorier = `71${stamp}`;
  const membreConseil = `72${stamp}`;
  const id = cli(['residence', 'create', '--nom', `${nom} ${stamp}`, '--ville', 'Tunis']);
  const withPassword = { DAFTAR_PASSWORD: PASSWORD };
  cli(
    [
      'user',
      'add',
      '--residence',
      id,
      '--tel',
      tresorier,
      '--nom',
      'Trésorier e2e',
      '--syndic',
      '--finance',
      '--finalized',
    ],
    withPassword,
  );
  cli(
    ['user', 'add', '--residence', id, '--tel', membreConseil, '--nom', 'Membre e2e', '--syndic', '--finalized'],
    withPassword,
  );
  cli(['exercice', 'ouvrir', '--residence', id, '--annee', String(new Date().getFullYear())]);
  return { id: Number(id), tresorier, membreConseil };
}

/**
 * Why the online payment scenarios cannot run here, or null when they can: they need the server
 * started with the stand-in gateway (`daftar-konnect-essai`, its URL in DAFTAR_KONNECT_URL), as
 * ops/e2e starts them.
 */
export function konnectEssaiUnavailable() {
  return process.env.DAFTAR_KONNECT_URL
    ? null
    : 'needs the server started with the stand-in gateway (ops/e2e starts daftar-konnect-essai and sets DAFTAR_KONNECT_URL)';
}
