// The visibility rights against the real server (spec 3 §2.4, §2.11, §2.12, §6; issue 19): on the
// demo residence the treasurer hides the charges from Nour Ayari (20000006) in the edit dialog of
// /syndic/administration/visibilite-finances; the co-owner, signing in afterwards, has no "Charges"
// entry in the sidebar, and the page's address shows the refusal, its call answering 403
// `visibilite_refusee`. The treasurer gives the right back (so the suite passes again on the same
// data) and the co-owner opens the charges and one charge's details.
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

const VISIBILITE = '/syndic/administration/visibilite-finances';
const CHARGES = '/coproprietaire/charges';
const NOUR = { tel: '20000006', nom: 'Nour Ayari' };

/** Sets the Charges right of Nour in the edit dialog, as the treasurer. */
async function setCharges(page, granted) {
  await page.goto(VISIBILITE);
  await page.getByRole('heading', { name: 'Visibilité des finances', level: 1 }).waitFor();
  const pages = page.getByTestId('visibilite-pages');
  await pages.getByText(NOUR.nom, { exact: true }).first().waitFor();
  await pages
    .getByRole('button', { name: `Modifier les droits de ${NOUR.nom}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  const charges = dialog.getByRole('checkbox', { name: 'Charges', exact: true });
  if (granted) await charges.check();
  else await charges.uncheck();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByText(`Droits de ${NOUR.nom} enregistrés.`).first().waitFor();
  await dialog.waitFor({ state: 'detached' });
}

describe('visibility rights: the treasurer hides the charges from a co-owner', () => {
  it('hides them in the edit dialog, from the administration group of the sidebar', async () => {
    await scenario(browser, 'visibilite-masquer', async (page) => {
      await signIn(page, ACCOUNTS.tresorier);
      await page.waitForURL((url) => url.pathname.startsWith('/syndic'));
      await page.getByRole('button', { name: 'Administration', exact: true }).click();
      await page.getByRole('link', { name: /^Visibilité/ }).click();
      await expectPath(page, VISIBILITE);
      await setCharges(page, false);
      await page.screenshot({ path: screenshotPath('visibilite-liste-fr'), fullPage: true });
    });
  });

  it('shows the co-owner no Charges entry, and the refusal (403) at its address', async () => {
    await scenario(browser, 'visibilite-coproprietaire-refuse', async (page) => {
      await signIn(page, NOUR.tel);
      await page.waitForURL((url) => url.pathname.startsWith('/coproprietaire'));
      await page.getByRole('link', { name: 'Travaux', exact: true }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Charges', exact: true }).count(), 0);

      await page.goto(CHARGES);
      await page.getByTestId('visibilite-refusee').waitFor();
      const answer = await page.evaluate(async () => {
        const res = await fetch('/api/coproprietaire/charges', { credentials: 'include' });
        return { status: res.status, body: await res.json() };
      });
      assert.equal(answer.status, 403);
      assert.equal(answer.body.code, 'visibilite_refusee');
      await page.screenshot({ path: screenshotPath('visibilite-refusee-fr'), fullPage: true });
    });
  });

  it('gives the right back: the co-owner opens the charges and a charge’s details', async () => {
    await scenario(browser, 'visibilite-rendre', async (page) => {
      await signIn(page, ACCOUNTS.tresorier);
      await page.waitForURL((url) => url.pathname.startsWith('/syndic'));
      await setCharges(page, true);
    });
    await scenario(browser, 'visibilite-coproprietaire-charges', async (page) => {
      await signIn(page, NOUR.tel);
      await page.waitForURL((url) => url.pathname.startsWith('/coproprietaire'));
      await page.getByRole('link', { name: 'Charges', exact: true }).click();
      await expectPath(page, CHARGES);
      const list = page.getByTestId('finances-charges');
      const details = list.getByRole('link', { name: /^Détails de/ }).first();
      await details.waitFor();
      await page.screenshot({ path: screenshotPath('visibilite-charges-fr'), fullPage: true });
      await details.click();
      await page.getByTestId('finance-details').waitFor();
      await page.screenshot({ path: screenshotPath('visibilite-charge-details-fr'), fullPage: true });
    });
  });
});
