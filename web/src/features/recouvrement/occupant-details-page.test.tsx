import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, type FakeHandler } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { detailsSami, membre, president, recouvrementServer, tresorier } from './recouvrement-fixtures';

const PAGE = '/syndic/recouvrement/sms-lettres/details/50';

type User = ReturnType<typeof userEvent.setup>;

async function openPage(user = tresorier, routes: Record<string, FakeHandler> = {}) {
  const server = recouvrementServer(user, routes);
  const rendered = renderRoute(PAGE);
  await screen.findByRole('heading', { name: 'Sami Gharbi', level: 1 });
  return { server, ...rendered };
}

async function openSms(user: User) {
  await user.click(screen.getByRole('button', { name: 'Envoyer un SMS' }));
  return screen.findByRole('dialog', { name: 'Envoyer un SMS' });
}

/** jsdom has no object URLs and does not follow downloads: the link's click is recorded instead. */
function captureDownloads() {
  const saved: string[] = [];
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: vi.fn(() => 'blob:x') });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

function pdf(fileName: string): Response {
  return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'x-file-name': fileName },
  });
}

describe('debtor details (/syndic/recouvrement/sms-lettres/details/{occupantId})', () => {
  it('shows the name, the phone with +216, what is owed and the credits left', async () => {
    const { server } = await openPage();
    expect(screen.getByText('+216 20 000 005')).toBeInTheDocument();
    expect(screen.getByTestId('occupant-total-du')).toHaveTextContent(/^115,000\sDT$/);
    expect(screen.getByTestId('occupant-credits-sms')).toHaveTextContent(/^1\s250$/);
    expect(server.calls('GET', '/api/recouvrement/occupant-details')).toHaveLength(1);
  });

  it('lists the unpaid amounts, the oldest first and highlighted', async () => {
    await openPage();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Ravalement de façade');
    expect(rows[0]).toHaveTextContent('15/05/2026');
    expect(rows[0]).toHaveTextContent(/75,000\sDT/);
    expect(rows[0]!.className).toMatch(/bg-highlight/);
    expect(within(rows[0]!).getByTestId('montant-plus-ancien')).toHaveTextContent('Plus ancien');
    expect(rows[1]!.className).not.toMatch(/bg-highlight/);
    expect(within(rows[1]!).queryByTestId('montant-plus-ancien')).toBeNull();
  });

  it('shows the sent SMS with their state: en cours, échoué, envoyé, or the raw value', async () => {
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('tab', { name: /SMS envoyés/ }));
    const etats = (await screen.findAllByTestId('sms-etat')).map((badge) => badge.textContent);
    expect(etats).toEqual(['en cours', 'échoué', 'envoyé', 'expired']);
    const failed = screen.getAllByRole('row')[2]!;
    expect(failed).toHaveTextContent('+216 98 123 456');
    expect(failed).toHaveTextContent('Amira Trabelsi');
    expect(failed).toHaveTextContent('01/10/2026');

    await user.click(screen.getByRole('tab', { name: /Lettres/ }));
    const lettre = (await screen.findAllByRole('row'))[1]!;
    expect(lettre).toHaveTextContent('Dernier rappel');
    expect(lettre).toHaveTextContent(/115,000\sDT/);
  });

  it('previews the French or the Arabic text with its segments and credits', async () => {
    const user = userEvent.setup();
    await openPage();
    const dialog = await openSms(user);
    expect(within(dialog).getByLabelText('Numéro')).toHaveValue('20000005');
    expect(within(dialog).getByText('Envoyé au +216 20 000 005')).toBeInTheDocument();
    expect(within(dialog).getByTestId('sms-apercu')).toHaveTextContent(detailsSami.sms_template);
    expect(within(dialog).getByTestId('sms-compte')).toHaveTextContent(
      /^1 SMS · 1 crédit\(s\) · 129 caractères · Crédits disponibles : 1\s250$/,
    );

    await user.click(within(dialog).getByRole('radio', { name: 'Arabe' }));
    const apercu = within(dialog).getByTestId('sms-apercu');
    expect(apercu).toHaveTextContent(detailsSami.sms_template_ar);
    expect(apercu).toHaveAttribute('dir', 'rtl');
    expect(within(dialog).getByTestId('sms-compte')).toHaveTextContent(/^2 SMS · 2 crédit\(s\) · 101 caractères/);
  });

  it('accepts no number or exactly 8 digits', async () => {
    const user = userEvent.setup();
    const { server } = await openPage();
    const dialog = await openSms(user);
    const tel = within(dialog).getByLabelText('Numéro');
    await user.clear(tel);
    await user.type(tel, '2012345');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText('Le numéro doit contenir exactement 8 chiffres.')).toBeInTheDocument();
    await user.type(tel, 'a');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(within(dialog).getByText('Le numéro doit contenir exactement 8 chiffres.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/recouvrement/envoyer-sms')).toHaveLength(0);
    // Spaces as people write it are fine.
    await user.clear(tel);
    await user.type(tel, '98 123 456');
    expect(within(dialog).getByText('Envoyé au +216 98 123 456')).toBeInTheDocument();
    expect(within(dialog).queryByText('Le numéro doit contenir exactement 8 chiffres.')).toBeNull();
  });

  it('sends one request with an Idempotency-Key on a double click, then lists the message', async () => {
    const user = userEvent.setup();
    let sent = false;
    const { server } = await openPage(president, {
      'GET /api/recouvrement/occupant-details': () =>
        json(200, {
          ...detailsSami,
          sms_messages: sent
            ? [{ ...detailsSami.sms_messages[0]!, id: 9, contenu: 'Nouveau rappel envoyé.', tel: '98123456' }]
            : [],
        }),
      'POST /api/recouvrement/envoyer-sms': async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        sent = true;
        return json(200, { success: true, sms_message: detailsSami.sms_messages[0] });
      },
    });
    const dialog = await openSms(user);
    const tel = within(dialog).getByLabelText('Numéro');
    await user.clear(tel);
    await user.type(tel, '98123456');
    await user.click(within(dialog).getByRole('radio', { name: 'Arabe' }));
    await user.dblClick(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('SMS envoyé')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const calls = server.calls('POST', '/api/recouvrement/envoyer-sms');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.body)).toEqual({ occupant_id: 50, tel: '98123456', langue: 'ar' });
    const key = calls[0]!.headers.get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    // The sent tab shows it (the details are fetched again).
    await user.click(screen.getByRole('tab', { name: /SMS envoyés/ }));
    expect(await screen.findByText('Nouveau rappel envoyé.')).toBeInTheDocument();

    // A new opening is a new key.
    await openSms(user);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(server.calls('POST', '/api/recouvrement/envoyer-sms')).toHaveLength(2));
    const second = server.calls('POST', '/api/recouvrement/envoyer-sms')[1]!;
    expect(second.headers.get('Idempotency-Key')).not.toBe(key);
    expect(JSON.parse(second.body)).toEqual({ occupant_id: 50, tel: '20000005', langue: 'fr' });
  });

  it.each([
    [409, 'credits_sms_insuffisants', 'Crédits SMS insuffisants.'],
    [422, 'aucun_impaye', "Ce copropriétaire n'a aucun impayé."],
    [403, 'finance_ou_president_required', 'Seul le trésorier ou le président peut effectuer cette opération.'],
    [500, 'passerelle_indisponible', 'La passerelle SMS ne répond pas.'],
  ])("shows the server's refusal %i %s in a toast", async (status, code, text) => {
    const user = userEvent.setup();
    await openPage(tresorier, {
      'POST /api/recouvrement/envoyer-sms': () => apiError(status, code, 'La passerelle SMS ne répond pas.'),
    });
    const dialog = await openSms(user);
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText("L'envoi du SMS a échoué")).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Envoyer un SMS' })).toBeInTheDocument();
  });

  it("puts the server's refusal of the number under the field", async () => {
    const user = userEvent.setup();
    await openPage(tresorier, {
      'POST /api/recouvrement/envoyer-sms': () =>
        apiError(
          422,
          'validation_failed',
          'Certains champs sont invalides.',
          { tel: ['Le téléphone est obligatoire.'] },
          {
            tel: ['tel_obligatoire'],
          },
        ),
    });
    const dialog = await openSms(user);
    await user.clear(within(dialog).getByLabelText('Numéro'));
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText('Le numéro de téléphone est obligatoire.')).toBeInTheDocument();
    expect(screen.queryByText("L'envoi du SMS a échoué")).toBeNull();
  });

  it('downloads the letter of the chosen type and language', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    const { server } = await openPage(tresorier, {
      'GET /api/recouvrement/lettre-pdf': () => pdf('dernier-rappel-sami-gharbi.pdf'),
    });
    await user.click(screen.getByRole('button', { name: 'Lettre de relance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lettre de relance' });
    expect(within(dialog).getByRole('radio', { name: 'Relance' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Dernier rappel' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Arabe' }));
    await user.click(within(dialog).getByRole('button', { name: 'Télécharger la lettre' }));
    expect(await screen.findByText('Lettre téléchargée')).toBeInTheDocument();
    expect(saved).toEqual(['dernier-rappel-sami-gharbi.pdf']);
    const fetchMock = vi.mocked(fetch);
    const url = fetchMock.mock.calls
      .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
      .find((u) => u.pathname === '/api/recouvrement/lettre-pdf')!;
    expect(Object.fromEntries(url.searchParams)).toEqual({
      occupant_id: '50',
      lettre_type: 'dernierRappel',
      lang: 'ar',
    });
    // The history is fetched again (the letter is listed).
    await waitFor(() => expect(server.calls('GET', '/api/recouvrement/occupant-details')).toHaveLength(2));
  });

  it('says why a letter could not be made', async () => {
    const user = userEvent.setup();
    captureDownloads();
    await openPage(tresorier, {
      'GET /api/recouvrement/lettre-pdf': () => apiError(422, 'aucun_impaye'),
    });
    await user.click(screen.getByRole('button', { name: 'Lettre de relance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lettre de relance' });
    await user.click(within(dialog).getByRole('button', { name: 'Télécharger la lettre' }));
    expect(await screen.findByText("La lettre n'a pas pu être générée")).toBeInTheDocument();
    expect(screen.getByText("Ce copropriétaire n'a aucun impayé.")).toBeInTheDocument();
  });

  it('shows a plain council member the send and letter buttons disabled, with the reason', async () => {
    const user = userEvent.setup();
    await openPage(membre);
    const sms = screen.getByRole('button', { name: 'Envoyer un SMS' });
    const lettre = screen.getByRole('button', { name: 'Lettre de relance' });
    expect(sms).toBeDisabled();
    expect(lettre).toBeDisabled();
    await user.hover(sms.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Seul le trésorier ou le président peut effectuer cette opération.',
    );
    // What is owed stays readable.
    expect(screen.getByText('Ravalement de façade')).toBeInTheDocument();
  });

  it('goes back to the list with a toast when the occupant is unknown', async () => {
    recouvrementServer(tresorier, {
      'GET /api/recouvrement/occupant-details': () => apiError(404, 'occupant_inconnu', "Cet occupant n'existe pas."),
    });
    const { router } = renderRoute('/syndic/recouvrement/sms-lettres/details/999');
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/recouvrement/sms-lettres'));
    expect(await screen.findByText("Ce copropriétaire n'a pas pu être chargé")).toBeInTheDocument();
    expect(screen.getByText("Cet occupant n'existe pas.")).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'SMS et lettres', level: 1 });
  });
});
