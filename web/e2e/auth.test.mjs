// Sign-in, roles, guards and sign-out against the real server (spec 1 §2, §5, §8; spec 3 §1, §2.1).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ACCOUNTS, expectPath, launchBrowser, scenario, signIn } from './harness.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function roleLabel(page) {
  return (await page.getByTestId('sidebar-role').textContent())?.trim();
}

describe('sign-in and roles', () => {
  it('signs the president in on the syndic dashboard with the label Président', async () => {
    await scenario(browser, 'president-dashboard', async (page) => {
      await signIn(page, ACCOUNTS.president);
      await expectPath(page, '/syndic/tableau-de-bord');
      await page.getByTestId('sidebar-role').waitFor();
      assert.equal(await roleLabel(page), 'Président');
      assert.equal(await page.getByTestId('dashboard-role').textContent(), 'Président');
      // The ledger's fiscal years, from the exercices read model through GET /api/exercices.
      const exercices = page.getByTestId('dashboard-exercices');
      await exercices.getByText('2026').waitFor();
      assert.match(await exercices.textContent(), /2025/);
    });
  });

  it('lets the president switch to the co-owner space and back', async () => {
    await scenario(browser, 'president-switch-space', async (page) => {
      await signIn(page, ACCOUNTS.president);
      await expectPath(page, '/syndic/tableau-de-bord');
      await page.getByTestId('space-switcher').click();
      await page.getByRole('menuitemradio', { name: 'Espace copropriétaire' }).click();
      await expectPath(page, '/coproprietaire/tableau-de-bord');
      await page.getByTestId('sidebar-role').filter({ hasText: 'Propriétaire' }).waitFor();
      await page.getByTestId('space-switcher').click();
      await page.getByRole('menuitemradio', { name: 'Espace syndic' }).click();
      await expectPath(page, '/syndic/tableau-de-bord');
      await page.getByTestId('sidebar-role').filter({ hasText: 'Président' }).waitFor();
    });
  });

  it('shows Trésorier for the treasurer', async () => {
    await scenario(browser, 'tresorier-dashboard', async (page) => {
      await signIn(page, ACCOUNTS.tresorier);
      await expectPath(page, '/syndic/tableau-de-bord');
      await page.getByTestId('sidebar-role').waitFor();
      assert.equal(await roleLabel(page), 'Trésorier');
    });
  });

  it('shows Membre du conseil for a plain council member', async () => {
    await scenario(browser, 'membre-conseil-dashboard', async (page) => {
      await signIn(page, ACCOUNTS.membreConseil);
      await expectPath(page, '/syndic/tableau-de-bord');
      await page.getByTestId('sidebar-role').waitFor();
      assert.equal(await roleLabel(page), 'Membre du conseil');
    });
  });

  it('lands a co-owner on the co-owner dashboard and keeps them out of the syndic area', async () => {
    await scenario(browser, 'coproprietaire-unauthorized', async (page) => {
      await signIn(page, ACCOUNTS.coproprietaire);
      await expectPath(page, '/coproprietaire/tableau-de-bord');
      await page.getByTestId('sidebar-role').waitFor();
      assert.equal(await roleLabel(page), 'Propriétaire');
      assert.equal(await page.getByTestId('space-switcher').count(), 0);
      await page.goto('/syndic/tableau-de-bord');
      await expectPath(page, '/unauthorized');
      await page.getByRole('heading', { name: 'Accès non autorisé' }).waitFor();
    });
  });

  it('sends a user whose registration is not finalized to /informations-generales', async () => {
    await scenario(browser, 'inscription-non-finalisee', async (page) => {
      await signIn(page, ACCOUNTS.inscriptionNonFinalisee);
      await expectPath(page, '/informations-generales');
      await page.getByRole('heading', { name: 'Finalisez votre inscription' }).waitFor();
    });
  });

  it('refuses a wrong password with "Identifiants invalides."', async () => {
    await scenario(browser, 'login-invalid-credentials', async (page) => {
      await signIn(page, ACCOUNTS.president, 'pas-le-bon-mot-de-passe');
      await page.getByTestId('login-error').waitFor();
      assert.equal((await page.getByTestId('login-error').textContent())?.trim(), 'Identifiants invalides.');
      assert.equal(new URL(page.url()).pathname, '/login');
    });
  });
});

describe('guards and sign-out', () => {
  it('sends a signed-out visitor of the syndic dashboard to /login', async () => {
    await scenario(browser, 'signed-out-redirect', async (page) => {
      await page.goto('/syndic/tableau-de-bord');
      await expectPath(page, '/login');
      await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    });
  });

  it('signs out to /login, after which /api/auth/status answers 401', async () => {
    await scenario(browser, 'sign-out', async (page) => {
      await signIn(page, ACCOUNTS.president);
      await expectPath(page, '/syndic/tableau-de-bord');
      await page.getByTestId('profile-menu').click();
      await page.getByTestId('logout').click();
      await expectPath(page, '/login');
      await page.getByRole('button', { name: 'Se connecter' }).waitFor();
      const status = await page.evaluate(async () => {
        const response = await fetch('/api/auth/status', {
          credentials: 'include',
          headers: { Accept: 'application/json' },
        });
        return response.status;
      });
      assert.equal(status, 401);
    });
  });
});
