// The legal pages (spec 3 §2.1): the terms of use (14 anchored sections) and the privacy policy
// (9 sections), in French and Arabic, reachable by #anchor, with a table of contents.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launchBrowser, scenario, screenshotPath } from './harness.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const TERMS = [
  'objet',
  'acceptation',
  'definitions',
  'description',
  'identifiants',
  'usages-interdits',
  'donnees-contenus',
  'securite',
  'maintenance',
  'propriete-intellectuelle',
  'responsabilites',
  'donnees-personnelles',
  'modifications',
  'droit-applicable',
];
const PRIVACY = [
  'objet',
  'responsable',
  'roles',
  'donnees-traitees',
  'finalites',
  'usage-interne',
  'securite',
  'droits',
  'mises-a-jour',
];
const LATIN_WORD = /[A-Za-zÀ-ÿ]{3,}/;

const sectionIds = (page) => page.getByTestId('legal-section').evaluateAll((nodes) => nodes.map((n) => n.id));

/** True when the element's top is within the viewport. */
const inView = (page, id) =>
  page.evaluate((target) => {
    const top = document.getElementById(target)?.getBoundingClientRect().top ?? -1;
    return top >= 0 && top < window.innerHeight;
  }, id);

async function shoot(page, name) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: screenshotPath(`${name}-1280`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: screenshotPath(`${name}-390`) });
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('legal pages', () => {
  it('shows the terms: 14 anchored sections, a table of contents, anchors that scroll', async () => {
    await scenario(browser, 'legal-terms', async (page) => {
      await page.goto('/conditions-utilisation');
      await page.getByRole('heading', { level: 1, name: "Conditions d'utilisation" }).waitFor();
      assert.equal(await page.getByTestId('legal-last-update').textContent(), 'Dernière mise à jour : 27/05/2025');
      assert.deepEqual(await sectionIds(page), TERMS);
      await shoot(page, 'legal-terms-fr');

      const toc = page.getByRole('navigation', { name: 'Sommaire' });
      await toc.getByRole('link', { name: '12. Données personnelles' }).click();
      await page.waitForURL((url) => url.hash === '#donnees-personnelles');
      await page.waitForFunction(() => {
        const top = document.getElementById('donnees-personnelles')?.getBoundingClientRect().top ?? -1;
        return top >= 0 && top < 200;
      });

      // An address with an anchor opens at its section.
      await page.goto('/conditions-utilisation#acceptation');
      await page.getByRole('heading', { level: 2, name: '2. Acceptation des conditions' }).waitFor();
      await page.waitForFunction(
        () => (document.getElementById('acceptation')?.getBoundingClientRect().top ?? 999) < 100,
      );
      assert.ok(await inView(page, 'acceptation'));
      assert.match(
        (await page.locator('#acceptation').textContent()) ?? '',
        /Cette case doit être cochée pour poursuivre/,
      );

      await page.getByTestId('language-ar').click();
      await page.getByRole('heading', { level: 1, name: 'شروط الاستخدام' }).waitFor();
      assert.deepEqual(await sectionIds(page), TERMS);
      const text = (await page.locator('article').textContent()) ?? '';
      assert.doesNotMatch(text, LATIN_WORD, 'French left on the Arabic terms');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, 'legal-terms-ar');
    });
  });

  it('shows the privacy policy: 9 sections, Tunisian law 2004-63, in French and Arabic', async () => {
    await scenario(browser, 'legal-privacy', async (page) => {
      await page.goto('/politique-confidentialite#droits');
      await page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' }).waitFor();
      assert.deepEqual(await sectionIds(page), PRIVACY);
      assert.match(await page.getByTestId('legal-last-update').textContent(), /27\/05\/2025/);
      // Near the end of the page, the section may not reach the top: it is in view and scrolled to.
      await page.waitForFunction(() => {
        const top = document.getElementById('droits')?.getBoundingClientRect().top ?? -1;
        return window.scrollY > 0 && top >= 0 && top < window.innerHeight;
      });
      assert.match(
        (await page.locator('#droits').textContent()) ?? '',
        /loi organique n° 2004-63 du 27 juillet 2004 portant sur la protection des données à caractère personnel/,
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, 'legal-privacy-fr');

      await page.getByTestId('language-ar').click();
      await page.getByRole('heading', { level: 1, name: 'سياسة الخصوصية' }).waitFor();
      assert.match(
        (await page.locator('#droits').textContent()) ?? '',
        /للقانون الأساسي عدد 63 لسنة 2004 المؤرّخ في 27 جويلية 2004/,
      );
      const text = (await page.locator('article').textContent()) ?? '';
      assert.doesNotMatch(text, LATIN_WORD, 'French left on the Arabic privacy policy');
      await shoot(page, 'legal-privacy-ar');
    });
  });
});
