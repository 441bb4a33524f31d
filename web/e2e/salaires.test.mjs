// Payroll against the real server (spec 2 §2 "Salaries and employer charges", §5 "Salary payment",
// §6, issue 14): on the demo residence the treasurer pays the concierge's salary for a month by
// transfer, finds the payment in the concierge's payments table, and sees the trial balance still
// balanced with the salary among the 641 debits; the president may edit an employee but not pay
// one. Every run uses its own reference, so the suite passes again on the same data.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ACCOUNTS, launchBrowser, scenario, screenshotPath, signIn } from './harness.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const SALARIES = '/syndic/salaires/salaries';
const STAMP = String(Date.now()).slice(-6);
const REFERENCE = `VIR-SAL-${STAMP}`;
const MONTANT = '612,345';

/** The trial balance as the server computes it (GET /api/comptabilite/balance). */
async function balance(page) {
  return page.evaluate(async () => (await fetch('/api/comptabilite/balance')).json());
}

/** Millimes debited to the salaries' account (641) in the trial balance. */
function salairesDebit(answer) {
  const compte = answer.comptes.find((ligne) => String(ligne.compte) === '641');
  return Math.round((compte?.debit ?? 0) * 1000);
}

/** From the employees' list to the concierge's detail; its name. */
async function openConcierge(page) {
  await page.goto(SALARIES);
  await page.getByRole('heading', { name: 'Salariés' }).waitFor();
  const ligne = page
    .locator('tbody tr')
    .filter({ hasText: /Concierge/i })
    .first();
  await ligne.waitFor();
  const gerer = ligne.getByRole('link', { name: /^Gérer / });
  const nom = (await gerer.getAttribute('aria-label')).replace(/^Gérer /, '');
  await gerer.click();
  await page.waitForURL((url) => url.pathname.startsWith(`${SALARIES}/gerer/`));
  await page.getByRole('heading', { name: nom }).waitFor();
  return nom;
}

describe('payroll: a salary paid, the books still balanced', () => {
  it("lets the treasurer pay the concierge's salary for a month and keeps the trial balance at zero", async () => {
    await scenario(browser, 'salaires-paiement-concierge', async (page) => {
      await signIn(page, ACCOUNTS.tresorier);
      await page.waitForURL((url) => url.pathname.startsWith('/syndic'));
      const avant = await balance(page);
      assert.equal(avant.equilibree, true, 'the books balance before the payment');

      const nom = await openConcierge(page);
      await page.getByRole('button', { name: 'Payer', exact: true }).click();
      const sheet = page.getByRole('dialog', { name: `Payer : ${nom}` });
      await sheet.waitFor();
      // This month by default; the amount, the method and a reference of this run.
      const mois = await sheet.getByLabel('Mois', { exact: true }).inputValue();
      assert.match(mois, /^\d{4}-\d{2}$/);
      await sheet.getByLabel(/^Montant/).fill(MONTANT);
      await sheet.getByLabel('Méthode de paiement', { exact: true }).selectOption('virement');
      await sheet.getByLabel('Référence de la pièce justificative', { exact: true }).fill(REFERENCE);
      await page.screenshot({ path: screenshotPath('salaires-payer-fr') });
      await sheet.getByRole('button', { name: 'Enregistrer le paiement' }).click();
      await page.getByText('Paiement enregistré.').first().waitFor();
      await sheet.waitFor({ state: 'hidden' });

      // The payment is in the concierge's payments table.
      await page.getByPlaceholder('Rechercher un paiement…').fill(REFERENCE);
      const paiement = page.locator('tbody tr').filter({ hasText: REFERENCE });
      await paiement.waitFor();
      assert.match(await paiement.textContent(), /612,345/);
      assert.match(await paiement.textContent(), /Virement/);
      await page.screenshot({ path: screenshotPath('salaires-concierge-fr'), fullPage: true });

      // The trial balance (Comptabilité → Balance) is still balanced, the salary debited to 641.
      await page.goto('/syndic/banque/comptabilite?onglet=balance');
      await page.getByTestId('balance-equilibree').waitFor();
      assert.equal(
        await page.getByTestId('balance-solde-debiteur').textContent(),
        await page.getByTestId('balance-solde-crediteur').textContent(),
      );
      await page.screenshot({ path: screenshotPath('salaires-balance-fr'), fullPage: true });
      const apres = await balance(page);
      assert.equal(apres.equilibree, true);
      assert.equal(apres.totaux.debit, apres.totaux.credit);
      assert.equal(salairesDebit(apres) - salairesDebit(avant), 612_345, 'the salary is debited to 641');

      // The transfer left the main account: it waits in the reconciliation, money out.
      const rapprochement = await page.evaluate(async () => (await fetch('/api/banque/rapprochement')).json());
      const ligne = rapprochement.rapprochements.find((operation) => operation.reference === REFERENCE);
      assert.ok(ligne, `the transfer ${REFERENCE} is in the reconciliation`);
      assert.equal(ligne.table, 'paiement_salaire');
      assert.equal(ligne.montant, -612.345);
    });
  });

  it('lets the president edit an employee but not pay one, with the reason', async () => {
    await scenario(browser, 'salaires-president', async (page) => {
      await signIn(page, ACCOUNTS.president);
      await page.waitForURL((url) => url.pathname.startsWith('/syndic'));
      await openConcierge(page);
      const payer = page.getByTestId('salarie-payer');
      assert.equal(await payer.isDisabled(), true, 'the Payer button is disabled');
      await payer.locator('..').hover();
      await page
        .getByRole('tooltip')
        .filter({ hasText: 'Seul le trésorier peut effectuer cette opération.' })
        .first()
        .waitFor();
      assert.equal(await page.getByTestId('salarie-modifier').evaluate((node) => node.tagName), 'A');
    });
  });
});
