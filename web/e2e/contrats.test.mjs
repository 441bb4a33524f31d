// Contracts against the real server (spec 1 §2 "Revenue screens", §5 "Contract and client", issue
// 14): on the demo residence the treasurer creates a client from the contract form's dialog, a
// yearly rooftop-antenna rental contract with its PDF, collects a payment by cheque and finds it
// among the pending cheques of a new deposit; an exceptional revenue is recorded and listed. Every
// run uses its own names, so the suite passes again on the same data.
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

const CONTRATS = '/syndic/revenus/contrats';
const REVENUS = '/syndic/revenus/revenus-exceptionnels';

const STAMP = String(Date.now()).slice(-6);
const CLIENT = `Ooredoo Tunisie ${STAMP}`;
const TITRE = `Antenne relais du toit ${STAMP}`;
const CHEQUE = `CHQ-ANT-${STAMP}`;
const REVENU = `Vente de l'ancien portail ${STAMP}`;

/** A one-page PDF written by hand (the server opens every PDF it is sent). */
function contratPdf() {
  const stream = 'BT /F1 24 Tf 72 720 Td (Contrat de location antenne) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const path = join(mkdtempSync(join(tmpdir(), 'daftar-e2e-')), 'contrat-antenne.pdf');
  writeFileSync(path, body, 'latin1');
  return path;
}

function row(page, text) {
  return page.locator('tbody tr').filter({ hasText: text });
}

/** 1 January of this year, as typed in a date field. */
function premierJanvier() {
  return `01/01/${new Date().getFullYear()}`;
}

describe('contracts: a rooftop antenna rented to a new client, paid by cheque', () => {
  it('lets the treasurer create the client from the form, the contract with its PDF, and collect a cheque', async () => {
    await scenario(browser, 'contrats-antenne-cheque', async (page) => {
      await signIn(page, ACCOUNTS.tresorier);
      await page.waitForURL((url) => url.pathname.startsWith('/syndic'));
      await page.goto(CONTRATS);
      await page.getByRole('heading', { name: 'Contrats de revenus' }).waitFor();
      await page.getByRole('link', { name: 'Nouveau contrat' }).click();
      await expectPath(page, `${CONTRATS}/creer`);

      await page.getByLabel('Titre', { exact: true }).fill(TITRE);
      // The client does not exist yet: it is created from the choice's dialog and chosen.
      const client = page.getByRole('combobox', { name: 'Client', exact: true });
      await client.click();
      await page.getByRole('textbox', { name: 'Filtrer les choix' }).fill(CLIENT);
      await page
        .getByRole('listbox')
        .getByRole('option', { name: /Nouveau client/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Nouveau client' });
      await dialog.waitFor();
      assert.equal(await dialog.getByLabel('Nom', { exact: true }).inputValue(), CLIENT);
      await dialog.getByLabel('Téléphone', { exact: true }).fill('22 333 444');
      await dialog.getByRole('button', { name: 'Créer et choisir' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await client.filter({ hasText: CLIENT }).waitFor();

      await page.getByLabel(/^Montant par période/).fill('4 800');
      await page.getByLabel('Périodicité du paiement', { exact: true }).selectOption('annuelle');
      await page.getByLabel('Date de début', { exact: true }).fill(premierJanvier());
      await page.getByLabel('Documents', { exact: true }).setInputFiles(contratPdf());
      await page.getByText('contrat-antenne.pdf').first().waitFor();
      await page.screenshot({ path: screenshotPath('contrats-creer-fr'), fullPage: true });
      await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await page.getByText('Contrat enregistré.').first().waitFor();

      // The new contract's detail: its PDF, one period fallen due, nothing paid.
      await page.waitForURL((url) => url.pathname.startsWith(`${CONTRATS}/gerer/`));
      await page.getByRole('heading', { name: TITRE }).waitFor();
      await page.getByRole('link', { name: 'Ouvrir contrat-antenne.pdf' }).waitFor();
      assert.match(await page.getByTestId('restant-du').textContent(), /4\s800,000/);

      // Collected from the list, by cheque.
      await page.goto(CONTRATS);
      const ligne = row(page, TITRE);
      await ligne.waitFor();
      assert.match(await ligne.textContent(), new RegExp(CLIENT));
      assert.match(await ligne.textContent(), /4\s800,000/);
      await ligne.getByRole('button', { name: `Encaisser un paiement du contrat ${TITRE}` }).click();
      const sheet = page.getByRole('dialog', { name: `Encaissement : ${TITRE}` });
      await sheet.waitFor();
      assert.equal(await sheet.getByLabel(/^Montant/).inputValue(), '4800');
      await sheet.getByLabel('Méthode de paiement', { exact: true }).selectOption('cheque');
      await sheet.getByLabel('Référence', { exact: true }).fill(CHEQUE);
      await page.screenshot({ path: screenshotPath('contrats-encaisser-fr'), fullPage: true });
      await sheet.getByRole('button', { name: 'Enregistrer le paiement' }).click();
      await page.getByText('Encaissement enregistré.').first().waitFor();
      await sheet.waitFor({ state: 'hidden' });

      await ligne.getByRole('link', { name: `Gérer le contrat ${TITRE}` }).click();
      await page.waitForURL((url) => url.pathname.startsWith(`${CONTRATS}/gerer/`));
      await row(page, CHEQUE).waitFor();
      assert.match(await page.getByTestId('montant-paye').textContent(), /4\s800,000/);
      await page.screenshot({ path: screenshotPath('contrats-detail-fr'), fullPage: true });

      // The cheque waits among the pending cheques of a new deposit.
      await page.goto('/syndic/banque/remises-cheques/creer');
      const picker = page.getByTestId('cheques-picker');
      await picker.waitFor();
      await page.getByTestId('cheque-row').filter({ hasText: CHEQUE }).waitFor();
      await picker.getByRole('searchbox').fill(CHEQUE);
      assert.match(await page.getByTestId('cheque-row').filter({ hasText: CHEQUE }).textContent(), new RegExp(CLIENT));
      await page.screenshot({ path: screenshotPath('contrats-remise-cheque-fr'), fullPage: true });

      // The books still balance.
      const balance = await page.evaluate(async () => (await fetch('/api/comptabilite/balance')).json());
      assert.equal(balance.equilibree, true);
    });
  });

  it('records an exceptional revenue and lists it', async () => {
    await scenario(browser, 'contrats-revenu-exceptionnel', async (page) => {
      await signIn(page, ACCOUNTS.tresorier);
      await page.waitForURL((url) => url.pathname.startsWith('/syndic'));
      await page.goto(REVENUS);
      await page.getByRole('heading', { name: 'Revenus exceptionnels' }).waitFor();
      await page.getByRole('link', { name: 'Nouveau revenu' }).click();
      await expectPath(page, `${REVENUS}/creer`);
      await page.getByLabel('Titre', { exact: true }).fill(REVENU);
      await page.getByLabel(/^Montant/).fill('350,500');
      await page.getByLabel('Méthode de paiement', { exact: true }).selectOption('espece');
      await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await page.getByText('Revenu enregistré.').first().waitFor();
      await expectPath(page, REVENUS);
      const ligne = row(page, REVENU);
      await ligne.waitFor();
      assert.match(await ligne.textContent(), /350,500/);
      assert.match(await ligne.textContent(), /Espèces/);
    });
  });
});
