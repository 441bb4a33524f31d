import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { todayIso } from '@/lib/dates';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, depensesServer, membre } from './depenses-fixtures';

const CHARGES = '/syndic/depenses/charges';

function rowOf(text: string): HTMLElement {
  return within(screen.getByRole('table')).getByText(text).closest('tr') as HTMLElement;
}

async function openCharges(server = depensesServer()) {
  renderRoute(CHARGES);
  await screen.findByRole('heading', { name: 'Charges courantes' });
  await screen.findByText('Taille des haies');
  return server;
}

async function openPaySheet(user: ReturnType<typeof userEvent.setup>, titre = 'Électricité mars') {
  await user.click(screen.getByRole('button', { name: `Payer ${titre}` }));
  return screen.findByRole('form', { name: 'Enregistrer le paiement' });
}

describe('current charges (/syndic/depenses/charges)', () => {
  it('shows each charge with its amounts and payment badge, and pay only while something remains', async () => {
    await openCharges();
    const edf = rowOf('Électricité mars');
    expect(within(edf).getByText(/^420,500\sDT$/)).toBeInTheDocument();
    expect(within(edf).getByText(/^300,000\sDT$/)).toBeInTheDocument();
    expect(within(edf).getByTestId('etat-paiement')).toHaveTextContent('Partiel');
    expect(within(edf).getByText('05/03/2026')).toBeInTheDocument();
    expect(within(rowOf('Taille des haies')).getByTestId('etat-paiement')).toHaveTextContent('Payé');
    expect(within(rowOf('Eau décembre 2024')).getByTestId('etat-paiement')).toHaveTextContent('Impayé');
    expect(screen.queryByRole('button', { name: 'Payer Taille des haies' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Gérer Taille des haies' })).toHaveAttribute(
      'href',
      '/syndic/depenses/charges/gerer/12',
    );
    expect(screen.getByTestId('depense-creer')).toHaveAttribute('href', '/syndic/depenses/charges/creer');
  });

  it('disables paying a charge of a closed exercice, with the reason', async () => {
    const user = userEvent.setup();
    await openCharges();
    const pay = screen.getByRole('button', { name: 'Payer Eau décembre 2024' });
    expect(pay).toBeDisabled();
    await user.hover(pay.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Cette action est impossible car la date correspond à un exercice clôturé.',
    );
  });

  it('shows a council member the creation and the payments disabled', async () => {
    await openCharges(depensesServer(membre));
    expect(screen.getByTestId('depense-creer')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Payer Électricité mars' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Gérer Électricité mars' })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    depensesServer(undefined, { 'GET /api/charges-courantes': () => json(200, { success: true, charges: [] }) });
    renderRoute(CHARGES);
    expect(await screen.findByText('Aucune charge.')).toBeInTheDocument();
  });

  it('shows the error line with a retry', async () => {
    depensesServer(undefined, { 'GET /api/charges-courantes': () => apiError(500, 'internal_error') });
    renderRoute(CHARGES);
    expect(await screen.findByText('Erreur lors de la récupération des données.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});

describe('pay sheet', () => {
  it('defaults to what remains and today, refuses more than what remains, asks a reference only for a cheque or a transfer', async () => {
    const user = userEvent.setup();
    const server = await openCharges(
      depensesServer(undefined, {
        'POST /api/charges-courantes/payer': () => json(200, { success: true, paiement: {}, charge: {} }),
      }),
    );
    const form = await openPaySheet(user);
    const montant = within(form).getByLabelText(/Montant/);
    expect(montant).toHaveValue('300');
    expect(within(form).getByLabelText(/Date du paiement/)).toHaveValue(todayIso().split('-').reverse().join('/'));
    expect(within(form).queryByLabelText('Référence')).toBeNull();
    await user.selectOptions(within(form).getByLabelText('Méthode de paiement'), 'tpe');
    expect(within(form).queryByLabelText('Référence')).toBeNull();
    await user.selectOptions(within(form).getByLabelText('Méthode de paiement'), 'cheque');
    expect(within(form).getByLabelText('Référence')).toBeInTheDocument();
    await user.clear(montant);
    await user.type(montant, '300,001');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await within(form).findByText('Le montant dépasse le reste à payer.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/charges-courantes/payer')).toHaveLength(0);
    await user.clear(montant);
    await user.type(montant, '1 250,5');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await within(form).findByText('Le montant dépasse le reste à payer.')).toBeInTheDocument();
    await user.clear(montant);
    await user.type(montant, '200,25');
    await user.type(within(form).getByLabelText('Référence'), 'CH-901');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await screen.findByText('Paiement enregistré.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/charges-courantes/payer')[0])).toEqual({
      id: 11,
      montant: 200.25,
      date_paiement: todayIso(),
      methode_paiement: 'cheque',
      reference_paiement: 'CH-901',
    });
    await waitFor(() => expect(server.calls('GET', '/api/charges-courantes')).toHaveLength(2));
  });

  it('drops the reference of a method that keeps none, and shows the server refusals by their messages', async () => {
    const user = userEvent.setup();
    const answers = [
      apiError(422, 'montant_maximum_depasse', 'x'),
      apiError(403, 'exercice_cloture', 'x'),
      apiError(409, 'aucun_exercice_ouvert', 'x'),
    ];
    const server = await openCharges(
      depensesServer(undefined, {
        'POST /api/charges-courantes/payer': () => answers.shift() ?? json(200, { success: true }),
      }),
    );
    const form = await openPaySheet(user);
    await user.selectOptions(within(form).getByLabelText('Méthode de paiement'), 'virement');
    await user.type(within(form).getByLabelText('Référence'), 'VIR-1');
    await user.selectOptions(within(form).getByLabelText('Méthode de paiement'), 'espece');
    const submit = within(form).getByRole('button', { name: 'Enregistrer le paiement' });
    await user.click(submit);
    expect(await within(form).findByText('Le montant dépasse le reste à payer.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/charges-courantes/payer')[0])).toMatchObject({
      methode_paiement: 'espece',
      reference_paiement: null,
    });
    await user.click(submit);
    expect(
      await screen.findByText('Cette action est impossible car la date correspond à un exercice clôturé'),
    ).toBeInTheDocument();
    await user.click(submit);
    expect(await screen.findByText("Action impossible : aucun exercice n'existe pour cette date.")).toBeInTheDocument();
    expect(server.calls('POST', '/api/charges-courantes/payer')).toHaveLength(3);
  });
});

describe('works (/syndic/depenses/travaux)', () => {
  it('adds the approval badge to each row', async () => {
    depensesServer();
    renderRoute('/syndic/depenses/travaux');
    await screen.findByRole('heading', { name: 'Travaux' });
    await screen.findByText('Peinture hall');
    expect(within(rowOf('Réparation ascenseur')).getByTestId('approbation')).toHaveTextContent('Approuvé');
    expect(within(rowOf('Peinture hall')).getByTestId('approbation')).toHaveTextContent('Non décidé');
    expect(screen.getByRole('button', { name: 'Payer Réparation ascenseur' })).toBeEnabled();
    expect(screen.getByTestId('depense-creer')).toHaveAttribute('href', '/syndic/depenses/travaux/creer');
  });
});

describe('in Arabic', () => {
  it('words the list and its badges, the amounts in the Arabic unit read left to right', async () => {
    depensesServer();
    renderRoute(CHARGES);
    await screen.findByText('Taille des haies');
    await act(() => i18n.changeLanguage('ar'));
    try {
      expect(await screen.findByRole('heading', { name: 'الأعباء الجارية' })).toBeInTheDocument();
      const edf = rowOf('Électricité mars');
      expect(within(edf).getByTestId('etat-paiement')).toHaveTextContent('جزئي');
      expect(within(edf).getByText('300,000').getAttribute('dir')).toBe('ltr');
      expect(within(edf).getAllByText(/د\.ت/).length).toBeGreaterThan(0);
      expect(within(edf).getByRole('button', { name: 'دفع Électricité mars' })).toBeEnabled();
    } finally {
      await act(() => i18n.changeLanguage('fr'));
    }
  });
});
