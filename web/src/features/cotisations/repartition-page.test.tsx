import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, membre, repartition, revenusServer, tresorier } from './cotisations-fixtures';

const REPARTITION = '/syndic/administration/repartition-cotisations';

type User = ReturnType<typeof userEvent.setup>;

async function openPage(user = tresorier, routes = {}) {
  const server = revenusServer(user, routes);
  const rendered = renderRoute(REPARTITION);
  await screen.findByRole('heading', { name: 'Répartition des cotisations' });
  return { server, ...rendered };
}

const save = (user: User) => user.click(screen.getByRole('button', { name: 'Enregistrer la répartition' }));

describe('allocation table for the treasurer', () => {
  it('shows one amount per property, empty for a property without a line, and the total', async () => {
    await openPage();
    expect(await screen.findByLabelText('Montant de A5')).toHaveValue('150');
    expect(screen.getByLabelText('Montant de A6')).toHaveValue('180');
    expect(screen.getByLabelText('Montant de Parking P1')).toHaveValue('');
    expect(screen.getByText('Parking')).toBeInTheDocument();
    expect(screen.getByTestId('repartition-total')).toHaveTextContent(/^330,000\sDT$/);
    expect(screen.getByRole('button', { name: 'Enregistrer la répartition' })).toBeDisabled();
  });

  it('checks each amount: required, a number, an integer, not negative', async () => {
    const user = userEvent.setup();
    const { server } = await openPage();
    const a5 = await screen.findByLabelText('Montant de A5');
    await user.clear(a5);
    await user.type(screen.getByLabelText('Montant de A6'), '0');
    await save(user);
    expect(await screen.findAllByText('Requis')).toHaveLength(2);
    await user.type(a5, 'abc');
    await user.tab();
    expect(await screen.findByText('Doit être un nombre')).toBeInTheDocument();
    await user.clear(a5);
    await user.type(a5, '12.5');
    await user.tab();
    expect(await screen.findByText('Doit être un entier')).toBeInTheDocument();
    await user.clear(a5);
    await user.type(a5, '-3');
    await user.tab();
    expect(await screen.findByText('Ne peut pas être négatif')).toBeInTheDocument();
    expect(server.calls('POST', '/api/cotisation-repartition/modifier')).toHaveLength(0);
  });

  it('saves every line and shows the saved table', async () => {
    const user = userEvent.setup();
    const saved = [
      { ...repartition[0], montant: 160 },
      repartition[1],
      { ...repartition[2], montant: 20, is_defined: true },
    ];
    const { server } = await openPage(tresorier, {
      'POST /api/cotisation-repartition/modifier': () => json(200, { success: true, data: saved }),
    });
    const a5 = await screen.findByLabelText('Montant de A5');
    await user.clear(a5);
    await user.type(a5, '160');
    await user.type(screen.getByLabelText('Montant de Parking P1'), '20');
    expect(screen.getByTestId('repartition-total')).toHaveTextContent(/^360,000\sDT$/);
    await save(user);
    expect(await screen.findByText('Répartition enregistrée.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/cotisation-repartition/modifier')[0])).toEqual({
      repartitions: [
        { propriete_id: 5, montant: 160 },
        { propriete_id: 6, montant: 180 },
        { propriete_id: 11, montant: 20 },
      ],
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enregistrer la répartition' })).toBeDisabled());
  });

  it('puts the server field errors on their lines', async () => {
    const user = userEvent.setup();
    await openPage(tresorier, {
      'POST /api/cotisation-repartition/modifier': () =>
        apiError(422, 'validation_failed', 'x', { 'repartitions[2].montant': ['Le montant est trop élevé.'] }),
    });
    await user.type(await screen.findByLabelText('Montant de Parking P1'), '5');
    await save(user);
    await waitFor(() =>
      expect(screen.getByLabelText('Montant de Parking P1')).toHaveAccessibleDescription('Le montant est trop élevé.'),
    );
  });

  it('shows the error toast when saving fails', async () => {
    const user = userEvent.setup();
    await openPage(tresorier, { 'POST /api/cotisation-repartition/modifier': () => apiError(500, 'internal_error') });
    await user.type(await screen.findByLabelText('Montant de Parking P1'), '5');
    await save(user);
    expect(await screen.findByText("La répartition n'a pas pu être enregistrée.")).toBeInTheDocument();
  });
});

describe('allocation table for other council members', () => {
  it('is read-only, with the reason', async () => {
    await openPage(membre);
    expect(await screen.findByTestId('repartition-read-only')).toHaveTextContent(
      'Seul le trésorier peut modifier la répartition.',
    );
    const a5 = screen.getByText('A5').closest('tr') as HTMLElement;
    expect(a5).toHaveTextContent(/150,000\sDT/);
    expect(screen.getByText('Non définie')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer la répartition' })).not.toBeInTheDocument();
    expect(screen.getByTestId('repartition-total')).toHaveTextContent(/^330,000\sDT$/);
  });
});
