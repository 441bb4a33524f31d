import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayIso } from '@/lib/dates';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, chequesEnAttente, comptes, membre, remisesServer, tresorier } from './remises-cheques-fixtures';

const CREER = '/syndic/banque/remises-cheques/creer';

async function openForm(routes = {}) {
  const server = remisesServer(tresorier, routes);
  const rendered = renderRoute(CREER);
  await screen.findByRole('heading', { name: 'Nouvelle remise de chèques' });
  await screen.findByText('Sami Gharbi');
  return { server, ...rendered };
}

const total = () => screen.getByTestId('remise-total');
const selection = () => screen.getByTestId('remise-selection');

describe('new cheque deposit (/syndic/banque/remises-cheques/creer)', () => {
  it('starts on the main account and today, with no cheque chosen', async () => {
    await openForm();
    expect(screen.getByLabelText('Compte bancaire')).toHaveValue('1');
    expect(screen.getByRole('option', { name: 'BIAT Courant (principal)' })).toBeInTheDocument();
    const [y, m, d] = todayIso().split('-');
    expect(screen.getByLabelText('Date de la remise')).toHaveValue(`${d}/${m}/${y}`);
    expect(screen.getAllByTestId('cheque-row')).toHaveLength(3);
    expect(selection()).toHaveTextContent('Aucun chèque sélectionné');
    expect(total()).toHaveTextContent(/^0,000\sDT$/);
  });

  it('keeps a running total of the chosen cheques, select all included', async () => {
    const user = userEvent.setup();
    await openForm();
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner le chèque de Sami Gharbi' }));
    expect(selection()).toHaveTextContent('1 chèque sélectionné');
    expect(total()).toHaveTextContent(/^120,500\sDT$/);
    // A click anywhere on the row ticks it too.
    await user.click(within(screen.getAllByTestId('cheque-row')[1] as HTMLElement).getByText(/80,250/));
    expect(selection()).toHaveTextContent('2 chèques sélectionnés');
    expect(total()).toHaveTextContent(/^200,750\sDT$/);
    const all = screen.getByRole('checkbox', { name: 'Tout sélectionner' });
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    await user.click(all);
    expect(selection()).toHaveTextContent('3 chèques sélectionnés');
    expect(total()).toHaveTextContent(/^1\s200,750\sDT$/);
    await user.click(all);
    expect(selection()).toHaveTextContent('Aucun chèque sélectionné');
    expect(total()).toHaveTextContent(/^0,000\sDT$/);
  });

  it('filters the pending cheques; select all takes what the filter shows, the total every choice', async () => {
    const user = userEvent.setup();
    await openForm();
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner le chèque de Ravalement de façade' }));
    const filter = screen.getByRole('searchbox', { name: 'Filtrer les chèques en attente' });
    await user.type(filter, 'charges');
    expect(screen.getAllByTestId('cheque-row')).toHaveLength(2);
    await user.click(screen.getByRole('checkbox', { name: 'Tout sélectionner' }));
    expect(selection()).toHaveTextContent('3 chèques sélectionnés');
    expect(total()).toHaveTextContent(/^1\s200,750\sDT$/);
    await user.click(screen.getByRole('checkbox', { name: 'Tout sélectionner' }));
    expect(selection()).toHaveTextContent('1 chèque sélectionné');
    await user.clear(filter);
    await user.type(filter, 'zzz');
    expect(screen.getByText('Aucun chèque ne correspond à « zzz ».')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Tout sélectionner' })).toBeDisabled();
  });

  it("refuses a deposit without cheques: 'Sélectionnez au moins un chèque'", async () => {
    const user = userEvent.setup();
    const { server } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Enregistrer la remise' }));
    expect(await screen.findByText('Sélectionnez au moins un chèque')).toBeInTheDocument();
    expect(server.calls('POST', '/api/remises-cheques/creer')).toHaveLength(0);
  });

  it('requires an account and a valid date not before the chosen cheques', async () => {
    const user = userEvent.setup();
    const { server } = await openForm();
    await user.selectOptions(screen.getByLabelText('Compte bancaire'), '');
    const date = screen.getByLabelText('Date de la remise');
    await user.clear(date);
    await user.click(screen.getByRole('button', { name: 'Enregistrer la remise' }));
    expect(await screen.findByText('Choisissez le compte bancaire.')).toBeInTheDocument();
    expect(screen.getByText('La date de la remise est obligatoire.')).toBeInTheDocument();
    await user.type(date, '31/02/2026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer la remise' }));
    expect(await screen.findByText('Date invalide. Format attendu : jj/mm/aaaa.')).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, '05/03/2026');
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner le chèque de Nour Ayari' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer la remise' }));
    expect(
      await screen.findByText("La remise ne peut pas précéder la réception d'un chèque choisi."),
    ).toBeInTheDocument();
    expect(server.calls('POST', '/api/remises-cheques/creer')).toHaveLength(0);
  });

  it('records the deposit, says so and goes back to the list', async () => {
    const user = userEvent.setup();
    const { server, router } = await openForm({
      'POST /api/remises-cheques/creer': () => json(200, { success: true, remise: {} }),
      'GET /api/remises-cheques': () => json(200, { success: true, has_bank: true, remises: [] }),
    });
    await user.selectOptions(screen.getByLabelText('Compte bancaire'), String(comptes[1]?.id));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner le chèque de Ravalement de façade' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner le chèque de Sami Gharbi' }));
    const date = screen.getByLabelText('Date de la remise');
    await user.clear(date);
    await user.type(date, '02/04/2026');
    await user.type(screen.getByLabelText('Référence du bordereau'), ' BRD-0008 ');
    await user.click(screen.getByRole('button', { name: 'Enregistrer la remise' }));
    expect(await screen.findByText('Remise enregistrée.')).toBeInTheDocument();
    expect(screen.getByText(/2 chèque\(s\) pour .*1\s120,500\sDT/)).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/remises-cheques/creer')[0])).toEqual({
      compte_id: 2,
      cheque_ids: [41, 43],
      date: '2026-04-02',
      reference: 'BRD-0008',
      commentaire: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/banque/remises-cheques'));
  });

  it('reloads the pending cheques when one was deposited meanwhile', async () => {
    const user = userEvent.setup();
    let first = true;
    const { server } = await openForm({
      'POST /api/remises-cheques/creer': () => apiError(422, 'cheque_indisponible', 'x'),
      'GET /api/remises-cheques/cheques': () => {
        const cheques = first ? chequesEnAttente : chequesEnAttente.slice(1);
        first = false;
        return json(200, { success: true, has_bank: true, comptes, cheques });
      },
    });
    await user.click(screen.getByRole('checkbox', { name: 'Tout sélectionner' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer la remise' }));
    expect(await screen.findByText("La remise n'a pas pu être enregistrée.")).toBeInTheDocument();
    expect(screen.getByText(/n'est plus en attente de remise/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('cheque-row')).toHaveLength(2));
    expect(server.calls('GET', '/api/remises-cheques/cheques')).toHaveLength(2);
    expect(selection()).toHaveTextContent('2 chèques sélectionnés');
  });

  it('puts a refusal about no cheque under the list', async () => {
    const user = userEvent.setup();
    await openForm({ 'POST /api/remises-cheques/creer': () => apiError(422, 'aucun_cheque', 'x') });
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner le chèque de Sami Gharbi' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer la remise' }));
    const picker = screen.getByTestId('cheques-picker');
    expect(await within(picker).findByText('Sélectionnez au moins un chèque')).toBeInTheDocument();
  });

  it('shows the no-bank prompt instead of the form when there is no account', async () => {
    remisesServer(tresorier, {
      'GET /api/remises-cheques/cheques': () =>
        json(200, { success: true, has_bank: false, comptes: [], cheques: chequesEnAttente }),
    });
    renderRoute(CREER);
    expect(await screen.findByTestId('no-bank-alert')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer la remise' })).not.toBeInTheDocument();
  });

  it('sends a council member who is not the treasurer to /unauthorized', async () => {
    remisesServer(membre);
    const { router } = renderRoute(CREER);
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });
});
