import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, modifierInfosCharges2026, revenusServer, tresorier } from './cotisations-fixtures';

const MODIFIER = '/syndic/revenus/cotisations/modifier/2';

async function openEdit(routes = {}, path = MODIFIER) {
  const user = userEvent.setup();
  const server = revenusServer(tresorier, routes);
  const rendered = renderRoute(path);
  return { user, server, ...rendered };
}

const save = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Enregistrer' }));

describe('cotisation edit form', () => {
  it('is filled from modifier-infos, with the split locked and the reason in a tooltip', async () => {
    const { user } = await openEdit();
    expect(await screen.findByLabelText('Titre')).toHaveValue('Charges courantes 2026');
    expect(screen.getByLabelText('Type')).toHaveValue('mensuelle');
    expect(screen.getByLabelText('Début de la période')).toHaveValue('01/01/2026');
    expect(screen.getByLabelText('Fin de la période')).toHaveValue('31/12/2026');
    expect(screen.getByLabelText("Date d'échéance")).toHaveValue('05/01/2026');
    expect(screen.getByLabelText('Montant par propriété (DT)')).toHaveValue('40');
    const repartition = screen.getByLabelText('Répartition');
    expect(repartition).toHaveValue('egale');
    expect(repartition).toBeDisabled();
    await user.hover(screen.getByTestId('repartition-lock'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      "La répartition d'une cotisation ne peut pas être modifiée.",
    );
  });

  it('sends the edit with its id and returns to the details with a toast', async () => {
    const { user, server, router } = await openEdit({
      'PUT /api/cotisations/modifier': () => json(200, { success: true, cotisation: { id: 2 } }),
    });
    const titre = await screen.findByLabelText('Titre');
    await user.clear(titre);
    await user.type(titre, 'Charges 2026');
    const montant = screen.getByLabelText('Montant par propriété (DT)');
    await user.clear(montant);
    await user.type(montant, '45');
    await save(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/revenus/cotisations/gerer/2'));
    expect(await screen.findByText('Cotisation modifiée.')).toBeInTheDocument();
    expect(bodyOf(server.calls('PUT', '/api/cotisations/modifier')[0])).toEqual({
      id: 2,
      titre: 'Charges 2026',
      type: 'mensuelle',
      repartition: 'egale',
      date_debut: '2026-01-01',
      date_fin: '2026-12-31',
      date_echeance: '2026-01-05',
      montant: 45,
      personalisation: [],
    });
  });

  it('checks the same rules as the create form', async () => {
    const { user, server } = await openEdit();
    const montant = await screen.findByLabelText('Montant par propriété (DT)');
    await user.clear(montant);
    await user.clear(screen.getByLabelText('Titre'));
    await save(user);
    expect(await screen.findByText('Le titre est obligatoire.')).toBeInTheDocument();
    expect(screen.getByText('Le montant est obligatoire.')).toBeInTheDocument();
    expect(server.calls('PUT', '/api/cotisations/modifier')).toHaveLength(0);
  });

  it('explains a refusal: encaissements are associated (422)', async () => {
    const { user, router } = await openEdit({
      'PUT /api/cotisations/modifier': () => apiError(422, 'cotisation_avec_encaissements', 'x'),
    });
    await screen.findByLabelText('Titre');
    await save(user);
    expect(await screen.findByText("La cotisation n'a pas pu être modifiée.")).toBeInTheDocument();
    expect(
      screen.getByText('Cette cotisation a des encaissements associés : elle ne peut être ni modifiée ni supprimée.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(MODIFIER);
  });

  it('shows the form read-only with the reason, and disables saving, when encaissements exist', async () => {
    await openEdit({
      'GET /api/cotisations/modifier-infos': () =>
        json(200, { success: true, data: { ...modifierInfosCharges2026, has_encaissements: true } }),
    });
    expect(await screen.findByTestId('cotisation-edit-blocked')).toHaveTextContent(
      'Cette cotisation a des encaissements associés : elle ne peut être ni modifiée ni supprimée.',
    );
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    expect(screen.getByTestId('cotisation-edit-fields')).toBeDisabled();
    expect(screen.getByLabelText('Titre')).toBeDisabled();
    expect(screen.getByLabelText("Date d'échéance")).toBeDisabled();
  });

  it('keeps the fields editable when nothing blocks the edit', async () => {
    await openEdit();
    expect(await screen.findByLabelText('Titre')).toBeEnabled();
    expect(screen.queryByTestId('cotisation-edit-blocked')).not.toBeInTheDocument();
  });

  it('shows the per-property amounts of a custom split', async () => {
    await openEdit({
      'GET /api/cotisations/modifier-infos': () =>
        json(200, {
          success: true,
          data: {
            ...modifierInfosCharges2026,
            repartition: 'personnalisee',
            montant: null,
            personalisation: [
              { propriete_id: 5, appartement: 'A5', montant: 30 },
              { propriete_id: 11, appartement: 'Parking P1', montant: 0 },
            ],
          },
        }),
    });
    const table = await screen.findByTestId('personalisation');
    expect(within(table).getByLabelText('Montant de A5')).toHaveValue('30');
    expect(within(table).getByLabelText('Montant de Parking P1')).toHaveValue('0');
    expect(screen.queryByLabelText('Montant par propriété (DT)')).not.toBeInTheDocument();
  });

  it('goes back to the list with an error toast when the cotisation cannot be loaded', async () => {
    const { router } = await openEdit({}, '/syndic/revenus/cotisations/modifier/999');
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/revenus/cotisations'));
    expect(await screen.findByText('Erreur')).toBeInTheDocument();
    expect(screen.getByText('Impossible de charger la cotisation')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Cotisations' })).toBeInTheDocument();
  });
});
