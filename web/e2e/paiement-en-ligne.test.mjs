// Online payment through Konnect (issue 21) against the real server and the stand-in gateway
// (`daftar-konnect-essai`, started by ops/e2e, DAFTAR_KONNECT_URL): the treasurer sets the
// gateway up and launches a cotisation, a co-owner pays a due on the stand-in's page, comes back
// to the return page, downloads the receipt and sees the due paid; a refused payment says so and
// leaves the due to pay; the treasurer sees the collection with the method "En ligne" and the
// payment in the online payments' list. Every run creates its own cotisation (unique title).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ACCOUNTS,
  expectPath,
  konnectEssaiUnavailable,
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

const COTISATIONS = '/syndic/revenus/cotisations';
const PAIEMENT_EN_LIGNE = '/syndic/banque/paiement-en-ligne';
/** The co-owner who pays A5 in the demo residence. */
const SAMI = { tel: '20000005', nom: 'Sami Gharbi' };
/** The wallet and key the stand-in accepts (its defaults, or what ops/e2e gave it). */
const WALLET = process.env.KONNECT_ESSAI_WALLET || 'wallet-essai';
const CLE = process.env.KONNECT_ESSAI_API_KEY || 'cle-essai-konnect';

const TITRE = `En ligne e2e ${Date.now()}`;
const ANNEE = new Date().getFullYear();
const JANVIER = `05/01/${ANNEE}`;
const FEVRIER = `05/02/${ANNEE}`;

/** Shared between the scenarios, in order: the receipt of the online payment. */
const run = { recu: null };

function row(page, text) {
  return page.locator('tbody tr').filter({ hasText: text });
}

async function expandGroup(page, name) {
  const group = page.getByRole('button', { name, exact: true });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
}

/** The co-owner's line of this run's cotisation at a due date, on /coproprietaire/cotisations. */
async function ligneCoproprietaire(page, echeance) {
  await page.goto('/coproprietaire/cotisations');
  await page.getByRole('heading', { name: 'Mes cotisations' }).waitFor();
  await page.getByRole('searchbox').fill(`${TITRE} ${echeance}`);
  const line = row(page, TITRE).filter({ hasText: echeance });
  await line.waitFor();
  return line;
}

// Never skipped: run without the stand-in gateway, the file fails and says why.
const unavailable = konnectEssaiUnavailable();
if (unavailable) throw new Error(unavailable);

describe('online payment through the stand-in gateway', () => {
  it('lets the treasurer set the gateway up (the key never shown again) and launch a cotisation', async () => {
    await scenario(browser, 'paiement-en-ligne-reglages', async (page) => {
      await signIn(page, ACCOUNTS.tresorier);
      await expectPath(page, '/syndic/tableau-de-bord');
      await expandGroup(page, 'Banque');
      await page.getByTestId('nav-paiement-en-ligne').click();
      await expectPath(page, PAIEMENT_EN_LIGNE);
      const reglages = page.getByTestId('paiement-en-ligne-configuration');
      await reglages.getByLabel('Identifiant du wallet', { exact: true }).waitFor();

      const active = reglages.getByRole('switch', { name: 'Paiement en ligne activé' });
      if (!(await active.isChecked())) await active.check();
      await reglages.getByLabel('Identifiant du wallet', { exact: true }).fill(WALLET);
      await reglages.getByLabel("Clé d'API", { exact: true }).fill(CLE);
      const carte = reglages.getByRole('checkbox', { name: 'Carte bancaire' });
      if (!(await carte.isChecked())) await carte.check();
      await reglages.getByRole('button', { name: 'Enregistrer les réglages' }).click();
      await page.getByText('Réglages enregistrés.').waitFor();
      // Write-only: the field is empty again and says a key is stored; the answer holds no key.
      const cle = reglages.getByLabel("Clé d'API", { exact: true });
      await page.waitForFunction(() => document.querySelector('input[name="cle_api"]')?.value === '', undefined, {
        timeout: 10_000,
      });
      assert.equal(await cle.getAttribute('placeholder'), 'clé enregistrée');
      assert.equal(await reglages.getByText('Activé', { exact: true }).count(), 1);
      const answer = await page.evaluate(async () => {
        const response = await fetch('/api/paiement-en-ligne/configuration', { credentials: 'include' });
        return response.text();
      });
      assert.ok(!answer.includes(CLE), 'the key is never answered');
      assert.match(answer, /"cle_api_definie":true/);

      // A monthly cotisation of this run: A5 owes January and February.
      await page.goto(`${COTISATIONS}/creer`);
      await page.getByLabel('Titre', { exact: true }).fill(TITRE);
      await page.getByLabel('Type', { exact: true }).selectOption('mensuelle');
      await page.getByLabel('Répartition', { exact: true }).selectOption('egale');
      await page.getByLabel('Début de la période', { exact: true }).fill(`01/01/${ANNEE}`);
      await page.getByLabel('Fin de la période', { exact: true }).fill(`31/12/${ANNEE}`);
      await page.getByLabel("Date d'échéance", { exact: true }).fill(JANVIER);
      await page.getByLabel('Montant par propriété (DT)', { exact: true }).fill('40');
      await page.getByRole('button', { name: 'Créer la cotisation' }).click();
      await page.getByText('Cotisation créée.').waitFor();
    });
  });

  it("lets a co-owner pay a due on the gateway's page, come back paid and download the receipt", async () => {
    await scenario(browser, 'paiement-en-ligne-coproprietaire-paye', async (page) => {
      await signIn(page, SAMI.tel);
      await expectPath(page, '/coproprietaire/tableau-de-bord');
      // The balance card offers it too (everything owed now).
      await page.getByTestId('payer-en-ligne-carte').waitFor();

      const line = await ligneCoproprietaire(page, JANVIER);
      await page.screenshot({ path: screenshotPath('paiement-en-ligne-cotisations-fr'), fullPage: true });
      await line.getByRole('button', { name: `Payer en ligne ${TITRE} (${JANVIER})` }).click();

      // The stand-in's page: 40 DT in millimes, as Konnect counts them.
      await page.getByRole('heading', { name: /Paiement Konnect/ }).waitFor();
      assert.equal((await page.getByTestId('montant').textContent()).trim(), '40.000 TND');
      await page.screenshot({ path: screenshotPath('paiement-en-ligne-passerelle'), fullPage: true });
      await page.getByRole('button', { name: 'Payer', exact: true }).click();

      await expectPath(page, '/coproprietaire/paiement-en-ligne/retour');
      assert.match(new URL(page.url()).search, /payment_ref=/);
      await page.getByRole('heading', { name: 'Paiement reçu' }).waitFor();
      assert.match(await page.getByTestId('retour-payee').textContent(), /40,000\sDT/);
      const recu = page.getByRole('button', { name: /^Télécharger le reçu / });
      await recu.waitFor();
      run.recu = /Télécharger le reçu (\d{4}-\d+)/.exec((await recu.getAttribute('aria-label')) ?? '')?.[1];
      assert.ok(run.recu, 'the receipt has its number');
      await page.screenshot({ path: screenshotPath('paiement-en-ligne-retour-fr'), fullPage: true });
      const [download] = await Promise.all([page.waitForEvent('download'), recu.click()]);
      assert.match(download.suggestedFilename(), new RegExp(`${run.recu}\\.pdf$`));

      // Back on the contributions: January is paid, its receipt the same.
      await page.getByRole('link', { name: 'Retour à mes cotisations' }).click();
      await expectPath(page, '/coproprietaire/cotisations');
      const paid = await ligneCoproprietaire(page, JANVIER);
      await paid.locator('[data-slot="badge"]').filter({ hasText: 'Payé' }).waitFor();
      assert.equal(await paid.getByRole('button', { name: /^Payer en ligne/ }).count(), 0);
    });
  });

  it('says a refused payment failed and leaves the due to pay again', async () => {
    await scenario(browser, 'paiement-en-ligne-coproprietaire-refuse', async (page) => {
      await signIn(page, SAMI.tel);
      await expectPath(page, '/coproprietaire/tableau-de-bord');
      const line = await ligneCoproprietaire(page, FEVRIER);
      await line.getByRole('button', { name: `Payer en ligne ${TITRE} (${FEVRIER})` }).click();
      await page.getByRole('heading', { name: /Paiement Konnect/ }).waitFor();
      await page.getByRole('button', { name: 'Refuser', exact: true }).click();
      await expectPath(page, '/coproprietaire/paiement-en-ligne/retour');
      await page.getByRole('heading', { name: 'Paiement non abouti' }).waitFor();
      await page.screenshot({ path: screenshotPath('paiement-en-ligne-retour-echec-fr'), fullPage: true });
      // A failed request releases the due: it may be paid online again at once.
      const again = await ligneCoproprietaire(page, FEVRIER);
      await again.getByRole('button', { name: `Payer en ligne ${TITRE} (${FEVRIER})` }).click();
      await page.getByRole('heading', { name: /Paiement Konnect/ }).waitFor();
    });
  });

  it('shows the treasurer the collection with the method "En ligne" and the payment in the list', async () => {
    await scenario(browser, 'paiement-en-ligne-tresorier', async (page) => {
      assert.ok(run.recu, 'the co-owner paid first');
      await signIn(page, ACCOUNTS.tresorier);
      await expectPath(page, '/syndic/tableau-de-bord');
      await page.goto('/syndic/revenus/encaissement');
      await page.getByRole('heading', { name: 'Encaissements' }).waitFor();
      await page.getByRole('link', { name: 'Historique des paiements de A5', exact: true }).click();
      await page.getByRole('heading', { name: 'Historique des paiements — A5' }).waitFor();
      await page.getByRole('searchbox').fill(run.recu);
      const collection = row(page, run.recu);
      await collection.waitFor();
      assert.match(await collection.textContent(), new RegExp(TITRE));
      assert.match(await collection.textContent(), /40,000\sDT/);
      assert.match(await collection.textContent(), /En ligne/);
      await page.screenshot({ path: screenshotPath('paiement-en-ligne-historique-fr'), fullPage: true });

      await page.goto(PAIEMENT_EN_LIGNE);
      await page.getByRole('heading', { name: 'Paiements en ligne' }).waitFor();
      const paiement = row(page, run.recu);
      await paiement.waitFor();
      assert.match(await paiement.textContent(), new RegExp(SAMI.nom));
      assert.match(await paiement.textContent(), /Payé/);
      await page.screenshot({ path: screenshotPath('paiement-en-ligne-syndic-fr'), fullPage: true });
    });
  });
});
