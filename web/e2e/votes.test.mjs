// The community votes against the real server (spec 3 §2.6, §2.11, §4 "Vote", §7 "Votes"; issue
// 18): on the demo residence the president publishes a simple vote running from today, two
// co-owners cast it (Pour, Contre), the vote is then locked for editing and its results show two
// responses, one each, and the participation.
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

const LISTE = '/syndic/votes';
const COPROPRIETAIRE = '/coproprietaire/votes';
const STAMP = String(Date.now()).slice(-6);
const TITRE = `Vote e2e ${STAMP}`;
/** A second co-owner of the demo (Sami, 20000005, has his charges hidden: any co-owner may vote). */
const AUTRE_COPROPRIETAIRE = '20000005';

/** A day from today as the date fields take it (dd/mm/yyyy). */
function typedDay(offsetDays = 0) {
  const day = new Date();
  day.setDate(day.getDate() + offsetDays);
  const dd = String(day.getDate()).padStart(2, '0');
  const mm = String(day.getMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${day.getFullYear()}`;
}

/** Waits for a toast's text. */
async function toast(page, text) {
  await page.getByText(text).first().waitFor();
}

/** The vote's row, once the list is searched for its title. */
async function ligne(page, titre) {
  await page.locator('tbody tr').first().waitFor();
  await page.getByPlaceholder('Rechercher un vote').fill(titre);
  const row = page.locator('tbody tr').filter({ has: page.getByText(titre, { exact: true }) });
  await row.waitFor();
  return row;
}

/** A co-owner answers the vote from their list. */
async function voter(page, tel, reponse) {
  await signIn(page, tel);
  await page.waitForURL((url) => url.pathname.startsWith('/coproprietaire'));
  await page.getByTestId('nav-votes').click();
  await expectPath(page, COPROPRIETAIRE);
  const row = await ligne(page, TITRE);
  assert.match(await row.textContent(), /En attente/);
  await row.getByRole('link', { name: 'Voter' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/coproprietaire/votes/voter/'));
  const form = page.getByRole('form', { name: 'Voter' });
  await form.waitFor();
  await form.getByRole('radio', { name: reponse }).check();
  await form.getByRole('button', { name: 'Confirmer mon vote' }).click();
  await toast(page, 'Vote enregistré avec succès.');
  await expectPath(page, COPROPRIETAIRE);
  const voted = await ligne(page, TITRE);
  assert.match(await voted.textContent(), /Voté/);
  assert.equal(await voted.getByRole('link', { name: 'Modifier mon vote' }).count(), 1);
}

describe('community votes: published by the president, cast by two co-owners, results shown', () => {
  it('runs a vote from its publication to its results', async () => {
    await scenario(browser, 'votes-president-creer', async (page) => {
      await signIn(page, ACCOUNTS.president);
      await page.waitForURL((url) => url.pathname.startsWith('/syndic'));
      await page.getByTestId('nav-votes').click();
      await expectPath(page, LISTE);
      await page.getByTestId('vote-creer').click();
      await expectPath(page, '/syndic/votes/creer');
      const form = page.getByRole('form', { name: 'Nouveau vote' });
      await form.waitFor();
      await form.getByLabel(/^Titre/).fill(TITRE);
      await form.getByLabel(/^Description/).fill('Faut-il repeindre la cage d’escalier ?');
      await form.getByLabel(/^Date de début/).fill(typedDay(0));
      await form.getByLabel(/^Date de fin/).fill(typedDay(7));
      await page.screenshot({ path: screenshotPath('votes-creer-fr'), fullPage: true });
      await form.getByRole('button', { name: 'Publier le vote' }).click();
      await toast(page, 'Vote créé avec succès');
      await expectPath(page, LISTE);
      const row = await ligne(page, TITRE);
      assert.match(await row.textContent(), /En cours/);
      assert.equal(await row.getByRole('link', { name: `Modifier ${TITRE}` }).count(), 1);
    });

    await scenario(browser, 'votes-coproprietaire-1', (page) => voter(page, ACCOUNTS.coproprietaire, 'Pour'));
    await scenario(browser, 'votes-coproprietaire-2', (page) => voter(page, AUTRE_COPROPRIETAIRE, 'Contre'));

    await scenario(browser, 'votes-president-resultats', async (page) => {
      await signIn(page, ACCOUNTS.president);
      await page.waitForURL((url) => url.pathname.startsWith('/syndic'));
      await page.goto(LISTE);
      const row = await ligne(page, TITRE);
      // A co-owner has voted: the vote is locked.
      assert.equal(await row.getByRole('button', { name: `Modifier ${TITRE}` }).isDisabled(), true);
      await row.getByRole('link', { name: `Résultats de ${TITRE}` }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/syndic/votes/resultats/'));
      await page.getByRole('heading', { name: TITRE, level: 1 }).waitFor();
      assert.equal((await page.getByTestId('vote-total').textContent())?.trim(), '2');
      // One count per choice the server reports (a choice nobody took may be left out).
      const legende = (await page.getByTestId('vote-resultat').allTextContents()).map((text) => text.trim());
      assert.ok(legende.includes('Pour1'), `legend: ${legende.join(', ')}`);
      assert.ok(legende.includes('Contre1'), `legend: ${legende.join(', ')}`);
      assert.match(await page.getByTestId('vote-participation').textContent(), /^\d+ %$/);
      const reponses = await page.getByTestId('vote-reponse').allTextContents();
      assert.equal(reponses.filter((text) => /Pour$/.test(text)).length, 1);
      assert.equal(reponses.filter((text) => /Contre$/.test(text)).length, 1);
      await page.screenshot({ path: screenshotPath('votes-resultats-fr'), fullPage: true });
    });
  });
});
