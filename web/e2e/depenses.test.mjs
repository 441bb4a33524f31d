// Expenses against the real server (spec 2 §2 "Current charges", §4 payment state, §5, §6, issue
// 13): on the demo residence the treasurer creates a supplier from the charge form's dialog,
// records an electricity invoice with its PDF, pays it in two parts (cash, then a cheque), sees the
// state go from partial to paid, opens the invoice's thumbnail and finds the cheque in the bank
// reconciliation; a council member sees every expense action disabled. Every run uses its own
// names, so the suite passes again on the same data.
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

const CHARGES = '/syndic/depenses/charges';
const FINANCE_ONLY = 'Seul le trésorier peut effectuer cette opération.';

const STAMP = String(Date.now()).slice(-6);
const FOURNISSEUR = `Électricité Ben Ammar ${STAMP}`;
const TITRE = `Électricité des communs ${STAMP}`;
const CHEQUE = `CHQ-DEP-${STAMP}`;

/**
 * A one-page PDF with a line of text, written by hand with its cross-reference table (the server
 * opens every PDF it is sent and renders its first page as the thumbnail).
 */
function facturePdf() {
  const stream = 'BT /F1 24 Tf 72 720 Td (Facture STEG mars) Tj ET';
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
  const path = join(mkdtempSync(join(tmpdir(), 'daftar-e2e-')), 'facture-steg-mars.pdf');
  writeFileSync(path, body, 'latin1');
  return path;
}

function row(page, text) {
  return page.locator('tbody tr').filter({ hasText: text });
}

/** The payment sheet of the charge: amount, method, reference, then save. */
async function pay(page, { montant, methode, reference }) {
  await page.getByRole('button', { name: 'Enregistrer un paiement' }).click();
  const sheet = page.getByRole('dialog', { name: `Paiement : ${TITRE}` });
  await sheet.waitFor();
  await sheet.getByLabel(/^Montant/).fill(montant);
  await sheet.getByLabel('Méthode de paiement', { exact: true }).selectOption(methode);
  if (reference) await sheet.getByLabel('Référence', { exact: true }).fill(reference);
  await sheet.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await page.getByText('Paiement enregistré.').first().waitFor();
  await sheet.waitFor({ state: 'hidden' });
}

describe('expenses: a charge, its invoice and its payments', () => {
  it('lets the treasurer record a charge with its PDF and pay it in two parts', async () => {
    await scenario(browser, 'depenses-charge-payee', async (page) => {
      await signIn(page, ACCOUNTS.tresorier);
      await page.waitForURL((url) => url.pathname.startsWith('/syndic'));
      await page.goto(CHARGES);
      await page.getByRole('heading', { name: 'Charges courantes' }).waitFor();
      await page.getByRole('link', { name: 'Nouvelle charge' }).click();
      await expectPath(page, `${CHARGES}/creer`);

      await page.getByLabel('Titre', { exact: true }).fill(TITRE);
      await page.getByLabel(/^Montant/).fill('250,500');
      await page.getByLabel('Date de la facture', { exact: true }).fill(new Date().toLocaleDateString('fr-FR'));

      // The supplier does not exist yet: it is created from the choice's dialog and chosen.
      const fournisseur = page.getByRole('combobox', { name: 'Fournisseur', exact: true });
      await fournisseur.click();
      await page.getByRole('textbox', { name: 'Filtrer les choix' }).fill(FOURNISSEUR);
      await page
        .getByRole('listbox')
        .getByRole('option', { name: /Nouveau fournisseur/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Nouveau fournisseur' });
      await dialog.waitFor();
      assert.equal(await dialog.getByLabel('Nom', { exact: true }).inputValue(), FOURNISSEUR);
      await dialog.getByRole('button', { name: 'Créer et choisir' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await fournisseur.filter({ hasText: FOURNISSEUR }).waitFor();

      await page.getByLabel('Factures', { exact: true }).setInputFiles(facturePdf());
      await page.getByText('facture-steg-mars.pdf').first().waitFor();
      await page.screenshot({ path: screenshotPath('depenses-charge-creer-fr'), fullPage: true });
      await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await page.getByText('Dépense enregistrée.').first().waitFor();

      // From the list to the charge's detail: unpaid, with its invoice.
      await page.goto(CHARGES);
      const ligne = row(page, TITRE);
      await ligne.waitFor();
      assert.match(await ligne.textContent(), /Impayé/);
      await ligne.getByRole('link', { name: `Gérer ${TITRE}` }).click();
      await page.waitForURL((url) => url.pathname.startsWith(`${CHARGES}/gerer/`));

      await pay(page, { montant: '100', methode: 'espece' });
      await page.goto(CHARGES);
      await row(page, TITRE).filter({ hasText: 'Partiel' }).waitFor();
      assert.match(await row(page, TITRE).textContent(), /150,500/);

      await row(page, TITRE)
        .getByRole('link', { name: `Gérer ${TITRE}` })
        .click();
      await page.waitForURL((url) => url.pathname.startsWith(`${CHARGES}/gerer/`));
      const chargeId = Number(new URL(page.url()).pathname.split('/').pop());
      await pay(page, { montant: '150,500', methode: 'cheque', reference: CHEQUE });
      await page.goto(CHARGES);
      await row(page, TITRE).filter({ hasText: 'Payé' }).waitFor();

      // The invoice's thumbnail is a real picture of its first page, served to the treasurer.
      await page.goto(`${CHARGES}/gerer/${chargeId}`);
      const miniature = page.locator('img[src*="/api/documents/"][src$="/miniature"]').first();
      await miniature.waitFor();
      await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await miniature.elementHandle());
      const width = await miniature.evaluate((img) => img.naturalWidth);
      assert.ok(width > 0 && width <= 256, `thumbnail width ${width}`);
      await page.screenshot({ path: screenshotPath('depenses-charge-detail-fr'), fullPage: true });
      const download = await page.evaluate(
        async (src) => {
          const answer = await fetch(src.replace(/\/miniature$/, ''));
          return { status: answer.status, type: answer.headers.get('content-type') };
        },
        await miniature.getAttribute('src'),
      );
      assert.deepEqual(download, { status: 200, type: 'application/pdf' });

      // The cheque left the main account: it waits in its reconciliation, money out.
      const rapprochement = await page.evaluate(async () => {
        const answer = await fetch('/api/banque/rapprochement');
        return answer.json();
      });
      const cheque = rapprochement.rapprochements.find((ligne) => ligne.reference === CHEQUE);
      assert.ok(cheque, `the cheque ${CHEQUE} is in the reconciliation`);
      assert.equal(cheque.table, 'paiement_depense');
      assert.equal(cheque.montant, -150.5);
      assert.equal(cheque.description.fournisseur, FOURNISSEUR);

      // The books still balance.
      const balance = await page.evaluate(async () => (await fetch('/api/comptabilite/balance')).json());
      assert.equal(balance.equilibree, true);
    });
  });

  it('shows a council member every expense action disabled with its reason', async () => {
    await scenario(browser, 'depenses-membre-conseil', async (page) => {
      await signIn(page, ACCOUNTS.membreConseil);
      await page.waitForURL((url) => url.pathname.startsWith('/syndic'));
      await page.goto(CHARGES);
      await page.getByRole('heading', { name: 'Charges courantes' }).waitFor();
      await page.locator('tbody tr').first().waitFor();
      const create = page.getByRole('button', { name: 'Nouvelle charge' });
      assert.equal(await create.isDisabled(), true, 'the create button is disabled');
      await create.locator('..').hover();
      await page.getByRole('tooltip').filter({ hasText: FINANCE_ONLY }).first().waitFor();
      // The server refuses the same write whatever the screen shows.
      const status = await page.evaluate(async () => {
        const token = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
        const answer = await fetch('/api/categories/creer', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token },
          body: JSON.stringify({ titre: 'Essai', description: null }),
        });
        return { status: answer.status, code: (await answer.json()).code };
      });
      assert.deepEqual(status, { status: 403, code: 'finance_required' });
    });
  });
});
