import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { panne, panneAscenseur, panneInterphone, pannesServer, president, sami } from './pannes-fixtures';

// jsdom has no canvas: a photo goes through as chosen.
vi.mock('@/lib/compress-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/compress-image')>()),
  compressImage: async (file: File) => file,
}));

const links = () => screen.getAllByTestId('panne-lien').map((link) => link.textContent);

describe('co-owner reports (/coproprietaire/pannes)', () => {
  it('lists my active reports first, the others in their tab, never the archived ones', async () => {
    const user = userEvent.setup();
    pannesServer(sami);
    renderRoute('/coproprietaire/pannes');
    await screen.findByText(panneAscenseur.description);
    expect(links()).toEqual([panneAscenseur.description, panneInterphone.description]);
    expect(screen.queryByText('Ampoule du hall grillée.')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Autres signalements' }));
    expect(await screen.findByText('Fuite au parking, place P3.')).toBeInTheDocument();
    expect(screen.getByTestId('nav-pannes')).toHaveAttribute('href', '/coproprietaire/pannes');
  });

  it('stays on the page of the list it shows while the creation dialog opens and closes', async () => {
    // Given twelve reports of mine, the second page shown
    const user = userEvent.setup();
    const miennes = Array.from({ length: 12 }, (_, index) => panne(100 + index, `Signalement numéro ${index + 1}`));
    pannesServer(sami, {
      'GET /api/pannes': () => json(200, { success: true, mine: miennes, others: [] }),
    });
    renderRoute('/coproprietaire/pannes');
    await screen.findByText('Page 1 sur 2');
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(screen.getByText('Page 2 sur 2')).toBeInTheDocument();
    // When the creation dialog is opened, then closed
    await user.click(screen.getByTestId('panne-creer'));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Then the list is still on its second page
    expect(screen.getByText('Page 2 sur 2')).toBeInTheDocument();
  });

  it('requires a description, then sends it with the photos as multipart', async () => {
    const user = userEvent.setup();
    const server = pannesServer(sami, {
      'POST /api/pannes/creer': () => json(200, { success: true, panne: panneAscenseur }),
    });
    renderRoute('/coproprietaire/pannes');
    await user.click(await screen.findByTestId('panne-creer'));
    const form = await screen.findByRole('form', { name: 'Signaler une panne' });
    await user.click(within(form).getByRole('button', { name: 'Signaler' }));
    expect(await within(form).findByText('La description est obligatoire')).toBeInTheDocument();
    expect(server.calls('POST', '/api/pannes/creer')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/Description/), 'Porte du garage bloquée.');
    await user.upload(within(form).getByLabelText('Photos'), new File(['jpg'], 'porte.jpg', { type: 'image/jpeg' }));
    await user.click(within(form).getByRole('button', { name: 'Signaler' }));
    expect(await screen.findByText('Panne signalée avec succès')).toBeInTheDocument();
    const [call] = server.calls('POST', '/api/pannes/creer');
    expect(call?.body).toContain('name="description"\r\n\r\nPorte du garage bloquée.');
    // jsdom's File does not cross into Node's FormData whole (name and bytes): a browser sends them.
    expect(call?.body).toContain('name="images[]"; filename=');
    expect(call?.body).toContain('Content-Type: image/jpeg');
  });
});

describe('a report (/coproprietaire/pannes/details/{id})', () => {
  it('shows the report, its photo and its comments', async () => {
    pannesServer(sami);
    renderRoute(`/coproprietaire/pannes/details/${panneAscenseur.id}`);
    expect(await screen.findByRole('heading', { name: 'Panne n° 12', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(panneAscenseur.description)).toBeInTheDocument();
    expect(screen.getAllByTestId('panne-photo')).toHaveLength(1);
    expect(screen.getByTestId('commentaire')).toHaveTextContent('Le technicien passe demain matin.');
    expect(screen.queryByTestId('panne-statut-box')).toBeNull();
  });

  it('refuses to delete a report whose status has evolved', async () => {
    pannesServer(sami);
    renderRoute(`/coproprietaire/pannes/details/${panneInterphone.id}`);
    await screen.findByRole('heading', { name: 'Panne n° 10', level: 1 });
    expect(screen.getByTestId('panne-supprimer')).toBeDisabled();
  });

  it('says the status prevents the deletion when the server refuses it with 422', async () => {
    const user = userEvent.setup();
    const server = pannesServer(sami, {
      'POST /api/pannes/supprimer': () =>
        apiError(422, 'panne_statut_evolue', 'Une panne dont le statut a évolué ne peut pas être supprimée.'),
    });
    renderRoute(`/coproprietaire/pannes/details/${panneAscenseur.id}`);
    await user.click(await screen.findByTestId('panne-supprimer'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(
      await screen.findByText('Cette panne ne peut plus être supprimée : son statut a évolué.'),
    ).toBeInTheDocument();
    expect(server.calls('POST', '/api/pannes/supprimer').map((call) => JSON.parse(call.body))).toEqual([{ id: 12 }]);
  });

  it('says a deleted report was deleted and goes back to the list', async () => {
    pannesServer(sami);
    const { router } = renderRoute('/coproprietaire/pannes/details/999');
    expect(await screen.findByText('Cette panne a été supprimée.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/coproprietaire/pannes'));
  });

  it('sends a co-owner who opens an archived report back to the list', async () => {
    pannesServer(sami);
    const { router } = renderRoute('/coproprietaire/pannes/details/4');
    expect(await screen.findByText('Cette panne est archivée : seul le syndic peut la consulter.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/coproprietaire/pannes'));
  });

  it('requires a comment text, then adds it', async () => {
    const user = userEvent.setup();
    const server = pannesServer(sami, {
      'POST /api/pannes/commentaire/ajouter': () => json(200, { success: true, commentaire: {} }),
    });
    renderRoute(`/coproprietaire/pannes/details/${panneAscenseur.id}`);
    const form = await screen.findByRole('form', { name: 'Commenter' });
    await user.click(within(form).getByRole('button', { name: 'Commenter' }));
    expect(await within(form).findByText('Le commentaire est obligatoire')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Commentaire/), 'Merci !');
    await user.click(within(form).getByRole('button', { name: 'Commenter' }));
    expect(await screen.findByText('Commentaire ajouté')).toBeInTheDocument();
    const [call] = server.calls('POST', '/api/pannes/commentaire/ajouter');
    expect(call?.body).toContain('name="commentaire"\r\n\r\nMerci !');
    expect(call?.body).toContain('name="panne_id"\r\n\r\n12');
  });
});

describe('syndic reports', () => {
  it('changes the status from the details, the button disabled while the selection is the current one', async () => {
    const user = userEvent.setup();
    const server = pannesServer(president, {
      'POST /api/pannes/etat/modifier': () => json(200, { success: true, status: 'analyse' }),
    });
    renderRoute(`/syndic/pannes/details/${panneAscenseur.id}`);
    const box = await screen.findByTestId('panne-statut-box');
    const confirm = within(box).getByRole('button', { name: 'Confirmer' });
    expect(confirm).toBeDisabled();
    await user.selectOptions(within(box).getByLabelText('Nouveau statut'), '2. En analyse');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await screen.findByText('Statut changé : En analyse')).toBeInTheDocument();
    expect(server.calls('POST', '/api/pannes/etat/modifier').map((call) => JSON.parse(call.body))).toEqual([
      { status: 'analyse', panne_id: 12 },
    ]);
  });

  it('shows only the archived reports on the archive page', async () => {
    pannesServer(president);
    renderRoute('/syndic/pannes/pannes_archives');
    await screen.findByRole('heading', { name: 'Pannes archivées', level: 1 });
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Autres signalements' }));
    expect(await screen.findByText('Ampoule du hall grillée.')).toBeInTheDocument();
    expect(links()).toEqual(['Ampoule du hall grillée.']);
  });
});
