import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, depensesServer, membre, travauxAscenseur } from './depenses-fixtures';

describe('charge detail (/syndic/depenses/charges/gerer/{chargeId})', () => {
  it('shows the figures, the invoice thumbnails opening the file, and the payments', async () => {
    depensesServer();
    renderRoute('/syndic/depenses/charges/gerer/11');
    expect(await screen.findByRole('heading', { name: /Électricité mars/ })).toBeInTheDocument();
    expect(screen.getByTestId('restant-du')).toHaveTextContent(/300,000\sDT/);
    expect(screen.getByTestId('montant-total')).toHaveTextContent(/420,500\sDT/);
    const facture = screen.getByRole('link', { name: 'Ouvrir facture-mars.pdf' });
    expect(facture).toHaveAttribute('href', '/api/documents/101');
    expect(facture).toHaveAttribute('target', '_blank');
    expect(facture.querySelector('img')).toHaveAttribute('src', '/api/documents/101/miniature');
    expect(screen.getByText('Aucun devis.')).toBeInTheDocument();
    const paiement = within(screen.getByRole('table')).getByText('10/03/2026').closest('tr') as HTMLElement;
    expect(within(paiement).getByText('Chèque')).toBeInTheDocument();
    expect(within(paiement).getByText('CH-778')).toBeInTheDocument();
    expect(within(paiement).getByText(/^120,500\sDT$/)).toBeInTheDocument();
  });

  it('disables deleting a charge with payments, with the reason', async () => {
    const user = userEvent.setup();
    depensesServer();
    renderRoute('/syndic/depenses/charges/gerer/11');
    const supprimer = await screen.findByTestId('depense-supprimer');
    expect(supprimer).toBeDisabled();
    await user.hover(supprimer.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      "Cette dépense a des paiements : supprimez-les d'abord.",
    );
    expect(screen.getByTestId('depense-modifier')).toHaveAttribute('href', '/syndic/depenses/charges/modifier/11');
  });

  it('deletes an invoice file after confirmation', async () => {
    const user = userEvent.setup();
    const server = depensesServer(undefined, {
      'POST /api/factures/supprimer': () => json(200, { success: true }),
    });
    renderRoute('/syndic/depenses/charges/gerer/11');
    await user.click(await screen.findByRole('button', { name: 'Supprimer le fichier facture-mars.pdf' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Fichier supprimé.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/factures/supprimer')[0])).toEqual({ id: 101 });
  });

  it('edits a payment up to what remains plus its own amount', async () => {
    const user = userEvent.setup();
    const server = depensesServer(undefined, {
      'POST /api/charges-courantes/modifier-paiement': () => json(200, { success: true }),
    });
    renderRoute('/syndic/depenses/charges/gerer/11');
    await user.click(await screen.findByRole('button', { name: 'Modifier le paiement du 10/03/2026' }));
    const form = await screen.findByRole('form', { name: 'Enregistrer le paiement' });
    const montant = within(form).getByLabelText(/Montant/);
    expect(montant).toHaveValue('120.5');
    expect(within(form).getByLabelText('Référence')).toHaveValue('CH-778');
    await user.clear(montant);
    await user.type(montant, '420,501');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await within(form).findByText('Le montant dépasse le reste à payer.')).toBeInTheDocument();
    await user.clear(montant);
    await user.type(montant, '420,5');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await screen.findByText('Paiement modifié.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/charges-courantes/modifier-paiement')[0])).toEqual({
      id: 201,
      charge_id: 11,
      montant: 420.5,
      date_paiement: '2026-03-10',
      methode_paiement: 'cheque',
      reference_paiement: 'CH-778',
    });
  });

  it('edits a works payment, naming the works item as travaux_id', async () => {
    const user = userEvent.setup();
    const paiement = {
      id: 301,
      montant: 500,
      date_paiement: '2026-03-12',
      methode_paiement: 'espece' as const,
      reference_paiement: null,
      compte_id: null,
      is_closed: false,
    };
    const server = depensesServer(undefined, {
      'GET /api/travaux/details-files': () =>
        json(200, {
          success: true,
          travaux: {
            ...travauxAscenseur,
            montant_paye: 500,
            restant_du: 2000,
            has_paiements: true,
            paiements: [paiement],
          },
        }),
      'POST /api/travaux/modifier-paiement': () => json(200, { success: true }),
    });
    renderRoute('/syndic/depenses/travaux/gerer/31');
    await user.click(await screen.findByRole('button', { name: 'Modifier le paiement du 12/03/2026' }));
    const form = await screen.findByRole('form', { name: 'Enregistrer le paiement' });
    const montant = within(form).getByLabelText(/Montant/);
    await user.clear(montant);
    await user.type(montant, '750');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await screen.findByText('Paiement modifié.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/travaux/modifier-paiement')[0])).toEqual({
      id: 301,
      travaux_id: 31,
      montant: 750,
      date_paiement: '2026-03-12',
      methode_paiement: 'espece',
      reference_paiement: null,
    });
    // The record's payments are read again.
    await waitFor(() => expect(server.calls('GET', '/api/travaux/details-files')).toHaveLength(2));
  });

  it('shows a council member every change disabled', async () => {
    depensesServer(membre);
    renderRoute('/syndic/depenses/charges/gerer/11');
    await screen.findByRole('heading', { name: /Électricité mars/ });
    expect(screen.getByTestId('depense-modifier')).toBeDisabled();
    expect(screen.getByTestId('depense-supprimer')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Supprimer le fichier facture-mars.pdf' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Modifier le paiement du 10/03/2026' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enregistrer un paiement' })).toBeDisabled();
  });

  it('says when the charge does not exist', async () => {
    depensesServer(undefined, {
      'GET /api/charges-courantes/details-files': () => apiError(404, 'depense_inconnue', 'x'),
    });
    renderRoute('/syndic/depenses/charges/gerer/99');
    expect(await screen.findByTestId('depense-not-found')).toHaveTextContent("Cette dépense n'existe pas.");
  });

  it('disables every change of a charge dated in a closed exercice', async () => {
    depensesServer();
    renderRoute('/syndic/depenses/charges/gerer/10');
    expect(await screen.findByTestId('depense-closed')).toBeInTheDocument();
    expect(screen.getByTestId('depense-supprimer')).toBeDisabled();
    expect(screen.getByTestId('depense-modifier')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enregistrer un paiement' })).toBeDisabled();
  });
});

describe('works detail (/syndic/depenses/travaux/gerer/{travauxId})', () => {
  it('shows the approval badge and the approving assembly, and the quote thumbnail', async () => {
    depensesServer();
    renderRoute('/syndic/depenses/travaux/gerer/31');
    expect(await screen.findByRole('heading', { name: /Réparation ascenseur/ })).toBeInTheDocument();
    expect(screen.getByTestId('approbation')).toHaveTextContent('Approuvé');
    expect(screen.getByTestId('approbateur')).toHaveTextContent('Assemblée : AG ordinaire 2026');
    expect(screen.getByRole('link', { name: 'Ouvrir devis-ascenseur.png' })).toHaveAttribute(
      'href',
      '/api/documents/102',
    );
  });

  it('deletes works without payments and returns to the list', async () => {
    const user = userEvent.setup();
    const server = depensesServer(undefined, {
      'POST /api/travaux/supprimer': () => json(200, { success: true }),
    });
    const { router } = renderRoute('/syndic/depenses/travaux/gerer/31');
    await screen.findByRole('heading', { name: /Réparation ascenseur/ });
    await user.click(screen.getByTestId('depense-supprimer'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Dépense supprimée.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/depenses/travaux'));
    expect(bodyOf(server.calls('POST', '/api/travaux/supprimer')[0])).toEqual({ id: 31 });
  });
});
