import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayIso } from '@/lib/dates';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, chargesPatronales, membre, salairesServer } from './salaires-fixtures';

const LISTE = '/syndic/salaires/charges-patronales';

describe('employer-charge payment form (/syndic/salaires/charges-patronales/creer, /modifier/{paiementId})', () => {
  it('checks the title and the amount (at most 99 999,999), offers the five methods, then records it', async () => {
    const user = userEvent.setup();
    const answers = [apiError(409, 'aucun_exercice_ouvert', 'x')];
    const server = salairesServer(undefined, {
      'POST /api/charges-patronales/creer': () =>
        answers.shift() ?? json(200, { success: true, charge_patronale_paiement: chargesPatronales[0] }),
    });
    const { router } = renderRoute(`${LISTE}/creer`);
    const form = await screen.findByRole('form', { name: 'Enregistrer le paiement' });
    expect(within(form).getByLabelText(/Date de paiement/)).toHaveValue(todayIso().split('-').reverse().join('/'));
    const methode = within(form).getByLabelText('Méthode de paiement');
    expect(
      within(methode)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['', 'espece', 'cheque', 'virement', 'tpe', 'enligne']);
    await user.type(within(form).getByLabelText(/Montant/), '100000');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await within(form).findByText('Le titre est obligatoire.')).toBeInTheDocument();
    expect(
      within(form).getByText("Un montant d'au plus 99 999,999 (3 décimales au plus, point ou virgule)."),
    ).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Titre/), 'CNSS T1 2026');
    await user.clear(within(form).getByLabelText(/Montant/));
    await user.type(within(form).getByLabelText(/Montant/), '99 999,999');
    await user.selectOptions(methode, 'tpe');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await screen.findByText("Action impossible : aucun exercice n'existe pour cette date.")).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await screen.findByText('Paiement enregistré.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/charges-patronales/creer')[1])).toEqual({
      titre: 'CNSS T1 2026',
      montant: 99999.999,
      date_paiement: todayIso(),
      methode_paiement: 'tpe',
      reference_piece_justificative: null,
      commentaire: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(LISTE));
  });

  it('edits a payment from the list, its id in the query string', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    const server = salairesServer(undefined, {
      'POST /api/charges-patronales/modifier': (request) => {
        seen.push(new URL(request.url).search);
        return json(200, { success: true, charge_patronale_paiement: chargesPatronales[0] });
      },
    });
    renderRoute(`${LISTE}/modifier/71`);
    const form = await screen.findByRole('form', { name: 'Enregistrer' });
    expect(within(form).getByLabelText(/Titre/)).toHaveValue('CNSS 1er trimestre 2026');
    expect(within(form).getByLabelText(/Montant/)).toHaveValue('546.81');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Paiement modifié.')).toBeInTheDocument();
    expect(seen).toEqual(['?id=71']);
    expect(bodyOf(server.calls('POST', '/api/charges-patronales/modifier')[0])).toMatchObject({
      titre: 'CNSS 1er trimestre 2026',
      montant: 546.81,
      methode_paiement: 'enligne',
    });
  });

  it('keeps the form of a payment in a closed exercice disabled, with the reason', async () => {
    salairesServer();
    renderRoute(`${LISTE}/modifier/61`);
    const form = await screen.findByRole('form', { name: 'Enregistrer' });
    expect(within(form).getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    expect(
      within(form).getByText('Cette action est impossible car la date correspond à un exercice clôturé.'),
    ).toBeInTheDocument();
  });

  it('sends a council member who is not the treasurer to /unauthorized', async () => {
    salairesServer(membre);
    const { router } = renderRoute(`${LISTE}/creer`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });
});
