import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { membre, president, recouvrementServer, tresorier } from './recouvrement-fixtures';

const PAGE = '/syndic/recouvrement/sms-lettres';

function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr') as HTMLElement;
}

async function openPage(user = tresorier, routes = {}) {
  const server = recouvrementServer(user, routes);
  const rendered = renderRoute(PAGE);
  await screen.findByRole('heading', { name: 'SMS et lettres', level: 1 });
  await screen.findByText('Sami Gharbi');
  return { server, ...rendered };
}

describe('debtors (/syndic/recouvrement/sms-lettres)', () => {
  it('shows the total due with the number of debtors', async () => {
    await openPage();
    expect(screen.getByTestId('recouvrement-total')).toHaveTextContent(/^1\s349,500\sDT$/);
    expect(screen.getByText('2 copropriétaires débiteurs')).toBeInTheDocument();
  });

  it('lists each debtor with the balance, the properties and the SMS / history action', async () => {
    const user = userEvent.setup();
    const { router } = await openPage();
    const hedi = rowOf('Hedi Mabrouk');
    expect(within(hedi).getByText(/^1\s234,500\sDT$/)).toBeInTheDocument();
    expect(within(hedi).getByText('B2, Parking P1')).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Hedi Mabrouk');
    expect(rows[1]).toHaveTextContent('Sami Gharbi');
    const link = within(rowOf('Sami Gharbi')).getByRole('link', { name: 'SMS et historique de Sami Gharbi' });
    expect(link).toHaveTextContent('SMS / historique');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/recouvrement/sms-lettres/details/50'));
  });

  it('is in the sidebar, in the Recouvrement group', async () => {
    await openPage();
    expect(screen.getByTestId('nav-sms-lettres')).toHaveAttribute('href', PAGE);
    expect(screen.getByTestId('nav-achats-sms')).toHaveAttribute('href', '/syndic/recouvrement/achats-sms');
  });

  it('previews a group reminder, then sends it once and tells the sent and failed counts', async () => {
    const user = userEvent.setup();
    const { server } = await openPage(president, {
      'POST /api/recouvrement/envoyer-sms-groupe': async (request: Request) => {
        const body = (await request.json()) as { apercu: boolean; montant_minimum: number };
        return body.apercu
          ? json(200, {
              success: true,
              destinataires: body.montant_minimum > 200 ? 1 : 2,
              credits: 3,
              credits_sms: 1250,
            })
          : json(200, { success: true, envoyes: 1, echecs: 1, credits: 2 });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Relance groupée' }));
    const dialog = await screen.findByRole('dialog', { name: 'Relance groupée' });
    const send = () => within(dialog).getByRole('button', { name: /^Envoyer/ });
    // Nothing to send before the preview.
    expect(send()).toBeDisabled();

    const montant = within(dialog).getByLabelText('Montant minimum (DT)');
    await user.clear(montant);
    await user.type(montant, 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Aperçu' }));
    expect(
      await within(dialog).findByText('Saisissez un montant en DT, avec au plus trois décimales.'),
    ).toBeInTheDocument();
    expect(server.calls('POST', '/api/recouvrement/envoyer-sms-groupe')).toHaveLength(0);

    await user.clear(montant);
    await user.type(montant, '100,5');
    await user.click(within(dialog).getByRole('button', { name: 'Aperçu' }));
    expect(await within(dialog).findByTestId('groupe-destinataires')).toHaveTextContent('2');
    expect(within(dialog).getByTestId('groupe-credits')).toHaveTextContent('3');
    expect(within(dialog).getByTestId('groupe-credits-sms')).toHaveTextContent(/^1\s250$/);
    expect(send()).toHaveTextContent('Envoyer 2 SMS');

    // A changed amount asks for a new preview.
    await user.type(montant, '0');
    expect(send()).toBeDisabled();
    await user.clear(montant);
    await user.type(montant, '100,5');
    await user.click(within(dialog).getByRole('button', { name: 'Aperçu' }));
    await waitFor(() => expect(send()).toBeEnabled());

    await user.dblClick(send());
    expect(await screen.findByText('Relance groupée envoyée')).toBeInTheDocument();
    expect(screen.getByText('Envoyés : 1 · Échecs : 1')).toBeInTheDocument();
    const calls = server.calls('POST', '/api/recouvrement/envoyer-sms-groupe').map((call) => JSON.parse(call.body));
    expect(calls).toEqual([
      { montant_minimum: 100.5, apercu: true },
      { montant_minimum: 100.5, apercu: true },
      { montant_minimum: 100.5, apercu: false },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when the credits do not suffice', async () => {
    const user = userEvent.setup();
    await openPage(tresorier, {
      'POST /api/recouvrement/envoyer-sms-groupe': () =>
        json(200, { success: true, destinataires: 2, credits: 4, credits_sms: 3 }),
    });
    await user.click(screen.getByRole('button', { name: 'Relance groupée' }));
    const dialog = await screen.findByRole('dialog', { name: 'Relance groupée' });
    await user.click(within(dialog).getByRole('button', { name: 'Aperçu' }));
    expect(await within(dialog).findByText('Le solde de crédits ne suffit pas pour cet envoi.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /^Envoyer/ })).toBeDisabled();
  });

  it("shows the server's refusal of a group sending", async () => {
    const user = userEvent.setup();
    await openPage(tresorier, {
      'POST /api/recouvrement/envoyer-sms-groupe': async (request: Request) => {
        const body = (await request.json()) as { apercu: boolean };
        return body.apercu
          ? json(200, { success: true, destinataires: 2, credits: 2, credits_sms: 3 })
          : apiError(409, 'credits_sms_insuffisants', 'Crédits SMS insuffisants.');
      },
    });
    await user.click(screen.getByRole('button', { name: 'Relance groupée' }));
    const dialog = await screen.findByRole('dialog', { name: 'Relance groupée' });
    await user.click(within(dialog).getByRole('button', { name: 'Aperçu' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Envoyer 2 SMS' }));
    expect(await screen.findByText('La relance groupée a échoué')).toBeInTheDocument();
    expect(screen.getByText('Crédits SMS insuffisants.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Relance groupée' })).toBeInTheDocument();
  });

  it('disables the group reminder for a plain council member, with the reason', async () => {
    const user = userEvent.setup();
    await openPage(membre);
    const button = screen.getByRole('button', { name: 'Relance groupée' });
    expect(button).toBeDisabled();
    await user.hover(button.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Seul le trésorier ou le président peut effectuer cette opération.',
    );
    // The debtors stay open to them.
    expect(screen.getByRole('link', { name: 'SMS et historique de Sami Gharbi' })).toBeInTheDocument();
  });
});
