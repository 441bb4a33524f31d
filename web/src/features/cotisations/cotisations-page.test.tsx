import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, cotisations, membre, revenusServer, tresorier } from './cotisations-fixtures';

const LIST = '/syndic/revenus/cotisations';

function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr') as HTMLElement;
}

async function openList(user = tresorier, routes = {}) {
  const server = revenusServer(user, routes);
  const rendered = renderRoute(LIST);
  await screen.findByRole('heading', { name: 'Cotisations' });
  return { server, ...rendered };
}

describe('cotisation list (/syndic/revenus/cotisations)', () => {
  it('shows each cotisation with its type and split labels, due date and balance', async () => {
    await openList();
    await screen.findByText('Charges courantes 2026');
    const charges = rowOf('Charges courantes 2026');
    expect(within(charges).getByText('Mensuelle')).toBeInTheDocument();
    expect(within(charges).getByText('Égale')).toBeInTheDocument();
    expect(within(charges).getByText('05/01/2026')).toBeInTheDocument();
    // Still due: the negative amount, in red.
    const solde = charges.querySelector('[data-solde="du"]') as HTMLElement;
    expect(solde).toHaveTextContent(/^-1\s780,500\sDT$/);
    expect(solde).toHaveClass('text-destructive');

    const ravalement = rowOf('Ravalement de façade');
    expect(within(ravalement).getByText('Exceptionnelle')).toBeInTheDocument();
    expect(within(ravalement).getByText('Prédéfinie')).toBeInTheDocument();

    // Fully paid: the badge instead of 0.
    const old = rowOf('Charges courantes 2024');
    expect(within(old).getByText('Trimestrielle')).toBeInTheDocument();
    expect(within(old).getByText('Personnalisée')).toBeInTheDocument();
    expect(within(old).getByText('Payé')).toHaveAttribute('data-solde', 'paye');
    expect(old).not.toHaveTextContent('0,000');
  });

  it('finds cotisations by type label and by the paid badge', async () => {
    const user = userEvent.setup();
    await openList();
    await screen.findByText('Charges courantes 2026');
    const search = screen.getByRole('searchbox');
    await user.type(search, 'trimestrielle');
    expect(screen.getByText('Charges courantes 2024')).toBeInTheDocument();
    expect(screen.queryByText('Charges courantes 2026')).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'payé');
    expect(screen.getByText('Charges courantes 2024')).toBeInTheDocument();
    expect(screen.queryByText('Ravalement de façade')).not.toBeInTheDocument();
  });

  it('links the manage action and the title to the details page', async () => {
    const user = userEvent.setup();
    const { router } = await openList();
    await user.click(await screen.findByRole('link', { name: 'Gérer la cotisation Charges courantes 2026' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${LIST}/gerer/2`));
  });

  it('gives the treasurer the create button', async () => {
    const user = userEvent.setup();
    const { router } = await openList();
    await user.click(screen.getByRole('link', { name: 'Nouvelle cotisation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${LIST}/creer`));
  });

  it('shows other council members the create and delete buttons disabled with the reason', async () => {
    const user = userEvent.setup();
    await openList(membre);
    await screen.findByText('Charges courantes 2026');
    const create = screen.getByRole('button', { name: 'Nouvelle cotisation' });
    expect(create).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Nouvelle cotisation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Supprimer la cotisation Charges courantes 2026' })).toBeDisabled();
    // Reading is for every council member.
    expect(screen.getByRole('link', { name: 'Gérer la cotisation Charges courantes 2026' })).toBeInTheDocument();
    await user.hover(create.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Seul le trésorier peut effectuer cette opération.');
  });

  it('disables deleting a cotisation of a closed exercice, with the reason', async () => {
    const user = userEvent.setup();
    await openList();
    await screen.findByText('Charges courantes 2024');
    const remove = screen.getByRole('button', { name: 'Supprimer la cotisation Charges courantes 2024' });
    expect(remove).toBeDisabled();
    await user.hover(remove.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('exercice clôturé');
  });

  it('disables deleting a cotisation that has payments, with the reason, before any confirmation', async () => {
    const user = userEvent.setup();
    const paid = { ...cotisations[1], has_encaissements: true };
    await openList(tresorier, {
      'GET /api/cotisations': () => json(200, { success: true, data: [paid] }),
    });
    const remove = await screen.findByRole('button', { name: 'Supprimer la cotisation Charges courantes 2026' });
    expect(remove).toBeDisabled();
    await user.hover(remove.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('encaissements associés');
  });

  it('deletes after confirmation, with a success toast, and reloads the list', async () => {
    const user = userEvent.setup();
    const { server } = await openList(tresorier, {
      'DELETE /api/cotisations/supprimer': () => json(200, { success: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Supprimer la cotisation Ravalement de façade' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer cette cotisation ?' });
    expect(dialog).toHaveTextContent('« Ravalement de façade »');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Cotisation supprimée.')).toBeInTheDocument();
    expect(bodyOf(server.calls('DELETE', '/api/cotisations/supprimer')[0])).toEqual({ id: 3 });
    await waitFor(() => expect(server.calls('GET', '/api/cotisations')).toHaveLength(2));
  });

  it('explains a refused deletion: encaissements are associated (422)', async () => {
    const user = userEvent.setup();
    await openList(tresorier, {
      'DELETE /api/cotisations/supprimer': () =>
        apiError(422, 'cotisation_avec_encaissements', 'Cette cotisation a des encaissements associés.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Supprimer la cotisation Charges courantes 2026' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText("La cotisation n'a pas pu être supprimée.")).toBeInTheDocument();
    expect(screen.getByText('Des encaissements y sont associés.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('says why another refusal happened (closed exercice)', async () => {
    const user = userEvent.setup();
    await openList(tresorier, {
      'DELETE /api/cotisations/supprimer': () => apiError(403, 'exercice_cloture', 'x'),
    });
    await user.click(await screen.findByRole('button', { name: 'Supprimer la cotisation Charges courantes 2026' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText("La cotisation n'a pas pu être supprimée.")).toBeInTheDocument();
    expect(
      screen.getByText('Cette action est impossible car la date correspond à un exercice clôturé'),
    ).toBeInTheDocument();
  });

  it('shows 10 skeleton rows while loading (a revenue list), then the empty state', async () => {
    let answer: (response: Response) => void = () => undefined;
    await openList(tresorier, { 'GET /api/cotisations': () => new Promise<Response>((resolve) => (answer = resolve)) });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(10);
    answer(json(200, { success: true, data: [] }));
    expect(await screen.findByText('Aucune cotisation.')).toBeInTheDocument();
  });

  it('shows the error line when the list cannot be fetched', async () => {
    await openList(tresorier, { 'GET /api/cotisations': () => apiError(500, 'internal_error') });
    expect(await screen.findByText('Erreur lors de la récupération des données.')).toBeInTheDocument();
  });
});

describe('finance-only cotisation routes', () => {
  it.each(['creer', 'modifier/2'])('sends a council member opening …/%s to /unauthorized', async (suffix) => {
    revenusServer(membre);
    const { router } = renderRoute(`${LIST}/${suffix}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });
});
