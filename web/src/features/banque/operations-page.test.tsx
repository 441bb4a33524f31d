import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import type { Operation } from './banque-api';
import { banqueServer, bodyOf, membre, noBankOperations, operationsAnswer } from './banque-fixtures';

function rowOf(text: string): HTMLElement {
  return within(screen.getByRole('table')).getByText(text).closest('tr') as HTMLElement;
}

describe('operation lists (/syndic/banque/retraits-espece, depots-espece, frais-bancaires, interets-gagnes)', () => {
  it("shows the main account's withdrawals with their pointing, and their total", async () => {
    const categories: (string | null)[] = [];
    banqueServer(undefined, {
      'GET /api/banque/operations': (request) => {
        categories.push(new URL(request.url).searchParams.get('categorie'));
        return json(200, operationsAnswer());
      },
    });
    renderRoute('/syndic/banque/retraits-espece');
    expect(await screen.findByRole('heading', { name: "Retraits d'espèces" })).toBeInTheDocument();
    await screen.findByText('Retrait caisse mars');
    expect(categories).toEqual(['retrait']);
    const mars = rowOf('Retrait caisse mars');
    expect(within(mars).getByText('Pointée le 11/03/2026')).toBeInTheDocument();
    expect(within(mars).getByText(/^400,250\sDT$/)).toBeInTheDocument();
    expect(within(rowOf('Retrait caisse 2025')).getByText('Non pointée')).toBeInTheDocument();
    expect(screen.getByTestId('operations-total')).toHaveTextContent(/^700,250\sDT$/);
    expect(screen.getByLabelText('Compte bancaire')).toHaveValue('1');
    expect(screen.queryByText('Retrait STB avril')).toBeNull();
  });

  it('switches account with the selector, in the address too', async () => {
    const user = userEvent.setup();
    banqueServer();
    const { router } = renderRoute('/syndic/banque/retraits-espece');
    await screen.findByText('Retrait caisse mars');
    await user.selectOptions(screen.getByLabelText('Compte bancaire'), '2');
    expect(await screen.findByText('Retrait STB avril')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/syndic/banque/retraits-espece/2');
    expect(screen.queryByText('Retrait caisse mars')).toBeNull();
    expect(screen.getByTestId('operation-creer')).toHaveAttribute(
      'href',
      '/syndic/banque/retraits-espece/creer?compte=2',
    );
  });

  it('is the same screen for every type, asking the server for its category', async () => {
    const categories: (string | null)[] = [];
    const frais: Operation = {
      id: 31,
      libelle: 'Frais de tenue de compte',
      type: 'frais',
      montant: 12.5,
      date: '2026-03-31',
      date_banque: null,
      commentaire: null,
      is_closed: false,
      compte_id: 3,
    };
    banqueServer(undefined, {
      'GET /api/banque/operations': (request) => {
        categories.push(new URL(request.url).searchParams.get('categorie'));
        return json(200, operationsAnswer({ 3: [frais] }));
      },
    });
    renderRoute('/syndic/banque/frais-bancaires/3');
    expect(await screen.findByRole('heading', { name: 'Frais bancaires' })).toBeInTheDocument();
    expect(await screen.findByText('Frais de tenue de compte')).toBeInTheDocument();
    expect(categories).toEqual(['frais']);
    expect(screen.getByLabelText('Compte bancaire')).toHaveValue('3');
    expect(screen.getByText('Total des frais')).toBeInTheDocument();
    expect(screen.getByTestId('operations-total')).toHaveTextContent(/^12,500\sDT$/);
    expect(screen.getByTestId('operation-creer')).toHaveTextContent('Nouveaux frais');
  });

  it('shows the no-bank alert with a button to the accounts when no account exists', async () => {
    const user = userEvent.setup();
    banqueServer(undefined, { 'GET /api/banque/operations': () => json(200, noBankOperations) });
    const { router } = renderRoute('/syndic/banque/depots-espece');
    const alert = await screen.findByTestId('no-bank-alert');
    expect(alert).toHaveTextContent('Aucun compte bancaire');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByTestId('operation-creer')).toBeNull();
    await user.click(within(alert).getByRole('link', { name: 'Gérer les comptes bancaires' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/banque/comptes'));
  });

  it('shows a council member create, edit and delete disabled, with the reason', async () => {
    const user = userEvent.setup();
    banqueServer(membre);
    renderRoute('/syndic/banque/retraits-espece');
    await screen.findByText('Retrait caisse mars');
    const create = screen.getByTestId('operation-creer');
    expect(create).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Modifier Retrait caisse mars' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Supprimer Retrait caisse mars' })).toBeDisabled();
    await user.hover(create.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Seul le trésorier peut effectuer cette opération.');
  });

  it('locks an operation of a closed year for the treasurer too', async () => {
    const user = userEvent.setup();
    banqueServer();
    renderRoute('/syndic/banque/retraits-espece');
    await screen.findByText('Retrait caisse 2025');
    const remove = screen.getByRole('button', { name: 'Supprimer Retrait caisse 2025' });
    expect(remove).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Supprimer Retrait caisse mars' })).toBeEnabled();
    await user.hover(remove.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('exercice clôturé');
  });

  it("deletes an operation after confirmation, and shows the server's refusal by its code", async () => {
    const user = userEvent.setup();
    let answer = json(200, { success: true });
    const server = banqueServer(undefined, { 'POST /api/banque/operations/supprimer': () => answer });
    renderRoute('/syndic/banque/retraits-espece');
    await screen.findByText('Retrait caisse mars');
    await user.click(screen.getByRole('button', { name: 'Supprimer Retrait caisse mars' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Retrait supprimé.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/banque/operations/supprimer')[0])).toEqual({ operation_id: 11 });

    answer = apiError(403, 'exercice_cloture', 'x');
    await user.click(screen.getByRole('button', { name: 'Supprimer Retrait caisse mars' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('La suppression a échoué.')).toBeInTheDocument();
    expect(screen.getByText(/la date correspond à un exercice clôturé/)).toBeInTheDocument();
  });
});
