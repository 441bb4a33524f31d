import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { budgetsServer, coproprietaire, membre } from './budgets-fixtures';
import { spendRatio } from './ratio';

const BUDGETS = '/syndic/exercices-budgets/budgets';

function rowOf(text: string): HTMLElement {
  return within(screen.getByRole('table')).getByText(text).closest('tr') as HTMLElement;
}

async function openBudgets(server = budgetsServer()) {
  renderRoute(BUDGETS);
  await screen.findByRole('heading', { name: 'Budgets', level: 1 });
  await screen.findByText('Budget prévisionnel 2026');
  return server;
}

describe('spend ratio', () => {
  it('rounds the percentage and says whether the spend is above the budget, in millimes', () => {
    expect(spendRatio(1000, 1250.25)).toEqual({ percent: 125, over: true });
    expect(spendRatio(1300.5, 60)).toEqual({ percent: 5, over: false });
    expect(spendRatio(1000, 1000.001)).toEqual({ percent: 100, over: true });
    expect(spendRatio(0, 10)).toEqual({ percent: null, over: true });
    expect(spendRatio(0, 0)).toEqual({ percent: null, over: false });
  });
});

describe('budgets (/syndic/exercices-budgets/budgets)', () => {
  it("shows the current year's budget by default: approval, totals, each element's spend, charges and ratio", async () => {
    await openBudgets();
    expect(screen.getByTestId('budget-annee')).toHaveValue('2026');
    expect(screen.getByTestId('budget-approbation')).toHaveTextContent('approuvé');
    expect(screen.getByTestId('budget-total')).toHaveTextContent(/2\s300,500\sDT/);
    expect(screen.getByTestId('budget-total-depense')).toHaveTextContent(/1\s310,250\sDT/);
    expect(screen.getByTestId('budget-commentaire')).toHaveTextContent('Adopté en mars');

    const electricite = rowOf('Électricité');
    expect(within(electricite).getByText(/^1\s000,000\sDT$/)).toBeInTheDocument();
    expect(within(electricite).getByText(/^1\s250,250\sDT$/)).toBeInTheDocument();
    expect(within(electricite).getByText('STEG janvier 2026')).toBeInTheDocument();
    expect(within(electricite).getByText('STEG février 2026')).toBeInTheDocument();
    const ratio = within(electricite).getByTestId('budget-ratio');
    expect(ratio).toHaveTextContent('125 %');
    expect(ratio).toHaveAttribute('data-over', 'true');
    expect(ratio).toHaveClass('text-destructive');

    const nettoyage = within(rowOf('Nettoyage')).getByTestId('budget-ratio');
    expect(nettoyage).toHaveTextContent('5 %');
    expect(nettoyage).toHaveAttribute('data-over', 'false');
    expect(nettoyage).not.toHaveClass('text-destructive');

    expect(screen.getByTestId('budget-modifier')).toHaveAttribute(
      'href',
      '/syndic/exercices-budgets/budgets/modifier/2026',
    );
  });

  it('switches year: a closed year says so, is not yet accepted, and cannot be edited', async () => {
    const user = userEvent.setup();
    await openBudgets();
    await user.selectOptions(screen.getByTestId('budget-annee'), '2025');
    expect(await screen.findByText('Budget 2025')).toBeInTheDocument();
    expect(screen.getByTestId('budget-approbation')).toHaveTextContent('pas encore accepté');
    expect(screen.getByTestId('budget-cloture')).toBeInTheDocument();
    expect(screen.getByTestId('budget-modifier')).toBeDisabled();
    expect(within(rowOf('Électricité')).getByTestId('budget-ratio')).toHaveTextContent('100 %');
  });

  it('shows a council member the edit disabled', async () => {
    await openBudgets(budgetsServer(membre));
    expect(screen.getByTestId('budget-modifier')).toBeDisabled();
  });

  it('says when there is no budget, and shows the error line with a retry', async () => {
    budgetsServer(undefined, {
      'GET /api/budgets': () => json(200, { success: true, budgets: [], currentBudget: null }),
    });
    renderRoute(BUDGETS);
    expect(await screen.findByTestId('budgets-vide')).toBeInTheDocument();
  });

  it('shows the error line with a retry', async () => {
    budgetsServer(undefined, { 'GET /api/budgets': () => apiError(500, 'internal_error') });
    renderRoute(BUDGETS);
    expect(await screen.findByText('Erreur lors de la récupération des données.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('is all in Arabic on the Arabic screen', async () => {
    await i18n.changeLanguage('ar');
    try {
      budgetsServer();
      renderRoute(BUDGETS);
      expect(await screen.findByRole('heading', { name: 'الميزانيات', level: 1 })).toBeInTheDocument();
      await screen.findByText('Budget prévisionnel 2026');
      expect(screen.getByTestId('budget-approbation')).toHaveTextContent('مصادق عليها');
      expect(within(rowOf('Électricité')).getByTestId('budget-ratio')).toHaveTextContent('125٪');
      expect(screen.getByRole('columnheader', { name: /المبلغ المنفق/ })).toBeInTheDocument();
      expect(screen.queryByText('Dépensé')).toBeNull();
      expect(screen.queryByText('Total budgété')).toBeNull();
    } finally {
      await i18n.changeLanguage('fr');
    }
  });
});

describe('co-owner budgets (/coproprietaire/budgets)', () => {
  it('shows the budgets read only', async () => {
    const server = budgetsServer(coproprietaire);
    renderRoute('/coproprietaire/budgets');
    expect(await screen.findByText('Budget prévisionnel 2026')).toBeInTheDocument();
    expect(within(rowOf('Électricité')).getByTestId('budget-ratio')).toHaveTextContent('125 %');
    expect(screen.queryByTestId('budget-modifier')).toBeNull();
    expect(server.calls('GET', '/api/budgets')).toHaveLength(0);
    expect(server.calls('GET', '/api/coproprietaire/budgets')).toHaveLength(1);
  });

  it('says the council hid the budgets when the server refuses them (403 visibilite_refusee)', async () => {
    budgetsServer(coproprietaire, {
      'GET /api/coproprietaire/budgets': () =>
        apiError(403, 'visibilite_refusee', "Le conseil syndical n'a pas rendu ces informations visibles."),
    });
    renderRoute('/coproprietaire/budgets');
    expect(await screen.findByTestId('visibilite-refusee')).toHaveTextContent('Informations non visibles');
    expect(screen.queryByText('Erreur lors du chargement')).toBeNull();
  });
});
