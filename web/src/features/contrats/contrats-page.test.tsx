import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayIso } from '@/lib/dates';
import { json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, contratsServer, membre } from './contrats-fixtures';

function rowOf(text: string): HTMLElement {
  return within(screen.getByRole('table')).getByText(text).closest('tr') as HTMLElement;
}

describe('revenue contracts (/syndic/revenus/contrats)', () => {
  it('lists each contract with its amount per period, its client, and collect and manage actions', async () => {
    contratsServer();
    renderRoute('/syndic/revenus/contrats');
    await screen.findByRole('heading', { name: 'Contrats de revenus' });
    const row = rowOf('Antenne sur le toit');
    expect(within(row).getByText('Tunisie Telecom')).toBeInTheDocument();
    expect(within(row).getByText('Annuelle')).toBeInTheDocument();
    expect(within(row).getAllByText(/^6\s000,000\sDT$/)).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Gérer le contrat Antenne sur le toit' })).toHaveAttribute(
      'href',
      '/syndic/revenus/contrats/gerer/41',
    );
    expect(screen.getByTestId('contrat-creer')).toHaveAttribute('href', '/syndic/revenus/contrats/creer');
  });

  it('shows a council member the creation and the collection disabled', async () => {
    contratsServer(membre);
    renderRoute('/syndic/revenus/contrats');
    await screen.findByText('Antenne sur le toit');
    expect(screen.getByTestId('contrat-creer')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Encaisser un paiement du contrat Antenne sur le toit' })).toBeDisabled();
  });

  it('collects a payment: what is due by default, at most what remains of the contract, a reference for a cheque', async () => {
    const user = userEvent.setup();
    const server = contratsServer(undefined, {
      'POST /api/contrats-revenus/payer': () => json(200, { success: true, type: 'revenu' }),
    });
    renderRoute('/syndic/revenus/contrats');
    await screen.findByText('Antenne sur le toit');
    await user.click(screen.getByRole('button', { name: 'Encaisser un paiement du contrat Antenne sur le toit' }));
    const form = await screen.findByRole('form', { name: 'Enregistrer le paiement' });
    expect(screen.getByRole('dialog', { name: 'Encaissement : Antenne sur le toit' })).toBeInTheDocument();
    const montant = within(form).getByLabelText(/Montant/);
    expect(montant).toHaveValue('6000');
    // Revenue contracts: no online payment (spec 1 §3).
    const methodes = within(within(form).getByLabelText('Méthode de paiement')).getAllByRole('option');
    expect(methodes.map((option) => option.getAttribute('value')).filter(Boolean)).toEqual([
      'espece',
      'cheque',
      'virement',
    ]);
    expect(within(form).queryByLabelText('Référence')).toBeNull();
    await user.selectOptions(within(form).getByLabelText('Méthode de paiement'), 'cheque');
    await user.clear(montant);
    await user.type(montant, '12000,001');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await within(form).findByText('Le montant dépasse le reste à payer.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/contrats-revenus/payer')).toHaveLength(0);
    await user.clear(montant);
    await user.type(montant, '6 000');
    await user.type(within(form).getByLabelText('Référence'), 'CHQ-1234');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await screen.findByText('Encaissement enregistré.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/contrats-revenus/payer')[0])).toEqual({
      id: 41,
      montant: 6000,
      date_paiement: todayIso(),
      methode_paiement: 'cheque',
      reference_paiement: 'CHQ-1234',
    });
    await waitFor(() => expect(server.calls('GET', '/api/contrats-revenus')).toHaveLength(2));
  });

  it('shows the montant_maximum_depasse refusal under the amount and the closed exercice in a toast', async () => {
    const user = userEvent.setup();
    let answer = json(422, { success: false, code: 'montant_maximum_depasse', message: 'x' });
    contratsServer(undefined, { 'POST /api/contrats-revenus/payer': () => answer });
    renderRoute('/syndic/revenus/contrats');
    await screen.findByText('Antenne sur le toit');
    await user.click(screen.getByRole('button', { name: 'Encaisser un paiement du contrat Antenne sur le toit' }));
    const form = await screen.findByRole('form', { name: 'Enregistrer le paiement' });
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(
      await within(form).findByText('Le montant dépasse ce qui reste à payer sur le contrat.'),
    ).toBeInTheDocument();
    answer = json(403, { success: false, code: 'exercice_cloture', message: 'x' });
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(
      await screen.findByText('Cette action est impossible car la date correspond à un exercice clôturé'),
    ).toBeInTheDocument();
  });
});

describe('expense contracts (/syndic/depenses/contrats-depenses)', () => {
  it('lists each contract with its supplier, and pays one with the expense methods', async () => {
    const user = userEvent.setup();
    contratsServer();
    renderRoute('/syndic/depenses/contrats-depenses');
    await screen.findByRole('heading', { name: 'Contrats de dépenses' });
    const row = rowOf('Maintenance ascenseur');
    expect(within(row).getByText('Otis Tunisie')).toBeInTheDocument();
    expect(within(row).getByText('Mensuelle')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Payer le contrat Maintenance ascenseur' }));
    expect(await screen.findByRole('dialog', { name: 'Paiement : Maintenance ascenseur' })).toBeInTheDocument();
  });
});
