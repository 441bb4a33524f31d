// The bank against the real server (spec 2 §2 "Banking", §4, §5, §6): on a residence of its own
// the treasurer creates the main account where the no-bank prompt sends her; on the demo
// residence she collects a cotisation by cheque, deposits the cheque, points the deposit in the
// reconciliation and sees the bank balance move; a council member sees every bank action
// disabled. Every run uses its own references, so the suite passes again on the same data.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ACCOUNTS,
  expectPath,
  freshResidence,
  freshResidenceUnavailable,
  launchBrowser,
  scenario,
  screenshotPath,
  signIn,
} from './harness.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const COMPTES = '/syndic/banque/comptes';
const REMISES = '/syndic/banque/remises-cheques';
const RAPPROCHEMENT = '/syndic/banque/rapprochement';
const ENCAISSEMENT = '/syndic/revenus/encaissement';
const FINANCE_ONLY = 'Seul le trésorier peut effectuer cette opération.';

const STAMP = String(Date.now()).slice(-7);
/** This run's cheque number and deposit slip: the scenarios find their rows by them. */
const CHEQUE = `CHQ-BQ-${STAMP}`;
const BORDEREAU = `BRD-E2E-${STAMP}`;
/** The cheque's amount: what the collection sheet offers (the line's remaining due). */
const run = { montant: 0 };

/** "1 234,500 DT" → 1234.5 (narrow no-break spaces, comma decimals). */
function dinars(text) {
  const match = /(-?[\d\s\u202f]+,\d{3})/.exec(text ?? '');
  assert.ok(match, `no amount in ${JSON.stringify(text)}`);
  return Number(match[1].replace(/[\s\u202f]/g, '').replace(',', '.'));
}

function row(page, text) {
  return page.locator('tbody tr').filter({ hasText: text });
}

/** Fills the accounts form and creates the account (the first one is the main account). */
async function createAccount(page, libelle) {
  await page.getByRole('link', { name: 'Nouveau compte' }).click();
  await expectPath(page, `${COMPTES}/creer`);
  await page.getByLabel('Intitulé', { exact: true }).fill(libelle);
  await page.getByLabel('Banque', { exact: true }).fill('BIAT');
  await page.getByLabel('Type de compte', { exact: true }).selectOption('courant');
  await page.getByLabel("Solde d'ouverture (DT)", { exact: true }).fill('1000');
  await page.getByRole('button', { name: 'Créer le compte' }).click();
  await page.getByText('Compte bancaire créé.').waitFor();
}

/** The demo residence has a main account; before its demo data had one, create it. */
async function ensureMainAccount(page) {
  const [answer] = await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname === '/api/banque/comptes'),
    page.goto(COMPTES),
  ]);
  const { has_bank: hasBank } = await answer.json();
  if (!hasBank) await createAccount(page, 'Compte courant e2e');
}

describe('bank: accounts, cheque deposits, reconciliation', () => {
  it(
    'sends the treasurer of a residence without account to create its main account',
    { skip: freshResidenceUnavailable() ?? false },
    async () => {
      const residence = freshResidence('Résidence e2e banque');
      await scenario(browser, 'banque-premier-compte', async (page) => {
        await signIn(page, residence.tresorier);
        await expectPath(page, '/syndic/tableau-de-bord');

        // The deposits and the reconciliation say there is no account instead of their lists.
        await page.goto(REMISES);
        await page.getByRole('heading', { name: 'Remises de chèques' }).waitFor();
        await page.getByTestId('no-bank-alert').waitFor();
        assert.equal(await page.locator('table').count(), 0, 'no table without an account');
        await page.goto(RAPPROCHEMENT);
        await page.getByRole('heading', { name: 'Rapprochement bancaire' }).waitFor();
        await page.getByTestId('no-bank-alert').waitFor();
        await page.screenshot({ path: screenshotPath('banque-sans-compte-fr'), fullPage: true });

        // The prompt leads to the accounts, where the first account becomes the main one.
        await page.getByTestId('no-bank-alert-link').click();
        await expectPath(page, COMPTES);
        await createAccount(page, 'Compte courant BIAT');

        // The reconciliation now shows it, its opening balance as the grey line.
        await page.goto(RAPPROCHEMENT);
        const compte = page.getByLabel('Compte', { exact: true });
        await compte.waitFor();
        assert.match(await compte.locator('option:checked').textContent(), /Compte courant BIAT \(principal\)/);
        const solde = page.locator('tbody tr').filter({ has: page.locator('[data-etat="solde"]') });
        await solde.first().waitFor();
        assert.equal(dinars(await page.getByTestId('solde-livres').textContent()), 1000);
        await page.screenshot({ path: screenshotPath('banque-premier-compte-rapprochement-fr'), fullPage: true });
      });
    },
  );

  it('lets the treasurer deposit a cheque collected for a cotisation, point it, and see the bank balance move', async () => {
    await scenario(browser, 'banque-remise-pointage', async (page) => {
      await signIn(page, ACCOUNTS.tresorier);
      await expectPath(page, '/syndic/tableau-de-bord');
      await ensureMainAccount(page);

      // A collection paid by cheque.
      await page.goto(ENCAISSEMENT);
      await page.getByRole('heading', { name: 'Encaissements' }).waitFor();
      await page
        .getByRole('button', { name: /^Encaisser pour / })
        .first()
        .click();
      const sheet = page.getByRole('dialog', { name: /^Encaisser — / });
      await sheet.waitFor();
      run.montant = Number(await sheet.getByLabel('Montant (DT)', { exact: true }).inputValue());
      assert.ok(run.montant > 0, 'the sheet offers the remaining due');
      await sheet.getByLabel('Méthode de paiement', { exact: true }).selectOption('cheque');
      await sheet.getByLabel('Référence', { exact: true }).fill(CHEQUE);
      await sheet.getByRole('button', { name: "Enregistrer l'encaissement" }).click();
      await sheet.waitFor({ state: 'hidden' });

      // The deposit: the cheque is pending, picked, and the total follows the choice.
      await page.goto(REMISES);
      await page.getByRole('link', { name: 'Nouvelle remise' }).click();
      await expectPath(page, `${REMISES}/creer`);
      const cheque = page.getByTestId('cheque-row').filter({ hasText: CHEQUE });
      await cheque.waitFor();
      // Nothing chosen: the rule speaks before any call.
      await page.getByRole('button', { name: 'Enregistrer la remise' }).click();
      await page.getByText('Sélectionnez au moins un chèque', { exact: true }).waitFor();
      await cheque.getByRole('checkbox').check();
      assert.equal(dinars(await page.getByTestId('remise-total').textContent()), run.montant);
      await page.getByLabel('Référence du bordereau', { exact: true }).fill(BORDEREAU);
      await page.screenshot({ path: screenshotPath('banque-remise-creer-fr'), fullPage: true });
      await page.getByRole('button', { name: 'Enregistrer la remise' }).click();
      await page.getByText('Remise enregistrée.').waitFor();
      await expectPath(page, REMISES);
      const remise = row(page, BORDEREAU);
      await remise.waitFor();
      assert.match(await remise.textContent(), /1 chèque/);
      // Date, account, reference, cheques, amount.
      assert.equal(dinars(await remise.locator('td').nth(4).textContent()), run.montant);

      // The reconciliation: the deposit is a pink (unpointed) movement of the main account.
      await page.goto(RAPPROCHEMENT);
      await page.getByRole('heading', { name: 'Rapprochement bancaire' }).waitFor();
      await page.getByRole('searchbox').fill(BORDEREAU);
      const mouvement = row(page, BORDEREAU);
      await mouvement.waitFor();
      assert.equal(await mouvement.locator('[data-etat]').getAttribute('data-etat'), 'nonPointe');
      // Date, libellé, amount.
      assert.equal(dinars(await mouvement.locator('td').nth(2).textContent()), run.montant);
      const avant = dinars(await page.getByTestId('solde-banque').textContent());

      await mouvement.getByRole('button', { name: /^Pointer / }).click();
      const dialog = page.getByRole('dialog', { name: 'Pointer le mouvement' });
      await dialog.waitFor();
      await dialog.getByLabel('Date de la banque', { exact: true }).fill('');
      await dialog.getByRole('button', { name: 'Pointer', exact: true }).click();
      await dialog.getByText('La date de la banque est obligatoire.').waitFor();
      const today = new Date();
      const typed = `${String(today.getDate()).padStart(2, '0')}/${String(today.getMonth() + 1).padStart(2, '0')}/${today.getFullYear()}`;
      await dialog.getByLabel('Date de la banque', { exact: true }).fill(typed);
      await dialog.getByRole('button', { name: 'Pointer', exact: true }).click();
      await page.getByText('Mouvement pointé.').waitFor();
      await dialog.waitFor({ state: 'hidden' });

      // Green now, and the bank balance moved by the deposit.
      await row(page, BORDEREAU).locator('[data-etat="pointe"]').waitFor();
      const apres = dinars(await page.getByTestId('solde-banque').textContent());
      assert.equal(Math.round((apres - avant) * 1000), run.montant * 1000, `bank balance ${avant} → ${apres}`);
      await page.screenshot({ path: screenshotPath('banque-rapprochement-pointe-fr'), fullPage: true });
    });
  });

  it('shows a council member every bank action disabled with the reason', async () => {
    await scenario(browser, 'banque-membre-conseil-lecture', async (page) => {
      await signIn(page, ACCOUNTS.membreConseil);
      await expectPath(page, '/syndic/tableau-de-bord');

      async function disabledWithReason(button) {
        await button.waitFor();
        assert.equal(await button.isDisabled(), true, `${await button.textContent()} is disabled`);
        await button.locator('..').hover();
        const tooltip = page.getByRole('tooltip');
        await tooltip.waitFor();
        assert.equal((await tooltip.textContent()).trim(), FINANCE_ONLY);
        await page.keyboard.press('Escape');
        await page.mouse.move(1, 400);
        await tooltip.waitFor({ state: 'hidden' });
      }

      await page.goto(COMPTES);
      await disabledWithReason(page.getByRole('button', { name: 'Nouveau compte' }));

      await page.goto(REMISES);
      await disabledWithReason(page.getByRole('button', { name: 'Nouvelle remise' }));
      const remise = row(page, BORDEREAU);
      await remise.waitFor();
      assert.equal(await remise.getByRole('button', { name: /^Supprimer la remise/ }).isDisabled(), true);
      await page.goto(`${REMISES}/creer`);
      await expectPath(page, '/unauthorized');

      await page.goto(RAPPROCHEMENT);
      await page.getByRole('heading', { name: 'Rapprochement bancaire' }).waitFor();
      await disabledWithReason(page.getByRole('button', { name: 'Nouvelle opération' }));
      await page.getByRole('searchbox').fill(BORDEREAU);
      const pointage = row(page, BORDEREAU).getByRole('button', { name: /^(Pointer|Modifier le pointage de) / });
      await disabledWithReason(pointage);
      const actions = page.locator('tbody tr').getByRole('button', { name: /^(Pointer|Modifier le pointage de) / });
      for (const button of await actions.all()) assert.equal(await button.isDisabled(), true);
      await page.screenshot({ path: screenshotPath('banque-membre-conseil-rapprochement'), fullPage: true });
    });
  });
});
