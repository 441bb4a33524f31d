import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { coproprietaire, president, voteAscenseur, votesServer } from './votes-fixtures';

afterEach(async () => {
  await act(() => i18n.changeLanguage('fr'));
});

function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr') as HTMLElement;
}

describe('syndic votes (/syndic/votes)', () => {
  it('lists each vote with its state, publication date and creator', async () => {
    votesServer(president);
    renderRoute('/syndic/votes');
    await screen.findByText("Remplacement de l'ascenseur");
    const row = rowOf("Remplacement de l'ascenseur");
    expect(within(row).getByTestId('vote-etat')).toHaveTextContent('En cours');
    expect(row).toHaveTextContent('20/11/2026');
    expect(row).toHaveTextContent('Leila Ben Salah');
    expect(screen.getByTestId('nav-votes')).toHaveAttribute('href', '/syndic/votes');
  });

  it('locks editing once a co-owner has voted, and for a vote another member created', async () => {
    votesServer(president);
    renderRoute('/syndic/votes');
    await screen.findByText("Remplacement de l'ascenseur");
    expect(screen.getByRole('link', { name: "Modifier Remplacement de l'ascenseur" })).toHaveAttribute(
      'href',
      '/syndic/votes/modifier/7',
    );
    expect(screen.getByRole('button', { name: 'Modifier Aménagement du jardin' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Supprimer Aménagement du jardin' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Modifier Marquage du parking' })).toBeDisabled();
  });

  it('says "Modification verrouillée" instead of the form of a vote a co-owner has voted on', async () => {
    votesServer(president);
    renderRoute('/syndic/votes/modifier/8');
    expect(await screen.findByTestId('vote-verrouille')).toHaveTextContent(
      'Modification verrouillée : un copropriétaire a déjà voté.',
    );
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  });

  it('refuses a custom vote with fewer than two choices and an end before its start, and sends nothing', async () => {
    const user = userEvent.setup();
    const server = votesServer(president);
    renderRoute('/syndic/votes/creer');
    const form = await screen.findByRole('form', { name: 'Créer le vote' });
    await user.type(within(form).getByLabelText(/Titre/), 'Couleur de la façade');
    await user.click(within(form).getByLabelText(/Choix personnalisés/));
    await user.type(within(form).getByLabelText('Choix 1'), 'Beige');
    await user.type(within(form).getByLabelText('Choix 2'), '   ');
    await user.type(within(form).getByLabelText(/Date de début/), '10/12/2026');
    await user.type(within(form).getByLabelText(/Date de fin/), '01/12/2026');
    await user.click(within(form).getByRole('button', { name: 'Créer le vote' }));
    expect(await within(form).findByText('Veuillez remplir au moins deux choix.')).toBeInTheDocument();
    expect(within(form).getByText('La date de fin ne peut pas précéder la date de début.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/votes/creer')).toHaveLength(0);
  });

  it('creates a custom vote with its non-blank choices only, then goes back to the list', async () => {
    const user = userEvent.setup();
    const server = votesServer(president, {
      'POST /api/votes/creer': () => json(200, { success: true, data: { vote: voteAscenseur } }),
    });
    const { router } = renderRoute('/syndic/votes/creer');
    const form = await screen.findByRole('form', { name: 'Créer le vote' });
    await user.type(within(form).getByLabelText(/Titre/), 'Couleur de la façade');
    await user.click(within(form).getByLabelText(/Choix personnalisés/));
    await user.type(within(form).getByLabelText('Choix 1'), 'Beige');
    await user.type(within(form).getByLabelText('Choix 3'), ' Blanc ');
    await user.type(within(form).getByLabelText(/Date de début/), '01/12/2026');
    await user.type(within(form).getByLabelText(/Date de fin/), '15/12/2026');
    await user.click(within(form).getByRole('button', { name: 'Créer le vote' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/votes'));
    expect(server.calls('POST', '/api/votes/creer').map((call) => JSON.parse(call.body))).toEqual([
      {
        titre: 'Couleur de la façade',
        description: '',
        type_choix: 'custom',
        choix: ['Beige', 'Blanc'],
        date_debut: '2026-12-01',
        date_fin: '2026-12-15',
      },
    ]);
    expect(await screen.findByText('Vote créé avec succès')).toBeInTheDocument();
  });

  it('shows the results: counts, majority, participation and a "pas encore" badge for who has not voted', async () => {
    votesServer(president);
    renderRoute('/syndic/votes/resultats/7');
    await screen.findByRole('heading', { name: "Remplacement de l'ascenseur", level: 1 });
    expect(screen.getByTestId('vote-total')).toHaveTextContent('3');
    expect(screen.getByTestId('vote-participation')).toHaveTextContent('Participation : 75 %');
    expect(screen.getByTestId('choix-majoritaire').closest('li')).toHaveTextContent('Pour');
    const b2 = rowOf('Karim Ayari');
    expect(within(b2).getByTestId('reponse-pas-encore')).toHaveTextContent('pas encore');
    expect(rowOf('Nour Jlassi')).toHaveTextContent('Contre');
    expect(screen.getAllByTestId('reponse-pas-encore')).toHaveLength(1);
  });

  it('says the results in Arabic: the simple choices and "pas encore" translated', async () => {
    votesServer(president);
    renderRoute('/syndic/votes/resultats/7');
    await screen.findByRole('heading', { name: "Remplacement de l'ascenseur", level: 1 });
    await act(() => i18n.changeLanguage('ar'));
    expect(within(rowOf('Karim Ayari')).getByTestId('reponse-pas-encore')).toHaveTextContent('ليس بعد');
    expect(rowOf('Nour Jlassi')).toHaveTextContent('ضد');
    expect(screen.getByTestId('choix-majoritaire').closest('li')).toHaveTextContent('مع');
  });

  it('says the vote is not found when the results are missing', async () => {
    votesServer(president, { 'GET /api/coproprietaire/votes/resultats': () => apiError(404, 'vote_introuvable') });
    renderRoute('/syndic/votes/resultats/99');
    expect(await screen.findByTestId('vote-introuvable')).toHaveTextContent('Ce vote est introuvable.');
  });
});

describe('co-owner votes (/coproprietaire/votes)', () => {
  it('offers to vote, to modify a vote cast, and the results of a finished vote', async () => {
    votesServer(coproprietaire);
    renderRoute('/coproprietaire/votes');
    await screen.findByText("Remplacement de l'ascenseur");
    expect(within(rowOf("Remplacement de l'ascenseur")).getByTestId('vote-etat')).toHaveTextContent('En attente');
    expect(screen.getByRole('link', { name: "Voter : Remplacement de l'ascenseur" })).toHaveAttribute(
      'href',
      '/coproprietaire/votes/voter/7',
    );
    expect(within(rowOf('Aménagement du jardin')).getByTestId('vote-etat')).toHaveTextContent('Voté');
    expect(screen.getByRole('link', { name: 'Modifier mon vote : Aménagement du jardin' })).toHaveAttribute(
      'href',
      '/coproprietaire/votes/modifier/8',
    );
    expect(screen.getByRole('link', { name: 'Résultats de Horaires du gardien' })).toHaveAttribute(
      'href',
      '/coproprietaire/votes/resultats/5',
    );
  });

  it('requires a choice, then sends it and goes back to the list with "Vote enregistré avec succès."', async () => {
    const user = userEvent.setup();
    const server = votesServer(coproprietaire, {
      'POST /api/coproprietaire/votes/voter': () => json(200, { success: true, vote: { id: 7, choix_id: 2 } }),
    });
    const { router } = renderRoute('/coproprietaire/votes/voter/7');
    const form = await screen.findByRole('form', { name: 'Confirmer mon vote' });
    await user.click(within(form).getByRole('button', { name: 'Confirmer mon vote' }));
    expect(await within(form).findByText('Veuillez choisir une réponse.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/coproprietaire/votes/voter')).toHaveLength(0);

    await user.click(within(form).getByLabelText('Contre'));
    await user.click(within(form).getByRole('button', { name: 'Confirmer mon vote' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/coproprietaire/votes'));
    expect(server.calls('POST', '/api/coproprietaire/votes/voter').map((call) => JSON.parse(call.body))).toEqual([
      { id: 7, vote_choix: 2 },
    ]);
    expect(await screen.findByText('Vote enregistré avec succès.')).toBeInTheDocument();
  });

  it('opens the modification with the choice already cast, and sends the new one as a modification', async () => {
    const user = userEvent.setup();
    const server = votesServer(coproprietaire, {
      'POST /api/coproprietaire/votes/modifier': () => json(200, { success: true, vote: { id: 8, selected_vote: 11 } }),
    });
    renderRoute('/coproprietaire/votes/modifier/8');
    const form = await screen.findByRole('form', { name: 'Confirmer mon vote' });
    expect(within(form).getByLabelText('Potager')).toBeChecked();
    expect(within(form).getByLabelText('Gazon')).not.toBeChecked();
    await user.click(within(form).getByLabelText('Gazon'));
    await user.click(within(form).getByRole('button', { name: 'Confirmer mon vote' }));
    expect(await screen.findByText('Vote enregistré avec succès.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/coproprietaire/votes/modifier').map((call) => JSON.parse(call.body))).toEqual([
      { id: 8, vote_choix: 11 },
    ]);
    expect(server.calls('POST', '/api/coproprietaire/votes/voter')).toHaveLength(0);
  });
});
