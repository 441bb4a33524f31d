import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayIso } from '@/lib/dates';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, encaissementsA5, membre, revenusServer, tresorier } from './cotisations-fixtures';

const HISTORIQUE_A5 = '/syndic/revenus/encaissement/historique/5';

type User = ReturnType<typeof userEvent.setup>;

async function openEdit(encaissementId: number, routes = {}) {
  const user = userEvent.setup();
  const server = revenusServer(tresorier, routes);
  const rendered = renderRoute(`${HISTORIQUE_A5}/gerer/${encaissementId}`);
  await screen.findByRole('heading', { name: "Gérer l'encaissement" });
  return { user, server, ...rendered };
}

const save = (user: User) => user.click(screen.getByRole('button', { name: 'Enregistrer' }));

describe('encaissement edit (partial payment: the amount may change)', () => {
  it('is filled from the loaded history, with the payment summary', async () => {
    await openEdit(104);
    const montant = await screen.findByLabelText('Montant (DT)');
    expect(montant).toHaveValue('75');
    expect(montant).toBeEnabled();
    // Its own 75 plus the 75 still due.
    expect(montant).toHaveAccessibleDescription(/Au plus .*150,000\sDT/);
    expect(screen.getByLabelText('Date de paiement')).toHaveValue('20/05/2026');
    expect(screen.getByLabelText('Méthode de paiement')).toHaveValue('versement');
    expect(screen.getByLabelText('Référence')).toHaveValue('VERS-293');
    const summary = screen.getByTestId('encaissement-summary');
    expect(summary).toHaveTextContent('Ravalement de façade');
    expect(summary).toHaveTextContent('15/05/2026');
    expect(within(summary).getByText('Partiel')).toBeInTheDocument();
    expect(screen.getByText('Reçu n° 2026-000104 — A5')).toBeInTheDocument();
  });

  it('checks the amount (required, whole, not above the maximum) and the date', async () => {
    const { user, server } = await openEdit(104);
    const montant = await screen.findByLabelText('Montant (DT)');
    await user.clear(montant);
    await save(user);
    expect(await screen.findByText('Le montant est obligatoire.')).toBeInTheDocument();
    await user.type(montant, '151');
    await user.tab();
    expect(await screen.findByText('Le montant dépasse le restant dû.')).toBeInTheDocument();
    await user.clear(montant);
    await user.type(montant, '7,5');
    await user.tab();
    expect(await screen.findByText('Le montant doit être un nombre entier de dinars.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Date de paiement'));
    await save(user);
    expect(await screen.findByText('La date de paiement est obligatoire.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/cotisations/encaissement/modifier')).toHaveLength(0);
  });

  it('sends the correction and returns to the history with a toast', async () => {
    const { user, server, router } = await openEdit(104, {
      'POST /api/cotisations/encaissement/modifier': () =>
        json(200, { success: true, montant_du: {}, encaissement: { id: 104 } }),
    });
    const montant = await screen.findByLabelText('Montant (DT)');
    await user.clear(montant);
    await user.type(montant, '150');
    await user.selectOptions(screen.getByLabelText('Méthode de paiement'), 'Espèces');
    const date = screen.getByLabelText('Date de paiement');
    await user.clear(date);
    await user.type(date, '21/05/2026');
    await save(user);
    await waitFor(() => expect(router.state.location.pathname).toBe(HISTORIQUE_A5));
    expect(await screen.findByText('Encaissement modifié.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/cotisations/encaissement/modifier')[0])).toEqual({
      encaissement_id: 104,
      montant: 150,
      date_paiement: '2026-05-21',
      methode_paiement: 'espece',
      reference_paiement: null,
    });
  });

  it('refuses a future date', async () => {
    const { user } = await openEdit(104);
    const date = await screen.findByLabelText('Date de paiement');
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    await user.clear(date);
    await user.type(date, todayIso(tomorrow).split('-').reverse().join('/'));
    await user.tab();
    expect(await screen.findByText('La date de paiement ne peut pas être dans le futur.')).toBeInTheDocument();
  });
});

describe('encaissement edit (complete payment: the amount is locked)', () => {
  it('locks the amount and sends the original one', async () => {
    const { user, server } = await openEdit(95, {
      'POST /api/cotisations/encaissement/modifier': () =>
        json(200, { success: true, montant_du: {}, encaissement: { id: 95 } }),
    });
    const montant = await screen.findByLabelText('Montant (DT)');
    expect(montant).toBeDisabled();
    expect(montant).toHaveAccessibleDescription("Le montant d'un encaissement complet ne peut pas être modifié.");
    await user.selectOptions(screen.getByLabelText('Méthode de paiement'), 'Virement');
    await user.type(screen.getByLabelText('Référence'), 'VIR-9');
    await save(user);
    await waitFor(() => expect(server.calls('POST', '/api/cotisations/encaissement/modifier')).toHaveLength(1));
    expect(bodyOf(server.calls('POST', '/api/cotisations/encaissement/modifier')[0])).toMatchObject({
      encaissement_id: 95,
      montant: 40,
      methode_paiement: 'virement',
      reference_paiement: 'VIR-9',
    });
  });
});

describe('encaissement edit: refusals (spec 1 §8)', () => {
  it('puts montant_maximum_depasse and montant_non_modifiable on the amount', async () => {
    let answer = apiError(422, 'montant_maximum_depasse', 'x');
    const { user } = await openEdit(104, { 'POST /api/cotisations/encaissement/modifier': () => answer });
    const montant = await screen.findByLabelText('Montant (DT)');
    await save(user);
    await waitFor(() => expect(montant).toHaveAccessibleDescription('Le montant dépasse le restant dû.'));
    answer = apiError(422, 'montant_non_modifiable', 'x');
    await save(user);
    await waitFor(() =>
      expect(montant).toHaveAccessibleDescription("Le montant d'un encaissement complet ne peut pas être modifié."),
    );
  });

  it.each([
    ['exercice_cloture', 403, 'Cette action est impossible car la date correspond à un exercice clôturé'],
    ['aucun_exercice_ouvert', 409, "Action impossible : aucun exercice n'existe pour cette date."],
    ['encaissement_inconnu', 404, "Cet encaissement n'existe pas."],
    ['internal_error', 500, 'La modification a échoué.'],
  ])('shows a toast for %s on save', async (code, status, message) => {
    const { user, router } = await openEdit(104, {
      'POST /api/cotisations/encaissement/modifier': () => apiError(status, code, 'x'),
    });
    await screen.findByLabelText('Montant (DT)');
    await save(user);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${HISTORIQUE_A5}/gerer/104`);
  });

  it.each([
    ['exercice_cloture', 403, 'Cette action est impossible car la date correspond à un exercice clôturé'],
    ['internal_error', 500, 'La modification a échoué.'],
  ])('shows a toast for %s on delete', async (code, status, message) => {
    const { user } = await openEdit(104, {
      'POST /api/cotisations/encaissement/supprimer': () => apiError(status, code, 'x'),
    });
    await user.click(await screen.findByRole('button', { name: "Supprimer l'encaissement" }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe('encaissement edit: delete and redirects', () => {
  it('cancels the payment after confirmation and returns to the history', async () => {
    const { user, server, router } = await openEdit(104, {
      'POST /api/cotisations/encaissement/supprimer': () => json(200, { success: true }),
    });
    await user.click(await screen.findByRole('button', { name: "Supprimer l'encaissement" }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer cet encaissement ?' });
    expect(dialog).toHaveTextContent(/75,000\sDT/);
    expect(dialog).toHaveTextContent('2026-000104');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(HISTORIQUE_A5));
    expect(await screen.findByText('Encaissement supprimé.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/cotisations/encaissement/supprimer')[0])).toEqual({
      encaissement_id: 104,
    });
  });

  it('locks a payment of a closed exercice', async () => {
    await openEdit(12);
    expect(await screen.findByTestId('encaissement-closed')).toHaveTextContent('exercice clôturé');
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: "Supprimer l'encaissement" })).toBeDisabled();
  });

  it('keeps an online collection as the gateway recorded it: shown "En ligne", only cancellable (issue 21)', async () => {
    const enLigne = {
      ...encaissementsA5[0]!,
      id: 121,
      methode_paiement: 'enligne',
      reference_paiement: '65f1a0c2e1b9f2a1c3d4e5f6',
      reference_recu: '2026-000121',
    };
    await openEdit(121, {
      'GET /api/cotisations/historique-paiements': () =>
        json(200, {
          success: true,
          encaissements: [enLigne, ...encaissementsA5],
          montants_non_payes: [],
          total_restants_du: 0,
          propriete_nom: 'A5',
        }),
    });
    const methode = await screen.findByLabelText('Méthode de paiement');
    expect(methode).toHaveValue('enligne');
    expect(methode).toHaveDisplayValue('En ligne');
    expect(methode).toBeDisabled();
    expect(screen.getByLabelText('Date de paiement')).toBeDisabled();
    expect(screen.getByTestId('encaissement-en-ligne')).toHaveTextContent(/ne se modifie pas/);
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: "Supprimer l'encaissement" })).toBeEnabled();
  });

  it('goes back to the history when the payment is not in it', async () => {
    const { router } = await openEdit(999);
    await waitFor(() => expect(router.state.location.pathname).toBe(HISTORIQUE_A5));
    expect(await screen.findByRole('heading', { name: 'Historique des paiements — A5' })).toBeInTheDocument();
  });

  it('sends a council member to /unauthorized', async () => {
    revenusServer(membre);
    const { router } = renderRoute(`${HISTORIQUE_A5}/gerer/104`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });
});
