// Budgets against the real server (spec 2 §2 "Fiscal years and budgets", §5 "Budget edit", spec 3
// §2.11, issue 15): on the demo residence the treasurer opens the current year's budget (approved,
// each category's spend and ratio), switches to 2025 where two categories are above 100 % and
// highlighted, edits the current budget (a comma refused before sending, then an amount with a dot
// saved and shown); a council member sees the edit disabled; a co-owner reads the budgets. Every
// run writes its own amount, so the suite passes again on the same data.
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

const BUDGETS = '/syndic/exercices-budgets/budgets';
const ANNEE = new Date().getFullYear();
const STAMP = String(Date.now()).slice(-3);
/** What the treasurer budgets for water this run: 3xx.yyy DT with a dot. */
const EAU = `3${STAMP.slice(0, 2)}.${STAMP}`;

function row(page, text) {
  return page.locator('tbody tr').filter({ hasText: text });
}

describe('budgets: the year selector, the spend ratio and the edit', () => {
  it("shows the treasurer each year's budget with its spend and lets the current one be edited", async () => {
    await scenario(browser, 'budgets-tresorier', async (page) => {
      await signIn(page, ACCOUNTS.tresorier);
      await page.waitForURL((url) => url.pathname.startsWith('/syndic'));
      await page.goto(BUDGETS);
      await page.getByRole('heading', { name: 'Budgets', level: 1 }).waitFor();
      // The current year by default, approved.
      await page.getByText(`Budget prévisionnel ${ANNEE}`).waitFor();
      assert.equal(await page.getByTestId('budget-annee').inputValue(), String(ANNEE));
      assert.equal((await page.getByTestId('budget-approbation').textContent())?.trim(), 'approuvé');
      await row(page, 'Électricité').getByTestId('budget-ratio').waitFor();

      // 2025 (bills from June): electricity and the lift above their budgets, highlighted;
      // cleaning exactly at 100 %, not highlighted.
      await page.getByTestId('budget-annee').selectOption('2025');
      await page.getByText('Budget prévisionnel 2025').waitFor();
      const electricite = row(page, 'Électricité').getByTestId('budget-ratio');
      assert.equal((await electricite.textContent())?.trim(), '105 %');
      assert.equal(await electricite.getAttribute('data-over'), 'true');
      const ascenseur = row(page, 'Ascenseur').getByTestId('budget-ratio');
      assert.equal((await ascenseur.textContent())?.trim(), '103 %');
      assert.equal(await ascenseur.getAttribute('data-over'), 'true');
      const nettoyage = row(page, 'Nettoyage').getByTestId('budget-ratio');
      assert.equal((await nettoyage.textContent())?.trim(), '100 %');
      assert.equal(await nettoyage.getAttribute('data-over'), 'false');
      await page.screenshot({ path: screenshotPath('budgets-2025-fr'), fullPage: true });

      // The current year's edit: a comma is refused before anything is sent, a dot is saved.
      await page.getByTestId('budget-annee').selectOption(String(ANNEE));
      await page.getByTestId('budget-modifier').click();
      await expectPath(page, `${BUDGETS}/modifier/${ANNEE}`);
      const form = page.getByRole('form', { name: 'Enregistrer le budget' });
      await form.waitFor();
      const eau = form
        .getByTestId('budget-element')
        .filter({ has: page.locator('select option:checked', { hasText: 'Eau' }) });
      const montant = eau.getByLabel(/^Montant/);
      await montant.fill('320,500');
      await form.getByRole('button', { name: 'Enregistrer le budget' }).click();
      await form
        .getByText('Montant invalide : utilisez un point pour les décimales, trois au plus (ex. 120.500).')
        .waitFor();
      await montant.fill(EAU);
      await form.getByRole('button', { name: 'Enregistrer le budget' }).click();
      await page.getByText('Budget modifié').first().waitFor();
      await expectPath(page, BUDGETS);
      const [entier, decimales] = EAU.split('.');
      await row(page, 'Eau')
        .filter({ hasText: `${entier},${decimales}` })
        .waitFor();
    });
  });

  it('shows a council member the edit disabled and a co-owner the budgets read only', async () => {
    await scenario(browser, 'budgets-membre-coproprietaire', async (page) => {
      await signIn(page, ACCOUNTS.membreConseil);
      await page.waitForURL((url) => url.pathname.startsWith('/syndic'));
      await page.goto(BUDGETS);
      await page.getByText(`Budget prévisionnel ${ANNEE}`).waitFor();
      assert.equal(await page.getByTestId('budget-modifier').isDisabled(), true);
    });
    await scenario(browser, 'budgets-coproprietaire', async (page) => {
      await signIn(page, ACCOUNTS.coproprietaire);
      await page.waitForURL((url) => url.pathname.startsWith('/coproprietaire'));
      await page.goto('/coproprietaire/budgets');
      await page.getByText(`Budget prévisionnel ${ANNEE}`).waitFor();
      await row(page, 'Nettoyage').getByTestId('budget-ratio').waitFor();
      assert.equal(await page.getByTestId('budget-modifier').count(), 0);

      // In Arabic every text of the page is Arabic (the categories and charges are the
      // residence's own words).
      await page.getByTestId('language-ar').click();
      await page.getByRole('heading', { name: 'الميزانيات', level: 1 }).waitFor();
      await page.getByRole('columnheader', { name: /المبلغ المنفق/ }).waitFor();
      const texte = await page.locator('main').innerText();
      for (const francais of ['Budgété', 'Dépensé', 'Exercice', 'Total', 'approuvé', 'Charges', 'lignes', 'Page']) {
        assert.ok(!texte.includes(francais), `"${francais}" left on the Arabic page`);
      }
      await page.screenshot({ path: screenshotPath('budgets-coproprietaire-ar'), fullPage: true });
      await page.getByTestId('language-fr').click();
    });
  });
});
