import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { banqueServer, bodyOf, membre } from './banque-fixtures';

const LIST = '/syndic/banque/comptes';

function rowOf(text: string): HTMLElement {
  return within(screen.getByRole('table')).getByText(text).closest('tr') as HTMLElement;
}

async function openList(user = banqueServer()) {
  renderRoute(LIST);
  await screen.findByRole('heading', { name: 'Comptes bancaires' });
  await screen.findByText('Épargne STB');
  return user;
}

describe('bank accounts (/syndic/banque/comptes)', () => {
  it('badges the main account, labels the type and shows each balance and their total', async () => {
    await openList();
    const biat = rowOf('Compte courant BIAT');
    expect(within(biat).getByTestId('badge-principal')).toHaveTextContent('Principal');
    expect(within(biat).getByText('Compte courant')).toBeInTheDocument();
    expect(within(biat).getByText(/^12\s480,500\sDT$/)).toBeInTheDocument();
    expect(within(biat).getByText('08 006 0123456789012 34')).toBeInTheDocument();
    const stb = rowOf('Épargne STB');
    expect(within(stb).getByText('Compte épargne')).toBeInTheDocument();
    expect(within(stb).queryByTestId('badge-principal')).toBeNull();
    expect(screen.getByTestId('comptes-total-solde')).toHaveTextContent(/^15\s730,500\sDT$/);
  });

  it('shows every field of an account, its balance and the RIB key warning in the details popup', async () => {
    const user = userEvent.setup();
    await openList();
    await user.click(screen.getByRole('button', { name: 'Détails du compte Compte courant BIAT' }));
    const dialog = await screen.findByRole('dialog', { name: /Compte Compte courant BIAT/ });
    for (const text of [
      'BIAT',
      'Avenue Habib Bourguiba, Tunis',
      '08 006 0123456789012 34',
      'BIATTNTT',
      'TN5908006012345678901234',
      '01/01/2026',
      'Compte des charges courantes',
    ])
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    expect(within(dialog).getByText(/^1\s500,000\sDT$/)).toBeInTheDocument();
    expect(within(dialog).getByText(/^12\s480,500\sDT$/)).toBeInTheDocument();
    expect(within(dialog).getByText('Solde actuel')).toBeInTheDocument();
    expect(within(dialog).getByTestId('rib-cle-invalide')).toBeInTheDocument();
  });

  it('disables delete of the main account, with the reason', async () => {
    const user = userEvent.setup();
    await openList();
    const principal = screen.getByRole('button', { name: 'Supprimer le compte Compte courant BIAT' });
    expect(principal).toBeDisabled();
    await user.hover(principal.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Le compte principal ne peut pas être supprimé');
  });

  it('disables delete of an account with operations, with the reason', async () => {
    const user = userEvent.setup();
    await openList();
    const withOperations = screen.getByRole('button', { name: 'Supprimer le compte Compte travaux Attijari' });
    expect(withOperations).toBeDisabled();
    await user.hover(withOperations.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Ce compte a des opérations : il ne peut pas être supprimé.',
    );
    expect(screen.getByRole('button', { name: 'Supprimer le compte Épargne STB' })).toBeEnabled();
  });

  it('deletes an account after confirmation and says so', async () => {
    const user = userEvent.setup();
    const server = banqueServer(undefined, {
      'POST /api/banque/comptes/supprimer': () => json(200, { success: true }),
    });
    await openList(server);
    await user.click(screen.getByRole('button', { name: 'Supprimer le compte Épargne STB' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer ce compte ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Compte supprimé.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/banque/comptes/supprimer')[0])).toEqual({ compte_id: 2 });
    await waitFor(() => expect(server.calls('GET', '/api/banque/comptes')).toHaveLength(2));
  });

  it("shows the server's refusal of a deletion by its code", async () => {
    const user = userEvent.setup();
    await openList(
      banqueServer(undefined, {
        'POST /api/banque/comptes/supprimer': () => apiError(422, 'compte_avec_operations', 'x'),
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Supprimer le compte Épargne STB' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('La suppression a échoué.')).toBeInTheDocument();
    expect(screen.getByText('Suppression impossible : ce compte a des opérations.')).toBeInTheDocument();
  });

  it('shows a council member every change disabled, with the reason', async () => {
    const user = userEvent.setup();
    await openList(banqueServer(membre));
    const create = screen.getByTestId('compte-creer');
    expect(create).toBeDisabled();
    await user.hover(create.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Seul le trésorier peut effectuer cette opération.');
    expect(screen.getByRole('button', { name: 'Modifier le compte Épargne STB' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Supprimer le compte Épargne STB' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Modifier le compte Épargne STB' })).toBeNull();
    // Reading stays open to every council member.
    expect(screen.getByRole('button', { name: 'Détails du compte Épargne STB' })).toBeEnabled();
  });
});
