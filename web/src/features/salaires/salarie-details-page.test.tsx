import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayIso } from '@/lib/dates';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, paiementMars, president, salairesServer } from './salaires-fixtures';

const GERER = '/syndic/salaires/salaries/gerer/1';
const MOIS_FR = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

function rowOf(text: string): HTMLElement {
  return within(screen.getByRole('table')).getByText(text).closest('tr') as HTMLElement;
}

async function openPaySheet(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByTestId('salarie-payer'));
  return screen.findByRole('form', { name: 'Enregistrer le paiement' });
}

describe('employee detail (/syndic/salaires/salaries/gerer/{salarieId})', () => {
  it('shows the details and the payments, a closed one locked', async () => {
    salairesServer();
    renderRoute(GERER);
    expect(await screen.findByRole('heading', { name: /Ali Ben Salah/ })).toBeInTheDocument();
    expect(screen.getByTestId('salarie-etat')).toHaveTextContent('Actif');
    expect(screen.getByTestId('salaire-declare')).toHaveTextContent(/1\s100,000\sDT/);
    expect(screen.getByTestId('total-paye')).toHaveTextContent(/1\s901,000\sDT/);
    expect(screen.getByText('16.57%')).toBeInTheDocument();
    expect(screen.getByText('20 123 456')).toBeInTheDocument();
    const mars = rowOf('mars 2026');
    expect(within(mars).getByText(/^950,500\sDT$/)).toBeInTheDocument();
    expect(within(mars).getByText('Virement')).toBeInTheDocument();
    expect(within(mars).getByText('VIR-0331')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Modifier le paiement de mars 2026' })).toHaveAttribute(
      'href',
      '/syndic/salaires/salaries/gerer/1/modifier-paiement/501',
    );
    expect(screen.getByRole('button', { name: 'Modifier le paiement de décembre 2024' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Supprimer le paiement de décembre 2024' })).toBeDisabled();
    expect(screen.getByTestId('salarie-supprimer')).toBeDisabled();
  });

  it('pays a month: this month, the declared salary and today by default; no date after today', async () => {
    const user = userEvent.setup();
    const server = salairesServer(undefined, {
      'POST /api/salaires/payer': () => json(200, { success: true, paiement: paiementMars }),
    });
    renderRoute(GERER);
    const form = await openPaySheet(user);
    const today = todayIso();
    const mois = within(form).getByLabelText('Mois');
    expect(mois).toHaveValue(today.slice(0, 7));
    expect(
      within(mois).getByRole('option', { name: `${MOIS_FR[Number(today.slice(5, 7)) - 1]} ${today.slice(0, 4)}` }),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText(/Montant/)).toHaveValue('1100');
    expect(within(form).getByLabelText(/Date de paiement/)).toHaveValue(today.split('-').reverse().join('/'));
    const methode = within(form).getByLabelText('Méthode de paiement');
    expect(
      within(methode)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['', 'espece', 'cheque', 'virement']);
    const date = within(form).getByLabelText(/Date de paiement/);
    await user.clear(date);
    await user.type(date, `31/12/${Number(today.slice(0, 4)) + 1}`);
    await user.clear(within(form).getByLabelText(/Montant/));
    await user.type(within(form).getByLabelText(/Montant/), '10000');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await within(form).findByText('La date de paiement ne peut pas être dans le futur.')).toBeInTheDocument();
    expect(
      within(form).getByText("Un montant d'au plus 9 999,999 (3 décimales au plus, point ou virgule)."),
    ).toBeInTheDocument();
    expect(server.calls('POST', '/api/salaires/payer')).toHaveLength(0);

    await user.clear(date);
    await user.type(date, today.split('-').reverse().join('/'));
    await user.clear(within(form).getByLabelText(/Montant/));
    await user.type(within(form).getByLabelText(/Montant/), '950,5');
    await user.selectOptions(methode, 'cheque');
    await user.type(within(form).getByLabelText(/Référence/), 'CH-12');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await screen.findByText('Paiement enregistré.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/salaires/payer')[0])).toEqual({
      salarie_id: 1,
      mois: today.slice(0, 7),
      montant: 950.5,
      date_paiement: today,
      methode_paiement: 'cheque',
      reference_piece_justificative: 'CH-12',
      commentaire: null,
    });
    await waitFor(() => expect(server.calls('GET', '/api/salaries/details')).toHaveLength(2));
  });

  it('shows the closed-period (403) and no-open-year (409) refusals by their messages', async () => {
    const user = userEvent.setup();
    const answers = [apiError(403, 'exercice_cloture', 'x'), apiError(409, 'aucun_exercice_ouvert', 'x')];
    salairesServer(undefined, {
      'POST /api/salaires/payer': () => answers.shift() ?? json(200, { success: true }),
    });
    renderRoute(GERER);
    const form = await openPaySheet(user);
    const submit = within(form).getByRole('button', { name: 'Enregistrer le paiement' });
    await user.click(submit);
    expect(
      await screen.findByText('Cette action est impossible car la date correspond à un exercice clôturé'),
    ).toBeInTheDocument();
    await user.click(submit);
    expect(await screen.findByText("Action impossible : aucun exercice n'existe pour cette date.")).toBeInTheDocument();
  });

  it('lets the president edit the employee but not pay, with the reason', async () => {
    const user = userEvent.setup();
    salairesServer(president);
    renderRoute(GERER);
    const payer = await screen.findByTestId('salarie-payer');
    expect(payer).toBeDisabled();
    expect(screen.getByTestId('salarie-modifier')).toHaveAttribute('href', '/syndic/salaires/salaries/modifier/1');
    await user.hover(payer.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Seul le trésorier peut effectuer cette opération.');
  });

  it('deletes a payment after confirmation', async () => {
    const user = userEvent.setup();
    const server = salairesServer(undefined, {
      'POST /api/salaires/paiement/supprimer': () => json(200, { success: true }),
    });
    renderRoute(GERER);
    await user.click(await screen.findByRole('button', { name: 'Supprimer le paiement de mars 2026' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(/950,500\sDT pour mars 2026/);
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Paiement supprimé.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/salaires/paiement/supprimer')[0])).toEqual({ id: 501 });
  });
});

describe('salary payment edit (…/gerer/{salarieId}/modifier-paiement/{paiementId})', () => {
  it('edits the payment as recorded, its id in the query string, then goes back to the employee', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    const server = salairesServer(undefined, {
      'POST /api/salaires/paiement/modifier': (request) => {
        seen.push(new URL(request.url).search);
        return json(200, { success: true, paiement: paiementMars });
      },
    });
    const { router } = renderRoute('/syndic/salaires/salaries/gerer/1/modifier-paiement/501');
    const form = await screen.findByRole('form', { name: 'Enregistrer' });
    expect(within(form).getByLabelText('Mois')).toHaveValue('2026-03');
    expect(within(form).getByLabelText(/Montant/)).toHaveValue('950.5');
    expect(within(form).getByLabelText(/Référence/)).toHaveValue('VIR-0331');
    await user.clear(within(form).getByLabelText(/Montant/));
    await user.type(within(form).getByLabelText(/Montant/), '960');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Paiement modifié.')).toBeInTheDocument();
    expect(seen).toEqual(['?id=501']);
    expect(bodyOf(server.calls('POST', '/api/salaires/paiement/modifier')[0])).toEqual({
      salarie_id: 1,
      mois: '2026-03',
      montant: 960,
      date_paiement: '2026-03-31',
      methode_paiement: 'virement',
      reference_piece_justificative: 'VIR-0331',
      commentaire: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(GERER));
  });

  it('goes back to the employee for a payment it does not have', async () => {
    salairesServer();
    const { router } = renderRoute('/syndic/salaires/salaries/gerer/1/modifier-paiement/999');
    await waitFor(() => expect(router.state.location.pathname).toBe(GERER));
    expect(await screen.findByText("Ce paiement n'existe pas ou a été supprimé.")).toBeInTheDocument();
  });
});
