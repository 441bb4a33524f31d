// Debt recovery against the real server (spec 1 §2 "recouvrement", §4 "SMS state", §5 "Recovery";
// issue 16): on the demo residence the treasurer opens the debtors from the sidebar (total-due
// card, the largest balance first), opens the first co-owner in arrears, sends him a reminder by
// SMS (the demo's gateway is the outbox: the message stays queued, shown "en cours") and finds it
// in the sent tab, then downloads a "dernier rappel" letter (a PDF) which the letters tab lists.
// The page reads in Arabic with nothing French left. Each run sends one more SMS and issues one
// more letter; the counts are compared before and after, so the suite passes again on the same data.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ACCOUNTS, expectPath, launchBrowser, scenario, screenshotPath, signIn } from './harness.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const LISTE = '/syndic/recouvrement/sms-lettres';
const DETAILS = /^\/syndic\/recouvrement\/sms-lettres\/details\/\d+$/;

/** The saved file of a download started by `click`: its suggested name and its first bytes. */
async function downloaded(page, click) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const failure = await download.failure();
  assert.equal(failure, null, `the download failed: ${failure}`);
  const bytes = readFileSync(await download.path());
  return { name: download.suggestedFilename(), head: bytes.subarray(0, 5).toString('latin1'), size: bytes.length };
}

/** The number in a tab's label ("SMS envoyés (3)" → 3). */
async function tabCount(page, name) {
  const text = (await page.getByRole('tab', { name }).textContent()) ?? '';
  const match = /\((\d+)\)/.exec(text);
  assert.ok(match, `no count in the tab "${text}"`);
  return Number(match[1]);
}

describe('debt recovery: the treasurer reminds a co-owner in arrears', () => {
  it('sends an SMS reminder (en cours) and downloads a last-reminder letter', async () => {
    await scenario(browser, 'recouvrement-relance', async (page) => {
      await signIn(page, ACCOUNTS.tresorier);
      await page.waitForURL((url) => url.pathname.startsWith('/syndic'));

      // From the sidebar's Recouvrement group.
      await page.getByRole('button', { name: 'Recouvrement', exact: true }).click();
      await page.getByRole('link', { name: 'SMS et lettres', exact: true }).click();
      await expectPath(page, LISTE);
      await page.getByRole('heading', { name: 'SMS et lettres', level: 1 }).waitFor();
      const total = page.getByTestId('recouvrement-total');
      await total.waitFor();
      assert.match((await total.textContent()) ?? '', /\d+,\d{3}\sDT$/);
      await page.getByText(/copropriétaires? débiteurs?/).waitFor();
      const premier = page.getByTestId('recouvrement-details').first();
      await premier.waitFor();
      const label = (await premier.getAttribute('aria-label')) ?? '';
      const nom = label.replace(/^SMS et historique de /, '');
      assert.ok(nom && nom !== label, `unexpected action label "${label}"`);
      await page.screenshot({ path: screenshotPath('recouvrement-liste-fr'), fullPage: true });

      await premier.click();
      await page.waitForURL((url) => DETAILS.test(url.pathname));
      await page.getByRole('heading', { name: nom, level: 1 }).waitFor();
      // The unpaid amounts, the oldest highlighted.
      await page.getByTestId('montant-plus-ancien').waitFor();
      const smsAvant = await tabCount(page, /SMS envoyés/);

      // The reminder by SMS to the co-owner's own number, in French.
      await page.getByRole('button', { name: 'Envoyer un SMS' }).click();
      const dialog = page.getByRole('dialog', { name: 'Envoyer un SMS' });
      await dialog.waitFor();
      const apercu = (await dialog.getByTestId('sms-apercu').textContent()) ?? '';
      assert.ok(apercu.length > 20, `empty SMS preview: "${apercu}"`);
      assert.match((await dialog.getByTestId('sms-compte').textContent()) ?? '', /^\d+ SMS · \d+ crédit\(s\)/);
      await page.screenshot({ path: screenshotPath('recouvrement-sms-fr'), fullPage: true });
      await dialog.getByRole('button', { name: 'Envoyer', exact: true }).dblclick();
      await page.getByText('SMS envoyé', { exact: true }).first().waitFor();
      await dialog.waitFor({ state: 'detached' });

      // One message more (a double click is one message), queued by the outbox: "en cours".
      await page.waitForFunction((avant) => {
        const tab = [...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent?.includes('SMS envoyés'));
        return tab?.textContent?.includes(`(${avant + 1})`);
      }, smsAvant);
      await page.getByRole('tab', { name: /SMS envoyés/ }).click();
      const envoye = page
        .getByRole('row')
        .filter({ hasText: apercu.slice(0, 30) })
        .first();
      await envoye.waitFor();
      assert.equal((await envoye.getByTestId('sms-etat').textContent())?.trim(), 'en cours');

      // The last-reminder letter.
      const lettresAvant = await tabCount(page, /Lettres/);
      await page.getByRole('button', { name: 'Lettre de relance' }).click();
      const lettre = page.getByRole('dialog', { name: 'Lettre de relance' });
      await lettre.waitFor();
      await lettre.getByText('Dernier rappel', { exact: true }).click();
      const pdf = await downloaded(page, () => lettre.getByRole('button', { name: 'Télécharger la lettre' }).click());
      assert.equal(pdf.head, '%PDF-');
      assert.match(pdf.name, /\.pdf$/);
      assert.ok(pdf.size > 1000, `a tiny PDF: ${pdf.size} bytes`);
      await page.getByText('Lettre téléchargée', { exact: true }).first().waitFor();
      await page.getByRole('tab', { name: /Lettres/ }).click();
      await page.getByRole('tab', { name: new RegExp(`Lettres\\s*\\(${lettresAvant + 1}\\)`) }).waitFor();
      await page.getByRole('row').filter({ hasText: 'Dernier rappel' }).first().waitFor();

      // In Arabic, nothing French is left (names and messages are the residence's own texts).
      await page.getByTestId('language-ar').click();
      await page.getByRole('tab', { name: /المراسلات/ }).waitFor();
      const texte = await page.locator('main').evaluate((main) => {
        const copy = main.cloneNode(true);
        for (const typed of copy.querySelectorAll('[dir="auto"]')) typed.remove();
        return copy.textContent ?? '';
      });
      for (const francais of [
        'Envoyer',
        'Lettre',
        'Impayés',
        'Restant',
        'Crédits',
        'Dernier rappel',
        'en cours',
        'Retour',
      ]) {
        assert.ok(!texte.includes(francais), `"${francais}" left on the Arabic page`);
      }
      await page.screenshot({ path: screenshotPath('recouvrement-details-ar'), fullPage: true });
      await page.getByTestId('language-fr').click();
    });
  });
});
