// The breakdown reports against the real server (spec 3 §2.7, §4 "Panne status", §4
// "Notifications"; issue 18): on the demo residence a co-owner reports a breakdown with a photo
// chosen in the create dialog's picker and finds it in "mine", the photo served by the server; the
// president opens it in the syndic space, moves its status to "réparation" and comments it; the
// co-owner's bell then counts both notifications, the status one leads to the report's details
// showing the new status and the comment, and the report can no longer be deleted (the button is
// disabled with its reason).
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';
import { settled } from './blocks-helpers.mjs';
import { ACCOUNTS, expectPath, launchBrowser, scenario, screenshotPath, signIn } from './harness.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const MES_PANNES = '/coproprietaire/pannes';
const PANNES_ACTIVES = '/syndic/pannes/pannes_actives';
const STAMP = String(Date.now()).slice(-6);
const DESCRIPTION = `Fuite d’eau sous l’escalier B ${STAMP}`;
const COMMENTAIRE = `Le plombier passe demain matin ${STAMP}`;
const PHOTO = 'fuite-escalier.png';

/** One PNG chunk: length, type, data, CRC of type and data. */
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A real 16×16 PNG (a blue square), written to a temporary file the picker is given. */
function photoPng() {
  const size = 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [30, 90, 200]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const file = join(mkdtempSync(join(tmpdir(), 'daftar-pannes-')), PHOTO);
  writeFileSync(file, png);
  return file;
}

/** The report's row in the current tab, once the list is searched for its description. */
async function ligne(page, tab) {
  const panel = page.getByRole('tabpanel', { name: tab });
  await panel.locator('tbody tr').first().waitFor();
  await panel.getByPlaceholder('Rechercher une panne').fill(DESCRIPTION);
  const row = panel.locator('tbody tr').filter({ has: page.getByText(DESCRIPTION, { exact: true }) });
  await row.waitFor();
  return row;
}

/** The report's id, read from the details path the page shows. */
function panneIdOf(page) {
  const match = /\/pannes\/details\/(\d+)$/.exec(new URL(page.url()).pathname);
  assert.ok(match, `not a report's details: ${page.url()}`);
  return Number(match[1]);
}

/** The bell's unread badge is gone: everything was read. */
async function toutLu(page) {
  await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
}

describe('breakdown reports: reported with a photo, its status changed by the syndic, the author notified', () => {
  it('runs a report from its creation to the notification of its new status', async () => {
    let panneId;

    await scenario(browser, 'pannes-coproprietaire-signaler', async (page) => {
      await signIn(page, ACCOUNTS.coproprietaire);
      await page.waitForURL((url) => url.pathname.startsWith('/coproprietaire'));
      // What the demo had left unread is read first, so the bell counts this scenario's only.
      const bell = page.getByTestId('notification-bell');
      await bell.click();
      const menu = page.getByRole('menu');
      await menu.getByText('Notifications', { exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      await toutLu(page);

      await page.getByTestId('nav-pannes').click();
      await expectPath(page, MES_PANNES);
      await page.getByRole('button', { name: 'Signaler une panne' }).click();
      const form = page.getByRole('form', { name: 'Signaler une panne' });
      await form.waitFor();
      await form.getByLabel(/^Description/).fill(DESCRIPTION);
      await form.getByLabel('Photos', { exact: true }).setInputFiles(photoPng());
      // Compressed in the browser, then kept.
      await form.getByText("1 fichier prêt à l'envoi").waitFor();
      await page.screenshot({ path: screenshotPath('pannes-creer-fr'), fullPage: true });
      await form.getByRole('button', { name: 'Signaler', exact: true }).click();
      await page.getByText('Panne signalée avec succès').first().waitFor();
      await form.waitFor({ state: 'hidden' });

      // In "mine", opened, with its photo: the server answers an image at the photo's address.
      const row = await ligne(page, 'Mes signalements');
      assert.match(await row.textContent(), /Ouvert/);
      await row.getByRole('link', { name: /^Détails de la panne n° \d+$/ }).click();
      await page.waitForURL((url) => url.pathname.startsWith(`${MES_PANNES}/details/`));
      panneId = panneIdOf(page);
      await page.getByRole('heading', { name: `Panne n° ${panneId}`, level: 1 }).waitFor();
      const photos = page.getByRole('list', { name: 'Photos' });
      const lien = photos.getByRole('link', { name: /^Ouvrir la photo / });
      await lien.waitFor();
      assert.equal(await lien.count(), 1);
      const url = await lien.getAttribute('href');
      assert.match(url, /^\/api\/pannes\/photos\/\d+$/);
      const reponse = await page.request.get(url);
      assert.equal(reponse.status(), 200);
      assert.match(reponse.headers()['content-type'], /^image\/(png|jpeg)$/);
      assert.ok((await reponse.body()).length > 0, 'the photo is empty');
      // The thumbnail is that image, decoded by the browser.
      const vignette = photos.locator('img');
      await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await vignette.elementHandle());
      // Its author may still delete it while it is open.
      assert.equal(await page.getByTestId('panne-supprimer').isDisabled(), false);
      await page.screenshot({ path: screenshotPath('pannes-details-coproprietaire-fr'), fullPage: true });
    });

    await scenario(browser, 'pannes-president-statut', async (page) => {
      await signIn(page, ACCOUNTS.president);
      await page.waitForURL((url) => url.pathname.startsWith('/syndic'));
      await page.goto(PANNES_ACTIVES);
      await page.getByRole('heading', { name: 'Pannes actives', level: 1 }).waitFor();
      // A co-owner's report is among the president's "others".
      await page.getByRole('tab', { name: 'Autres signalements' }).click();
      const row = await ligne(page, 'Autres signalements');
      await row.getByRole('link', { name: `Détails de la panne n° ${panneId}` }).click();
      await expectPath(page, `/syndic/pannes/details/${panneId}`);

      const box = page.getByTestId('panne-statut-box');
      const confirmer = box.getByRole('button', { name: 'Confirmer' });
      await confirmer.waitFor();
      assert.equal(await confirmer.isDisabled(), true, 'confirming the current status is offered');
      await box.getByLabel(/^Nouveau statut/).selectOption({ label: '3. En réparation' });
      await confirmer.click();
      await page.getByText('Statut changé : En réparation').first().waitFor();
      await page.getByTestId('panne-statut').filter({ hasText: 'En réparation' }).waitFor();

      const commenter = page.getByRole('form', { name: 'Commenter' });
      await commenter.getByLabel(/^Commentaire/).fill(COMMENTAIRE);
      await commenter.getByRole('button', { name: 'Commenter' }).click();
      await page.getByText('Commentaire ajouté').first().waitFor();
      await page.getByTestId('commentaire').filter({ hasText: COMMENTAIRE }).waitFor();
      await page.screenshot({ path: screenshotPath('pannes-details-syndic-fr'), fullPage: true });
    });

    await scenario(browser, 'pannes-coproprietaire-notifie', async (page) => {
      await signIn(page, ACCOUNTS.coproprietaire);
      await page.waitForURL((url) => url.pathname.startsWith('/coproprietaire'));
      const bell = page.getByRole('button', { name: 'Notifications, 2 non lues' });
      await bell.waitFor();
      assert.equal((await page.getByTestId('notification-count').textContent())?.trim(), '2');
      await bell.click();
      const menu = page.getByRole('menu');
      // The demo's older notifications are read; this scenario's two are not.
      const nonLues = menu.locator('[data-testid="notification"][data-seen="false"]');
      const statut = nonLues.filter({ hasText: "Le statut d'une panne a changé" });
      await statut.waitFor();
      await nonLues.filter({ hasText: 'Nouveau commentaire sur une panne' }).waitFor();
      assert.equal(await nonLues.count(), 2);
      // The menu's opening animation done, the picture shows it as the user reads it.
      await settled(page);
      await page.screenshot({ path: screenshotPath('pannes-notifications-fr') });

      // The notification leads to the report, which shows its new status and the comment.
      await statut.click();
      await expectPath(page, `${MES_PANNES}/details/${panneId}`);
      await menu.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { name: `Panne n° ${panneId}`, level: 1 }).waitFor();
      await page.getByTestId('panne-statut').filter({ hasText: 'En réparation' }).waitFor();
      const commentaires = page.getByTestId('commentaire');
      await commentaires.filter({ hasText: COMMENTAIRE }).waitFor();
      assert.equal(await commentaires.count(), 1);
      // Closing the menu read them all.
      await toutLu(page);
      // The co-owner sees no status box: only the syndic moves a report.
      assert.equal(await page.getByTestId('panne-statut-box').count(), 0);

      // Its status has evolved: the author can no longer delete it, and the button says why.
      const supprimer = page.getByTestId('panne-supprimer');
      assert.equal(await supprimer.isDisabled(), true, 'the delete button is enabled');
      await supprimer.locator('..').hover();
      const tooltip = page.getByRole('tooltip');
      await tooltip.waitFor();
      await settled(page);
      assert.equal(
        (await tooltip.textContent()).trim(),
        'Cette panne ne peut plus être supprimée : son statut a évolué.',
      );
      await page.screenshot({ path: screenshotPath('pannes-suppression-refusee-fr'), fullPage: true });
    });
  });
});
