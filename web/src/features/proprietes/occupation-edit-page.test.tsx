import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, authStatus, installFakeServer, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, president, proprietesServer, tresorier } from './proprietes-fixtures';

const HISTORIQUE_A3 = '/syndic/administration/proprietes/historique/3';

async function openEdit(occupationId: number, routes = {}) {
  const user = userEvent.setup();
  const server = proprietesServer(president, routes);
  const rendered = renderRoute(`${HISTORIQUE_A3}/modifier/${occupationId}`);
  await screen.findByRole('heading', { name: "Modifier l'occupation" });
  return { user, server, ...rendered };
}

const save = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Enregistrer' }));

describe('occupation edit form', () => {
  it('is filled from the loaded history line', async () => {
    await openEdit(302);
    expect(await screen.findByLabelText("Nom de l'occupant")).toHaveValue('Nadia Locataire');
    expect(screen.getByLabelText('Téléphone')).toHaveValue('55111222');
    expect(screen.getByLabelText('E-mail')).toHaveValue('nadia@example.tn');
    expect(screen.getByLabelText('Sexe')).toHaveValue('femme');
    expect(screen.getByLabelText("Type d'occupation")).toHaveValue('locataire');
    expect(screen.getByLabelText('Date de début')).toHaveValue('01/09/2025');
    expect(screen.getByLabelText('Date de fin')).toHaveValue('31/01/2026');
    expect(screen.getByLabelText('Payeur')).toBeChecked();
    expect(screen.getByText('Propriété A3')).toBeInTheDocument();
  });

  it('checks the name, phone, e-mail and dates before sending', async () => {
    const { user, server } = await openEdit(302);
    const nom = await screen.findByLabelText("Nom de l'occupant");
    await user.clear(nom);
    const tel = screen.getByLabelText('Téléphone');
    await user.clear(tel);
    await user.type(tel, '5511122');
    const email = screen.getByLabelText('E-mail');
    await user.clear(email);
    await user.type(email, 'nadia.example.tn');
    const fin = screen.getByLabelText('Date de fin');
    await user.clear(fin);
    await user.type(fin, '31/08/2025');
    const debut = screen.getByLabelText('Date de début');
    await save(user);
    expect(await screen.findByText('Le nom est obligatoire.')).toBeInTheDocument();
    expect(screen.getByText('Le téléphone doit contenir exactement 8 chiffres.')).toBeInTheDocument();
    expect(screen.getByText("L'adresse e-mail n'est pas valide.")).toBeInTheDocument();
    expect(screen.getByText('La date de fin ne peut pas précéder la date de début.')).toBeInTheDocument();
    await user.clear(debut);
    await save(user);
    expect(await screen.findByText('La date de début est obligatoire.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/proprietes/historique/modifier')).toHaveLength(0);
  });

  it('sends the edit with the occupation and occupant ids, empty fields as null, and returns to the history', async () => {
    const { user, server, router } = await openEdit(301, {
      'POST /api/proprietes/historique/modifier': () => json(200, { success: true, occupation: {} }),
    });
    const email = await screen.findByLabelText('E-mail');
    await user.type(email, 'hedi@example.tn');
    await user.clear(screen.getByLabelText('Téléphone'));
    await user.type(screen.getByLabelText('Date de fin'), '28/02/2026');
    await save(user);
    await waitFor(() => expect(router.state.location.pathname).toBe(HISTORIQUE_A3));
    expect(await screen.findByText('Occupation modifiée.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/proprietes/historique/modifier')[0])).toEqual({
      occupant_nom: 'Hédi Gharbi',
      occupant_tel: null,
      occupant_email: 'hedi@example.tn',
      occupant_sexe: 'homme',
      type_occupation: 'proprietaire',
      date_debut: '2019-05-01',
      date_fin: '2026-02-28',
      occupation_id: 301,
      occupant_id: 30,
      is_payer: true,
    });
  });

  it('maps validation_failed onto the fields and payeur_manquant to a toast', async () => {
    let answer = apiError(422, 'validation_failed', 'x', { occupant_nom: ['Le nom est trop long.'] });
    const { user } = await openEdit(301, { 'POST /api/proprietes/historique/modifier': () => answer });
    await screen.findByLabelText("Nom de l'occupant");
    await save(user);
    expect(await screen.findByText('Le nom est trop long.')).toBeInTheDocument();
    answer = apiError(422, 'payeur_manquant', 'x');
    await save(user);
    expect(await screen.findByText(/Chaque date d'occupation doit avoir un payeur/)).toBeInTheDocument();
  });

  it('puts the occupant refusals (phone taken, e-mail invalid) under their fields', async () => {
    let answer = apiError(422, 'tel_deja_utilise', 'x');
    const { user } = await openEdit(302, { 'POST /api/proprietes/historique/modifier': () => answer });
    await screen.findByLabelText("Nom de l'occupant");
    await save(user);
    await waitFor(() =>
      expect(screen.getByLabelText('Téléphone')).toHaveAccessibleDescription(
        'Ce numéro de téléphone est déjà utilisé.',
      ),
    );
    answer = apiError(422, 'email_invalide', 'x');
    await save(user);
    await waitFor(() =>
      expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription("L'adresse e-mail n'est pas valide."),
    );
  });

  it('goes back to the history when the occupation is not in it', async () => {
    const { router } = await openEdit(999);
    await waitFor(() => expect(router.state.location.pathname).toBe(HISTORIQUE_A3));
    expect(await screen.findByRole('heading', { name: "Historique d'occupation — A3" })).toBeInTheDocument();
  });
});

describe('president-only occupation routes', () => {
  it.each(['creer', 'modifier/301'])('sends a treasurer opening …/%s to /unauthorized', async (suffix) => {
    proprietesServer(tresorier);
    const { router } = renderRoute(`${HISTORIQUE_A3}/${suffix}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
    expect(await screen.findByText('Accès non autorisé')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login', async () => {
    installFakeServer({ 'GET /api/auth/status': authStatus(null) });
    const { router } = renderRoute(`${HISTORIQUE_A3}/creer`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('lets every council member read the list and the history', async () => {
    proprietesServer(tresorier);
    const { router } = renderRoute(HISTORIQUE_A3);
    expect(await screen.findByText('Hédi Gharbi')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(HISTORIQUE_A3);
  });
});
