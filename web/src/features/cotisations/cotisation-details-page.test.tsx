import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, membre, modifierInfosCharges2026, revenusServer, tresorier } from './cotisations-fixtures';

const GERER = '/syndic/revenus/cotisations/gerer/2';

async function openDetails(user = tresorier, routes = {}, path = GERER) {
  const server = revenusServer(user, routes);
  const rendered = renderRoute(path);
  return { server, ...rendered };
}

describe('cotisation details (/syndic/revenus/cotisations/gerer/{id})', () => {
  it('shows the cotisation read-only', async () => {
    await openDetails();
    expect(await screen.findByRole('heading', { name: 'Charges courantes 2026' })).toBeInTheDocument();
    const details = await screen.findByTestId('cotisation-details');
    expect(details).toHaveTextContent('Mensuelle');
    expect(details).toHaveTextContent('Égale');
    expect(details).toHaveTextContent('01/01/2026');
    expect(details).toHaveTextContent('31/12/2026');
    expect(details).toHaveTextContent('05/01/2026');
    expect(details).toHaveTextContent(/-1\s780,500\sDT/);
  });

  it('lists what each property still owes, with a link to its payment history', async () => {
    const user = userEvent.setup();
    const { router } = await openDetails();
    const a6 = (await screen.findByText('A6')).closest('tr') as HTMLElement;
    expect(within(a6).getByText('Nour Ayari')).toBeInTheDocument();
    expect(within(a6).getByText('05/04/2026')).toBeInTheDocument();
    expect(within(a6).getByText(/^40,000\sDT$/)).toBeInTheDocument();
    expect(within(a6).queryByText('À échoir')).not.toBeInTheDocument();
    const p1 = screen.getByText('Parking P1').closest('tr') as HTMLElement;
    expect(within(p1).getByText('Aucun payeur')).toBeInTheDocument();
    expect(within(p1).getByText('À échoir')).toBeInTheDocument();
    await user.click(within(a6).getByRole('link', { name: 'Historique des paiements de A6' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/revenus/encaissement/historique/6'));
  });

  it('gives the treasurer edit and delete; deleting returns to the list', async () => {
    const user = userEvent.setup();
    const { server, router } = await openDetails(tresorier, {
      'DELETE /api/cotisations/supprimer': () => json(200, { success: true }),
    });
    await screen.findByTestId('cotisation-details');
    expect(await screen.findByRole('link', { name: 'Modifier' })).toHaveAttribute(
      'href',
      '/syndic/revenus/cotisations/modifier/2',
    );
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/revenus/cotisations'));
    expect(await screen.findByText('Cotisation supprimée.')).toBeInTheDocument();
    expect(bodyOf(server.calls('DELETE', '/api/cotisations/supprimer')[0])).toEqual({ id: 2 });
  });

  it('stays on the page when the deletion is refused (422)', async () => {
    const user = userEvent.setup();
    const { router } = await openDetails(tresorier, {
      'DELETE /api/cotisations/supprimer': () => apiError(422, 'cotisation_avec_encaissements', 'x'),
    });
    await screen.findByTestId('cotisation-details');
    await screen.findByRole('link', { name: 'Modifier' });
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Des encaissements y sont associés.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(GERER);
  });

  it('shows other council members edit and delete disabled with the reason', async () => {
    const user = userEvent.setup();
    await openDetails(membre);
    await screen.findByTestId('cotisation-details');
    const edit = screen.getByRole('button', { name: 'Modifier' });
    expect(edit).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Supprimer' })).toBeDisabled();
    await user.hover(edit.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Seul le trésorier peut effectuer cette opération.');
  });

  it('disables edit and delete up front, with the reason, when payments were collected on the cotisation', async () => {
    const user = userEvent.setup();
    const { server } = await openDetails(tresorier, {
      'GET /api/cotisations/modifier-infos': () =>
        json(200, { success: true, data: { ...modifierInfosCharges2026, has_encaissements: true } }),
    });
    await screen.findByTestId('cotisation-details');
    const reason = 'Cette cotisation a des encaissements associés : elle ne peut être ni modifiée ni supprimée.';
    const edit = await screen.findByRole('button', { name: 'Modifier' });
    await waitFor(() => expect(server.calls('GET', '/api/cotisations/modifier-infos')).toHaveLength(1));
    expect(edit).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Modifier' })).not.toBeInTheDocument();
    const remove = screen.getByRole('button', { name: 'Supprimer' });
    expect(remove).toBeDisabled();
    await user.hover(edit.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
    await user.unhover(edit.parentElement as HTMLElement);
    await user.click(remove);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.calls('DELETE', '/api/cotisations/supprimer')).toHaveLength(0);
  });

  it('does not ask a non-treasurer for the edit data', async () => {
    const { server } = await openDetails(membre);
    await screen.findByTestId('cotisation-details');
    expect(server.calls('GET', '/api/cotisations/modifier-infos')).toHaveLength(0);
  });

  it('disables edit and delete of a cotisation in a closed exercice', async () => {
    await openDetails(tresorier, {}, '/syndic/revenus/cotisations/gerer/1');
    await screen.findByTestId('cotisation-details');
    expect(screen.getByRole('button', { name: 'Modifier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Supprimer' })).toBeDisabled();
    expect(screen.getByText('Tout est payé : aucun restant dû.')).toBeInTheDocument();
  });

  it('says so when the cotisation does not exist', async () => {
    await openDetails(tresorier, {}, '/syndic/revenus/cotisations/gerer/999');
    expect(await screen.findByTestId('cotisation-not-found')).toHaveTextContent("Cette cotisation n'existe pas.");
  });
});
