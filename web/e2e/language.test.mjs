// The Arabic switch (spec 1 §9, spec 3 §9): right-to-left document, Arabic texts, and back.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ACCOUNTS, expectPath, launchBrowser, scenario, screenshotPath, signIn } from './harness.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const htmlAttributes = (page) =>
  page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));

describe('language switch', () => {
  it('switches the login page to Arabic, right to left, and back to French', async () => {
    await scenario(browser, 'login-arabic', async (page) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Se connecter' }).waitFor();
      assert.deepEqual(await htmlAttributes(page), { dir: 'ltr', lang: 'fr' });

      await page.getByTestId('language-ar').click();
      await page.getByRole('button', { name: 'دخول' }).waitFor();
      assert.deepEqual(await htmlAttributes(page), { dir: 'rtl', lang: 'ar' });
      await page.getByText('تسجيل الدخول', { exact: true }).first().waitFor();

      // The choice survives a reload (kept in local storage).
      await page.reload();
      await page.getByRole('button', { name: 'دخول' }).waitFor();
      assert.equal((await htmlAttributes(page)).dir, 'rtl');
      await page.screenshot({ path: screenshotPath('login-arabic-after-reload'), fullPage: true });

      await page.getByTestId('language-fr').click();
      await page.getByRole('button', { name: 'Se connecter' }).waitFor();
      assert.deepEqual(await htmlAttributes(page), { dir: 'ltr', lang: 'fr' });
    });
  });

  it('mirrors the signed-in layout in Arabic: the sidebar moves to the right', async () => {
    await scenario(browser, 'dashboard-arabic', async (page) => {
      await signIn(page, ACCOUNTS.president);
      await expectPath(page, '/syndic/tableau-de-bord');
      await page.getByTestId('language-ar').click();
      await page.getByTestId('sidebar-role').filter({ hasText: 'الرئيس' }).waitFor();
      assert.equal((await htmlAttributes(page)).dir, 'rtl');
      const box = await page.getByTestId('sidebar').boundingBox();
      const width = page.viewportSize()?.width ?? 0;
      assert.ok(
        box && box.x + box.width >= width - 1,
        `sidebar should touch the right edge, got ${JSON.stringify(box)}`,
      );
      await page.screenshot({ path: screenshotPath('dashboard-arabic-rtl'), fullPage: true });

      // The bell's menu is portalled out of the page: it reads right to left too, each
      // notification's icon at the right of its title.
      await page.getByTestId('notification-bell').click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      assert.equal(await menu.getAttribute('dir'), 'rtl');
      const notification = menu.getByTestId('notification').first();
      const icon = await notification.locator('svg').first().boundingBox();
      const title = await notification.locator('span').first().boundingBox();
      assert.ok(
        icon && title && icon.x > title.x,
        `the icon should be at the right of the title, got icon ${JSON.stringify(icon)}, title ${JSON.stringify(title)}`,
      );
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });

      await page.getByTestId('language-fr').click();
      await page.getByTestId('sidebar-role').filter({ hasText: 'Président' }).waitFor();
    });
  });
});
