import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayIso } from '@/lib/dates';
import { json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, contratsServer, membre } from './contrats-fixtures';

describe('clients (/syndic/revenus/clients)', () => {
  it('lists the clients with their phone and activity, a details dialog, delete disabled for a client in use', async () => {
    const user = userEvent.setup();
    contratsServer();
    renderRoute('/syndic/revenus/clients');
    await screen.findByRole('heading', { name: 'Clients' });
    expect(screen.getByText('71 000 000')).toBeInTheDocument();
    expect(screen.getByText('Télécommunications')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Supprimer le client Tunisie Telecom' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Supprimer le client Pharmacie du Jasmin' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Détails du client Tunisie Telecom' }));
    const details = await screen.findByTestId('client-details');
    expect(within(details).getByText('0000001/A/M/000')).toBeInTheDocument();
    expect(within(details).getByText('Jardins du Lac')).toBeInTheDocument();
  });

  it('creates a client, refusing a phone that is not 8 digits', async () => {
    const user = userEvent.setup();
    const server = contratsServer(undefined, {
      'POST /api/clients/creer': () => json(200, { success: true, client: { id: 5, nom: 'Ooredoo' } }),
    });
    const { router } = renderRoute('/syndic/revenus/clients/creer');
    const form = await screen.findByRole('form', { name: 'Nouveau client' });
    await user.type(within(form).getByLabelText(/Nom/), 'Ooredoo');
    await user.type(within(form).getByLabelText('Téléphone'), '1234');
    await user.click(within(form).getByRole('button', { name: 'Créer le client' }));
    expect(await within(form).findByText('Le téléphone doit compter 8 chiffres.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Téléphone'), '5678');
    await user.selectOptions(within(form).getByLabelText('Gouvernorat'), '23');
    await user.type(within(form).getByLabelText(/Matricule fiscal/), '1234567/A/M/000');
    await user.click(within(form).getByRole('button', { name: 'Créer le client' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/revenus/clients'));
    expect(bodyOf(server.calls('POST', '/api/clients/creer')[0])).toEqual({
      nom: 'Ooredoo',
      tel: '12345678',
      email: null,
      adresse: null,
      ville: null,
      gouvernorat: 23,
      activite: null,
      matricule_fiscal: '1234567/A/M/000',
      commentaire: null,
    });
  });

  it('sends back to the list a client that is not loaded', async () => {
    contratsServer();
    const { router } = renderRoute('/syndic/revenus/clients/modifier/999');
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/revenus/clients'));
  });
});

describe('exceptional revenues (/syndic/revenus/revenus-exceptionnels)', () => {
  it('lists them and disables the creation for a council member', async () => {
    contratsServer(membre);
    renderRoute('/syndic/revenus/revenus-exceptionnels');
    await screen.findByText("Vente de l'ancien portail");
    expect(screen.getByText(/^350,500\sDT$/)).toBeInTheDocument();
    expect(screen.getByTestId('revenu-creer')).toBeDisabled();
  });

  it('creates one with a cheque reference and a client; the exercice guard refusals are toasts', async () => {
    const user = userEvent.setup();
    let answer = json(409, { success: false, code: 'aucun_exercice_ouvert', message: 'x' });
    const server = contratsServer(undefined, { 'POST /api/revenus-exceptionnels/creer': () => answer });
    const { router } = renderRoute('/syndic/revenus/revenus-exceptionnels/creer');
    const form = await screen.findByRole('form', { name: 'Nouveau revenu exceptionnel' });
    expect(within(form).queryByLabelText('Référence')).toBeNull();
    await user.type(within(form).getByLabelText(/Titre/), 'Indemnité assurance');
    await user.type(within(form).getByLabelText(/Montant/), '1 500,250');
    await user.selectOptions(within(form).getByLabelText('Méthode de paiement'), 'cheque');
    await user.type(within(form).getByLabelText('Référence'), 'CHQ-55');
    await user.click(within(form).getByRole('combobox', { name: 'Client' }));
    await user.click(screen.getByRole('option', { name: 'Tunisie Telecom' }));
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Le revenu n'a pas pu être enregistré.")).toBeInTheDocument();
    answer = json(200, { success: true, revenu: {} });
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/revenus/revenus-exceptionnels'));
    expect(bodyOf(server.calls('POST', '/api/revenus-exceptionnels/creer')[1])).toEqual({
      titre: 'Indemnité assurance',
      montant: 1500.25,
      date_paiement: todayIso(),
      methode_paiement: 'cheque',
      reference_paiement: 'CHQ-55',
      commentaire: null,
      client: 1,
    });
  });
});
