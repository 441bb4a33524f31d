import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { membre, remisesServer, tresorier } from './remises-cheques-fixtures';

const LIST = '/syndic/banque/remises-cheques';

function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr') as HTMLElement;
}

async function openList(user = tresorier, routes = {}) {
  const server = remisesServer(user, routes);
  const rendered = renderRoute(LIST);
  await screen.findByRole('heading', { name: 'Remises de chèques' });
  return { server, ...rendered };
}

describe('cheque deposits (/syndic/banque/remises-cheques)', () => {
  it('lists each deposit with its date, account, reference, cheques count and total', async () => {
    await openList();
    await screen.findByText('15/02/2026');
    const row = rowOf('15/02/2026');
    expect(within(row).getByText('BIAT Courant')).toBeInTheDocument();
    expect(within(row).getByText('BRD-0007')).toBeInTheDocument();
    expect(within(row).getByText('2 chèques')).toBeInTheDocument();
    expect(within(row).getByText(/^200,200\sDT$/)).toBeInTheDocument();
    const old = rowOf('20/06/2025');
    expect(within(old).getByText('1 chèque')).toBeInTheDocument();
    expect(within(old).getByText('—')).toBeInTheDocument();
  });

  it('shows the cheques of a deposit in its detail', async () => {
    const user = userEvent.setup();
    await openList();
    await user.click(await screen.findByRole('button', { name: 'Détail de la remise du 15/02/2026' }));
    const dialog = await screen.findByRole('dialog', { name: /Remise du/ });
    const lines = within(dialog).getAllByTestId('remise-cheque');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Hichem Mejri');
    expect(lines[0]).toHaveTextContent('A3');
    expect(lines[0]).toHaveTextContent('5511');
    expect(lines[0]).toHaveTextContent(/150,100\sDT/);
    expect(dialog).toHaveTextContent('Déposé au guichet');
  });

  it('shows the no-bank prompt instead of the table when the residence has no account', async () => {
    await openList(tresorier, {
      'GET /api/remises-cheques': () => json(200, { success: true, has_bank: false, remises: [] }),
    });
    const alert = await screen.findByTestId('no-bank-alert');
    expect(within(alert).getByRole('link')).toHaveAttribute('href', '/syndic/banque/comptes');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('gives the treasurer the create button', async () => {
    const user = userEvent.setup();
    const { router } = await openList();
    await user.click(screen.getByRole('link', { name: 'Nouvelle remise' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${LIST}/creer`));
  });

  it('shows other council members the create and delete buttons disabled with the reason', async () => {
    const user = userEvent.setup();
    await openList(membre);
    await screen.findByText('15/02/2026');
    const create = screen.getByRole('button', { name: 'Nouvelle remise' });
    expect(create).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Nouvelle remise' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Supprimer la remise du 15/02/2026' })).toBeDisabled();
    // Reading stays open.
    expect(screen.getByRole('button', { name: 'Détail de la remise du 15/02/2026' })).toBeEnabled();
    await user.hover(create.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Seul le trésorier peut effectuer cette opération.');
  });

  it('disables deleting a deposit of a closed exercice', async () => {
    const user = userEvent.setup();
    await openList();
    const remove = await screen.findByRole('button', { name: 'Supprimer la remise du 20/06/2025' });
    expect(remove).toBeDisabled();
    await user.hover(remove.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('exercice clôturé');
  });

  it('deletes after confirmation: its cheques are pending again, the list reloads', async () => {
    const user = userEvent.setup();
    const { server } = await openList(tresorier, {
      'DELETE /api/remises-cheques/supprimer': () => json(200, { success: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Supprimer la remise du 15/02/2026' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer cette remise ?' });
    expect(dialog).toHaveTextContent('de nouveau en attente');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Remise supprimée : ses chèques sont de nouveau en attente.')).toBeInTheDocument();
    const call = server.requests.find((request) => request.method === 'DELETE');
    expect(call?.path).toBe('/api/remises-cheques/supprimer');
    await waitFor(() => expect(server.calls('GET', '/api/remises-cheques')).toHaveLength(2));
  });

  it('says why a deletion was refused', async () => {
    const user = userEvent.setup();
    await openList(tresorier, {
      'DELETE /api/remises-cheques/supprimer': () => apiError(403, 'exercice_cloture', 'x'),
    });
    await user.click(await screen.findByRole('button', { name: 'Supprimer la remise du 15/02/2026' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText("La remise n'a pas pu être supprimée.")).toBeInTheDocument();
    expect(
      screen.getByText('Cette action est impossible car la date correspond à un exercice clôturé'),
    ).toBeInTheDocument();
  });

  it('shows 6 skeleton rows while loading, then the empty state', async () => {
    let answer: (response: Response) => void = () => undefined;
    await openList(tresorier, {
      'GET /api/remises-cheques': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(6);
    answer(json(200, { success: true, has_bank: true, remises: [] }));
    expect(await screen.findByText('Aucune remise de chèques.')).toBeInTheDocument();
  });
});
