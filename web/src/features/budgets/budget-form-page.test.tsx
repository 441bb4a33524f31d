import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, budget2026, budgetsServer } from './budgets-fixtures';

const EDIT = '/syndic/exercices-budgets/budgets/modifier/2026';

async function openForm(server = budgetsServer()) {
  const rendered = renderRoute(EDIT);
  const form = await screen.findByRole('form', { name: 'Enregistrer le budget' });
  return { server, form, ...rendered };
}

function montantOf(form: HTMLElement, index: number): HTMLElement {
  return within(within(form).getAllByTestId('budget-element')[index] as HTMLElement).getByLabelText(/Montant/);
}

describe('budget edit (/syndic/exercices-budgets/budgets/modifier/{id})', () => {
  it('requires the title and amounts with a dot and three decimals at most, and one line per category', async () => {
    const user = userEvent.setup();
    const { server, form } = await openForm();
    await user.clear(within(form).getByLabelText(/Titre/));
    await user.clear(montantOf(form, 0));
    await user.type(montantOf(form, 0), '120,500');
    await user.clear(montantOf(form, 1));
    await user.type(montantOf(form, 1), '1.2345');
    await user.click(within(form).getByRole('button', { name: 'Ajouter un élément' }));
    await user.selectOptions(within(form).getAllByLabelText('Catégorie')[2] as HTMLElement, '1');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le budget' }));
    expect(await within(form).findByText('Le titre est obligatoire.')).toBeInTheDocument();
    expect(
      within(form).getAllByText(
        'Montant invalide : utilisez un point pour les décimales, trois au plus (ex. 120.500).',
      ),
    ).toHaveLength(2);
    expect(within(form).getByText('Le montant est obligatoire.')).toBeInTheDocument();
    expect(within(form).getByText('Cette catégorie apparaît déjà dans le budget.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/budgets/modifier')).toHaveLength(0);
  });

  it('sends the whole content: elements kept with their ids, one added, one removed, the approval', async () => {
    const user = userEvent.setup();
    const server = budgetsServer(undefined, {
      'POST /api/budgets/modifier': () => json(200, { success: true, currentBudget: budget2026 }),
    });
    const { form, router } = await openForm(server);
    await user.click(within(form).getByRole('button', { name: "Retirer l'élément 2" }));
    await user.click(within(form).getByRole('button', { name: 'Ajouter un élément' }));
    await user.selectOptions(within(form).getAllByLabelText('Catégorie')[1] as HTMLElement, '3');
    await user.type(montantOf(form, 1), '250.750');
    // Approved, ticked again: undecided; then refused.
    await user.click(within(form).getByRole('checkbox', { name: 'Approuvé' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Refusé' }));
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le budget' }));
    await waitFor(() => expect(server.calls('POST', '/api/budgets/modifier')).toHaveLength(1));
    expect(bodyOf(server.calls('POST', '/api/budgets/modifier')[0])).toEqual({
      id: 2026,
      titre: 'Budget prévisionnel 2026',
      is_approved: '0',
      approuve_par: '',
      ag: '',
      vote: '',
      commentaire: 'Adopté en mars',
      elements: [
        { id: 11, categorie_id: 1, montant: '1000' },
        { categorie_id: 3, montant: '250.750' },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/exercices-budgets/budgets'));
  });

  it('shows INVALID_AMOUNT under the amount with the number-format error', async () => {
    const user = userEvent.setup();
    const server = budgetsServer(undefined, {
      'POST /api/budgets/modifier': () =>
        apiError(
          422,
          'INVALID_AMOUNT',
          'Le montant doit s’écrire avec un point.',
          { 'elements.1.montant': ['Le montant doit s’écrire avec un point.'] },
          { 'elements.1.montant': ['INVALID_AMOUNT'] },
        ),
    });
    const { form } = await openForm(server);
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le budget' }));
    const messages = await within(form).findAllByText(
      'Format de nombre invalide : utilisez un point pour les décimales, trois au plus (ex. 120.500).',
    );
    expect(messages).toHaveLength(1);
    expect(
      await screen.findByText(
        'Format de nombre invalide : utilisez un point pour les décimales, trois au plus (ex. 120.500).',
        { ignore: 'form *' },
      ),
    ).toBeInTheDocument();
  });

  it("says the closed year's message when the server refuses with 403", async () => {
    const user = userEvent.setup();
    const server = budgetsServer(undefined, {
      'POST /api/budgets/modifier': () =>
        apiError(403, 'exercice_cloture', 'Cette action est impossible car la date correspond à un exercice clôturé'),
    });
    const { form, router } = await openForm(server);
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le budget' }));
    expect(
      await screen.findByText('Cette action est impossible car la date correspond à un exercice clôturé'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(EDIT);
  });

  it('goes back to the list when there is no budget data', async () => {
    budgetsServer();
    const { router } = renderRoute('/syndic/exercices-budgets/budgets/modifier/2024');
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/exercices-budgets/budgets'));
    expect(await screen.findByText("Ce budget n'existe pas.")).toBeInTheDocument();
  });

  it('disables saving a closed year, with the reason', async () => {
    budgetsServer();
    renderRoute('/syndic/exercices-budgets/budgets/modifier/2025');
    const form = await screen.findByRole('form', { name: 'Enregistrer le budget' });
    expect(within(form).getByRole('button', { name: 'Enregistrer le budget' })).toBeDisabled();
    expect(
      within(form).getByText('Cette action est impossible car la date correspond à un exercice clôturé.'),
    ).toBeInTheDocument();
  });
});
