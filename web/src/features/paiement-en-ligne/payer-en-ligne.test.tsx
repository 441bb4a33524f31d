import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { coproprietaireServer, PAY_URL } from './paiement-en-ligne-fixtures';
import { navigateur } from './payer-en-ligne';

const PAGE = '/coproprietaire/cotisations';

function rowOf(date: string): HTMLElement {
  return screen.getByText(date).closest('tr') as HTMLElement;
}

async function openPage(routes = {}) {
  const aller = vi.spyOn(navigateur, 'aller').mockImplementation(() => undefined);
  const server = coproprietaireServer(routes);
  renderRoute(PAGE);
  await screen.findByText('05/11/2026');
  return { server, aller };
}

function bodyOf(request: { body: string } | undefined): unknown {
  return JSON.parse(request?.body ?? 'null');
}

describe('"Payer en ligne" on the co-owner\'s contributions (issue 21)', () => {
  it('offers it on each due left to pay, and everything owed now, when the residence offers online payment', async () => {
    await openPage();
    expect(
      await within(rowOf('05/11/2026')).findByRole('button', {
        name: 'Payer en ligne Charges courantes 2026 (05/11/2026)',
      }),
    ).toBeEnabled();
    expect(within(rowOf('15/05/2026')).getByRole('button', { name: /^Payer en ligne Ravalement/ })).toBeEnabled();
    // Paid: nothing to pay.
    expect(within(rowOf('05/10/2026')).queryByRole('button', { name: /^Payer en ligne/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Tout payer en ligne' })).toBeInTheDocument();
  });

  it('is not offered when the residence has not switched it on', async () => {
    const { server } = await openPage({
      'GET /api/coproprietaire/paiement-en-ligne': () =>
        json(200, { success: true, disponible: false, frais_au_coproprietaire: false, methodes: [] }),
    });
    await waitFor(() => expect(server.calls('GET', '/api/coproprietaire/paiement-en-ligne')).toHaveLength(1));
    // The receipts' buttons are there; no payment button.
    expect(within(rowOf('05/11/2026')).getByRole('button', { name: /^Télécharger le reçu de/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /payer en ligne/i })).not.toBeInTheDocument();
  });

  it('is not offered when the server does not know online payment (an older server: 404)', async () => {
    const { server } = await openPage({
      'GET /api/coproprietaire/paiement-en-ligne': () => apiError(404, 'not_found'),
    });
    await waitFor(() => expect(server.calls('GET', '/api/coproprietaire/paiement-en-ligne')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /payer en ligne/i })).not.toBeInTheDocument();
  });

  it("asks for the due's payment and sends the browser to the gateway's page", async () => {
    const user = userEvent.setup();
    const { server, aller } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Payer en ligne Charges courantes 2026 (05/11/2026)' }));
    await waitFor(() => expect(aller).toHaveBeenCalledWith(PAY_URL));
    expect(bodyOf(server.calls('POST', '/api/coproprietaire/paiement-en-ligne/demander')[0])).toEqual({
      montant_du_ids: [702],
    });
    // On its way: this button says so, every payment button waits.
    expect(screen.getByText('Redirection…')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Tout payer en ligne' })).toBeDisabled());
  });

  it('pays every due owed now in one request (not the due that falls later, not the paid one)', async () => {
    const user = userEvent.setup();
    const { server, aller } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Tout payer en ligne' }));
    await waitFor(() => expect(aller).toHaveBeenCalledWith(PAY_URL));
    expect(bodyOf(server.calls('POST', '/api/coproprietaire/paiement-en-ligne/demander')[0])).toEqual({
      montant_du_ids: [702, 701],
    });
  });

  it('says a payment of the due is already under way (409), and stays on the page', async () => {
    const user = userEvent.setup();
    const { aller } = await openPage({
      'POST /api/coproprietaire/paiement-en-ligne/demander': () =>
        apiError(409, 'paiement_en_ligne_en_cours', 'Un paiement en ligne est déjà en cours.'),
    });
    await user.click(await screen.findByRole('button', { name: /^Payer en ligne Ravalement/ }));
    expect(await screen.findByText("Le paiement en ligne n'a pas pu commencer")).toBeInTheDocument();
    expect(screen.getByText(/Un paiement en ligne de cette échéance est déjà en cours\./)).toBeInTheDocument();
    expect(aller).not.toHaveBeenCalled();
    // Usable again.
    await waitFor(() => expect(screen.getByRole('button', { name: /^Payer en ligne Ravalement/ })).toBeEnabled());
  });

  it('says the gateway is down (503) and that nothing was paid', async () => {
    const user = userEvent.setup();
    await openPage({
      'POST /api/coproprietaire/paiement-en-ligne/demander': () => apiError(503, 'passerelle_indisponible'),
    });
    await user.click(await screen.findByRole('button', { name: 'Tout payer en ligne' }));
    expect(
      await screen.findByText(
        "Le service de paiement en ligne ne répond pas. Rien n'a été payé : réessayez dans quelques minutes.",
      ),
    ).toBeInTheDocument();
  });

  it('says online payment was switched off meanwhile (403)', async () => {
    const user = userEvent.setup();
    await openPage({
      'POST /api/coproprietaire/paiement-en-ligne/demander': () => apiError(403, 'paiement_en_ligne_indisponible'),
    });
    await user.click(await screen.findByRole('button', { name: 'Tout payer en ligne' }));
    expect(await screen.findByText(/n'est pas disponible pour votre résidence/)).toBeInTheDocument();
  });

  it('says a due was paid meanwhile (422) and reads the contributions again', async () => {
    const user = userEvent.setup();
    const { server } = await openPage({
      'POST /api/coproprietaire/paiement-en-ligne/demander': () => apiError(422, 'montant_du_deja_paye'),
    });
    await user.click(await screen.findByRole('button', { name: 'Tout payer en ligne' }));
    expect(await screen.findByText('Cette échéance est déjà payée : la liste est mise à jour.')).toBeInTheDocument();
    await waitFor(() => expect(server.calls('GET', '/api/cotisations/coprorprietaire')).toHaveLength(2));
  });

  it('says the refusals in Arabic on an Arabic screen', async () => {
    const user = userEvent.setup();
    await openPage({
      'POST /api/coproprietaire/paiement-en-ligne/demander': () =>
        apiError(409, 'paiement_en_ligne_en_cours', 'Un paiement en ligne est déjà en cours.'),
    });
    await act(() => i18n.changeLanguage('ar'));
    await user.click(await screen.findByRole('button', { name: 'ادفع الكلّ عبر الإنترنت' }));
    expect(await screen.findByText('تعذّر بدء الدفع عبر الإنترنت')).toBeInTheDocument();
    expect(screen.getByText(/يوجد دفع عبر الإنترنت جارٍ لهذا الاستحقاق/)).toBeInTheDocument();
    expect(screen.queryByText(/déjà en cours/)).not.toBeInTheDocument();
  });
});
