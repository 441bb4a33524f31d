// Properties, occupancy history and the council against the real server and its demo data
// (spec 2 §2 "Properties and occupancy", "Council", §5, §6, §8; spec 3 §2.11).
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

const PROPRIETES = '/syndic/administration/proprietes';
const PRESIDENT_ONLY = 'Seul le président peut effectuer cette opération.';

/** The table row whose cells contain this text. */
function row(page, text) {
  return page.locator('tbody tr').filter({ hasText: text });
}

/** Badge texts of a history row (exact texts: "Payeur" is not "Payeur (période)"). */
async function badges(rowLocator) {
  return (await rowLocator.locator('[data-slot="badge"]').allTextContents()).map((t) => t.trim());
}

/** Opens the sidebar's Administration group (collapsed unless one of its pages is open). */
async function expandAdministration(page) {
  const group = page.getByRole('button', { name: 'Administration' });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
}

/** From the property list to A3's history; returns A3's id (from the address). */
async function openHistoriqueA3(page) {
  await page.goto(PROPRIETES);
  await page.getByRole('link', { name: "Historique d'occupation de A3", exact: true }).click();
  await page.getByRole('heading', { name: "Historique d'occupation — A3" }).waitFor();
  await page.locator('tbody tr').first().waitFor();
  const match = /\/historique\/(\d+)$/.exec(new URL(page.url()).pathname);
  assert.ok(match, `unexpected history address ${page.url()}`);
  return Number(match[1]);
}

describe('properties and occupancy', () => {
  it('lets the president add a paying tenant to A3, who becomes its payer from 01/03/2026', async () => {
    await scenario(browser, 'proprietes-president-ajoute-locataire', async (page) => {
      await signIn(page, ACCOUNTS.president);
      await expectPath(page, '/syndic/tableau-de-bord');
      await expandAdministration(page);
      await page.getByTestId('nav-proprietes').click();
      await expectPath(page, PROPRIETES);
      const proprieteId = await openHistoriqueA3(page);

      // A3's payer before: the current owner's occupation.
      const previousPayer = page
        .locator('tbody tr')
        .filter({ has: page.locator('[data-slot="badge"]', { hasText: /^Payeur$/ }) });
      assert.equal(await previousPayer.count(), 1, 'A3 should have exactly one current payer');
      const previousName = (await previousPayer.locator('td').first().textContent()).trim();
      const previousStart = (await previousPayer.locator('td').nth(4).textContent()).trim();

      await page.getByRole('link', { name: 'Ajouter une occupation' }).click();
      await expectPath(page, `${PROPRIETES}/historique/${proprieteId}/creer`);
      await page.getByRole('heading', { name: 'Ajouter une occupation' }).waitFor();

      // A phone number nobody has (the suite may run again on the same data).
      const tel = `29${String(Date.now()).slice(-6)}`;
      const telShown = `+216 ${tel.slice(0, 2)} ${tel.slice(2, 5)} ${tel.slice(5)}`;
      // "Nouvel occupant" is the last choice of the searchable occupant list.
      await page.getByRole('combobox', { name: 'Occupant', exact: true }).click();
      await page
        .getByRole('listbox')
        .getByRole('option', { name: /Nouvel occupant/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Nouvel occupant' });
      await dialog.getByLabel('Nom', { exact: true }).fill('Tarek Mansour');
      await dialog.getByLabel('Téléphone', { exact: true }).fill(tel);
      await dialog.getByLabel('Sexe', { exact: true }).selectOption('homme');
      await dialog.getByRole('button', { name: "Créer l'occupant" }).click();
      await dialog.waitFor({ state: 'hidden' });
      const occupant = page.getByRole('combobox', { name: 'Occupant', exact: true });
      await occupant.filter({ hasText: 'Tarek Mansour' }).waitFor();
      assert.match(await occupant.textContent(), /^Tarek Mansour/);

      await page.getByLabel("Type d'occupation", { exact: true }).selectOption('locataire');
      await page.getByLabel('Date de début', { exact: true }).fill('01/03/2026');
      await page.getByLabel('Payeur', { exact: true }).check();
      await page.screenshot({ path: screenshotPath('proprietes-occupation-creer-fr'), fullPage: true });
      await page.getByRole('button', { name: "Ajouter l'occupation" }).click();

      await expectPath(page, `${PROPRIETES}/historique/${proprieteId}`);
      await page.getByText('Occupation ajoutée.').waitFor();
      const tarek = row(page, telShown);
      await tarek.waitFor();
      assert.match(await tarek.textContent(), /Tarek Mansour/);
      assert.match(await tarek.textContent(), /Locataire/);
      assert.match(await tarek.textContent(), /01\/03\/2026/);
      const tarekBadges = await badges(tarek);
      assert.ok(tarekBadges.includes('Actuel'), `badges of the new line: ${tarekBadges}`);
      assert.ok(tarekBadges.includes('Payeur'), `badges of the new line: ${tarekBadges}`);

      // The owner still owns, but no longer pays: a payer for its own period only.
      const before = page
        .locator('tbody tr')
        .filter({ hasText: previousName })
        .filter({ hasText: previousStart })
        .filter({ hasNotText: telShown });
      const beforeBadges = await badges(before.first());
      assert.ok(!beforeBadges.includes('Payeur'), `the previous payer should no longer pay today: ${beforeBadges}`);
      assert.ok(beforeBadges.includes('Payeur (période)'), `badges of the previous payer: ${beforeBadges}`);
      await page.screenshot({ path: screenshotPath('proprietes-historique-a3-fr'), fullPage: true });

      // The property list shows the new payer of A3.
      await page.getByRole('link', { name: 'Retour aux propriétés' }).click();
      await expectPath(page, PROPRIETES);
      const a3 = page.locator('tbody tr').filter({ has: page.getByRole('cell', { name: 'A3', exact: true }) });
      await a3.getByText('Tarek Mansour').waitFor();
      assert.match(await a3.textContent(), new RegExp(telShown.replace(/\+/g, '\\+')));
    });
  });

  it('shows the treasurer the add button disabled with the reason, and the server refuses the write', async () => {
    await scenario(browser, 'proprietes-tresorier-lecture-seule', async (page) => {
      await signIn(page, ACCOUNTS.tresorier);
      await expectPath(page, '/syndic/tableau-de-bord');
      const proprieteId = await openHistoriqueA3(page);

      const add = page.getByRole('button', { name: 'Ajouter une occupation' });
      assert.equal(await add.isDisabled(), true);
      await add.locator('..').hover();
      const tooltip = page.getByRole('tooltip');
      await tooltip.waitFor();
      assert.equal((await tooltip.textContent()).trim(), PRESIDENT_ONLY);
      await page.screenshot({ path: screenshotPath('proprietes-tresorier-tooltip'), fullPage: true });

      // The rule is the server's too: a direct call from the treasurer's session is refused.
      const answer = await page.evaluate(async (propriete) => {
        const token = decodeURIComponent(
          document.cookie
            .split('; ')
            .find((c) => c.startsWith('XSRF-TOKEN='))
            ?.split('=')[1] ?? '',
        );
        const response = await fetch('/api/proprietes/historique/creer', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-XSRF-TOKEN': token },
          body: JSON.stringify({
            occupant: 1,
            type_occupation: 'locataire',
            date_debut: '2026-03-01',
            date_fin: null,
            propriete,
            is_payer: false,
          }),
        });
        return { status: response.status, body: await response.json() };
      }, proprieteId);
      assert.equal(answer.status, 403);
      assert.equal(answer.body.code, 'president_required');

      // The president's forms are guarded too.
      await page.goto(`${PROPRIETES}/historique/${proprieteId}/creer`);
      await expectPath(page, '/unauthorized');
    });
  });
});

describe('council', () => {
  it('shows a co-owner the three council members with their role badges', async () => {
    await scenario(browser, 'conseil-coproprietaire', async (page) => {
      await signIn(page, ACCOUNTS.coproprietaire);
      await expectPath(page, '/coproprietaire/tableau-de-bord');
      await page.getByTestId('nav-conseil').click();
      await expectPath(page, '/coproprietaire/conseil');
      await page.getByRole('heading', { name: 'Conseil syndical' }).waitFor();
      const expected = [
        ['Mohamed Ben Salah', 'president', 'Président'],
        ['Amira Trabelsi', 'finance', 'Trésorier'],
        ['Karim Jaziri', 'membre', 'Membre du conseil'],
      ];
      for (const [nom, role, label] of expected) {
        const line = row(page, nom);
        await line.waitFor();
        const badge = line.locator(`[data-role="${role}"]`);
        assert.equal((await badge.textContent()).trim(), label, `${nom}'s badge`);
      }
      assert.equal(await page.locator('tbody tr').count(), 3);
      assert.equal(await page.getByRole('button', { name: /Retirer|Ajouter un membre/ }).count(), 0);
    });
  });

  it('keeps the council page for the president: the treasurer is sent to /unauthorized and has no sidebar entry', async () => {
    await scenario(browser, 'conseil-tresorier-non-autorise', async (page) => {
      await signIn(page, ACCOUNTS.tresorier);
      await expectPath(page, '/syndic/tableau-de-bord');
      await expandAdministration(page);
      await page.getByTestId('nav-proprietes').waitFor();
      assert.equal(await page.getByTestId('nav-conseil').count(), 0);
      await page.goto('/syndic/administration/conseil');
      await expectPath(page, '/unauthorized');
    });
  });

  it('shows the president the council with protected members and the add dialog', async () => {
    await scenario(browser, 'conseil-president', async (page) => {
      await signIn(page, ACCOUNTS.president);
      await expectPath(page, '/syndic/tableau-de-bord');
      await page.goto('/syndic/administration/conseil');
      await row(page, 'Karim Jaziri').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Retirer Mohamed Ben Salah du conseil' }).isDisabled(), true);
      assert.equal(await page.getByRole('button', { name: 'Retirer Amira Trabelsi du conseil' }).isDisabled(), true);
      assert.equal(await page.getByRole('button', { name: 'Retirer Karim Jaziri du conseil' }).isEnabled(), true);
      await page.getByRole('button', { name: 'Retirer Amira Trabelsi du conseil' }).locator('..').hover();
      assert.equal(
        (await page.getByRole('tooltip').textContent()).trim(),
        'Seul un administrateur peut effectuer cette opération.',
      );
      await page.mouse.move(0, 0);
      await page.getByRole('button', { name: 'Ajouter un membre' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ajouter un membre' });
      await dialog.getByRole('combobox', { name: 'Utilisateur', exact: true }).click();
      await page
        .getByRole('listbox')
        .getByRole('option', { name: /Leïla Haddad/ })
        .waitFor();
      await page.screenshot({ path: screenshotPath('conseil-president-ajouter'), fullPage: true });
      await page.keyboard.press('Escape');
      await dialog.getByRole('button', { name: 'Annuler' }).click();
    });
  });
});

describe('the new screens in Arabic', () => {
  it('mirrors the property list, the history, the occupation form and the council', async () => {
    await scenario(browser, 'proprietes-conseil-arabe', async (page) => {
      await signIn(page, ACCOUNTS.president);
      await expectPath(page, '/syndic/tableau-de-bord');
      await page.getByTestId('language-ar').click();
      await page.getByTestId('sidebar-role').filter({ hasText: 'الرئيس' }).waitFor();

      await page.goto(PROPRIETES);
      await page.getByRole('heading', { name: 'العقارات' }).waitFor();
      await page.locator('tbody tr').first().waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
      await page.screenshot({ path: screenshotPath('proprietes-liste-ar'), fullPage: true });
      await page.getByRole('button', { name: 'تفاصيل A3' }).click();
      await page.getByRole('dialog').getByText('م²').waitFor();
      await page.screenshot({ path: screenshotPath('proprietes-details-ar'), fullPage: true });
      await page.keyboard.press('Escape');

      await page.getByRole('link', { name: 'سجلّ إشغال A3' }).click();
      await page.getByRole('heading', { name: 'سجلّ الإشغال — A3' }).waitFor();
      await page.locator('tbody tr').first().waitFor();
      await page.getByText('حالي').first().waitFor();
      await page.screenshot({ path: screenshotPath('proprietes-historique-ar'), fullPage: true });

      await page.getByRole('link', { name: 'إضافة إشغال' }).click();
      await page.getByRole('heading', { name: 'إضافة إشغال' }).waitFor();
      await page.getByRole('button', { name: 'إضافة الإشغال' }).click();
      await page.getByText('اختر شاغلًا.').waitFor();
      await page.screenshot({ path: screenshotPath('proprietes-occupation-creer-ar'), fullPage: true });

      await page.goto('/syndic/administration/conseil');
      await page.getByRole('heading', { name: 'مجلس النقابة' }).waitFor();
      await row(page, 'Karim Jaziri').waitFor();
      await page.screenshot({ path: screenshotPath('conseil-ar'), fullPage: true });

      await page.getByTestId('language-fr').click();
      await page.getByRole('heading', { name: 'Conseil syndical' }).waitFor();
    });
  });
});
