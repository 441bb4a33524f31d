// Feedback blocks in a real browser (issue 11): the toast after a collection offers the receipt
// and stays clear of the header's breadcrumbs; a disabled action's tooltip at the right edge of a
// table stays on screen; in Arabic the breadcrumb separator points from the parent (right) to the
// current page (left).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, PHONE, assertOnScreen, openList, settled, viewportScenario } from './blocks-helpers.mjs';
import { ACCOUNTS, launchBrowser, screenshotPath } from './harness.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

function overlaps(a, b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('the toast after a collection', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`offers the receipt and leaves the breadcrumbs visible (${viewport.width} px)`, async () => {
      await viewportScenario(
        browser,
        `blocks-toast-${viewport.width}`,
        { viewport, language: 'fr', tel: ACCOUNTS.tresorier },
        async (page) => {
          await openList(page, '/syndic/revenus/encaissement', { phone: viewport === PHONE });
          await page.getByRole('button', { name: 'Encaisser pour A1', exact: true }).click();
          const sheet = page.getByRole('dialog', { name: 'Encaisser — A1' });
          await sheet.waitFor();
          await sheet.getByLabel('Montant (DT)', { exact: true }).fill('1');
          await sheet.getByRole('button', { name: "Enregistrer l'encaissement" }).click();
          await sheet.waitFor({ state: 'hidden' });
          const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Encaissement enregistré' });
          await toast.waitFor();
          await settled(page);
          const header = await page.locator('header').first().boundingBox();
          assert.ok(!overlaps(await toast.boundingBox(), header), 'the toast covers the header');
          await assertOnScreen(page, toast, 'the toast');
          await page.screenshot({ path: screenshotPath(`blocks-toast-${viewport.width}-fr`) });
          const download = page.waitForEvent('download');
          await toast.getByRole('button', { name: 'Télécharger le reçu' }).click();
          assert.match((await download).suggestedFilename(), /\.pdf$/);
        },
      );
    });
  }
});

describe('a tooltip at the right edge', () => {
  it('stays inside the viewport', async () => {
    await viewportScenario(
      browser,
      'blocks-tooltip-edge',
      { viewport: DESKTOP, language: 'fr', tel: ACCOUNTS.membreConseil },
      async (page) => {
        await openList(page, '/syndic/revenus/cotisations', { phone: false });
        // The delete button ends each row, at the table's right edge; a council member sees it
        // disabled with the reason.
        const remove = page.getByRole('button', { name: /^Supprimer la cotisation/ }).first();
        await remove.locator('..').hover();
        const tooltip = page.getByRole('tooltip');
        await tooltip.waitFor();
        await settled(page);
        await assertOnScreen(page, page.locator('[data-slot="tooltip-content"]'), 'the tooltip');
        await page.screenshot({ path: screenshotPath('blocks-tooltip-edge-1280-fr') });
      },
    );
  });
});

describe('the breadcrumbs in Arabic', () => {
  it('point from the parent to the current page, right to left', async () => {
    await viewportScenario(
      browser,
      'blocks-breadcrumbs-ar',
      { viewport: DESKTOP, language: 'ar', tel: ACCOUNTS.tresorier },
      async (page) => {
        await openList(page, '/syndic/revenus/encaissement', { phone: false });
        const geometry = await page.evaluate(() => {
          const nav = document.querySelector('header nav');
          const items = [...nav.querySelectorAll('li:not([aria-hidden])')].map((li) => li.getBoundingClientRect());
          const path = nav.querySelector('li[aria-hidden] svg path');
          const m = path.getScreenCTM();
          // lucide's chevron: from (9, 18) to its tip (15, 12).
          return {
            parent: items[0].x,
            current: items.at(-1).x,
            start: m.a * 9 + m.c * 18 + m.e,
            tip: m.a * 15 + m.c * 12 + m.e,
          };
        });
        assert.ok(geometry.parent > geometry.current, 'the parent crumb is not on the right');
        assert.ok(geometry.tip < geometry.start, 'the separator does not point left, to the current page');
      },
    );
  });
});
