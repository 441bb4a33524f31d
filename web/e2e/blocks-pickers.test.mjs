// The date picker and the searchable combobox in a real browser on a 390 px phone (issue 11):
// the collect sheet's calendar picks a day, starts its weeks on Monday, refuses future days and
// mirrors in Arabic; its cotisation choice shows every amount whole; the occupant choice of a new
// occupation filters as one types and creates an occupant from the typed name.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PHONE, assertNoSideScroll, assertOnScreen, openList, settled, viewportScenario } from './blocks-helpers.mjs';
import { ACCOUNTS, launchBrowser, screenshotPath } from './harness.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

function iso(date) {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Opens the collect sheet of the first property that has something to collect. */
async function openCollectSheet(page) {
  await openList(page, '/syndic/revenus/encaissement', { phone: true });
  const collect = page.locator('[data-card="action"] button:not([disabled])').first();
  await collect.click();
  const sheet = page.getByRole('dialog');
  await sheet.waitFor();
  // The sheet slides in: measure once it is in place.
  await settled(page);
  return sheet;
}

for (const language of ['fr', 'ar']) {
  describe(`the collect sheet's pickers, ${language === 'fr' ? 'French' : 'Arabic'}`, () => {
    it('picks the payment date in a calendar that starts on Monday and offers no future day', async () => {
      await viewportScenario(
        browser,
        `blocks-datepicker-${language}`,
        { viewport: PHONE, language, tel: ACCOUNTS.tresorier },
        async (page) => {
          const sheet = await openCollectSheet(page);
          await sheet.getByTestId('date_paiement-calendar').click();
          const grid = page.getByRole('grid');
          await grid.waitFor();
          await assertOnScreen(page, grid, 'the calendar');
          await settled(page);
          await page.screenshot({ path: screenshotPath(`blocks-datepicker-390-${language}`) });
          // Weeks start on Monday (spec 1 §9).
          const firstDay = await grid
            .locator('.rdp-week')
            .first()
            .locator('[data-day]')
            .first()
            .getAttribute('data-day');
          assert.equal(new Date(`${firstDay}T12:00:00`).getDay(), 1, `the first column is ${firstDay}`);
          const calendarDir = await grid.evaluate((element) => element.closest('[dir]')?.getAttribute('dir'));
          assert.equal(calendarDir, language === 'ar' ? 'rtl' : 'ltr');
          // No day after today (spec 1 §5: future payment dates are disallowed).
          const today = new Date();
          const tomorrow = new Date(today);
          tomorrow.setDate(today.getDate() + 1);
          if (tomorrow.getMonth() === today.getMonth()) {
            assert.equal(await page.locator(`[data-day="${iso(tomorrow)}"] button`).isDisabled(), true);
          }
          // Pick the first day of the month.
          const first = new Date(today.getFullYear(), today.getMonth(), 1);
          await page.locator(`[data-day="${iso(first)}"] button`).click();
          await grid.waitFor({ state: 'hidden' });
          const shown = `01/${String(first.getMonth() + 1).padStart(2, '0')}/${first.getFullYear()}`;
          assert.equal(await sheet.locator('input[name="date_paiement"]').inputValue(), shown);
        },
      );
    });

    it('shows every cotisation of the choice with its whole amount, and filters them', async () => {
      await viewportScenario(
        browser,
        `blocks-combobox-encaisser-${language}`,
        { viewport: PHONE, language, tel: ACCOUNTS.tresorier },
        async (page) => {
          const sheet = await openCollectSheet(page);
          const trigger = sheet.locator('button[role="combobox"]');
          await assertOnScreen(page, trigger.locator('[data-slot="combobox-amount"]'), 'the chosen amount');
          await trigger.click();
          const listbox = page.getByRole('listbox');
          await listbox.waitFor();
          const box = await listbox.boundingBox();
          const options = listbox.getByRole('option');
          const count = await options.count();
          assert.ok(count >= 1);
          for (let index = 0; index < count; index += 1) {
            const amount = await options.nth(index).locator('[data-slot="combobox-amount"]').boundingBox();
            assert.ok(amount && amount.x >= box.x && amount.x + amount.width <= box.x + box.width + 0.5, 'amount cut');
          }
          await settled(page);
          await page.screenshot({ path: screenshotPath(`blocks-combobox-encaisser-390-${language}`) });
          const firstText = (await options.first().locator('span.grid > span').first().textContent()).trim();
          await page.keyboard.type(firstText);
          assert.ok((await options.count()) >= 1);
          for (const text of await options.allTextContents()) assert.ok(text.includes(firstText), text);
          await page.keyboard.type(' zzzz');
          assert.equal(await options.count(), 0);
          await assertNoSideScroll(page, 'the collect sheet');
        },
      );
    });
  });
}

describe('the occupant choice of a new occupation', () => {
  it('filters the occupants and creates one from the typed name', async () => {
    await viewportScenario(
      browser,
      'blocks-combobox-occupant',
      { viewport: PHONE, language: 'fr', tel: ACCOUNTS.president },
      async (page) => {
        await openList(page, '/syndic/administration/proprietes', { phone: true });
        const href = await page
          .locator('a[href*="/syndic/administration/proprietes/historique/"]')
          .first()
          .getAttribute('href');
        await page.goto(`${href}/creer`);
        await page.getByRole('heading', { name: 'Ajouter une occupation' }).waitFor();
        const choice = page.getByRole('combobox', { name: 'Occupant', exact: true });
        await choice.filter({ hasText: 'Choisir un occupant' }).waitFor();
        await choice.click();
        const listbox = page.getByRole('listbox');
        const search = page.getByRole('textbox', { name: 'Filtrer les choix' });
        const options = listbox.getByRole('option');
        const all = await options.count();
        await search.fill('ben');
        const matching = await options.allTextContents();
        // The occupants whose name or phone has "ben", then "Nouvel occupant".
        assert.ok(matching.length < all, `the filter kept ${matching.length} of ${all}`);
        for (const text of matching.slice(0, -1)) assert.match(text, /ben/i);
        assert.match(matching.at(-1), /^Nouvel occupant/);
        await settled(page);
        await page.screenshot({ path: screenshotPath('blocks-combobox-occupant-filtre-390') });

        const nom = `Nadia Essai ${String(Date.now()).slice(-5)}`;
        await search.fill(nom);
        await listbox.getByRole('option', { name: /Nouvel occupant/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Nouvel occupant' });
        await dialog.waitFor();
        assert.equal(await dialog.getByLabel('Nom', { exact: true }).inputValue(), nom);
        await dialog.getByLabel('Téléphone', { exact: true }).fill(`28${String(Date.now()).slice(-6)}`);
        await dialog.getByLabel('Sexe', { exact: true }).selectOption('femme');
        await dialog.getByRole('button', { name: "Créer l'occupant" }).click();
        await dialog.waitFor({ state: 'hidden' });
        await choice.filter({ hasText: nom }).waitFor();
        await page.screenshot({ path: screenshotPath('blocks-combobox-occupant-cree-390'), fullPage: true });
      },
    );
  });
});
