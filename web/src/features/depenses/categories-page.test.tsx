import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, depensesServer, membre } from './depenses-fixtures';

const LIST = '/syndic/depenses/categories';

async function openList(server = depensesServer()) {
  renderRoute(LIST);
  await screen.findByRole('heading', { name: 'Catégories de dépenses' });
  await screen.findByText('Jardinage');
  return server;
}

describe('expense categories (/syndic/depenses/categories)', () => {
  it('lists the categories and disables deleting one in use, with the reason', async () => {
    const user = userEvent.setup();
    await openList();
    expect(screen.getByText('Parties communes')).toBeInTheDocument();
    const used = screen.getByRole('button', { name: 'Supprimer la catégorie Électricité' });
    expect(used).toBeDisabled();
    await user.hover(used.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Cette catégorie classe des charges ou des travaux');
    expect(screen.getByRole('button', { name: 'Supprimer la catégorie Jardinage' })).toBeEnabled();
  });

  it('creates a category in the dialog, refusing an empty title first', async () => {
    const user = userEvent.setup();
    const server = depensesServer(undefined, {
      'POST /api/categories/creer': () =>
        json(200, { success: true, categorie: { id: 3, titre: 'Ascenseur', description: null, utilisee: false } }),
    });
    await openList(server);
    await user.click(screen.getByTestId('categorie-creer'));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle catégorie' });
    await user.click(within(dialog).getByRole('button', { name: 'Créer la catégorie' }));
    expect(await within(dialog).findByText('Le titre est obligatoire.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Titre/), 'Ascenseur');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la catégorie' }));
    expect(await screen.findByText('Catégorie créée.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/categories/creer')[0])).toEqual({ titre: 'Ascenseur', description: null });
    await waitFor(() => expect(server.calls('GET', '/api/categories')).toHaveLength(2));
  });

  it('edits a category in the dialog', async () => {
    const user = userEvent.setup();
    const server = depensesServer(undefined, {
      'POST /api/categories/modifier': () =>
        json(200, { success: true, categorie: { id: 2, titre: 'Espaces verts', description: null, utilisee: false } }),
    });
    await openList(server);
    await user.click(screen.getByRole('button', { name: 'Modifier la catégorie Jardinage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la catégorie' });
    const titre = within(dialog).getByLabelText(/Titre/);
    expect(titre).toHaveValue('Jardinage');
    await user.clear(titre);
    await user.type(titre, 'Espaces verts');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Catégorie modifiée.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/categories/modifier')[0])).toEqual({
      id: 2,
      titre: 'Espaces verts',
      description: null,
    });
  });

  it("shows the server's categorie_utilisee refusal by its message", async () => {
    const user = userEvent.setup();
    await openList(
      depensesServer(undefined, {
        'POST /api/categories/supprimer': () => apiError(422, 'categorie_utilisee', 'x'),
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Supprimer la catégorie Jardinage' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('La suppression a échoué.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Suppression impossible : cette catégorie est utilisée par des charges, des travaux ou un budget.',
      ),
    ).toBeInTheDocument();
  });

  it('shows a council member every change disabled', async () => {
    await openList(depensesServer(membre));
    expect(screen.getByTestId('categorie-creer')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Modifier la catégorie Jardinage' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Supprimer la catégorie Jardinage' })).toBeDisabled();
  });

  it('shows the error line with a retry when the list fails', async () => {
    const user = userEvent.setup();
    let failures = 1;
    const server = depensesServer(undefined, {
      'GET /api/categories': () =>
        failures-- > 0 ? apiError(500, 'internal_error') : json(200, { success: true, categories: [] }),
    });
    renderRoute(LIST);
    expect(await screen.findByText('Erreur lors de la récupération des données.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Aucune catégorie.')).toBeInTheDocument();
    expect(server.calls('GET', '/api/categories')).toHaveLength(2);
  });
});
