// Unknown paths (spec 3 §2.1): a signed-in user sees the 404 inside the app layout (sidebar,
// header, a way back), and "Paramètres du compte" leads to the settings page, not to it; a
// signed-out visitor gets the standalone page with a link to /login.
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

async function shoot(page, name) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: screenshotPath(`${name}-1280`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: screenshotPath(`${name}-390`) });
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('not found', () => {
  it('shows a signed-in user an unknown path inside the layout, with a way back and to the settings', async () => {
    await scenario(browser, 'not-found-in-layout', async (page) => {
      await signIn(page, ACCOUNTS.coproprietaire);
      await expectPath(page, '/coproprietaire/tableau-de-bord');

      await page.goto('/nulle-part/ailleurs');
      await page.getByRole('heading', { name: '404 - Not Found' }).waitFor();
      await page.getByTestId('sidebar-toggle').waitFor();
      await page.getByTestId('profile-menu').waitFor();
      await shoot(page, 'not-found-in-layout-fr');

      // The way back (the "previous page" button shows only after a navigation inside the app).
      await page.getByRole('link', { name: "Retour à l'accueil" }).click();
      await expectPath(page, '/coproprietaire/tableau-de-bord');

      // "Paramètres du compte" opens the settings page (issue 19), inside the layout.
      await page.getByTestId('profile-menu').click();
      await page.getByRole('menuitem', { name: 'Paramètres du compte' }).click();
      await expectPath(page, '/coproprietaire/parametres');
      await page.getByRole('heading', { name: 'Paramètres du compte' }).waitFor();
      assert.equal(await page.getByRole('heading', { name: '404 - Not Found' }).count(), 0);

      await page.goto('/nulle-part/ailleurs');
      await page.getByTestId('language-ar').click();
      await page.getByRole('heading', { name: '404 - الصفحة غير موجودة' }).waitFor();
      const main = (await page.locator('main').textContent()) ?? '';
      assert.doesNotMatch(main.replace('404', ''), /[A-Za-zÀ-ÿ]{3,}/, `French left: ${main}`);
      await shoot(page, 'not-found-in-layout-ar');
    });
  });

  it('shows a signed-out visitor the standalone page with a link to /login', async () => {
    await scenario(browser, 'not-found-signed-out', async (page) => {
      await page.goto('/nulle-part/ailleurs');
      await page.getByRole('heading', { name: '404 - Not Found' }).waitFor();
      assert.equal(await page.getByTestId('sidebar-toggle').count(), 0);
      await page.getByRole('link', { name: 'Aller à la connexion' }).click();
      await expectPath(page, '/login');
      await page.screenshot({ path: screenshotPath('not-found-signed-out-link') });
    });
  });
});
