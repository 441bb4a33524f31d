// The chat against the real server (spec 3 §2.9, §4 "Conversation"; issue 18; the real-time
// channel of docs/api-communaute.md): a co-owner writes to the syndic; the treasurer, whose page
// has the conversation open, sees the message arrive without reloading, and answers; the
// co-owner's page shows the answer the same way.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ACCOUNTS, BASE_URL, launchBrowser, scenario, screenshotPath, signIn } from './harness.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const STAMP = String(Date.now()).slice(-6);
const PREMIER = `Bonjour, question e2e ${STAMP}`;
const DEUXIEME = `Deuxième message e2e ${STAMP}`;
const REPONSE = `Réponse du trésorier e2e ${STAMP}`;

/** Sends a message from the open conversation and waits for the server's version of it. */
async function envoyer(page, texte) {
  const field = page.getByRole('textbox', { name: 'Votre message' });
  await field.fill(texte);
  await field.press('Enter');
  await page
    .locator('[data-testid="chat-message"][data-pending="false"][data-own="true"]')
    .filter({ hasText: texte })
    .waitFor();
}

describe('chat: a co-owner and the treasurer talk in real time', () => {
  it('shows the co-owner’s message in the treasurer’s open conversation without reload, and the answer back', async () => {
    await scenario(browser, 'chat-coproprietaire', async (coproprietaire) => {
      await signIn(coproprietaire, ACCOUNTS.coproprietaire);
      await coproprietaire.waitForURL((url) => url.pathname.startsWith('/coproprietaire'));
      await coproprietaire.getByTestId('nav-chat').click();
      await coproprietaire.waitForURL((url) => url.pathname === '/coproprietaire/chat');
      await coproprietaire.getByRole('textbox', { name: 'Votre message' }).waitFor();
      await envoyer(coproprietaire, PREMIER);

      // The treasurer, in a browser of their own, opens that conversation.
      const context = await browser.newContext({
        baseURL: BASE_URL,
        viewport: { width: 1280, height: 800 },
        locale: 'fr-FR',
      });
      const tresorier = await context.newPage();
      tresorier.setDefaultTimeout(10_000);
      const erreurs = [];
      tresorier.on('pageerror', (error) => erreurs.push(error));
      try {
        await signIn(tresorier, ACCOUNTS.tresorier);
        await tresorier.waitForURL((url) => url.pathname.startsWith('/syndic'));
        await tresorier.getByTestId('nav-chat').click();
        await tresorier.waitForURL((url) => url.pathname === '/syndic/chat');
        await tresorier.getByTestId('chat-conversation').filter({ hasText: PREMIER }).click();
        await tresorier.waitForURL((url) => /^\d+$/.test(url.searchParams.get('conversation') ?? ''));
        const pane = tresorier.getByTestId('chat-pane');
        await pane.getByText(PREMIER).waitFor();
        // A mark that a reload would wipe out.
        await tresorier.evaluate(() => {
          window.__sansRechargement = true;
        });

        await envoyer(coproprietaire, DEUXIEME);
        await pane.getByText(DEUXIEME).waitFor();
        assert.equal(await tresorier.evaluate(() => window.__sansRechargement), true);
        await tresorier.screenshot({ path: screenshotPath('chat-tresorier-fr'), fullPage: true });

        // The treasurer answers; the co-owner's page shows it, with the treasurer's role.
        await envoyer(tresorier, REPONSE);
        const reponse = coproprietaire.getByTestId('chat-message').filter({ hasText: REPONSE });
        await reponse.waitFor();
        assert.equal(await reponse.getAttribute('data-own'), 'false');
        assert.match(await reponse.getByTestId('chat-role').textContent(), /Trésorier/);
        assert.deepEqual(erreurs, []);
      } finally {
        await context.close();
      }
    });
  });
});
