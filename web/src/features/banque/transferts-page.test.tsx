import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { banqueServer, bodyOf, choix, membre, transferts } from './banque-fixtures';

function optionsOf(select: HTMLElement): string[] {
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

describe('transfers between accounts (/syndic/banque/transferts-intercomptes)', () => {
  it('lists the transfers with both accounts, amount and reference', async () => {
    banqueServer();
    renderRoute('/syndic/banque/transferts-intercomptes');
    expect(await screen.findByRole('heading', { name: 'Transferts entre comptes' })).toBeInTheDocument();
    const row = (await screen.findByText('VIR-0215')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Compte courant BIAT')).toBeInTheDocument();
    expect(within(row).getByText('Épargne STB')).toBeInTheDocument();
    expect(within(row).getByText(/^2\s000,000\sDT$/)).toBeInTheDocument();
    expect(screen.getByTestId('transferts-total')).toHaveTextContent(/^2\s500,000\sDT$/);
    // A transfer of a closed year is locked.
    expect(screen.getByRole('button', { name: 'Supprimer le transfert du 03/11/2025' })).toBeDisabled();
  });

  it('shows the no-bank alert when no account exists', async () => {
    banqueServer(undefined, {
      'GET /api/banque/operations/transferts': () =>
        json(200, { success: true, has_bank: false, transferts: [], comptes_bancaires: [] }),
    });
    renderRoute('/syndic/banque/transferts-intercomptes');
    expect(await screen.findByTestId('no-bank-alert')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a council member create, edit and delete disabled, with the reason', async () => {
    const user = userEvent.setup();
    banqueServer(membre);
    renderRoute('/syndic/banque/transferts-intercomptes');
    await screen.findByText('VIR-0215');
    expect(screen.getByRole('button', { name: 'Modifier le transfert du 15/02/2026' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Supprimer le transfert du 15/02/2026' })).toBeDisabled();
    const create = screen.getByTestId('transfert-creer');
    expect(create).toBeDisabled();
    await user.hover(create.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Seul le trésorier peut effectuer cette opération.');
  });

  it('leaves the chosen destination out of the sources, and the chosen source out of the destinations', async () => {
    const user = userEvent.setup();
    banqueServer();
    renderRoute('/syndic/banque/transferts-intercomptes/creer');
    const source = await screen.findByLabelText(/^Compte source/);
    const destination = screen.getByLabelText(/^Compte destination/);
    const all = ['Choisir un compte', 'Compte courant BIAT (Principal)', 'Épargne STB', 'Compte travaux Attijari'];
    expect(optionsOf(source)).toEqual(all);
    await user.selectOptions(source, '1');
    expect(optionsOf(destination)).toEqual(['Choisir un compte', 'Épargne STB', 'Compte travaux Attijari']);
    await user.selectOptions(destination, '3');
    expect(optionsOf(source)).toEqual(['Choisir un compte', 'Compte courant BIAT (Principal)', 'Épargne STB']);
  });

  it('requires both accounts, a positive amount with up to 3 decimals and a date, then creates the transfer', async () => {
    const user = userEvent.setup();
    const server = banqueServer(undefined, {
      'POST /api/banque/transferts/creer': () => json(200, { success: true, transfert: transferts[0] }),
    });
    const { router } = renderRoute('/syndic/banque/transferts-intercomptes/creer');
    await screen.findByLabelText(/^Compte source/);
    await user.click(screen.getByRole('button', { name: 'Enregistrer le transfert' }));
    expect(await screen.findByText('Choisissez le compte source.')).toBeInTheDocument();
    expect(screen.getByText('Choisissez le compte destination.')).toBeInTheDocument();
    expect(screen.getByText('Le montant est obligatoire.')).toBeInTheDocument();
    expect(screen.getByText('La date est obligatoire.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(/^Compte source/), '2');
    await user.selectOptions(screen.getByLabelText(/^Compte destination/), '1');
    await user.type(screen.getByLabelText(/^Montant/), '-5');
    await user.tab();
    expect(await screen.findByText('Le montant ne peut pas être négatif.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Montant/));
    await user.type(screen.getByLabelText(/^Montant/), '750,125');
    await user.type(screen.getByLabelText(/^Date/), '01.04.26');
    await user.type(screen.getByLabelText(/^Référence/), 'VIR-0401');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le transfert' }));
    expect(await screen.findByText('Transfert enregistré.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/banque/transferts/creer')[0])).toEqual({
      compte_source: 2,
      compte_destination: 1,
      montant: 750.125,
      date: '2026-04-01',
      reference: 'VIR-0401',
      commentaire: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/banque/transferts-intercomptes'));
  });

  it('shows comptes_identiques from the server under the destination', async () => {
    const user = userEvent.setup();
    banqueServer(undefined, {
      'POST /api/banque/transferts/modifier': () => apiError(422, 'comptes_identiques', 'x'),
    });
    renderRoute('/syndic/banque/transferts-intercomptes/modifier/21');
    expect(await screen.findByLabelText(/^Montant/)).toHaveValue('2000');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Les comptes source et destination doivent être différents.')).toBeInTheDocument();
  });

  it('returns to the list after a successful edit', async () => {
    const user = userEvent.setup();
    const server = banqueServer(undefined, {
      'POST /api/banque/transferts/modifier': () => json(200, { success: true, transfert: transferts[0] }),
    });
    const { router } = renderRoute('/syndic/banque/transferts-intercomptes/modifier/21');
    expect(await screen.findByLabelText(/^Compte source/)).toHaveValue('1');
    expect(screen.getByLabelText(/^Compte destination/)).toHaveValue('2');
    await user.selectOptions(screen.getByLabelText(/^Compte destination/), '3');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Transfert modifié.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/banque/transferts/modifier')[0])).toMatchObject({
      id: 21,
      compte_source: 1,
      compte_destination: 3,
      montant: 2000,
      reference: 'VIR-0215',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/banque/transferts-intercomptes'));
    // The list is fetched again (the edit invalidated it).
    await waitFor(() => expect(server.calls('GET', '/api/banque/operations/transferts').length).toBeGreaterThan(1));
  });

  it('disables creation with one account only', async () => {
    banqueServer(undefined, {
      'GET /api/banque/operations/transferts': () =>
        json(200, { success: true, has_bank: true, transferts: [], comptes_bancaires: choix.slice(0, 1) }),
    });
    renderRoute('/syndic/banque/transferts-intercomptes');
    await screen.findByText('Aucun transfert.');
    expect(screen.getByTestId('transfert-creer')).toBeDisabled();
  });
});
