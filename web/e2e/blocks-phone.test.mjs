// Lists on a phone (issue 11, spec 1 §9 "Mobile layout below 1024 px for tables"): at 390×844,
// in French and in Arabic, every row of the encaissements, the cotisations, a property's payment
// history, its occupancy history and the co-owner's contributions is a card whose amount and
// main action are on screen, and the page never scrolls sideways. Each screen is also saved at
// 1280×800 and 390×844 in both languages (web/test-results/e2e/blocks-*.png) to be looked at.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  DESKTOP,
  PHONE,
  assertCards,
  assertNoFrench,
  assertOnScreen,
  firstHistoriquePath,
  openList,
  viewportScenario,
} from './blocks-helpers.mjs';
import { ACCOUNTS, launchBrowser, screenshotPath } from './harness.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

for (const language of ['fr', 'ar']) {
  describe(`lists on a 390 px phone, ${language === 'fr' ? 'French' : 'Arabic'}`, () => {
    it('shows the amount and the main action of each encaissement, cotisation and payment', async () => {
      await viewportScenario(
        browser,
        `blocks-phone-tresorier-${language}`,
        { viewport: PHONE, language, tel: ACCOUNTS.tresorier },
        async (page) => {
          await openList(page, '/syndic/revenus/encaissement', { phone: true });
          assert.equal(await page.evaluate(() => document.documentElement.dir), language === 'ar' ? 'rtl' : 'ltr');
          assert.ok((await assertCards(page, 'encaissements')) >= 5);
          await page.screenshot({ path: screenshotPath(`blocks-encaissements-390-${language}`), fullPage: true });
          if (language === 'ar') await assertNoFrench(page, 'encaissements');
          const historique = await firstHistoriquePath(page);

          await openList(page, '/syndic/revenus/cotisations', { phone: true });
          await assertCards(page, 'cotisations');
          await page.screenshot({ path: screenshotPath(`blocks-cotisations-390-${language}`), fullPage: true });
          if (language === 'ar') await assertNoFrench(page, 'cotisations');

          await openList(page, historique, { phone: true });
          await assertCards(page, 'payment history');
          await page.screenshot({
            path: screenshotPath(`blocks-historique-paiements-390-${language}`),
            fullPage: true,
          });
          if (language === 'ar') await assertNoFrench(page, 'payment history');
          // The remaining dues' tab: amounts on screen too.
          await page.getByRole('tab').nth(1).click();
          await page.locator('[role="tabpanel"] [data-testid="data-card"]').first().waitFor();
          // The remaining dues have no action: their amounts are checked.
          await assertCards(page, 'remaining dues', { action: false, scope: page.getByRole('tabpanel') });
        },
      );
    });

    it("shows the actions of each occupation of a property's history", async () => {
      await viewportScenario(
        browser,
        `blocks-phone-president-${language}`,
        { viewport: PHONE, language, tel: ACCOUNTS.president },
        async (page) => {
          await openList(page, '/syndic/administration/proprietes', { phone: true });
          await assertCards(page, 'properties', { amount: false });
          const href = await page
            .locator('a[href*="/syndic/administration/proprietes/historique/"]')
            .first()
            .getAttribute('href');
          await openList(page, href, { phone: true });
          await assertCards(page, 'occupancy history', { amount: false });
          await page.screenshot({
            path: screenshotPath(`blocks-historique-occupation-390-${language}`),
            fullPage: true,
          });
          if (language === 'ar') await assertNoFrench(page, 'occupancy history');
        },
      );
    });

    it("shows the amount and the receipt of each of the co-owner's contributions", async () => {
      await viewportScenario(
        browser,
        `blocks-phone-coproprietaire-${language}`,
        { viewport: PHONE, language, tel: ACCOUNTS.coproprietaire },
        async (page) => {
          await openList(page, '/coproprietaire/cotisations', { phone: true });
          await assertCards(page, 'contributions');
          await assertOnScreen(page, page.getByTestId('coproprietaire-solde'), 'the balance card');
          await page.screenshot({ path: screenshotPath(`blocks-coproprietaire-390-${language}`), fullPage: true });
          if (language === 'ar') await assertNoFrench(page, 'contributions');
        },
      );
    });
  });
}

describe('the same screens at 1280 px stay tables', () => {
  for (const language of ['fr', 'ar']) {
    it(`keeps the table layout and saves the screens (${language})`, async () => {
      await viewportScenario(
        browser,
        `blocks-desktop-${language}`,
        { viewport: DESKTOP, language, tel: ACCOUNTS.tresorier },
        async (page) => {
          await openList(page, '/syndic/revenus/encaissement', { phone: false });
          assert.equal(await page.locator('[data-testid="data-card"]').count(), 0);
          await page.screenshot({ path: screenshotPath(`blocks-encaissements-1280-${language}`), fullPage: true });
          const historique = await firstHistoriquePath(page);
          await openList(page, '/syndic/revenus/cotisations', { phone: false });
          await page.screenshot({ path: screenshotPath(`blocks-cotisations-1280-${language}`), fullPage: true });
          await openList(page, historique, { phone: false });
          await page.screenshot({
            path: screenshotPath(`blocks-historique-paiements-1280-${language}`),
            fullPage: true,
          });
          await openList(page, '/syndic/administration/proprietes', { phone: false });
          const href = await page
            .locator('a[href*="/syndic/administration/proprietes/historique/"]')
            .first()
            .getAttribute('href');
          await openList(page, href, { phone: false });
          await page.screenshot({
            path: screenshotPath(`blocks-historique-occupation-1280-${language}`),
            fullPage: true,
          });
          if (language === 'ar') await assertNoFrench(page, 'occupancy history (1280)');
        },
      );
      await viewportScenario(
        browser,
        `blocks-desktop-coproprietaire-${language}`,
        { viewport: DESKTOP, language, tel: ACCOUNTS.coproprietaire },
        async (page) => {
          await openList(page, '/coproprietaire/cotisations', { phone: false });
          await page.screenshot({ path: screenshotPath(`blocks-coproprietaire-1280-${language}`), fullPage: true });
        },
      );
    });
  }
});
