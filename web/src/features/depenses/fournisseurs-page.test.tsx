import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, depensesServer, fournisseurs, membre } from './depenses-fixtures';

const LIST = '/syndic/depenses/fournisseurs';

function rowOf(text: string): HTMLElement {
  return within(screen.getByRole('table')).getByText(text).closest('tr') as HTMLElement;
}

describe('suppliers (/syndic/depenses/fournisseurs)', () => {
  it('lists name, phone grouped 2-3-3 and activity, and shows every field in the details dialog', async () => {
    const user = userEvent.setup();
    depensesServer();
    renderRoute(LIST);
    await screen.findByText('Hédi le jardinier');
    const steg = rowOf('STEG');
    expect(within(steg).getByText('71 341 311')).toBeInTheDocument();
    expect(within(steg).getByText('Électricité')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Supprimer le fournisseur STEG' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Supprimer le fournisseur Hédi le jardinier' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Détails du fournisseur STEG' }));
    const dialog = await screen.findByTestId('fournisseur-details');
    for (const text of ['Entreprise', 'contact@steg.com.tn', '38 rue Kamel Ataturk', 'Tunis', '0001234A'])
      expect(within(dialog).getAllByText(text).length).toBeGreaterThan(0);
  });

  it("shows the server's fournisseur_utilise refusal by its message", async () => {
    const user = userEvent.setup();
    depensesServer(undefined, {
      'POST /api/fournisseurs/supprimer': () => apiError(422, 'fournisseur_utilise', 'x'),
    });
    renderRoute(LIST);
    await user.click(await screen.findByRole('button', { name: 'Supprimer le fournisseur Hédi le jardinier' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(
      await screen.findByText('Suppression impossible : ce fournisseur a des charges ou des travaux.'),
    ).toBeInTheDocument();
  });

  it('shows a council member the creation, edit and delete disabled', async () => {
    const user = userEvent.setup();
    depensesServer(membre);
    renderRoute(LIST);
    await screen.findByText('Hédi le jardinier');
    const create = screen.getByTestId('fournisseur-creer');
    expect(create).toBeDisabled();
    await user.hover(create.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Seul le trésorier peut effectuer cette opération.');
    expect(screen.getByRole('button', { name: 'Modifier le fournisseur STEG' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Supprimer le fournisseur Hédi le jardinier' })).toBeDisabled();
  });
});

describe('supplier form', () => {
  it('refuses a missing name and a phone that is not 8 digits, then creates the supplier', async () => {
    const user = userEvent.setup();
    const server = depensesServer(undefined, {
      'POST /api/fournisseurs/creer': () => json(200, { success: true, fournisseur: { ...fournisseurs[1], id: 9 } }),
    });
    renderRoute('/syndic/depenses/fournisseurs/creer');
    const form = await screen.findByRole('form', { name: 'Nouveau fournisseur' });
    expect(within(form).getByLabelText('Type')).toHaveValue('particulier');
    await user.type(within(form).getByLabelText('Téléphone'), '2012');
    await user.click(within(form).getByRole('button', { name: 'Créer le fournisseur' }));
    expect(await within(form).findByText('Le nom est obligatoire.')).toBeInTheDocument();
    expect(within(form).getByText('Le téléphone doit comporter exactement 8 chiffres.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Nom/), 'Ascenseurs du Sahel');
    await user.type(within(form).getByLabelText('Téléphone'), '3456');
    await waitFor(() => expect(within(form).getByLabelText('Gouvernorat')).toHaveTextContent('Tunis'));
    await user.selectOptions(within(form).getByLabelText('Gouvernorat'), '23');
    await user.selectOptions(within(form).getByLabelText('Type'), 'entreprise');
    await user.click(within(form).getByRole('button', { name: 'Créer le fournisseur' }));
    expect(await screen.findByText('Fournisseur créé.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/fournisseurs/creer')[0])).toEqual({
      nom: 'Ascenseurs du Sahel',
      tel: '20123456',
      type: 'entreprise',
      email: null,
      adresse: null,
      ville: null,
      gouvernorat: 23,
      activite: null,
      identifiant: null,
      commentaire: null,
    });
    expect(await screen.findByRole('heading', { name: 'Fournisseurs' })).toBeInTheDocument();
  });

  it('edits a loaded supplier, and sends an unknown one back to the list', async () => {
    const user = userEvent.setup();
    const server = depensesServer(undefined, {
      'POST /api/fournisseurs/modifier': () => json(200, { success: true, fournisseur: fournisseurs[0] }),
    });
    const { router } = renderRoute('/syndic/depenses/fournisseurs/modifier/1');
    const form = await screen.findByRole('form', { name: 'Modifier le fournisseur' });
    expect(within(form).getByLabelText(/Nom/)).toHaveValue('STEG');
    // Shown grouped as in the list, sent as its 8 digits.
    expect(within(form).getByLabelText('Téléphone')).toHaveValue('71 341 311');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Fournisseur modifié.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/fournisseurs/modifier')[0])).toMatchObject({
      id: 1,
      tel: '71341311',
      gouvernorat: 23,
    });
    await router.navigate('/syndic/depenses/fournisseurs/modifier/99');
    expect(await screen.findByText("Ce fournisseur n'existe pas.")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
  });
});
