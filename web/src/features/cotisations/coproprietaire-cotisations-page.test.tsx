import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { captureDownloads, mesCotisations, pdf, revenusServer, sami } from './cotisations-fixtures';

const PAGE = '/coproprietaire/cotisations';

function rowOf(date: string): HTMLElement {
  return screen.getByText(date).closest('tr') as HTMLElement;
}

async function openPage(routes = {}) {
  const server = revenusServer(sami, routes);
  const rendered = renderRoute(PAGE);
  await screen.findByRole('heading', { name: 'Mes cotisations' });
  await screen.findByText('05/11/2026');
  return { server, ...rendered };
}

describe('co-owner contributions (/coproprietaire/cotisations)', () => {
  it('shows each contribution with its amount, due date and state badge', async () => {
    await openPage();
    const unpaid = rowOf('05/11/2026');
    expect(unpaid).toHaveTextContent('Charges courantes 2026');
    expect(unpaid).toHaveTextContent(/40,000\sDT/);
    expect(within(unpaid).getByText('Non payé')).toBeInTheDocument();
    const partial = rowOf('15/05/2026');
    expect(partial).toHaveTextContent('Ravalement de façade');
    expect(partial).toHaveTextContent(/150,000\sDT/);
    expect(within(partial).getByText('Partiel')).toBeInTheDocument();
    expect(within(rowOf('05/10/2026')).getByText('Payé')).toBeInTheDocument();
  });

  it('shows a call not due yet as "À échoir", and what is owed now apart from what falls due later', async () => {
    const later = {
      ...mesCotisations[0]!,
      id: 799,
      titre: 'Charges futures',
      montant_total: 60,
      restant_du: 60,
      date_echeance: '2099-01-05',
    };
    await openPage({
      'GET /api/cotisations/coprorprietaire': () =>
        json(200, { success: true, cotisations: [later, ...mesCotisations] }),
    });
    const future = rowOf('05/01/2099');
    expect(within(future).getByText('À échoir')).toBeInTheDocument();
    expect(within(future).queryByText('Non payé')).not.toBeInTheDocument();
    // Reached and unpaid: 40 + 75 (the paid line adds nothing); the call of 2099 is apart.
    expect(screen.getByTestId('coproprietaire-solde')).toHaveTextContent(/^115,000\sDT$/);
    expect(screen.getByTestId('coproprietaire-a-echoir')).toHaveTextContent(/^60,000\sDT$/);
    expect(screen.getByText('Solde à payer')).toBeInTheDocument();
  });

  it('disables the receipt of an unpaid contribution, with the reason', async () => {
    const user = userEvent.setup();
    await openPage();
    const receipt = within(rowOf('05/11/2026')).getByRole('button', { name: /^Télécharger le reçu de/ });
    expect(receipt).toBeDisabled();
    await user.hover(receipt.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Aucun paiement : pas encore de reçu.');
    expect(within(rowOf('15/05/2026')).getByRole('button', { name: /^Télécharger le reçu de/ })).toBeEnabled();
  });

  it('downloads the receipt of a paid contribution by its montant dû', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    const { server } = await openPage({ 'GET /api/cotisations/recu': () => pdf('recu_2026-000095.pdf') });
    await user.click(
      screen.getByRole('button', { name: 'Télécharger le reçu de Charges courantes 2026 (échéance 05/10/2026)' }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('recu_2026-000095.pdf');
    expect(server.calls('GET', '/api/cotisations/recu')).toHaveLength(1);
    const fetchMock = globalThis.fetch as unknown as { mock: { calls: [RequestInfo | URL][] } };
    const urls = fetchMock.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    expect(urls).toContain(`${window.location.origin}/api/cotisations/recu?montant_du_id=690`);
  });

  it('says that nothing was paid yet when the server has no receipt (aucun_paiement)', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await openPage({ 'GET /api/cotisations/recu': () => apiError(422, 'aucun_paiement', 'x') });
    await user.click(
      screen.getByRole('button', { name: 'Télécharger le reçu de Ravalement de façade (échéance 15/05/2026)' }),
    );
    expect(
      await screen.findByText('Aucun paiement : pas encore de reçu.', { selector: '[data-sonner-toast] *' }),
    ).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('opens the details dialog with the property, the type and the period', async () => {
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Détails de Ravalement de façade (échéance 15/05/2026)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ravalement de façade' });
    const details = within(dialog).getByTestId('contribution-details');
    expect(details).toHaveTextContent('A5');
    expect(details).toHaveTextContent('Exceptionnelle');
    expect(details).toHaveTextContent('Du 01/05/2026 au 31/05/2026');
    expect(details).toHaveTextContent(/Restant dû\s*75,000\sDT/);
  });

  it('is in the co-owner sidebar', async () => {
    await openPage();
    expect(screen.getByTestId('nav-cotisations')).toHaveAttribute('href', PAGE);
  });
});
