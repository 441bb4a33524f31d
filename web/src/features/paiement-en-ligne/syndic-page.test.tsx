import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { todayIso } from '@/lib/dates';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { membre, syndicServer } from './paiement-en-ligne-fixtures';

const PAGE = '/syndic/banque/paiement-en-ligne';
const CONFIGURATION = '/api/paiement-en-ligne/configuration';

function bodyOf(request: { body: string } | undefined): unknown {
  return JSON.parse(request?.body ?? 'null');
}

async function openPage(routes = {}) {
  const server = syndicServer(undefined, routes);
  const rendered = renderRoute(PAGE);
  await screen.findByRole('heading', { name: 'Paiement en ligne', level: 1 });
  await screen.findByLabelText('Identifiant du wallet');
  return { server, ...rendered };
}

function settings(): HTMLElement {
  return screen.getByTestId('paiement-en-ligne-configuration');
}

describe('the online payment page of the treasurer (/syndic/banque/paiement-en-ligne)', () => {
  it('shows the settings, the key never: an empty write-only field saying a key is stored', async () => {
    await openPage();
    const card = settings();
    expect(within(card).getByRole('switch', { name: 'Paiement en ligne activé' })).toBeChecked();
    expect(within(card).getByLabelText('Identifiant du wallet')).toHaveValue('5f7a209aeb3f76490ac4a3d1');
    const cle = within(card).getByLabelText("Clé d'API");
    expect(cle).toHaveValue('');
    expect(cle).toHaveAttribute('type', 'password');
    expect(cle).toHaveAttribute('placeholder', 'clé enregistrée');
    expect(cle).toHaveAttribute('autocomplete', 'new-password');
    expect(within(card).getByRole('checkbox', { name: 'Carte bancaire' })).toBeChecked();
    expect(within(card).getByRole('checkbox', { name: 'e-DINAR' })).toBeChecked();
    expect(within(card).getByRole('checkbox', { name: 'Wallet Konnect' })).not.toBeChecked();
    expect(within(card).getByRole('checkbox', { name: 'Flouci' })).not.toBeChecked();
    expect(
      within(card).getByRole('switch', { name: 'Frais de paiement à la charge du copropriétaire' }),
    ).not.toBeChecked();
    expect(within(card).getByLabelText('Compte de règlement')).toHaveValue('1');
  });

  it('keeps the stored key when the field is left empty (no cle_api sent)', async () => {
    const user = userEvent.setup();
    const { server } = await openPage();
    await user.click(within(settings()).getByRole('checkbox', { name: 'Flouci' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer les réglages' }));
    expect(await screen.findByText('Réglages enregistrés.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', CONFIGURATION)[0])).toEqual({
      active: true,
      wallet_id: '5f7a209aeb3f76490ac4a3d1',
      frais_au_coproprietaire: false,
      methodes: ['bank_card', 'e-DINAR', 'flouci'],
      compte_id: 1,
    });
  });

  it('sends a new key once and empties its field after saving', async () => {
    const user = userEvent.setup();
    const { server } = await openPage();
    const cle = within(settings()).getByLabelText("Clé d'API");
    await user.type(cle, 'sk_live_0123456789');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les réglages' }));
    expect(await screen.findByText('Réglages enregistrés.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', CONFIGURATION)[0])).toMatchObject({ cle_api: 'sk_live_0123456789' });
    await waitFor(() => expect(within(settings()).getByLabelText("Clé d'API")).toHaveValue(''));
    expect(screen.queryByDisplayValue('sk_live_0123456789')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain('sk_live_0123456789');
  });

  it('requires a wallet, a key and one method at least to switch it on', async () => {
    const user = userEvent.setup();
    const { server } = await openPage({
      [`GET ${CONFIGURATION}`]: () =>
        json(200, {
          success: true,
          configuration: {
            active: false,
            wallet_id: null,
            cle_api_definie: false,
            frais_au_coproprietaire: false,
            methodes: ['bank_card'],
            compte_id: null,
          },
        }),
    });
    const card = settings();
    expect(within(card).getByLabelText("Clé d'API")).not.toHaveAttribute('placeholder');
    await user.click(within(card).getByRole('switch', { name: 'Paiement en ligne activé' }));
    await user.click(within(card).getByRole('checkbox', { name: 'Carte bancaire' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer les réglages' }));
    expect(
      await screen.findByText("L'identifiant du wallet est obligatoire pour activer le paiement en ligne."),
    ).toBeInTheDocument();
    expect(screen.getByText("La clé d'API est obligatoire pour activer le paiement en ligne.")).toBeInTheDocument();
    expect(screen.getByText('Choisissez au moins un moyen de paiement.')).toBeInTheDocument();
    expect(server.calls('POST', CONFIGURATION)).toHaveLength(0);
  });

  it("shows the server's field refusals under their fields, in Arabic on an Arabic screen", async () => {
    const user = userEvent.setup();
    await openPage({
      [`POST ${CONFIGURATION}`]: () =>
        apiError(
          422,
          'validation_failed',
          'x',
          { wallet_id: ["L'identifiant du portefeuille Konnect est obligatoire."] },
          { wallet_id: ['wallet_id_requis'] },
        ),
    });
    await act(() => i18n.changeLanguage('ar'));
    await user.click(screen.getByRole('button', { name: 'حفظ الإعدادات' }));
    expect(await screen.findByText('معرّف محفظة Konnect إجباري.')).toBeInTheDocument();
    expect(screen.getByLabelText('معرّف المحفظة')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/portefeuille/)).not.toBeInTheDocument();
  });

  it('lists the online payments with their state, receipts and overpayments, filtered by state', async () => {
    const user = userEvent.setup();
    const { server } = await openPage();
    const row = (await screen.findByText('5f9a0c-REF-A')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Sami Gharbi');
    expect(row).toHaveTextContent(/115,000\sDT/);
    expect(within(row).getByText('Payé')).toBeInTheDocument();
    expect(within(row).getByText('2026-000121')).toBeInTheDocument();
    expect(within(row).getByText('2026-000122')).toBeInTheDocument();
    const trop = screen.getByTestId('trop-percu-32');
    expect(trop).toHaveTextContent(/Trop-perçu 80,000\sDT/);
    const expired = screen.getByText('5f9a0c-REF-C').closest('tr') as HTMLElement;
    expect(within(expired).getByText('Expiré')).toBeInTheDocument();
    // The gateway's reference is searched too.
    await user.type(screen.getByPlaceholderText('Rechercher un paiement…'), 'REF-B');
    await waitFor(() => expect(screen.queryByText('5f9a0c-REF-A')).not.toBeInTheDocument());
    expect(screen.getByText('5f9a0c-REF-B')).toBeInTheDocument();
    await user.clear(screen.getByPlaceholderText('Rechercher un paiement…'));
    await user.selectOptions(screen.getByTestId('filtre-statut'), 'payee');
    await waitFor(() =>
      expect(server.requests.some((r) => r.path === '/api/paiement-en-ligne/paiements' && r.method === 'GET')).toBe(
        true,
      ),
    );
    const fetchMock = globalThis.fetch as unknown as { mock: { calls: [RequestInfo | URL][] } };
    await waitFor(() => {
      const urls = fetchMock.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
      expect(urls).toContain(`${window.location.origin}/api/paiement-en-ligne/paiements?statut=payee`);
    });
  });

  it("records the gateway's settlement: account, date, gross, fees and reference", async () => {
    const user = userEvent.setup();
    const { server } = await openPage();
    const card = screen.getByTestId('paiement-en-ligne-reglement');
    expect(within(card).getByLabelText(/^Compte bancaire/)).toHaveValue('1');
    await user.type(within(card).getByLabelText(/^Montant brut/), '195,5');
    await user.clear(within(card).getByLabelText(/^Frais/));
    await user.type(within(card).getByLabelText(/^Frais/), '3.910');
    expect(within(card).getByTestId('reglement-net')).toHaveTextContent(/191,590\sDT/);
    await user.type(within(card).getByLabelText(/^Référence/), 'KNT-2026-11');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer le règlement' }));
    expect(await screen.findByText('Règlement enregistré.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/paiement-en-ligne/reglements')[0])).toEqual({
      compte_id: 1,
      date: todayIso(),
      montant_brut: 195.5,
      frais: 3.91,
      reference: 'KNT-2026-11',
    });
  });

  it('keeps the account chosen for the next settlement once the accounts are read again', async () => {
    // Given a settlement recorded to the savings account, not the default one
    const user = userEvent.setup();
    const { server } = await openPage();
    const card = screen.getByTestId('paiement-en-ligne-reglement');
    await user.selectOptions(within(card).getByLabelText(/^Compte bancaire/), '2');
    await user.type(within(card).getByLabelText(/^Montant brut/), '100');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer le règlement' }));
    expect(await screen.findByText('Règlement enregistré.')).toBeInTheDocument();
    // When the accounts' balances are read again (the settlement changed them)
    await waitFor(() => expect(server.calls('GET', '/api/banque/comptes').length).toBeGreaterThan(1));
    // Then the form is empty for the next one, still on the account chosen
    await waitFor(() => expect(within(card).getByLabelText(/^Montant brut/)).toHaveValue(''));
    expect(within(card).getByLabelText(/^Compte bancaire/)).toHaveValue('2');
  });

  it('refuses fees above the gross amount before sending, and says a closed year', async () => {
    const user = userEvent.setup();
    const { server } = await openPage({
      'POST /api/paiement-en-ligne/reglements': () => apiError(403, 'exercice_cloture', 'Exercice clôturé.'),
    });
    const card = screen.getByTestId('paiement-en-ligne-reglement');
    await user.type(within(card).getByLabelText(/^Montant brut/), '10');
    await user.clear(within(card).getByLabelText(/^Frais/));
    await user.type(within(card).getByLabelText(/^Frais/), '12');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer le règlement' }));
    expect(await screen.findByText('Les frais ne peuvent pas dépasser le montant brut.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/paiement-en-ligne/reglements')).toHaveLength(0);
    await user.clear(within(card).getByLabelText(/^Frais/));
    await user.type(within(card).getByLabelText(/^Frais/), '1');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer le règlement' }));
    expect(await screen.findByText("Le règlement n'a pas été enregistré")).toBeInTheDocument();
    expect(server.calls('POST', '/api/paiement-en-ligne/reglements')).toHaveLength(1);
  });

  it('sends a council member who is not the treasurer to /unauthorized', async () => {
    syndicServer(membre);
    const { router } = renderRoute(PAGE);
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });

  it('keeps French off the Arabic page', async () => {
    await openPage();
    await act(() => i18n.changeLanguage('ar'));
    expect(await screen.findByRole('heading', { name: 'الدفع عبر الإنترنت', level: 1 })).toBeInTheDocument();
    const main = screen.getByTestId('paiement-en-ligne-configuration');
    expect(main).toHaveTextContent('مفتاح الواجهة البرمجية');
    expect(within(main).getByLabelText('مفتاح الواجهة البرمجية')).toHaveAttribute('placeholder', 'مفتاح محفوظ');
    // The accounts' names are the residence's own; the page's words are all Arabic.
    const reglement = screen.getByTestId('paiement-en-ligne-reglement');
    expect(reglement).toHaveTextContent('تسوية البوابة');
    expect(reglement).not.toHaveTextContent(/Règlement|Montant|Frais|Référence|Date|Enregistrer|Choisir/);
    expect(screen.getByText('الدفعات عبر الإنترنت')).toBeInTheDocument();
    expect(document.querySelector('main')).not.toHaveTextContent(/Paiements en ligne|Réglages|Statut|Copropriétaire/);
  });
});
