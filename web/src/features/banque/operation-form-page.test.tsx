import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { banqueServer, bodyOf, retraitsBiat } from './banque-fixtures';

describe('operation forms (…/creer?compte={id}, …/modifier/{id})', () => {
  it('sends back to the list without an account id from the list', async () => {
    banqueServer();
    const { router } = renderRoute('/syndic/banque/depots-espece/creer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/banque/depots-espece'));
    expect(await screen.findByRole('heading', { name: "Dépôts d'espèces" })).toBeInTheDocument();
  });

  it('sends back to the list when the account id is not an account of the residence', async () => {
    banqueServer();
    const { router } = renderRoute('/syndic/banque/depots-espece/creer?compte=99');
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/banque/depots-espece'));
  });

  it('requires the libellé, the amount and the date, and reads amounts with up to 3 decimals', async () => {
    const user = userEvent.setup();
    const server = banqueServer();
    renderRoute('/syndic/banque/retraits-espece/creer?compte=2');
    expect(await screen.findByRole('heading', { name: "Nouveau retrait d'espèces" })).toBeInTheDocument();
    expect(await screen.findByTestId('operation-compte')).toHaveTextContent('Épargne STB');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le libellé est obligatoire.')).toBeInTheDocument();
    expect(screen.getByText('Le montant est obligatoire.')).toBeInTheDocument();
    expect(screen.getByText('La date est obligatoire.')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Montant/), '12,1234');
    await user.tab();
    expect(
      await screen.findByText('Saisissez un montant valide, avec au plus 3 décimales (ex. 125,500).'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Montant/));
    await user.type(screen.getByLabelText(/^Montant/), '0');
    await user.tab();
    expect(await screen.findByText('Le montant doit être supérieur à 0.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/banque/operations/creer')).toHaveLength(0);
  });

  it('creates an operation of the screen type on the chosen account and returns to its list', async () => {
    const user = userEvent.setup();
    const server = banqueServer(undefined, {
      'POST /api/banque/operations/creer': () => json(200, { success: true, operation: retraitsBiat[0] }),
    });
    const { router } = renderRoute('/syndic/banque/retraits-espece/creer?compte=2');
    await screen.findByTestId('operation-compte');
    await user.type(screen.getByLabelText(/^Libellé/), 'Retrait pour la caisse');
    await user.type(screen.getByLabelText(/^Montant/), '1 250,5');
    await user.type(screen.getByLabelText(/^Date$|^Date\*?$/), '05/04/2026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Retrait enregistré.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/banque/operations/creer')[0])).toEqual({
      libelle: 'Retrait pour la caisse',
      type: 'retrait',
      montant: 1250.5,
      date: '2026-04-05',
      date_banque: null,
      commentaire: null,
      compte: 2,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/banque/retraits-espece/2'));
  });

  it("shows the server's refusal by its code", async () => {
    const user = userEvent.setup();
    banqueServer(undefined, {
      'POST /api/banque/operations/creer': () => apiError(409, 'aucun_exercice_ouvert', 'x'),
    });
    renderRoute('/syndic/banque/interets-gagnes/creer?compte=1');
    expect(await screen.findByRole('heading', { name: 'Nouveaux intérêts gagnés' })).toBeInTheDocument();
    await screen.findByTestId('operation-compte');
    await user.type(screen.getByLabelText(/^Libellé/), 'Intérêts T1');
    await user.type(screen.getByLabelText(/^Montant/), '35.125');
    await user.type(screen.getByLabelText(/^Date$|^Date\*?$/), '31032026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("L'enregistrement a échoué.")).toBeInTheDocument();
    expect(screen.getByText(/aucun exercice/i)).toBeInTheDocument();
  });

  it('edits an operation and returns to the list of its account', async () => {
    const user = userEvent.setup();
    const server = banqueServer(undefined, {
      'POST /api/banque/operations/modifier': () => json(200, { success: true, operation: retraitsBiat[0] }),
    });
    const { router } = renderRoute('/syndic/banque/retraits-espece/modifier/11');
    expect(await screen.findByLabelText(/^Libellé/)).toHaveValue('Retrait caisse mars');
    expect(screen.getByLabelText(/^Montant/)).toHaveValue('400.25');
    await user.clear(screen.getByLabelText(/^Montant/));
    await user.type(screen.getByLabelText(/^Montant/), '410');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Retrait modifié.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/banque/operations/modifier')[0])).toEqual({
      id: 11,
      libelle: 'Retrait caisse mars',
      type: 'retrait',
      montant: 410,
      date: '2026-03-10',
      date_banque: '2026-03-11',
      commentaire: 'Pour le gardien',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/banque/retraits-espece/1'));
  });

  it('shows an operation of a closed year read-only', async () => {
    banqueServer();
    renderRoute('/syndic/banque/retraits-espece/modifier/10');
    expect(await screen.findByTestId('operation-closed')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Libellé/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
  });

  it('sends back to the list when the operation is unknown', async () => {
    banqueServer();
    const { router } = renderRoute('/syndic/banque/retraits-espece/modifier/999');
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/banque/retraits-espece'));
    expect(await screen.findByText("Cette opération n'existe pas ou plus.")).toBeInTheDocument();
  });
});
