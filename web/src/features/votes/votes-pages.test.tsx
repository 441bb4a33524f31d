import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { DONUT_COLOURS } from '@/lib/chart-colours';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import {
  coproprietaire,
  president,
  voteInterphone,
  voteJardin,
  voteParking,
  votePeinture,
  votesServer,
} from './votes-fixtures';

const bodies = (calls: { body: string }[]) => calls.map((call) => JSON.parse(call.body) as unknown);

describe('syndic votes list (/syndic/votes)', () => {
  it('lists each vote with its state, publication date and creator', async () => {
    votesServer(president);
    renderRoute('/syndic/votes');
    const row = (await screen.findByText(voteParking.titre)).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('En cours');
    expect(row).toHaveTextContent('20/11/2026');
    expect(row).toHaveTextContent('Leila Ben Salah');
    expect(screen.getByText(voteJardin.titre).closest('tr') as HTMLElement).toHaveTextContent('Pas encore commencé');
    expect(screen.getByText(voteInterphone.titre).closest('tr') as HTMLElement).toHaveTextContent('Terminé');
  });

  it('offers edit and delete to the creator while nobody has voted', async () => {
    votesServer(president);
    renderRoute('/syndic/votes');
    expect(await screen.findByRole('link', { name: `Modifier ${voteParking.titre}` })).toHaveAttribute(
      'href',
      '/syndic/votes/modifier/1',
    );
    expect(screen.getByRole('button', { name: `Supprimer ${voteParking.titre}` })).toBeEnabled();
  });

  it.each([
    ['a co-owner has voted on', votePeinture, 'Modification verrouillée : un copropriétaire a déjà voté.'],
    ['another member created', voteJardin, 'Seul le créateur du vote peut le modifier ou le supprimer.'],
    ['that is finished', voteInterphone, 'Le vote est terminé.'],
  ])('disables edit and delete of a vote %s, with the reason', async (_case, vote, reason) => {
    const user = userEvent.setup();
    votesServer(president);
    renderRoute('/syndic/votes');
    const modifier = await screen.findByRole('button', { name: `Modifier ${vote.titre}` });
    expect(modifier).toBeDisabled();
    expect(screen.getByRole('button', { name: `Supprimer ${vote.titre}` })).toBeDisabled();
    await user.hover(modifier.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
  });

  it('shows the results button once a vote has started, not before', async () => {
    votesServer(president);
    renderRoute('/syndic/votes');
    expect(await screen.findByRole('link', { name: `Résultats de ${voteInterphone.titre}` })).toHaveAttribute(
      'href',
      '/syndic/votes/resultats/4',
    );
    expect(screen.getByRole('link', { name: `Résultats de ${voteParking.titre}` })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: `Résultats de ${voteJardin.titre}` })).toBeNull();
  });

  it('deletes after confirmation, and says so when the server refuses', async () => {
    const user = userEvent.setup();
    const server = votesServer(president, {
      'POST /api/votes/supprimer': () => apiError(422, 'vote_verrouille', 'Vote verrouillé.'),
    });
    renderRoute('/syndic/votes');
    await user.click(await screen.findByRole('button', { name: `Supprimer ${voteParking.titre}` }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Modification verrouillée : un copropriétaire a déjà voté.')).toBeInTheDocument();
    expect(bodies(server.calls('POST', '/api/votes/supprimer'))).toEqual([{ id: 1 }]);
  });
});

describe('syndic vote form', () => {
  it('refuses a form without title, with fewer than two choices or ending before it starts, and sends nothing', async () => {
    const user = userEvent.setup();
    const server = votesServer(president);
    renderRoute('/syndic/votes/creer');
    const form = await screen.findByRole('form', { name: 'Nouveau vote' });
    await user.click(within(form).getByRole('radio', { name: 'Choix personnalisés' }));
    await user.type(within(form).getByLabelText('Choix 1'), 'Oui');
    await user.type(within(form).getByLabelText(/Date de début/), '10/12/2026');
    await user.type(within(form).getByLabelText(/Date de fin/), '05/12/2026');
    await user.click(within(form).getByRole('button', { name: 'Publier le vote' }));
    expect(await within(form).findByText('Le titre est obligatoire.')).toBeInTheDocument();
    expect(within(form).getByText('Veuillez remplir au moins deux choix.')).toBeInTheDocument();
    expect(within(form).getByText('La date de fin ne peut pas précéder la date de début.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/votes/creer')).toHaveLength(0);
  });

  it('creates a custom vote with its filled choices only, dates as yyyy-MM-dd, and goes back to the list', async () => {
    const user = userEvent.setup();
    const server = votesServer(president, {
      'POST /api/votes/creer': () => json(200, { success: true, data: { vote: voteParking } }),
    });
    const { router } = renderRoute('/syndic/votes/creer');
    const form = await screen.findByRole('form', { name: 'Nouveau vote' });
    await user.type(within(form).getByLabelText(/Titre/), '  Horaires du gardien ');
    await user.type(within(form).getByLabelText(/Description/), 'Choisir la plage horaire.');
    await user.click(within(form).getByRole('radio', { name: 'Choix personnalisés' }));
    await user.type(within(form).getByLabelText('Choix 1'), '8h-16h');
    await user.type(within(form).getByLabelText('Choix 3'), '  10h-18h ');
    await user.type(within(form).getByLabelText(/Date de début/), '01/12/2026');
    await user.type(within(form).getByLabelText(/Date de fin/), '15/12/2026');
    await user.click(within(form).getByRole('button', { name: 'Publier le vote' }));
    expect(await screen.findByText('Vote créé avec succès')).toBeInTheDocument();
    expect(bodies(server.calls('POST', '/api/votes/creer'))).toEqual([
      {
        titre: 'Horaires du gardien',
        description: 'Choisir la plage horaire.',
        type_choix: 'custom',
        choix: ['8h-16h', '10h-18h'],
        date_debut: '2026-12-01',
        date_fin: '2026-12-15',
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/votes'));
  });

  it('sends no choices for a simple vote, and keeps the form when the server refuses', async () => {
    const user = userEvent.setup();
    const server = votesServer(president, { 'POST /api/votes/creer': () => apiError(500, 'internal_error') });
    const { router } = renderRoute('/syndic/votes/creer');
    const form = await screen.findByRole('form', { name: 'Nouveau vote' });
    await user.type(within(form).getByLabelText(/Titre/), 'Ravalement');
    await user.type(within(form).getByLabelText(/Date de début/), '01/12/2026');
    await user.type(within(form).getByLabelText(/Date de fin/), '01/12/2026');
    await user.click(within(form).getByRole('button', { name: 'Publier le vote' }));
    expect(await screen.findByText("Le vote n'a pas pu être créé.")).toBeInTheDocument();
    expect(bodies(server.calls('POST', '/api/votes/creer'))).toEqual([
      { titre: 'Ravalement', description: '', type_choix: 'simple', date_debut: '2026-12-01', date_fin: '2026-12-01' },
    ]);
    expect(router.state.location.pathname).toBe('/syndic/votes/creer');
  });

  it('edits a vote from its values and sends them with its id', async () => {
    const user = userEvent.setup();
    const server = votesServer(president, { 'PUT /api/votes/modifier': () => json(200, { success: true }) });
    renderRoute('/syndic/votes/modifier/1');
    const form = await screen.findByRole('form', { name: 'Modifier le vote' });
    expect(within(form).getByLabelText(/Titre/)).toHaveValue(voteParking.titre);
    expect(within(form).getByLabelText('Choix 2')).toHaveValue('Une place');
    await user.clear(within(form).getByLabelText('Choix 3'));
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Vote modifié avec succès')).toBeInTheDocument();
    expect(bodies(server.calls('PUT', '/api/votes/modifier'))).toEqual([
      {
        id: 1,
        titre: voteParking.titre,
        description: voteParking.description,
        type_choix: 'custom',
        choix: ['Deux places', 'Une place'],
        date_debut: '2026-11-20',
        date_fin: '2026-12-05',
      },
    ]);
  });

  it('shows the lock reason instead of the form for a vote a co-owner has voted on', async () => {
    votesServer(president);
    renderRoute('/syndic/votes/modifier/2');
    expect(await screen.findByTestId('vote-verrouille')).toHaveTextContent(
      'Modification verrouillée : un copropriétaire a déjà voté.',
    );
    expect(screen.queryByRole('form')).toBeNull();
  });
});

describe('vote results (both spaces)', () => {
  it('shows the dates, the choices with the reader’s own marked, the majority, the donut total and the participation', async () => {
    votesServer(president);
    renderRoute('/syndic/votes/resultats/4');
    expect(await screen.findByRole('heading', { name: voteInterphone.titre, level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('vote-periode')).toHaveTextContent('Du 01/09/2026 au 15/09/2026');
    const choix = screen.getAllByTestId('vote-choix');
    expect(choix.map((item) => item.textContent)).toEqual(['Pour', 'Contre (mon choix)', 'Abstention']);
    expect(screen.getByTestId('vote-majorite')).toHaveTextContent(/^Majorité :\s*Pour$/);
    expect(screen.getByTestId('vote-total')).toHaveTextContent('4');
    const legende = screen.getAllByTestId('vote-resultat');
    expect(legende.map((item) => item.textContent)).toEqual(['Pour3', 'Contre1', 'Abstention0']);
    expect(legende[1]?.querySelector('span')).toHaveStyle({ background: DONUT_COLOURS[1] });
    expect(screen.getByTestId('vote-participation')).toHaveTextContent('67 %');
  });

  it('lists each property’s response, "Pas encore" for those who have not voted', async () => {
    votesServer(coproprietaire);
    renderRoute('/coproprietaire/votes/resultats/4');
    const rows = await screen.findAllByTestId('vote-reponse');
    expect(rows.map((row) => row.textContent)).toEqual([
      'A1Sami GharbiContre',
      'A2Nour JaziriPour',
      'B1Karim MejriPas encore',
    ]);
  });

  it('says the vote is not found when the server has none', async () => {
    votesServer(president);
    renderRoute('/syndic/votes/resultats/99');
    expect(await screen.findByTestId('vote-introuvable')).toHaveTextContent('Ce vote est introuvable.');
  });
});

describe('co-owner votes (/coproprietaire/votes)', () => {
  it('shows each vote’s state and the action it allows: vote, change one’s vote, results', async () => {
    votesServer(coproprietaire);
    renderRoute('/coproprietaire/votes');
    const row = (titre: string) => screen.getByText(titre).closest('tr') as HTMLElement;
    await screen.findByText(voteParking.titre);
    expect(row(voteParking.titre)).toHaveTextContent('En attente');
    expect(within(row(voteParking.titre)).getByRole('link', { name: 'Voter' })).toHaveAttribute(
      'href',
      '/coproprietaire/votes/voter/1',
    );
    expect(row(votePeinture.titre)).toHaveTextContent('Voté');
    expect(within(row(votePeinture.titre)).getByRole('link', { name: 'Modifier mon vote' })).toHaveAttribute(
      'href',
      '/coproprietaire/votes/modifier/2',
    );
    expect(within(row(voteInterphone.titre)).getByRole('link', { name: 'Résultats' })).toHaveAttribute(
      'href',
      '/coproprietaire/votes/resultats/4',
    );
    expect(row(voteParking.titre)).toHaveTextContent('05/12/2026');
  });

  it('asks for a choice, then sends it and goes back to the list', async () => {
    const user = userEvent.setup();
    const server = votesServer(coproprietaire, {
      'POST /api/coproprietaire/votes/voter': () => json(200, { success: true, vote: { id: 1, choix_id: 22 } }),
    });
    const { router } = renderRoute('/coproprietaire/votes/voter/1');
    const form = await screen.findByRole('form', { name: 'Voter' });
    await user.click(within(form).getByRole('button', { name: 'Confirmer mon vote' }));
    expect(await within(form).findByText('Veuillez choisir une réponse.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/coproprietaire/votes/voter')).toHaveLength(0);
    await user.click(within(form).getByRole('radio', { name: 'Une place' }));
    await user.click(within(form).getByRole('button', { name: 'Confirmer mon vote' }));
    expect(await screen.findByText('Vote enregistré avec succès.')).toBeInTheDocument();
    expect(bodies(server.calls('POST', '/api/coproprietaire/votes/voter'))).toEqual([{ id: 1, vote_choix: 22 }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/coproprietaire/votes'));
  });

  it('changes a vote from the current choice, translated for a simple vote', async () => {
    const user = userEvent.setup();
    const server = votesServer(coproprietaire, {
      'POST /api/coproprietaire/votes/modifier': () => json(200, { success: true, vote: { id: 2, selected_vote: 11 } }),
    });
    renderRoute('/coproprietaire/votes/modifier/2');
    const form = await screen.findByRole('form', { name: 'Voter' });
    expect(within(form).getByRole('radio', { name: 'Contre' })).toBeChecked();
    await user.click(within(form).getByRole('radio', { name: 'Pour' }));
    await user.click(within(form).getByRole('button', { name: 'Confirmer mon vote' }));
    expect(await screen.findByText('Vote enregistré avec succès.')).toBeInTheDocument();
    expect(bodies(server.calls('POST', '/api/coproprietaire/votes/modifier'))).toEqual([{ id: 2, vote_choix: 11 }]);
  });

  it('says so and stays on the ballot when the vote is refused', async () => {
    const user = userEvent.setup();
    votesServer(coproprietaire, { 'POST /api/coproprietaire/votes/voter': () => apiError(500, 'internal_error') });
    const { router } = renderRoute('/coproprietaire/votes/voter/1');
    const form = await screen.findByRole('form', { name: 'Voter' });
    await user.click(within(form).getByRole('radio', { name: 'Aucune' }));
    await user.click(within(form).getByRole('button', { name: 'Confirmer mon vote' }));
    expect(await screen.findByText("Votre vote n'a pas pu être enregistré.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/coproprietaire/votes/voter/1');
  });

  it('offers no ballot for a finished vote', async () => {
    votesServer(coproprietaire);
    renderRoute('/coproprietaire/votes/voter/4');
    expect(await screen.findByTestId('vote-introuvable')).toHaveTextContent('Ce vote est introuvable.');
    expect(screen.queryByRole('form')).toBeNull();
  });
});

describe('votes in Arabic', () => {
  it('reads the results in Arabic, simple choices translated, only the users’ own texts in Latin letters', async () => {
    votesServer(coproprietaire);
    await i18n.changeLanguage('ar');
    renderRoute('/coproprietaire/votes/resultats/4');
    await screen.findAllByTestId('vote-reponse');
    expect(screen.getByTestId('vote-majorite')).toHaveTextContent('مع');
    let text = screen.getByRole('main').textContent ?? '';
    for (const own of [
      voteInterphone.titre,
      'Changer l’interphone de l’entrée A.',
      'Sami Gharbi',
      'Nour Jaziri',
      'Karim Mejri',
    ]) {
      text = text.replace(own, '');
    }
    expect(text).not.toMatch(/[A-Za-zÀ-ÿ]{3,}/);
  });
});
