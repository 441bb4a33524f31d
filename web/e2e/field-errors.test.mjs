// Field errors in the user's language (issue "module seams"): on the Arabic cotisation form, the
// client's own checks and the server's field errors (answered as codes) read in Arabic, never in
// French.
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

const CREER = '/syndic/revenus/cotisations/creer';
const ARABIC = /[\u0600-\u06FF]/;
/** French texts of the same messages: none may show on the Arabic screen. */
const FRENCH = [
  'Le titre est obligatoire.',
  'Ce champ est obligatoire.',
  'Le titre ne doit pas dépasser 200 caractères.',
];

async function fieldMessages(page) {
  return page.locator('[id$="-error"], [role="alert"], .text-destructive').allTextContents();
}

describe('field errors in Arabic', () => {
  it("shows the cotisation form's field errors in Arabic, the client's and the server's", async () => {
    await scenario(browser, 'cotisation-field-errors-arabic', async (page) => {
      await signIn(page, ACCOUNTS.tresorier);
      await expectPath(page, '/syndic/tableau-de-bord');
      await page.getByTestId('language-ar').click();
      await page.goto(CREER);
      const submit = page.getByRole('button', { name: 'إنشاء المساهمة' });
      await submit.waitFor();

      // The client's checks: nothing typed.
      await submit.click();
      await page.getByText('العنوان إجباري.').waitFor();
      let shown = (await fieldMessages(page)).join(' ');
      assert.match(shown, ARABIC);
      for (const french of FRENCH) assert.ok(!shown.includes(french), `French message shown: ${french}`);
      await page.screenshot({ path: screenshotPath('cotisation-field-errors-client-ar'), fullPage: true });

      // A server field error: a client that lets a 201-character title through (an older
      // client, a direct call) gets `titre_trop_long` from the real server, shown in Arabic.
      await page.route('**/api/cotisations/creer', async (route) => {
        const body = JSON.parse(route.request().postData() ?? '{}');
        await route.continue({ postData: JSON.stringify({ ...body, titre: 'x'.repeat(201) }) });
      });
      await page.getByLabel('العنوان', { exact: true }).fill('Charges e2e arabe');
      await page.getByLabel('النوع', { exact: true }).selectOption('exceptionnelle');
      await page.getByLabel('التوزيع', { exact: true }).selectOption('egale');
      const year = new Date().getFullYear();
      await page.getByLabel('بداية الفترة', { exact: true }).fill(`01/01/${year}`);
      await page.getByLabel('نهاية الفترة', { exact: true }).fill(`31/12/${year}`);
      await page.getByLabel('تاريخ الاستحقاق', { exact: true }).fill(`15/01/${year}`);
      await page.getByLabel('المبلغ لكلّ عقار (د.ت)', { exact: true }).fill('10');
      const answer = page.waitForResponse('**/api/cotisations/creer');
      await submit.click();
      const response = await answer;
      assert.equal(response.status(), 422);
      const body = await response.json();
      assert.deepEqual(body.field_codes, { titre: ['titre_trop_long'] });
      await page.getByText('يجب ألّا يتجاوز العنوان 200 حرف.').waitFor();
      shown = (await fieldMessages(page)).join(' ');
      for (const french of FRENCH) assert.ok(!shown.includes(french), `French message shown: ${french}`);
      await page.screenshot({ path: screenshotPath('cotisation-field-errors-server-ar'), fullPage: true });
      await page.getByTestId('language-fr').click();
    });
  });
});
