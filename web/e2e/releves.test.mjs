// Bank statements against the real server (issue 22): the treasurer imports a month's statement
// of the demo's main account, written here as the bank would export it (a CSV with a title line,
// French numbers, a debit/credit pair) from the movements the reconciliation shows unpointed,
// plus the month's account fees the books do not know. The columns are mapped the first time;
// most lines are pointed at once, the proposals are validated, the fee line becomes the bank-fee
// operation in one action, and the closing balance printed on the statement agrees with the
// bank balance. The same file again changes nothing; a council member is offered none of it.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ACCOUNTS, expectPath, launchBrowser, scenario, screenshotPath, signIn } from './harness.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const RAPPROCHEMENT = '/syndic/banque/rapprochement';
const STAMP = String(Date.now()).slice(-7);
/** This run's fee line: its label finds the line and the operation it becomes. */
const FRAIS_LIBELLE = `FRAIS TENUE DE COMPTE ${STAMP}`;
const FRAIS_MILLIMES = 7_250;
/** The statement written by the first scenario, imported again by the second. */
const run = { fichier: '', lignes: 0 };

/** yyyy-MM-dd of a local date. */
function iso(date) {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** yyyy-MM-dd → dd/mm/yyyy, as a French bank writes it. */
function frDate(value) {
  return value.split('-').reverse().join('/');
}

/** The day after a yyyy-MM-dd date. */
function nextDay(value) {
  const [year, month, day] = value.split('-').map(Number);
  return iso(new Date(year, month - 1, day + 1));
}

/** Integer millimes → "1 234,500" (the sign left to the caller). */
function frAmount(millimes) {
  const abs = Math.abs(millimes);
  const dinars = String(Math.floor(abs / 1000)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${millimes < 0 ? '-' : ''}${dinars},${String(abs % 1000).padStart(3, '0')}`;
}

/** The API's DT number → integer millimes. */
function millimes(dinars) {
  return Math.round(dinars * 1000);
}

/**
 * The month of the statement to write: the current one (up to today) when it has movements to
 * point, else the month of the year with the most. Not last month when avoidable: the demo
 * imported its statement already (its proposed lines would be recognized as imported).
 */
function choosePeriod(rows, today) {
  const unpointed = rows.filter(
    (row) => row.table !== 'solde' && row.pointable && !row.date_banque && row.date <= today,
  );
  const byMonth = new Map();
  for (const row of unpointed) byMonth.set(row.date.slice(0, 7), (byMonth.get(row.date.slice(0, 7)) ?? 0) + 1);
  const current = today.slice(0, 7);
  const [month] =
    (byMonth.get(current) ?? 0) >= 2
      ? [current]
      : ([...byMonth.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : -1))[0] ?? []);
  assert.ok(month, 'the demo account has unpointed movements this year');
  const [year, monthNumber] = month.split('-').map(Number);
  const monthEnd = iso(new Date(year, monthNumber, 0));
  const du = `${month}-01`;
  const au = monthEnd < today ? monthEnd : today;
  return { du, au, mouvements: unpointed.filter((row) => row.date >= du && row.date <= au) };
}

describe('bank statements: import, matching, balance check', () => {
  it("lets the treasurer import a month's statement, point it, create the fee operation and see the balances agree", async () => {
    await scenario(browser, 'releves-import', async (page) => {
      await signIn(page, ACCOUNTS.tresorier);
      await expectPath(page, '/syndic/tableau-de-bord');

      // The reconciliation of the main account: what the books have, pointed or not.
      const [answer] = await Promise.all([
        page.waitForResponse((response) => new URL(response.url()).pathname === '/api/banque/rapprochement'),
        page.goto(RAPPROCHEMENT),
      ]);
      const rapprochement = await answer.json();
      assert.ok(rapprochement.has_bank, 'the demo has a main account');
      const { du, au, mouvements } = choosePeriod(rapprochement.rapprochements, iso(new Date()));
      assert.ok(mouvements.length >= 2, `movements to point between ${du} and ${au}: ${mouvements.length}`);

      // The bank books each movement a day later (within the period), and its fees at the end.
      const lignes = mouvements
        .map((row) => ({
          date: nextDay(row.date) > au ? au : nextDay(row.date),
          libelle: row.libelle.toUpperCase().replaceAll(';', ','),
          reference: row.reference ?? '',
          montant: millimes(row.montant),
        }))
        .concat([{ date: au, libelle: FRAIS_LIBELLE, reference: '', montant: -FRAIS_MILLIMES }])
        .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
      const csv = [
        `BIAT - Relevé de compte du ${frDate(du)} au ${frDate(au)};;;;`,
        'Date opération;Libellé;Référence;Débit;Crédit',
        ...lignes.map((ligne) =>
          [
            frDate(ligne.date),
            ligne.libelle,
            ligne.reference,
            ligne.montant < 0 ? frAmount(-ligne.montant) : '',
            ligne.montant > 0 ? frAmount(ligne.montant) : '',
          ].join(';'),
        ),
      ].join('\r\n');
      run.fichier = join(mkdtempSync(join(tmpdir(), 'releve-')), `releve-${du.slice(0, 7)}-${STAMP}.csv`);
      writeFileSync(run.fichier, csv, 'utf8');
      run.lignes = lignes.length;

      // The statement's closing balance: the bank balance at the period's end (the pointed
      // movements of the year, less those the bank booked after it) plus the statement's lines.
      const pointesApres = rapprochement.rapprochements
        .filter((row) => row.table !== 'solde' && row.date_banque && row.date_banque > au)
        .reduce((sum, row) => sum + millimes(row.montant), 0);
      const soldeCloture =
        millimes(rapprochement.totaux.solde_banque) - pointesApres + lignes.reduce((sum, l) => sum + l.montant, 0);

      // Import: the treasurer's action on the reconciliation.
      await page.getByRole('link', { name: 'Importer un relevé' }).click();
      await expectPath(page, `${RAPPROCHEMENT}/importer`);
      await page.getByRole('heading', { name: 'Importer un relevé' }).waitFor();
      await page.getByLabel('Fichier', { exact: true }).setInputFiles(run.fichier);

      // The first statement of this bank in CSV: its columns are asked for, found from the headers.
      const mapping = page.getByRole('form', { name: 'Colonnes du fichier' });
      await page.locator('[data-testid="releve-mapping"], [data-testid="releve-apercu"]').first().waitFor();
      if (await mapping.isVisible()) {
        assert.equal(await mapping.getByLabel('Ligne des en-têtes', { exact: true }).inputValue(), '2');
        await mapping.getByLabel('Date', { exact: true }).selectOption('Date opération');
        await mapping.getByLabel('Libellé', { exact: true }).selectOption('Libellé');
        await mapping.getByRole('radio', { name: 'Colonnes débit et crédit' }).check({ force: true });
        await mapping.getByLabel('Débit', { exact: true }).selectOption('Débit');
        await mapping.getByLabel('Crédit', { exact: true }).selectOption('Crédit');
        await mapping.getByLabel('Référence (facultatif)', { exact: true }).selectOption('Référence');
        await page.screenshot({ path: screenshotPath('releves-mapping-fr'), fullPage: true });
        await mapping.getByRole('button', { name: 'Prévisualiser' }).click();
      }

      // The preview: every line, nothing imported before, nothing recorded yet.
      const apercu = page.getByTestId('releve-apercu');
      await apercu.waitFor();
      assert.equal((await page.getByTestId('apercu-compte').textContent()).trim(), `Lignes : ${lignes.length}`);
      assert.equal(await apercu.locator('tbody tr').count(), lignes.length);
      await page.screenshot({ path: screenshotPath('releves-apercu-fr'), fullPage: true });
      await page.getByTestId('releve-importer').click();
      await page.waitForURL((url) => /^\/syndic\/banque\/rapprochement\/releves\/\d+$/.test(url.pathname));
      await page.getByText('Relevé importé.').waitFor();

      // Most lines are pointed at once.
      const controle = page.getByTestId('releve-controle');
      await controle.waitFor();
      const table = page.getByTestId('releve-lignes');
      await table.locator('tbody tr').first().waitFor();
      assert.equal(await table.locator('tbody tr').count(), lignes.length);
      const pointees = await table.locator('[data-statut="pointee"]').count();
      assert.ok(pointees * 2 > mouvements.length, `pointed at once: ${pointees} of ${mouvements.length} movements`);
      await page.screenshot({ path: screenshotPath('releves-importe-fr'), fullPage: true });

      // A doubtful match is proposed: the treasurer validates the best set.
      for (;;) {
        const valider = table.getByRole('button', { name: /^Valider la proposition pour / }).first();
        if ((await valider.count()) === 0) break;
        await valider.click();
        const dialog = page.getByRole('dialog', { name: 'Valider la proposition' });
        await dialog.waitFor();
        await dialog.getByRole('button', { name: 'Pointer', exact: true }).click();
        await dialog.waitFor({ state: 'hidden' });
      }

      // The fees the books did not have: the bank-fee operation, prefilled, in one action.
      const frais = table.locator('tbody tr').filter({ hasText: FRAIS_LIBELLE });
      assert.equal(await frais.locator('[data-statut]').getAttribute('data-statut'), 'sans_correspondance');
      await frais.getByRole('button', { name: `Créer l'opération de ${FRAIS_LIBELLE}` }).click();
      const dialog = page.getByRole('dialog', { name: "Créer l'opération bancaire" });
      await dialog.waitFor();
      assert.equal(await dialog.getByLabel('Type', { exact: true }).inputValue(), 'frais');
      assert.equal(await dialog.getByLabel('Libellé', { exact: true }).inputValue(), FRAIS_LIBELLE);
      await page.screenshot({ path: screenshotPath('releves-operation-fr'), fullPage: true });
      await dialog.getByRole('button', { name: 'Créer et pointer' }).click();
      await page.getByText('Opération créée et pointée.').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await frais.locator('[data-statut="pointee"]').waitFor();
      assert.equal(await table.locator('[data-statut="pointee"]').count(), lignes.length, 'every line pointed');

      // The balance printed on the statement agrees with the bank balance after pointing.
      assert.equal(
        millimes(
          Number(
            (await page.getByTestId('controle-solde-banque').textContent()).replace(/[^\d,-]/g, '').replace(',', '.'),
          ),
        ),
        soldeCloture,
        'the bank balance at the statement end',
      );
      await controle.getByLabel('Solde de clôture imprimé sur le relevé', { exact: true }).fill(frAmount(soldeCloture));
      const statut = controle.getByTestId('controle-statut');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="controle-statut"]')?.getAttribute('data-equilibre') === 'true',
      );
      assert.match(await statut.textContent(), /^Équilibré/);
      await page.screenshot({ path: screenshotPath('releves-equilibre-fr'), fullPage: true });

      // The fee operation is in the reconciliation's books, pointed on the statement's day.
      const [apres] = await Promise.all([
        page.waitForResponse((response) => new URL(response.url()).pathname === '/api/banque/rapprochement'),
        page.goto(RAPPROCHEMENT),
      ]);
      const operation = (await apres.json()).rapprochements.find((row) => row.libelle === FRAIS_LIBELLE);
      assert.ok(operation, 'the fee operation is in the reconciliation');
      assert.equal(operation.table, 'operation');
      assert.equal(millimes(operation.montant), -FRAIS_MILLIMES);
      assert.equal(operation.date_banque, au);
    });
  });

  it('recognizes the same file imported again: nothing changes', async () => {
    assert.ok(run.fichier, 'the first scenario wrote the statement');
    await scenario(browser, 'releves-deja-importe', async (page) => {
      await signIn(page, ACCOUNTS.tresorier);
      await expectPath(page, '/syndic/tableau-de-bord');
      await page.goto(RAPPROCHEMENT);
      const [answer] = await Promise.all([
        page.waitForResponse((response) => new URL(response.url()).pathname === '/api/banque/releves'),
        page.getByRole('link', { name: 'Relevés importés' }).click(),
      ]);
      await expectPath(page, `${RAPPROCHEMENT}/releves`);
      const avant = (await answer.json()).releves.length;
      await page.getByTestId('releves-importer').click();
      // The bank's columns are remembered: no form this time.
      await page.getByLabel('Fichier', { exact: true }).setInputFiles(run.fichier);
      await page.getByTestId('deja-importe').waitFor();
      assert.equal(await page.getByRole('form', { name: 'Colonnes du fichier' }).count(), 0);
      await page.getByRole('button', { name: 'Ouvrir le relevé' }).click();
      await page.waitForURL((url) => /^\/syndic\/banque\/rapprochement\/releves\/\d+$/.test(url.pathname));
      await page.getByText("Ce relevé était déjà importé : rien n'a changé.").waitFor();
      const [liste] = await Promise.all([
        page.waitForResponse((response) => new URL(response.url()).pathname === '/api/banque/releves'),
        page.goto(`${RAPPROCHEMENT}/releves`),
      ]);
      assert.equal((await liste.json()).releves.length, avant, 'no new statement');
    });
  });

  it('offers a council member no statement import', async () => {
    await scenario(browser, 'releves-membre-conseil', async (page) => {
      await signIn(page, ACCOUNTS.membreConseil);
      await expectPath(page, '/syndic/tableau-de-bord');
      await page.goto(RAPPROCHEMENT);
      await page.getByRole('heading', { name: 'Rapprochement bancaire' }).waitFor();
      await page.getByTestId('total-pointe').waitFor();
      assert.equal(await page.getByRole('link', { name: 'Importer un relevé' }).count(), 0);
      assert.equal(await page.getByRole('link', { name: 'Relevés importés' }).count(), 0);
      await page.goto(`${RAPPROCHEMENT}/importer`);
      await expectPath(page, '/unauthorized');
    });
  });
});
