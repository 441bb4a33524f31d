// The regulations against the real server (spec 3 §2.12 "Archive and rules browsers", §4 "Rules
// document", §5, §8): on the demo residence (the current "Règlement de copropriété 2019" and an
// older one) the president creates a regulation with a small PDF marked current; it is listed
// first with the "actuel" badge and the regulation that was current has lost it. A co-owner opens
// /coproprietaire/reglements from the sidebar, reads it without any control and downloads it (once:
// a second click is served from memory). The president deletes it. Each run creates its own
// regulation and deletes it, so the suite passes again on the same data (the regulation that was
// current before the run is no longer current after it: the server does not bring it back).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

const REGLEMENTS = '/syndic/archive/reglements';
const CREER = '/syndic/archive/reglements/creer';
const COPROPRIETAIRE = '/coproprietaire/reglements';
const DEMO_ACTUEL = 'Règlement de copropriété 2019';

const STAMP = String(Date.now()).slice(-6);
const TITRE = `Règlement e2e ${STAMP}`;
const COMMENTAIRE = `Adopté en assemblée générale (essai ${STAMP}).`;

/** A one-page PDF written by hand (the server opens every PDF it is sent). */
function reglementPdf() {
  const stream = `BT /F1 24 Tf 72 720 Td (Reglement e2e ${STAMP}) Tj ET`;
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
  const path = join(mkdtempSync(join(tmpdir(), 'daftar-e2e-')), `reglement-${STAMP}.pdf`);
  writeFileSync(path, body, 'latin1');
  return path;
}

/** The saved file of a download started by `click`: its suggested name and its first bytes. */
async function downloaded(page, click) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const failure = await download.failure();
  assert.equal(failure, null, `the download failed: ${failure}`);
  const bytes = readFileSync(await download.path());
  return { name: download.suggestedFilename(), head: bytes.subarray(0, 5).toString('latin1'), size: bytes.length };
}

/** The file of the list whose title is `titre`. */
function fichier(page, titre) {
  // By the title shown (the user's text, the same in both languages), not by the button's
  // label, which the Arabic page translates.
  return page.getByTestId('reglement-file').filter({ has: page.getByText(titre, { exact: true }) });
}

/** The titles of the files wearing the "actuel" badge. */
async function actuels(page) {
  const files = page.getByTestId('reglement-file').filter({ has: page.getByTestId('reglement-actuel') });
  const titles = [];
  for (const file of await files.all()) {
    const label = await file.getByRole('button', { name: /^Télécharger / }).getAttribute('aria-label');
    titles.push(label.replace(/^Télécharger /, ''));
  }
  return titles;
}

describe('regulations: the president creates and deletes one, a co-owner downloads it', () => {
  it('creates a current regulation with its PDF: first in the list with "actuel", the former current one without', async () => {
    await scenario(browser, 'reglements-creation', async (page) => {
      await signIn(page, ACCOUNTS.president);
      await page.waitForURL((url) => url.pathname.startsWith('/syndic'));

      // From the sidebar's archive group, after the financial documents.
      await page.getByRole('button', { name: 'Archive', exact: true }).click();
      await page.getByRole('link', { name: 'Règlements', exact: true }).click();
      await expectPath(page, REGLEMENTS);
      await page.getByRole('heading', { name: 'Règlements', level: 1 }).waitFor();
      await fichier(page, DEMO_ACTUEL).waitFor();
      const avant = await actuels(page);
      assert.ok(avant.length <= 1, `several current regulations: ${avant.join(', ')}`);
      await page.screenshot({ path: screenshotPath('reglements-liste-fr'), fullPage: true });

      await page.getByRole('link', { name: 'Créer', exact: true }).click();
      await expectPath(page, CREER);
      const form = page.getByRole('form', { name: 'Créer le règlement' });
      await form.waitFor();
      // Nothing sent without a title and a document.
      await form.getByRole('button', { name: 'Créer le règlement' }).click();
      await form.getByText('Le titre est obligatoire').waitFor();
      await form.getByText('Le document PDF est obligatoire').waitFor();

      await form.getByLabel(/^Titre/).fill(TITRE);
      await form.getByRole('checkbox', { name: 'Règlement actuel' }).check();
      await form.getByText("Ce règlement deviendra le règlement actuel ; l'actuel ne le sera plus.").waitFor();
      await form.getByLabel('Commentaire').fill(COMMENTAIRE);
      await form.getByLabel('Document (PDF)', { exact: true }).setInputFiles(reglementPdf());
      await form.getByText(`reglement-${STAMP}.pdf`).waitFor();
      await page.screenshot({ path: screenshotPath('reglements-creation-fr'), fullPage: true });
      await form.getByRole('button', { name: 'Créer le règlement' }).click();

      await page.getByText('Règlement créé').first().waitFor();
      await expectPath(page, REGLEMENTS);
      const premier = page.getByTestId('reglement-file').first();
      await premier.getByRole('button', { name: `Télécharger ${TITRE}` }).waitFor();
      assert.equal((await premier.getByTestId('reglement-actuel').textContent())?.trim(), 'actuel');
      assert.equal((await premier.getByTestId('reglement-description').textContent())?.trim(), COMMENTAIRE);
      assert.deepEqual(await actuels(page), [TITRE]);
      for (const ancien of avant) assert.equal(await fichier(page, ancien).getByTestId('reglement-actuel').count(), 0);
      assert.equal(await fichier(page, DEMO_ACTUEL).getByTestId('reglement-actuel').count(), 0);
    });
  });

  it('shows a co-owner the regulations read only, and downloads the new one once', async () => {
    await scenario(browser, 'reglements-coproprietaire', async (page) => {
      await signIn(page, ACCOUNTS.coproprietaire);
      await page.waitForURL((url) => url.pathname.startsWith('/coproprietaire'));
      await page.getByRole('link', { name: 'Règlements', exact: true }).click();
      await expectPath(page, COPROPRIETAIRE);
      const nouveau = fichier(page, TITRE);
      await nouveau.waitFor();
      assert.equal((await nouveau.getByTestId('reglement-actuel').textContent())?.trim(), 'actuel');
      assert.equal(await page.getByTestId('reglement-supprimer').count(), 0);
      assert.equal(await page.getByRole('link', { name: 'Créer', exact: true }).count(), 0);

      const requests = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/reglements/')) requests.push(request.url());
      });
      const bouton = page.getByRole('button', { name: `Télécharger ${TITRE}` });
      const fichierPdf = await downloaded(page, () => bouton.click());
      assert.equal(fichierPdf.head, '%PDF-');
      assert.match(fichierPdf.name, /\.pdf$/);
      assert.ok(fichierPdf.size > 100);
      // The second click is served from memory (spec 3 §2.12: downloads cached per path).
      const encore = await downloaded(page, () => bouton.click());
      assert.equal(encore.name, fichierPdf.name);
      assert.equal(requests.length, 1, `requests for the file: ${requests.join(', ')}`);

      // In Arabic every text of the page is Arabic (the titles and comments are the residence's own).
      await page.getByTestId('language-ar').click();
      await page.getByRole('heading', { name: 'الأنظمة الداخلية', level: 1 }).waitFor();
      await nouveau.getByText('الحالي', { exact: true }).waitFor();
      // The page's text without the titles and comments (typed by users, shown with dir="auto").
      const texte = await page.locator('main').evaluate((main) => {
        const copy = main.cloneNode(true);
        for (const typed of copy.querySelectorAll('[dir="auto"]')) typed.remove();
        return copy.textContent ?? '';
      });
      for (const francais of ['Règlement', 'actuel', 'ajouté', 'Télécharger', 'Aucun', 'Erreur', 'Créer']) {
        assert.ok(!texte.includes(francais), `"${francais}" left on the Arabic page`);
      }
      await page.screenshot({ path: screenshotPath('reglements-coproprietaire-ar'), fullPage: true });
      await page.getByTestId('language-fr').click();
    });
  });

  it('lets the president delete it after confirming', async () => {
    await scenario(browser, 'reglements-suppression', async (page) => {
      await signIn(page, ACCOUNTS.president);
      await page.waitForURL((url) => url.pathname.startsWith('/syndic'));
      await page.goto(REGLEMENTS);
      await fichier(page, TITRE).waitFor();
      await page.getByRole('button', { name: `Supprimer ${TITRE}` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Supprimer ce règlement ?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Supprimer', exact: true }).click();
      await page.getByText('Règlement supprimé').first().waitFor();
      await fichier(page, TITRE).waitFor({ state: 'detached' });
      await fichier(page, DEMO_ACTUEL).waitFor();
    });
  });
});
