// Helpers of the blocks-*.test.mjs browser tests (issue 11): a scenario at a given viewport and
// language, and the checks that a phone sees amounts and actions without scrolling sideways.
import assert from 'node:assert/strict';
import { BASE_URL, screenshotPath, signIn } from './harness.mjs';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Like harness.scenario, at a given viewport and language (French sign-in, then the switch). */
export async function viewportScenario(browser, name, { viewport, language, tel }, run) {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport, locale: 'fr-FR' });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  // As harness.scenario: a Content-Security-Policy violation fails the scenario.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('CSP violation')) pageErrors.push(message.text());
  });
  try {
    await signIn(page, tel);
    await page.waitForURL((url) => url.pathname.endsWith('tableau-de-bord'));
    // The language is remembered on the device (spec 1 §9): set it as the switch would.
    await page.evaluate((lang) => window.localStorage.setItem('daftar.language', lang), language);
    await run(page);
    if (pageErrors.length > 0) throw new Error(`uncaught errors in the page: ${pageErrors.map(String).join('; ')}`);
  } finally {
    await page.screenshot({ path: screenshotPath(name), fullPage: true }).catch(() => undefined);
    await context.close();
  }
}

/** Opens a path and waits for its first row (a card on a phone, a table row on a desktop). */
export async function openList(page, path, { phone }) {
  await page.goto(path);
  await page
    .locator(phone ? '[data-testid="data-card"]' : 'tbody tr')
    .first()
    .waitFor();
  // Stat cards and the like finish loading with the list; fonts settle.
  await page.waitForLoadState('networkidle');
}

export async function innerWidth(page) {
  return page.evaluate(() => window.innerWidth);
}

/** The element is rendered entirely between the left and right edges of the viewport. */
export async function assertOnScreen(page, locator, what) {
  const box = await locator.boundingBox();
  assert.ok(box, `${what}: not rendered`);
  const width = await innerWidth(page);
  assert.ok(
    box.x >= 0 && box.x + box.width <= width + 0.5,
    `${what}: off screen (x ${box.x}, width ${box.width}, viewport ${width})`,
  );
}

export async function assertNoSideScroll(page, what) {
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement.scrollWidth,
    width: window.innerWidth,
  }));
  assert.ok(scrollWidth <= width, `${what}: the page scrolls sideways (${scrollWidth} > ${width})`);
}

/**
 * Every card of the page shows its amount (when the list has one) and its first action inside the
 * viewport. Returns the number of cards checked.
 */
export async function assertCards(page, what, { amount = true, action = true, scope = page } = {}) {
  const cards = scope.locator('[data-testid="data-card"]');
  const count = await cards.count();
  assert.ok(count > 0, `${what}: no card`);
  for (let index = 0; index < count; index += 1) {
    const card = cards.nth(index);
    if (amount)
      await assertOnScreen(page, card.locator('[data-card="amount"]').first(), `${what}, card ${index + 1}, amount`);
    if (action) {
      const main = card.locator('[data-card="action"]').locator('button, a').first();
      await assertOnScreen(page, main, `${what}, card ${index + 1}, main action`);
    }
  }
  await assertNoSideScroll(page, what);
  return count;
}

/** French words that must not be left on an Arabic page (labels, states, the currency). */
export const FRENCH =
  /(?<!\p{L})(DT|Encaisser|Historique|Solde|Payé|Partiel|Non payé|Rechercher|Reçu|Gérer|Modifier|Supprimer|Trier|Échéance|À échoir|Lignes?)(?!\p{L})/u;

export async function assertNoFrench(page, what) {
  const text = await page.locator('body').innerText();
  const found = FRENCH.exec(text);
  assert.equal(found, null, `${what}: French text left on the Arabic page: "${found?.[0]}"`);
}

/** The first property (by card or row order) whose history link the encaissements list offers. */
export async function firstHistoriquePath(page) {
  const href = await page.locator('a[href*="/syndic/revenus/encaissement/historique/"]').first().getAttribute('href');
  assert.ok(href, 'no payment-history link on the encaissements list');
  return href;
}

/** Waits until no CSS animation runs (a sheet sliding in, a popover fading in), before measuring or a picture. */
export async function settled(page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}
