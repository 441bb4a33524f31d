import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { annonceEau, annoncesServer, coproprietaire, president } from './annonces-fixtures';

const ACTIVES = '/syndic/annonces/annonces_actives';

describe('syndic announcements', () => {
  it('opens the active list at /syndic/annonces', async () => {
    annoncesServer(president);
    const { router } = renderRoute('/syndic/annonces');
    await waitFor(() => expect(router.state.location.pathname).toBe(ACTIVES));
    expect(await screen.findByRole('heading', { name: 'Annonces actives', level: 1 })).toBeInTheDocument();
  });

  it('lists the active announcements with author and end date, and the archived ones on their page', async () => {
    annoncesServer(president);
    renderRoute(ACTIVES);
    const row = (await screen.findByText(annonceEau.description)).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Leila Ben Salah');
    expect(row).toHaveTextContent('10/12/2099');
    expect(screen.getByTestId('nav-annonces_archivees')).toHaveAttribute('href', '/syndic/annonces/annonces_archivees');
    await userEvent.setup().click(screen.getByTestId('nav-annonces_archivees'));
    expect(await screen.findByText("L'assemblée générale s'est tenue le 12 mars.")).toBeInTheDocument();
  });

  it('creates an announcement for 14 days by default, the duration in digits only', async () => {
    const user = userEvent.setup();
    const server = annoncesServer(president, {
      'POST /api/annonces/creer': () => json(200, { success: true, annonce: annonceEau }),
    });
    renderRoute(ACTIVES);
    await user.click(await screen.findByTestId('annonce-creer'));
    const form = await screen.findByRole('form', { name: 'Nouvelle annonce' });
    expect(within(form).getByLabelText(/Durée/)).toHaveValue('14');
    await user.type(within(form).getByLabelText(/Description/), 'Nettoyage des escaliers samedi.');
    await user.clear(within(form).getByLabelText(/Durée/));
    await user.type(within(form).getByLabelText(/Durée/), '7j');
    await user.click(within(form).getByRole('button', { name: 'Publier' }));
    expect(await within(form).findByText('La durée ne doit contenir que des chiffres.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/annonces/creer')).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/Durée/));
    await user.type(within(form).getByLabelText(/Durée/), '7');
    await user.click(within(form).getByRole('button', { name: 'Publier' }));
    expect(await screen.findByText('Annonce créée avec succès')).toBeInTheDocument();
    expect(server.calls('POST', '/api/annonces/creer').map((call) => JSON.parse(call.body))).toEqual([
      { description: 'Nettoyage des escaliers samedi.', jours: 7 },
    ]);
  });

  it('refuses an end date before today when editing, and sends nothing', async () => {
    const user = userEvent.setup();
    const server = annoncesServer(president);
    renderRoute(ACTIVES);
    await user.click(await screen.findByRole('button', { name: "Modifier l'annonce" }));
    const form = await screen.findByRole('form', { name: "Modifier l'annonce" });
    const dateFin = within(form).getByLabelText(/Date de fin/);
    await user.clear(dateFin);
    await user.type(dateFin, '01/01/2020');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(form).findByText("La date de fin ne peut pas être antérieure à aujourd'hui."),
    ).toBeInTheDocument();
    expect(server.calls('POST', '/api/annonces/modifier')).toHaveLength(0);
  });

  it('sends the edited text and end date', async () => {
    const user = userEvent.setup();
    const server = annoncesServer(president, { 'POST /api/annonces/modifier': () => json(200, { success: true }) });
    renderRoute(ACTIVES);
    await user.click(await screen.findByRole('button', { name: "Modifier l'annonce" }));
    const form = await screen.findByRole('form', { name: "Modifier l'annonce" });
    const dateFin = within(form).getByLabelText(/Date de fin/);
    await user.clear(dateFin);
    await user.type(dateFin, '31/12/2099');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Annonce modifiée avec succès')).toBeInTheDocument();
    expect(server.calls('POST', '/api/annonces/modifier').map((call) => JSON.parse(call.body))).toEqual([
      { id: annonceEau.id, description: annonceEau.description, date_fin: '2099-12-31' },
    ]);
  });

  it('deletes after confirmation, and says so when the server refuses', async () => {
    const user = userEvent.setup();
    annoncesServer(president, { 'POST /api/annonces/supprimer': () => apiError(500, 'internal_error') });
    renderRoute(ACTIVES);
    await user.click(await screen.findByRole('button', { name: "Supprimer l'annonce" }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText("L'annonce n'a pas pu être supprimée.")).toBeInTheDocument();
  });
});

describe('co-owner announcements (/coproprietaire/annonces)', () => {
  it('shows each active announcement with its author and time', async () => {
    annoncesServer(coproprietaire);
    renderRoute('/coproprietaire/annonces');
    const card = await screen.findByTestId('annonce');
    expect(card).toHaveTextContent(annonceEau.description);
    expect(card).toHaveTextContent('Leila Ben Salah');
    expect(card).toHaveTextContent('25/11/2026 08:30');
  });

  it('says when there is none, and offers a retry after a failure', async () => {
    const user = userEvent.setup();
    let fail = true;
    annoncesServer(coproprietaire, {
      'GET /api/annonces/actives': () =>
        fail ? apiError(500, 'internal_error') : json(200, { success: true, annonces: [] }),
    });
    renderRoute('/coproprietaire/annonces');
    expect(await screen.findByText('Erreur lors du chargement des annonces.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Aucune annonce pour le moment.')).toBeInTheDocument();
  });
});
