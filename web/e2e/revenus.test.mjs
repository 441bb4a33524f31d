// Revenue screens against the real server and its demo data (spec 1 §2 "Revenue screens", §5,
// §6, §8; spec 3 §2.11 "Contributions"): the treasurer launches a cotisation and collects it in
// two payments, a council member may not collect, the co-owner sees the line paid and downloads
// the receipt. Every run creates its own cotisation (unique title), so the suite passes again on
// the same data.
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

const COTISATIONS = '/syndic/revenus/cotisations';
const ENCAISSEMENT = '/syndic/revenus/encaissement';
const FINANCE_ONLY = 'Seul le trésorier peut effectuer cette opération.';
/** The co-owner who pays A5 in the demo residence. */
const SAMI = { tel: '20000005', nom: 'Sami Gharbi' };

/** One title per run: the scenarios below find their cotisation by it. */
const TITRE = `Charges e2e ${Date.now()}`;
const ECHEANCE = '05/01/2026';

/** Shared between the scenarios, in order: the receipts of the two payments. */
const run = { proprieteId: null, recus: [], encaissementId: null };

function row(page, text) {
  return page.locator('tbody tr').filter({ hasText: text });
}

/** Opens a sidebar group (collapsed unless one of its pages is open). */
async function expandGroup(page, name) {
  const group = page.getByRole('button', { name, exact: true });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
}

/** The first bytes of an API file, fetched in the page with the page's session. */
async function fileHead(page, path) {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { credentials: 'include' });
    const bytes = new Uint8Array(await response.arrayBuffer());
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      name: response.headers.get('x-file-name'),
      head: String.fromCharCode(...bytes.slice(0, 5)),
      size: bytes.length,
    };
  }, path);
}

/** Opens A5's collection sheet, chooses this run's first call and returns the sheet. */
async function openSheetA5(page) {
  await page.goto(ENCAISSEMENT);
  await page.getByRole('heading', { name: 'Encaissements' }).waitFor();
  await page.getByRole('button', { name: 'Encaisser pour A5', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Encaisser — A5' });
  await sheet.waitFor();
  // The searchable choice of the line: filtered by this run's title, then the due date.
  await sheet.getByRole('combobox', { name: 'Cotisation', exact: true }).click();
  await page.getByRole('textbox', { name: 'Filtrer les choix' }).fill(TITRE);
  await page.getByRole('listbox').getByRole('option').filter({ hasText: TITRE }).filter({ hasText: ECHEANCE }).click();
  return sheet;
}

/** Submits the sheet and returns the receipt number of the success toast. */
async function submitSheet(page, sheet) {
  await sheet.getByRole('button', { name: "Enregistrer l'encaissement" }).click();
  await sheet.waitFor({ state: 'hidden' });
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Encaissement enregistré' }).last();
  await toast.waitFor();
  const match = /Reçu n° (\d{4}-\d+)/.exec(await toast.textContent());
  assert.ok(match, `no receipt number in the toast: ${await toast.textContent()}`);
  return match[1];
}

describe('cotisations and encaissements', () => {
  it('lets the treasurer launch an equal monthly cotisation for 2026', async () => {
    await scenario(browser, 'revenus-tresorier-cree-cotisation', async (page) => {
      await signIn(page, ACCOUNTS.tresorier);
      await expectPath(page, '/syndic/tableau-de-bord');
      await expandGroup(page, 'Revenus');
      await page.getByTestId('nav-cotisations').click();
      await expectPath(page, COTISATIONS);
      await page.locator('tbody tr').first().waitFor();

      await page.getByRole('link', { name: 'Nouvelle cotisation' }).click();
      await expectPath(page, `${COTISATIONS}/creer`);
      // Nothing typed: every rule speaks.
      await page.getByRole('button', { name: 'Créer la cotisation' }).click();
      await page.getByText('Le titre est obligatoire.').waitFor();

      await page.getByLabel('Titre', { exact: true }).fill(TITRE);
      await page.getByLabel('Type', { exact: true }).selectOption('mensuelle');
      await page.getByLabel('Répartition', { exact: true }).selectOption('egale');
      await page.getByLabel('Début de la période', { exact: true }).fill('01/01/2026');
      await page.getByLabel('Fin de la période', { exact: true }).fill('31/12/2026');
      await page.getByLabel("Date d'échéance", { exact: true }).fill(ECHEANCE);
      await page.getByLabel('Montant par propriété (DT)', { exact: true }).fill('40');
      await page.screenshot({ path: screenshotPath('revenus-cotisation-creer-fr'), fullPage: true });
      await page.getByRole('button', { name: 'Créer la cotisation' }).click();

      await page.getByRole('heading', { name: TITRE }).waitFor();
      await page.getByText('Cotisation créée.').waitFor();
      assert.match(new URL(page.url()).pathname, /^\/syndic\/revenus\/cotisations\/gerer\/\d+$/);
      const details = page.getByTestId('cotisation-details');
      assert.match(await details.textContent(), /Mensuelle/);
      assert.match(await details.textContent(), /Égale/);
      assert.match(await details.textContent(), /05\/01\/2026/);
      // A5 owes its January call (the due date is reached).
      const a5 = row(page, 'A5').filter({ hasText: ECHEANCE });
      await a5.waitFor();
      assert.match(await a5.textContent(), /40,000\sDT/);
      await page.screenshot({ path: screenshotPath('revenus-cotisation-details-fr'), fullPage: true });

      // The list shows it with its balance.
      await page.getByRole('link', { name: 'Retour aux cotisations' }).click();
      const line = row(page, TITRE);
      await line.waitFor();
      assert.match(await line.textContent(), /Mensuelle/);
      assert.match(await line.textContent(), /-\d[\d\s]*,000\sDT/);
    });
  });

  it('lets the treasurer collect A5 in two payments, then download the receipt (a PDF)', async () => {
    await scenario(browser, 'revenus-tresorier-encaisse', async (page) => {
      await signIn(page, ACCOUNTS.tresorier);
      await expectPath(page, '/syndic/tableau-de-bord');

      // Partial payment: 15 of the 40 DT.
      let sheet = await openSheetA5(page);
      const montant = sheet.getByLabel('Montant (DT)', { exact: true });
      assert.equal(await montant.inputValue(), '40', 'the default amount is the remaining due');
      assert.equal(await sheet.getByLabel('Méthode de paiement', { exact: true }).inputValue(), 'espece');
      assert.equal(await sheet.getByLabel('Référence', { exact: true }).count(), 0, 'no reference for cash');
      // Above the remaining due: refused before sending.
      await montant.fill('41');
      await sheet.getByRole('button', { name: "Enregistrer l'encaissement" }).click();
      await sheet.getByText('Le montant dépasse le restant dû.').waitFor();
      await montant.fill('15');
      await page.screenshot({ path: screenshotPath('revenus-encaisser-sheet-fr'), fullPage: true });
      run.recus.push(await submitSheet(page, sheet));

      // The rest: the default amount is now what remains (25 DT), paid by cheque.
      sheet = await openSheetA5(page);
      assert.equal(await sheet.getByLabel('Montant (DT)', { exact: true }).inputValue(), '25');
      await sheet.getByLabel('Méthode de paiement', { exact: true }).selectOption('cheque');
      await sheet.getByLabel('Référence', { exact: true }).fill('CHQ-E2E-1');
      run.recus.push(await submitSheet(page, sheet));
      assert.notEqual(run.recus[0], run.recus[1], 'each payment has its own receipt number');

      // A5's history: both payments, the call fully paid.
      await page.getByRole('link', { name: 'Historique des paiements de A5', exact: true }).click();
      await page.getByRole('heading', { name: 'Historique des paiements — A5' }).waitFor();
      await page.getByRole('searchbox').fill(TITRE);
      const match = /\/historique\/(\d+)$/.exec(new URL(page.url()).pathname);
      assert.ok(match, `unexpected history address ${page.url()}`);
      run.proprieteId = Number(match[1]);
      const second = row(page, run.recus[1]);
      await second.waitFor();
      assert.match(await second.textContent(), new RegExp(TITRE));
      assert.match(await second.textContent(), /25,000\sDT/);
      assert.match(await second.textContent(), /Chèque/);
      assert.match(await second.textContent(), /CHQ-E2E-1/);
      assert.match(await second.textContent(), /Payé/);
      const first = row(page, run.recus[0]);
      assert.match(await first.textContent(), /15,000\sDT/);
      assert.match(await first.textContent(), /Payé/);
      await page.getByRole('tab', { name: /Restants dus/ }).click();
      assert.equal(
        await row(page, TITRE).filter({ hasText: ECHEANCE }).count(),
        0,
        'the January call is no longer due',
      );
      await page.getByRole('tab', { name: /Encaissements/ }).click();
      await page.screenshot({ path: screenshotPath('revenus-historique-a5-fr'), fullPage: true });

      // The receipt: a real download, and a PDF.
      const manage = second.getByRole('link', { name: `Gérer l'encaissement ${run.recus[1]}` });
      run.encaissementId = Number(/\/gerer\/(\d+)$/.exec((await manage.getAttribute('href')) ?? '')?.[1]);
      assert.ok(run.encaissementId > 0, 'the manage link names the payment');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        second.getByRole('button', { name: `Télécharger le reçu ${run.recus[1]}` }).click(),
      ]);
      // The file is named after its receipt number (x-file-name).
      assert.match(download.suggestedFilename(), new RegExp(`${run.recus[1]}\\.pdf$`));
      const file = await fileHead(page, `/api/cotisations/encaissement/recu?encaissement_id=${run.encaissementId}`);
      assert.equal(file.status, 200);
      assert.equal(file.head, '%PDF-', `not a PDF: ${JSON.stringify(file)}`);
      assert.match(file.type ?? '', /application\/pdf/);

      // The manage page of a complete payment: its amount is locked.
      await manage.click();
      await page.getByRole('heading', { name: "Gérer l'encaissement" }).waitFor();
      assert.equal(await page.getByLabel('Montant (DT)', { exact: true }).isDisabled(), true);
      await page.screenshot({ path: screenshotPath('revenus-encaissement-gerer-fr'), fullPage: true });
    });
  });

  it('shows a council member the collect button disabled with the reason', async () => {
    await scenario(browser, 'revenus-membre-conseil-lecture', async (page) => {
      await signIn(page, ACCOUNTS.membreConseil);
      await expectPath(page, '/syndic/tableau-de-bord');
      await expandGroup(page, 'Revenus');
      await page.getByTestId('nav-encaissements').click();
      await expectPath(page, ENCAISSEMENT);
      const collect = page.getByRole('button', { name: 'Encaisser pour A5', exact: true });
      await collect.waitFor();
      assert.equal(await collect.isDisabled(), true);
      await collect.locator('..').hover();
      const tooltip = page.getByRole('tooltip');
      await tooltip.waitFor();
      assert.equal((await tooltip.textContent()).trim(), FINANCE_ONLY);
      await page.screenshot({ path: screenshotPath('revenus-membre-conseil-tooltip'), fullPage: true });

      // Creating is the treasurer's too: disabled button, guarded route, refused call.
      await page.goto(COTISATIONS);
      assert.equal(await page.getByRole('button', { name: 'Nouvelle cotisation' }).isDisabled(), true);
      await page.goto(`${COTISATIONS}/creer`);
      await expectPath(page, '/unauthorized');
      const answer = await page.evaluate(async () => {
        const token = decodeURIComponent(
          document.cookie
            .split('; ')
            .find((c) => c.startsWith('XSRF-TOKEN='))
            ?.split('=')[1] ?? '',
        );
        const response = await fetch('/api/cotisations/encaisser', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-XSRF-TOKEN': token },
          body: JSON.stringify({
            montant: 1,
            montant_du_id: 1,
            date_paiement: '2026-01-05',
            methode_paiement: 'espece',
          }),
        });
        return { status: response.status, body: await response.json() };
      });
      assert.equal(answer.status, 403);
      assert.equal(answer.body.code, 'finance_required');
    });
  });

  it("shows A5's co-owner the call paid and gives the same receipt", async () => {
    await scenario(browser, 'revenus-coproprietaire-recu', async (page) => {
      await signIn(page, SAMI.tel);
      await expectPath(page, '/coproprietaire/tableau-de-bord');
      await page.getByTestId('nav-cotisations').click();
      await expectPath(page, '/coproprietaire/cotisations');
      await page.getByRole('heading', { name: 'Mes cotisations' }).waitFor();
      // Twelve calls of this run: the search keeps January's (dates match as dd/mm/yyyy).
      await page.getByRole('searchbox').fill(`${TITRE} ${ECHEANCE}`);
      const line = row(page, TITRE).filter({ hasText: ECHEANCE });
      await line.waitFor();
      assert.match(await line.textContent(), /40,000\sDT/);
      assert.equal((await line.locator('[data-slot="badge"]').textContent()).trim(), 'Payé');

      await line.getByRole('button', { name: /^Détails de / }).click();
      const dialog = page.getByRole('dialog', { name: TITRE });
      await dialog.getByText('Du 01/01/2026 au 31/01/2026').waitFor();
      assert.match(await dialog.textContent(), /A5/);
      assert.match(await dialog.textContent(), /Mensuelle/);
      await page.screenshot({ path: screenshotPath('revenus-coproprietaire-details-fr'), fullPage: true });
      await page.keyboard.press('Escape');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        line.getByRole('button', { name: /^Télécharger le reçu de / }).click(),
      ]);
      // The latest payment's receipt: the one the treasurer downloaded.
      assert.match(download.suggestedFilename(), new RegExp(`${run.recus[1]}\\.pdf$`));
      const montantDuId = await page.evaluate(async (titre) => {
        const response = await fetch('/api/cotisations/coprorprietaire', { credentials: 'include' });
        const body = await response.json();
        return body.cotisations.find((c) => c.titre === titre && c.date_echeance === '2026-01-05')?.id;
      }, TITRE);
      assert.ok(montantDuId, 'the co-owner sees the montant dû');
      const file = await fileHead(page, `/api/cotisations/recu?montant_du_id=${montantDuId}`);
      assert.equal(file.status, 200);
      assert.equal(file.head, '%PDF-', `not a PDF: ${JSON.stringify(file)}`);
      assert.equal(file.name, `recu_${run.recus[1]}.pdf`);
      await page.screenshot({ path: screenshotPath('revenus-coproprietaire-fr'), fullPage: true });
    });
  });
});

describe('the revenue screens in Arabic', () => {
  it('mirrors the cotisations, the collection sheet, the history and the allocation table', async () => {
    await scenario(browser, 'revenus-arabe', async (page) => {
      await signIn(page, ACCOUNTS.tresorier);
      await expectPath(page, '/syndic/tableau-de-bord');
      await page.getByTestId('language-ar').click();
      await page.getByTestId('sidebar-role').filter({ hasText: 'أمين المال' }).waitFor();

      await page.goto(COTISATIONS);
      await page.getByRole('heading', { name: 'المساهمات' }).waitFor();
      await page.locator('tbody tr').first().waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
      await page.screenshot({ path: screenshotPath('revenus-cotisations-ar'), fullPage: true });

      await page.goto(`${COTISATIONS}/creer`);
      await page.getByRole('heading', { name: 'مساهمة جديدة' }).waitFor();
      await page.getByRole('button', { name: 'إنشاء المساهمة' }).click();
      await page.getByText('العنوان إجباري.').waitFor();
      await page.screenshot({ path: screenshotPath('revenus-cotisation-creer-ar'), fullPage: true });

      await page.goto(ENCAISSEMENT);
      await page.getByRole('heading', { name: 'المقبوضات' }).waitFor();
      await page.locator('tbody tr').first().waitFor();
      await page.screenshot({ path: screenshotPath('revenus-encaissement-ar'), fullPage: true });
      await page.getByRole('button', { name: 'تحصيل من A5', exact: true }).click();
      await page.getByRole('dialog', { name: 'تحصيل — A5' }).waitFor();
      await page.screenshot({ path: screenshotPath('revenus-encaisser-sheet-ar'), fullPage: true });
      await page.keyboard.press('Escape');

      await page.getByRole('link', { name: 'سجلّ دفوعات A5', exact: true }).click();
      await page.getByRole('heading', { name: 'سجلّ الدفوعات — A5' }).waitFor();
      await page.locator('tbody tr').first().waitFor();
      await page.screenshot({ path: screenshotPath('revenus-historique-ar'), fullPage: true });

      await page.goto('/syndic/administration/repartition-cotisations');
      await page.getByRole('heading', { name: 'توزيع المساهمات' }).waitFor();
      await page.screenshot({ path: screenshotPath('revenus-repartition-ar'), fullPage: true });

      await page.getByTestId('language-fr').click();
      await page.getByRole('heading', { name: 'Répartition des cotisations' }).waitFor();
    });
  });
});
