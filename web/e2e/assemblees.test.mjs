// The general assemblies against the real server (spec 3 §2.5, §4, §7; issue 17): on the demo
// residence the president runs a meeting of his own from its creation to "Terminé" (general
// information, an agenda point from the library, the convocation, the start, the presences with
// one represented co-owner, a simple and a multiple-choice resolution, the final information and
// both signed uploads); a co-owner then sees it "Réalisée" and downloads its minutes. A council
// member who is not president cannot create a meeting; a co-owner sees only convoked meetings;
// the demo's finished 2025 meeting's minutes hold its resolutions and both results (by head, by
// shares). The list, a step and the co-owner's details are also pictured in Arabic on a phone.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PHONE, settled, viewportScenario } from './blocks-helpers.mjs';
import { ACCOUNTS, expectPath, launchBrowser, scenario, screenshotPath, signIn } from './harness.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const LISTE = '/syndic/assemblees';
const COPROPRIETAIRE = '/coproprietaire/assemblees';
const DEMO_2025 = 'Assemblée générale ordinaire 2025';
const DEMO_2026 = 'Assemblée générale ordinaire 2026';
const DEMO_2025_RESOLUTIONS = [
  "Les comptes de l'exercice 2024 sont approuvés ; quitus est donné au conseil syndical.",
  "Le budget prévisionnel de l'exercice 2026 est adopté.",
  'Le ravalement de la façade est décidé',
];

const STAMP = String(Date.now()).slice(-6);
const TITRE = `AG extraordinaire e2e ${STAMP}`;
const LIEU = 'Salle commune, rez-de-chaussée';
const POINT_BIBLIOTHEQUE = /^Approbation des comptes/;
const RESOLUTION_SIMPLE = `Les comptes sont approuvés (essai ${STAMP}).`;
const RESOLUTION_MULTIPLE = `Le prestataire de nettoyage retenu (essai ${STAMP}).`;
const CHOIX = ['Société Nadhafa', 'Société Lamaa'];
const REPRESENTANT = 'Sami Trabelsi';

/** Today as the date fields take it (dd/mm/yyyy) and as the server answers it (yyyy-MM-dd). */
function today() {
  const now = new Date();
  const dd = String(now.getDate()).padStart(2, '0');
  const mm = String(now.getMonth() + 1).padStart(2, '0');
  return { typed: `${dd}/${mm}/${now.getFullYear()}`, iso: `${now.getFullYear()}-${mm}-${dd}` };
}

/** A one-page PDF written by hand (the server opens every PDF it is sent). */
function signedPdf(name) {
  const stream = `BT /F1 24 Tf 72 720 Td (${name} ${STAMP}) Tj ET`;
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
  const path = join(mkdtempSync(join(tmpdir(), 'daftar-e2e-')), `${name}-${STAMP}.pdf`);
  writeFileSync(path, body, 'latin1');
  return path;
}

/** The file of a download started by `click`: its suggested name, its path and its text. */
async function downloadedPdf(page, click) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const failure = await download.failure();
  assert.equal(failure, null, `the download failed: ${failure}`);
  const path = await download.path();
  const bytes = readFileSync(path);
  assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-', 'the download is not a PDF');
  // The text as a reader sees it, lines joined (a sentence may wrap).
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  return { name: download.suggestedFilename(), text };
}

/** The meeting's row in a list (its title, the user's text). */
function row(page, titre) {
  return page.locator('tbody tr').filter({ has: page.getByText(titre, { exact: true }) });
}

/** The meeting's row once the list is searched for its title (the list pages by 10). */
async function chercher(page, titre) {
  // Typed once the list is there (searching while it loads would be lost).
  await page.locator('tbody tr').first().waitFor();
  await page.getByPlaceholder('Rechercher une assemblée…').fill(titre);
  return row(page, titre);
}

/** The step `n` of the timeline of the meeting open on the page. */
async function openEtape(page, n) {
  await page
    .getByTestId('etape')
    .nth(n - 1)
    .getByRole('link')
    .click();
  await page.waitForURL((url) => url.pathname.endsWith(`/etapes/${n}`));
}

/** Waits for a toast's text. */
async function toast(page, text) {
  await page.getByText(text).first().waitFor();
}

/** Creates a meeting from the list's dialog as the president; returns its id (from its steps' address). */
async function creerAssemblee(page, titre) {
  await page.goto(LISTE);
  await page.getByRole('heading', { name: 'Assemblées générales', level: 1 }).waitFor();
  await page.getByTestId('assemblee-creer').click();
  const form = page.getByRole('form', { name: 'Nouvelle assemblée' });
  await form.waitFor();
  await form.getByLabel(/^Titre/).fill(titre);
  await form.getByLabel(/^Lieu/).fill(LIEU);
  await form.getByLabel(/^Date/).fill(today().typed);
  // The time is 19:30 unless changed (spec 3 §2.5); typed without the colon it is read HHMM.
  await form.getByLabel(/^Heure/).fill('1800');
  return form;
}

describe('general assemblies: the president runs a meeting to its end, the co-owners read it', () => {
  it('runs a meeting from creation to "Terminé", and a co-owner then downloads its minutes', async () => {
    let assembleeId = null;
    await scenario(browser, 'assemblees-president', async (page) => {
      await signIn(page, ACCOUNTS.president);
      await page.waitForURL((url) => url.pathname.startsWith('/syndic'));
      // From the sidebar.
      await page.getByRole('link', { name: 'Assemblées', exact: true }).click();
      await expectPath(page, LISTE);
      await page.locator('tbody tr').first().waitFor();
      await page.screenshot({ path: screenshotPath('assemblees-liste-fr'), fullPage: true });

      const form = await creerAssemblee(page, TITRE);
      await page.screenshot({ path: screenshotPath('assemblees-creer-fr'), fullPage: true });
      await form.getByRole('button', { name: 'Créer', exact: true }).click();
      await toast(page, 'Assemblée créée avec succès.');
      const ligne = row(page, TITRE);
      await ligne.waitFor();
      assert.equal((await ligne.locator('td').nth(2).textContent())?.trim(), '18:00');
      assert.match(await ligne.textContent(), /Étape 1/);

      await ligne.getByTestId('assemblee-gerer').click();
      await page.waitForURL((url) => /\/syndic\/assemblees\/\d+\/etapes$/.test(url.pathname));
      assembleeId = Number(/assemblees\/(\d+)\/etapes/.exec(page.url())[1]);
      await page.getByTestId('etape').first().waitFor();
      assert.equal(await page.getByTestId('etape').first().getAttribute('data-etat'), 'courant');
      await page.screenshot({ path: screenshotPath('assemblees-etapes-fr'), fullPage: true });

      // Step 1: the agenda, one point from the library.
      await openEtape(page, 1);
      await page.getByTestId('etape1-infos').waitFor();
      await page.getByTestId('ouvrir-ordre-du-jour').click();
      await page.getByTestId('ajouter-point').click();
      const ajout = page.getByRole('form', { name: 'Ajouter un point' });
      await ajout.waitFor();
      await ajout.getByRole('combobox').click();
      const listbox = page.getByRole('listbox');
      await listbox.getByRole('option', { name: POINT_BIBLIOTHEQUE }).first().click();
      await page.screenshot({ path: screenshotPath('assemblees-point-bibliotheque-fr'), fullPage: true });
      await ajout.getByRole('button', { name: 'Ajouter un point' }).click();
      await ajout.waitFor({ state: 'detached' });
      const point = page.getByTestId('point-ordre-du-jour');
      assert.equal(await point.count(), 1);
      assert.match(await point.getByTestId('point-titre').textContent(), POINT_BIBLIOTHEQUE);
      await page.getByTestId('ordre-du-jour-enregistrer').click();
      await toast(page, 'Ordre du jour enregistré.');
      await page.screenshot({ path: screenshotPath('assemblees-ordre-du-jour-fr'), fullPage: true });
      await page.goto(`/syndic/assemblees/${assembleeId}/etapes/1`);
      await page.locator('[data-testid="etape1-ordre-du-jour"][data-done="true"]').waitFor();
      await page.screenshot({ path: screenshotPath('assemblees-etape1-fr'), fullPage: true });
      await page.getByTestId('etape-suivante').click();

      // Step 2: the convocation (from now on the co-owners see the meeting).
      await page.waitForURL((url) => url.pathname.endsWith('/etapes/2'));
      const convocation = page.getByRole('form', { name: 'Convocation' });
      await convocation.waitFor();
      await convocation.getByLabel(/^Méthode de convocation/).selectOption('en_main');
      await convocation.getByLabel(/^Date de convocation/).fill(today().typed);
      await convocation.getByRole('button', { name: 'Enregistrer' }).click();
      await toast(page, 'Assemblée mise à jour avec succès.');
      await page.locator('a[data-testid="etape-suivante"]').waitFor();
      const convocationPdf = await downloadedPdf(page, () => page.getByTestId('document-convocation').click());
      assert.match(convocationPdf.text, new RegExp(TITRE));
      // The Arabic version on request: its own name, the Arabic title, the meeting as typed.
      const convocationAr = await downloadedPdf(page, () => page.getByTestId('document-convocation-ar').click());
      assert.equal(convocationAr.name, 'convocation-ar.pdf');
      assert.ok(convocationAr.text.includes('دعوة لحضور الجلسة العامة'), `no Arabic title: ${convocationAr.text}`);
      assert.match(convocationAr.text, new RegExp(TITRE));
      await page.screenshot({ path: screenshotPath('assemblees-etape2-fr'), fullPage: true });
      await page.getByTestId('etape-suivante').click();

      // Step 3: the documents of the meeting.
      await page.waitForURL((url) => url.pathname.endsWith('/etapes/3'));
      const feuille = await downloadedPdf(page, () => page.getByTestId('document-feuillePresence').click());
      assert.match(feuille.name, /\.pdf$/);
      await page.screenshot({ path: screenshotPath('assemblees-etape3-fr'), fullPage: true });
      await page.getByTestId('etape-suivante').click();

      // Step 4: the start, the presences (one co-owner represented), the two resolutions.
      await page.waitForURL((url) => url.pathname.endsWith('/etapes/4'));
      const debut = page.getByRole('form', { name: 'Début de la réunion' });
      await debut.waitFor();
      await debut.getByLabel(/^Date de début/).fill(today().typed);
      await debut.getByLabel(/^Heure de début/).fill('18:15');
      await debut.getByRole('button', { name: 'Enregistrer' }).click();
      await toast(page, 'Assemblée mise à jour avec succès.');
      await page.locator('[data-testid="etape4-debut"][data-done="true"]').waitFor();

      await page.getByTestId('ouvrir-presences').click();
      await page.getByTestId('presence').first().waitFor();
      await page.getByTestId('tout-cocher').click();
      const presences = page.getByTestId('presence');
      const nombre = await presences.count();
      assert.ok(nombre >= 3, `only ${nombre} co-owners`);
      const represente = presences.last();
      const nomRepresente = (await represente.locator('p').first().textContent()).trim();
      await represente.getByRole('checkbox', { name: `${nomRepresente} représenté` }).check();
      await represente.getByRole('textbox', { name: `Représentant de ${nomRepresente}` }).fill(REPRESENTANT);
      await page.screenshot({ path: screenshotPath('assemblees-presences-fr'), fullPage: true });
      await page.getByTestId('presences-enregistrer').click();
      await toast(page, 'Présences enregistrées.');
      await page.waitForURL((url) => url.pathname.endsWith('/etapes/4'));
      await page.getByText(`${nombre} copropriétaires présents ou représentés.`).waitFor();

      await page.locator('a[data-testid="ouvrir-resolutions"]').click();
      await page.locator('tbody tr').first().waitFor();
      await page.getByTestId('valider-voter').first().click();
      await page.getByTestId('ajouter-resolution').click();

      // The simple resolution: everyone for but the represented co-owner, against.
      await page.getByTestId('vote-resolution').fill(RESOLUTION_SIMPLE);
      await page.getByRole('button', { name: 'Tous ou aucun : Pour' }).click();
      await page.getByRole('radio', { name: `${nomRepresente} : Contre` }).check();
      await page.getByText(`Représenté par ${REPRESENTANT}`).waitFor();
      await page.screenshot({ path: screenshotPath('assemblees-vote-simple-fr'), fullPage: true });
      await page.getByTestId('vote-enregistrer').click();
      await toast(page, 'Vote enregistré avec succès.');
      const simple = page.getByTestId('resolution').filter({ hasText: RESOLUTION_SIMPLE });
      await simple.getByTestId('issue-tete').waitFor();
      assert.match(await simple.getByTestId('issue-tete').textContent(), /Adoptée/);
      assert.match(await simple.getByTestId('issue-tantiemes').textContent(), /Adoptée/);

      // The multiple-choice resolution: the first choice for everyone.
      await page.getByTestId('ajouter-resolution').click();
      await page.getByTestId('vote-resolution').fill(RESOLUTION_MULTIPLE);
      await page.getByRole('tab', { name: 'Choix multiple' }).click();
      await page.getByRole('textbox', { name: 'Choix 1' }).fill(CHOIX[0]);
      await page.getByRole('textbox', { name: 'Choix 2' }).fill(CHOIX[1]);
      await page.getByRole('button', { name: `Tous ou aucun : ${CHOIX[0]}` }).click();
      await page.getByRole('radio', { name: `${nomRepresente} : ${CHOIX[1]}` }).check();
      await page.screenshot({ path: screenshotPath('assemblees-vote-multiple-fr'), fullPage: true });
      await page.getByTestId('vote-enregistrer').click();
      await toast(page, 'Vote enregistré avec succès.');
      const multiple = page.getByTestId('resolution').filter({ hasText: RESOLUTION_MULTIPLE });
      await multiple.getByTestId('issue-tete').waitFor();
      assert.match(await multiple.getByTestId('issue-tete').textContent(), new RegExp(CHOIX[0]));
      await page.screenshot({ path: screenshotPath('assemblees-point-fr'), fullPage: true });

      await page.getByTestId('terminer-points').click();
      await page.waitForURL((url) => url.pathname.endsWith('/etapes/4'));
      await page.screenshot({ path: screenshotPath('assemblees-etape4-fr'), fullPage: true });
      await page.locator('a[data-testid="etape-suivante"]').click();

      // Step 5: the final information, the signed minutes and attendance sheet, the end.
      await page.waitForURL((url) => url.pathname.endsWith('/etapes/5'));
      const infos = page.getByRole('form', { name: 'Informations finales' });
      await infos.waitFor();
      const president = infos.getByLabel(/^Président de séance/);
      const choix = await president
        .locator('option')
        .evaluateAll((options) => options.map((option) => option.value).filter((value) => value !== ''));
      assert.ok(choix.length >= 2, `the present co-owners to choose from: ${choix.join(', ')}`);
      await president.selectOption(choix[0]);
      await infos.getByLabel(/^Secrétaire/).selectOption(choix[1]);
      await infos.getByLabel(/^Date de fin/).fill(today().typed);
      await infos.getByLabel(/^Heure de fin/).fill('20:00');
      await infos.getByLabel(/^Mot d'introduction/).fill('Le président ouvre la séance.');
      await infos.getByLabel(/^Mot de clôture/).fill('Le président lève la séance.');
      await infos.getByRole('button', { name: 'Enregistrer' }).click();
      await toast(page, 'Assemblée mise à jour avec succès.');
      await page.locator('[data-testid="etape5-infos"][data-done="true"]').waitFor();

      await page.getByTestId('upload-pv').setInputFiles(signedPdf('pv-signe'));
      await page.getByTestId('signe-pv-fichier').waitFor();
      await page.getByTestId('upload-presence').setInputFiles(signedPdf('presence-signee'));
      await page.getByTestId('signe-presence-fichier').waitFor();
      await page.screenshot({ path: screenshotPath('assemblees-etape5-fr'), fullPage: true });

      await page.getByTestId('marquer-terminee').click();
      const confirmer = page.getByRole('alertdialog', { name: "Marquer l'assemblée comme terminée ?" });
      await confirmer.getByRole('button', { name: 'Confirmer' }).click();
      await toast(page, "L'assemblée est clôturée avec succès.");
      await page.getByTestId('assemblee-terminee').waitFor();

      await page.goto(LISTE);
      await (await chercher(page, TITRE)).getByText('Terminé', { exact: true }).waitFor();
      await page.screenshot({ path: screenshotPath('assemblees-terminee-fr'), fullPage: true });
    });

    assert.ok(assembleeId, 'the meeting was not created');
    await scenario(browser, 'assemblees-coproprietaire-pv', async (page) => {
      await signIn(page, ACCOUNTS.coproprietaire);
      await page.waitForURL((url) => url.pathname.startsWith('/coproprietaire'));
      await page.getByRole('link', { name: 'Assemblées', exact: true }).click();
      await expectPath(page, COPROPRIETAIRE);
      // Newest first: the meeting held today leads the co-owner's list.
      const ligne = row(page, TITRE);
      await ligne.getByText('Réalisée', { exact: true }).waitFor();
      await ligne.getByRole('link', { name: TITRE }).click();
      await expectPath(page, `/coproprietaire/assemblees/details/${assembleeId}`);
      await page.screenshot({ path: screenshotPath('assemblees-coproprietaire-details-fr'), fullPage: true });
      const pv = await downloadedPdf(page, () => page.getByTestId('document-procesVerbal').click());
      assert.match(pv.name, /\.pdf$/);
      assert.ok(pv.text.includes(RESOLUTION_SIMPLE), `the simple resolution is not in the minutes: ${pv.text}`);
      assert.ok(pv.text.includes(RESOLUTION_MULTIPLE), 'the multiple-choice resolution is not in the minutes');
      assert.ok(pv.text.includes(CHOIX[0]), 'the chosen option is not in the minutes');
      assert.match(pv.text, /Résultat par tête : Adoptée/, 'the simple resolution has no result by head');
      assert.match(pv.text, /Résultat par quote-part : Adoptée/, 'the simple resolution has no result by share');
      await page.locator('a[data-testid="feuille-presence-signee"]').waitFor();
    });
  });

  it('shows a council member who is not president the create button disabled', async () => {
    await scenario(browser, 'assemblees-membre-conseil', async (page) => {
      await signIn(page, ACCOUNTS.membreConseil);
      await page.waitForURL((url) => url.pathname.startsWith('/syndic'));
      await page.goto(LISTE);
      const demo = await chercher(page, DEMO_2026);
      await demo.waitFor();
      assert.ok(await page.getByTestId('assemblee-creer').isDisabled(), 'the create button is enabled');
      // He still opens a meeting's steps, read only.
      await demo.getByTestId('assemblee-gerer').click();
      await page.getByTestId('etape').first().waitFor();
    });
  });

  it('shows a co-owner only the convoked meetings', async () => {
    const brouillon = `AG brouillon e2e ${STAMP}`;
    await scenario(browser, 'assemblees-brouillon', async (page) => {
      await signIn(page, ACCOUNTS.president);
      await page.waitForURL((url) => url.pathname.startsWith('/syndic'));
      const form = await creerAssemblee(page, brouillon);
      await form.getByRole('button', { name: 'Créer', exact: true }).click();
      await row(page, brouillon).waitFor();
    });
    await scenario(browser, 'assemblees-coproprietaire-liste', async (page) => {
      await signIn(page, ACCOUNTS.coproprietaire);
      await page.waitForURL((url) => url.pathname.startsWith('/coproprietaire'));
      await page.goto(COPROPRIETAIRE);
      await row(page, DEMO_2025).getByText('Réalisée', { exact: true }).waitFor();
      await row(page, DEMO_2026).getByText('À venir', { exact: true }).waitFor();
      // Dated today, the draft would come first (newest first): it is not listed at all.
      assert.equal(await row(page, brouillon).count(), 0, 'the meeting not convoked is listed');
      await page.screenshot({ path: screenshotPath('assemblees-coproprietaire-liste-fr'), fullPage: true });
    });
  });

  it("gives a co-owner the demo's 2025 minutes with its resolutions and both results", async () => {
    await scenario(browser, 'assemblees-coproprietaire-pv-2025', async (page) => {
      await signIn(page, ACCOUNTS.coproprietaire);
      await page.waitForURL((url) => url.pathname.startsWith('/coproprietaire'));
      await page.goto(COPROPRIETAIRE);
      await row(page, DEMO_2025).getByRole('link', { name: DEMO_2025 }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/coproprietaire/assemblees/details/'));
      const pv = await downloadedPdf(page, () => page.getByTestId('document-procesVerbal').click());
      for (const resolution of DEMO_2025_RESOLUTIONS)
        assert.ok(pv.text.includes(resolution), `"${resolution}" is not in the minutes: ${pv.text}`);
      // Each of the three resolutions with both outcomes, and the façade's one vote against.
      const count = (text) => pv.text.split(text).length - 1;
      assert.equal(count('Résultat par tête : Adoptée'), 3, 'the results by head are not all in the minutes');
      assert.equal(count('Résultat par quote-part : Adoptée'), 3, 'the results by share are not all in the minutes');
      assert.match(pv.text, /Le ravalement de la façade est décidé .* Pour 10 \S+ % Contre 1 /);
    });
  });
});

describe('general assemblies in Arabic on a phone', () => {
  const arabe = { viewport: PHONE, language: 'ar' };

  it('pictures the list and a step of the council', async () => {
    await viewportScenario(
      browser,
      'assemblees-conseil-390-ar',
      { ...arabe, tel: ACCOUNTS.president },
      async (page) => {
        await page.goto(LISTE);
        await page.locator('[data-testid="data-card"]').first().waitFor();
        await settled(page);
        await page.screenshot({ path: screenshotPath('assemblees-liste-390-ar'), fullPage: true });
        await page.goto('/syndic/assemblees/2/etapes/2');
        await page.getByTestId('document-convocation').waitFor();
        await settled(page);
        await page.screenshot({ path: screenshotPath('assemblees-etape2-390-ar'), fullPage: true });
      },
    );
  });

  it("pictures a co-owner's details of a finished meeting", async () => {
    await viewportScenario(
      browser,
      'assemblees-coproprietaire-390-ar',
      { ...arabe, tel: ACCOUNTS.coproprietaire },
      async (page) => {
        await page.goto('/coproprietaire/assemblees/details/1');
        await page.getByTestId('document-procesVerbal').waitFor();
        await settled(page);
        await page.screenshot({ path: screenshotPath('assemblees-coproprietaire-details-390-ar'), fullPage: true });
      },
    );
  });
});
