// The account settings against the real server (issue 19; spec 3 §2.13, §4 "Email verification",
// §5 "Change email", §8 "Settings"): a co-owner opens the settings from the profile menu, changes
// his e-mail, receives the verification mail through a real SMTP server (aiosmtpd, started by
// ops/e2e, which writes what it receives to DAFTAR_E2E_MAIL_DIR) and opens its link: the address is
// verified and the page goes to the dashboard; the same link a second time is refused. Also the
// support page of both spaces. Each run uses an address of its own.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ACCOUNTS, expectPath, launchBrowser, scenario, screenshotPath, signIn } from './harness.mjs';

const MAIL_DIR = process.env.DAFTAR_E2E_MAIL_DIR;

let browser;
before(async () => {
  assert.ok(MAIL_DIR, 'DAFTAR_E2E_MAIL_DIR must name the SMTP test server’s folder (ops/e2e sets it)');
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const RIM = '20000010';
const STAMP = String(Date.now()).slice(-6);
const EMAIL = `rim.e2e.${STAMP}@exemple.tn`;

/** The mails the SMTP server received for `to`, waiting up to 10 s for at least one. */
async function mailsTo(to) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = existsSync(MAIL_DIR)
      ? readdirSync(MAIL_DIR)
          .filter((name) => name.endsWith('.json'))
          .sort()
          .map((name) => JSON.parse(readFileSync(join(MAIL_DIR, name), 'utf8')))
          .filter((mail) => mail.rcpt_tos.includes(to))
      : [];
    if (mails.length > 0 || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The link a verification mail carries. */
function linkOf(mail) {
  const match = /(https?:\/\/\S+\/coproprietaire\/verify-email\?verify_url=\S+)/.exec(mail.text);
  assert.ok(match, `no verification link in: ${mail.text}`);
  return match[1];
}

describe('account settings', () => {
  it('a co-owner changes his e-mail, receives the verification mail and opens its link', async () => {
    await scenario(browser, 'parametres-verification-email', async (page) => {
      await signIn(page, RIM);
      await expectPath(page, '/coproprietaire/tableau-de-bord');
      await page.getByTestId('profile-menu').click();
      await page.getByRole('menuitem', { name: 'Paramètres du compte' }).click();
      await expectPath(page, '/coproprietaire/parametres');
      await page.getByRole('heading', { name: 'Paramètres du compte' }).waitFor();

      const field = page.getByLabel('Adresse e-mail', { exact: true });
      await field.fill(EMAIL);
      await page.getByRole('button', { name: "Modifier l'adresse e-mail" }).click();
      await page.getByText('Adresse e-mail mise à jour avec succès').waitFor();
      await page.getByTestId('verification-warning').waitFor();
      await page.getByTestId('email-unverified').waitFor();
      await page.screenshot({ path: screenshotPath('parametres-non-verifiee-fr'), fullPage: true });

      const mails = await mailsTo(EMAIL);
      assert.equal(mails.length, 1, `one verification mail to ${EMAIL}`);
      assert.equal(mails[0].subject, 'Vérifiez votre adresse e-mail');
      assert.match(mails[0].text, /^Bonjour Rim Bouazizi,/);
      const link = linkOf(mails[0]);

      await page.goto(link);
      await page.getByText('Email verifié avec succès!').waitFor();
      await expectPath(page, '/coproprietaire/tableau-de-bord');

      await page.goto('/coproprietaire/parametres');
      await page.getByTestId('email-verified').waitFor();
      assert.equal(await page.getByTestId('verification-warning').count(), 0);
      assert.equal(await page.getByLabel('Adresse e-mail', { exact: true }).inputValue(), EMAIL);
      await page.screenshot({ path: screenshotPath('parametres-verifiee-fr'), fullPage: true });

      // The link works once.
      await page.goto(link);
      await page.getByTestId('verify-email-failure').getByText('Ce lien de vérification a déjà été utilisé.').waitFor();
    });
  });

  it('refuses a wrong current password on its field, in Arabic on a phone', async () => {
    await scenario(browser, 'parametres-mot-de-passe-ar', async (page) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.addInitScript(() => window.localStorage.setItem('daftar.language', 'ar'));
      await page.goto('/login');
      await page.locator('input[name="tel"]').fill(RIM);
      await page.locator('input[name="password"]').fill('jasmin-2026-demo');
      await page.locator('button[type="submit"]').click();
      await expectPath(page, '/coproprietaire/tableau-de-bord');
      await page.goto('/coproprietaire/parametres');
      await page.getByRole('heading', { name: 'إعدادات الحساب' }).waitFor();
      await page.getByLabel('كلمة المرور الحالية').fill('pas-le-bon-mot-de-passe');
      await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('un-nouveau-mot-de-passe');
      await page.getByLabel('تأكيد كلمة المرور الجديدة').fill('un-nouveau-mot-de-passe');
      await page.getByRole('button', { name: 'تعديل كلمة المرور' }).click();
      await page.getByText('كلمة المرور الحالية غير صحيحة.').waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
      await page.screenshot({ path: screenshotPath('parametres-ar-390'), fullPage: true });
    });
  });
});

describe('support', () => {
  it('shows the configured contact to a co-owner and to the syndic, from the sidebar', async () => {
    await scenario(browser, 'support', async (page) => {
      await signIn(page, ACCOUNTS.coproprietaire);
      await expectPath(page, '/coproprietaire/tableau-de-bord');
      await page.getByRole('link', { name: 'Support', exact: true }).click();
      await expectPath(page, '/coproprietaire/support');
      await page.getByTestId('support-tel').getByText('+216 71 000 000').waitFor();
      assert.equal(await page.getByTestId('support-whatsapp').getAttribute('href'), 'https://wa.me/21620000000');
      await page.screenshot({ path: screenshotPath('support-coproprietaire-fr'), fullPage: true });
    });
    await scenario(browser, 'support-syndic', async (page) => {
      await signIn(page, ACCOUNTS.president);
      await expectPath(page, '/syndic/tableau-de-bord');
      await page.goto('/syndic/support');
      await page.getByTestId('support-tel').waitFor();
    });
  });
});
