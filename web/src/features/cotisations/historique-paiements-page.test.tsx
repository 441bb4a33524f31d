import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { apiError } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { captureDownloads, membre, pdf, revenusServer, tresorier } from './cotisations-fixtures';

const HISTORIQUE_A5 = '/syndic/revenus/encaissement/historique/5';

function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr') as HTMLElement;
}

async function openHistory(user = tresorier, routes = {}, path = HISTORIQUE_A5) {
  const server = revenusServer(user, routes);
  const rendered = renderRoute(path);
  await screen.findByRole('heading', { name: 'Historique des paiements — A5' });
  await screen.findByText('Reçu n° 2026-000095');
  return { server, ...rendered };
}

describe('payment history (/syndic/revenus/encaissement/historique/{id})', () => {
  it('shows the remaining-due card and the payments, newest first', async () => {
    await openHistory();
    expect(screen.getByTestId('historique-restant-du')).toHaveTextContent(/^75,000\sDT$/);
    const recent = rowOf('Reçu n° 2026-000095');
    expect(recent).toHaveTextContent('08/10/2026');
    expect(recent).toHaveTextContent('Charges courantes 2026');
    expect(recent).toHaveTextContent('Échéance du 05/10/2026');
    expect(recent).toHaveTextContent('Sami Gharbi');
    expect(recent).toHaveTextContent(/40,000\sDT/);
    expect(recent).toHaveTextContent('Espèces');
    expect(within(recent).getByText('Payé')).toBeInTheDocument();
    const partial = rowOf('Reçu n° 2026-000104');
    expect(partial).toHaveTextContent('Versement');
    expect(partial).toHaveTextContent('VERS-293');
    expect(within(partial).getByText('Partiel')).toBeInTheDocument();
  });

  it('shows the unpaid dues in the second tab, a future one marked', async () => {
    const user = userEvent.setup();
    await openHistory();
    await user.click(screen.getByRole('tab', { name: /Restants dus/ }));
    const ravalement = rowOf('Ravalement de façade');
    expect(ravalement).toHaveTextContent('15/05/2026');
    expect(ravalement).toHaveTextContent(/75,000\sDT/);
    expect(within(ravalement).queryByText('À échoir')).not.toBeInTheDocument();
    const charges = rowOf('Charges courantes 2026');
    expect(within(charges).getByText('À échoir')).toBeInTheDocument();
  });

  it('downloads a receipt with a plain request, under the name the server gives', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    const { server } = await openHistory(tresorier, {
      'GET /api/cotisations/encaissement/recu': () => pdf('re%C3%A7u_2026-000095.pdf'),
    });
    await user.click(screen.getByRole('button', { name: 'Télécharger le reçu 2026-000095' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('reçu_2026-000095.pdf');
    const call = server.requests.find((r) => r.path === '/api/cotisations/encaissement/recu');
    expect(call?.method).toBe('GET');
    const fetchMock = globalThis.fetch as unknown as { mock: { calls: [RequestInfo | URL][] } };
    const urls = fetchMock.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    expect(urls).toContain(`${window.location.origin}/api/cotisations/encaissement/recu?encaissement_id=95`);
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('falls back to reçu_cotisation.pdf when the server names no file', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    await openHistory(tresorier, { 'GET /api/cotisations/encaissement/recu': () => pdf(null) });
    await user.click(screen.getByRole('button', { name: 'Télécharger le reçu 2026-000104' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('reçu_cotisation.pdf');
  });

  it('logs a failed download and says so', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await openHistory(tresorier, {
      'GET /api/cotisations/encaissement/recu': () => apiError(404, 'encaissement_inconnu'),
    });
    await user.click(screen.getByRole('button', { name: 'Télécharger le reçu 2026-000095' }));
    expect(await screen.findByText("Le reçu n'a pas pu être téléchargé.")).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    expect(logged).toHaveBeenCalledWith(
      'receipt download failed',
      expect.objectContaining({ status: 404, code: 'encaissement_inconnu' }),
    );
  });

  it('links the treasurer to the manage page of a payment', async () => {
    const user = userEvent.setup();
    const { router } = await openHistory();
    await user.click(screen.getByRole('link', { name: "Gérer l'encaissement 2026-000104" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${HISTORIQUE_A5}/gerer/104`));
  });

  it('disables managing a payment of a closed exercice, with the reason', async () => {
    const user = userEvent.setup();
    await openHistory();
    await user.type(screen.getByRole('searchbox'), '2024');
    const manage = await screen.findByRole('button', { name: "Gérer l'encaissement 2024-000012" });
    expect(manage).toBeDisabled();
    await user.hover(manage.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('exercice clôturé');
  });

  it('lets other council members download receipts but not manage payments', async () => {
    const user = userEvent.setup();
    await openHistory(membre);
    expect(screen.getByRole('button', { name: 'Télécharger le reçu 2026-000095' })).toBeEnabled();
    const manage = screen.getByRole('button', { name: "Gérer l'encaissement 2026-000095" });
    expect(manage).toBeDisabled();
    await user.hover(manage.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Seul le trésorier peut effectuer cette opération.');
  });

  it('says so when the property does not exist', async () => {
    revenusServer(tresorier);
    renderRoute('/syndic/revenus/encaissement/historique/999');
    expect(await screen.findByTestId('historique-paiements-not-found')).toHaveTextContent(
      "Cette propriété n'existe pas.",
    );
  });

  it('reads right to left in Arabic, amounts and receipt numbers kept left to right', async () => {
    await i18n.changeLanguage('ar');
    revenusServer(tresorier);
    renderRoute(HISTORIQUE_A5);
    expect(await screen.findByRole('heading', { name: 'سجلّ الدفوعات — A5' })).toBeInTheDocument();
    const receipt = await screen.findByText('الوصل عدد \u20662026-000095\u2069');
    expect(receipt.closest('[dir]')).toHaveAttribute('dir', 'rtl');
    // The number reads left to right; the unit is the Arabic one, after it in the sentence.
    expect(screen.getByTestId('historique-restant-du').querySelector('[dir="ltr"]')).toHaveTextContent(/^75,000$/);
    expect(screen.getByTestId('historique-restant-du')).toHaveTextContent(/د\.ت$/);
  });
});
