import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, contratAntenne, contratAscenseur, contratsServer } from './contrats-fixtures';

const GERER = '/syndic/revenus/contrats/gerer/41';

describe('contract detail (/syndic/revenus/contrats/gerer/{id})', () => {
  it('shows the figures, documents, schedule and payments; a deposited cheque and a contract with payments are locked', async () => {
    const user = userEvent.setup();
    contratsServer();
    renderRoute(GERER);
    await screen.findByRole('heading', { name: 'Antenne sur le toit' });
    expect(screen.getByTestId('montant-echu')).toHaveTextContent(/12\s000,000/);
    expect(screen.getByTestId('montant-paye')).toHaveTextContent(/6\s000,000/);
    expect(screen.getByTestId('restant-a-payer')).toHaveTextContent(/12\s000,000/);
    expect(screen.getByText('Tunisie Telecom')).toBeInTheDocument();
    expect(screen.getByText('(3 périodes)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ouvrir contrat-antenne.pdf' })).toHaveAttribute(
      'href',
      '/api/documents/301',
    );
    expect(screen.getAllByText('Échue')).toHaveLength(2);
    expect(screen.getByText('À venir')).toBeInTheDocument();
    expect(screen.getByText('CHQ-7781')).toBeInTheDocument();
    const edit = screen.getByRole('button', { name: 'Modifier le paiement du 15/01/2025' });
    expect(edit).toBeDisabled();
    await user.hover(edit.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Ce chèque est déjà dans une remise : le paiement ne peut plus être modifié.',
    );
    expect(screen.getByTestId('contrat-supprimer')).toBeDisabled();
    expect(screen.getByTestId('contrat-modifier')).toHaveAttribute('href', '/syndic/revenus/contrats/modifier/41');
  });

  it('answers 411 on a payment edit with the cheque-deposit message, 409 on a delete too', async () => {
    const user = userEvent.setup();
    const paiement = { ...contratAntenne.paiements[0]!, id: 502, cheque_remis: false, date_paiement: '2026-01-20' };
    const server = contratsServer(undefined, {
      'GET /api/contrats-revenus/details-files': () =>
        json(200, { success: true, contrat: { ...contratAntenne, paiements: [paiement] } }),
      'POST /api/contrats-revenus/modifier-paiement': () =>
        json(411, { success: false, code: 'cheque_remis_modification', message: 'x' }),
      'POST /api/contrats-revenus/supprimer-paiement': () =>
        json(409, { success: false, code: 'cheque_remis', message: 'x' }),
    });
    renderRoute(GERER);
    await screen.findByRole('heading', { name: 'Antenne sur le toit' });
    await user.click(screen.getByRole('button', { name: 'Modifier le paiement du 20/01/2026' }));
    const form = await screen.findByRole('form', { name: 'Enregistrer le paiement' });
    expect(within(form).getByLabelText(/Montant/)).toHaveValue('6000');
    expect(within(form).getByLabelText('Référence')).toHaveValue('CHQ-7781');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await screen.findByText('Ce chèque est déjà dans une remise : action impossible.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/contrats-revenus/modifier-paiement')[0])).toEqual({
      id: 502,
      contrat_id: 41,
      montant: 6000,
      date_paiement: '2026-01-20',
      methode_paiement: 'cheque',
      reference_paiement: 'CHQ-7781',
    });
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    await user.click(screen.getByRole('button', { name: 'Supprimer le paiement du 20/01/2026' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(server.calls('POST', '/api/contrats-revenus/supprimer-paiement')).toHaveLength(1));
    expect(await screen.findAllByText('Ce chèque est déjà dans une remise : action impossible.')).not.toHaveLength(0);
  });

  it('offers online payment on an expense contract payment edit only', async () => {
    const user = userEvent.setup();
    const paiement = { ...contratAntenne.paiements[0]!, id: 503, cheque_remis: false, methode_paiement: 'virement' };
    contratsServer(undefined, {
      'GET /api/contrats-depenses/details-files': () =>
        json(200, { success: true, contrat: { ...contratAscenseur, paiements: [paiement], has_paiements: true } }),
    });
    renderRoute('/syndic/depenses/contrats-depenses/gerer/42');
    await screen.findByRole('heading', { name: 'Maintenance ascenseur' });
    expect(screen.getByText('Otis Tunisie')).toBeInTheDocument();
    expect(screen.getByText('Ascenseur')).toBeInTheDocument();
    await user.click(screen.getByTestId('contrat-payer'));
    let form = await screen.findByRole('form', { name: 'Enregistrer le paiement' });
    const values = (element: HTMLElement) =>
      within(within(element).getByLabelText('Méthode de paiement'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value'))
        .filter(Boolean);
    expect(values(form)).toEqual(['espece', 'cheque', 'virement']);
    await user.click(within(form).getByRole('button', { name: 'Annuler' }));
    await user.click(screen.getByRole('button', { name: 'Modifier le paiement du 15/01/2025' }));
    form = await screen.findByRole('form', { name: 'Enregistrer le paiement' });
    expect(values(form)).toEqual(['espece', 'cheque', 'virement', 'enligne']);
  });

  it('says the contract does not exist', async () => {
    contratsServer();
    renderRoute('/syndic/revenus/contrats/gerer/999');
    expect(await screen.findByTestId('contrat-not-found')).toHaveTextContent("Ce contrat n'existe pas.");
  });
});
