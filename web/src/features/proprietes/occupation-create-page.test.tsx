import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, president, proprietesServer } from './proprietes-fixtures';

const CREER_A3 = '/syndic/administration/proprietes/historique/3/creer';

async function openForm(routes = {}) {
  const user = userEvent.setup();
  const server = proprietesServer(president, routes);
  const rendered = renderRoute(CREER_A3);
  await screen.findByRole('heading', { name: 'Ajouter une occupation' });
  // Wait for the occupants to fill the choice.
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: 'Occupant' })).toHaveTextContent('Choisir un occupant'),
  );
  return { user, server, ...rendered };
}

/** Opens the occupant choice, filters it with `typed` and picks the option named `name`. */
async function chooseOccupant(user: ReturnType<typeof userEvent.setup>, name: RegExp, typed = '') {
  await user.click(screen.getByRole('combobox', { name: 'Occupant' }));
  if (typed) await user.type(screen.getByRole('textbox', { name: 'Filtrer les choix' }), typed);
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name }));
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: "Ajouter l'occupation" }));

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await chooseOccupant(user, /Bilel Saidi/, 'bilel');
  await user.selectOptions(screen.getByLabelText("Type d'occupation"), 'Locataire');
  await user.type(screen.getByLabelText('Date de début'), '01/03/2026');
  await user.click(screen.getByLabelText('Payeur'));
}

describe('occupation create form: validation', () => {
  it('requires the occupant, the type and the start date, and sends nothing', async () => {
    const { user, server } = await openForm();
    expect(screen.getByText('Propriété A3')).toBeInTheDocument();
    await submit(user);
    expect(await screen.findByText('Choisissez un occupant.')).toBeInTheDocument();
    expect(screen.getByText("Choisissez le type d'occupation.")).toBeInTheDocument();
    expect(screen.getByText('La date de début est obligatoire.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Occupant' })).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('POST', '/api/proprietes/historique/creer')).toHaveLength(0);
  });

  it('rejects a start date that is not a date', async () => {
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Date de début'), '31/02/2026');
    await user.tab();
    expect(await screen.findByText('Date invalide. Format attendu : jj/mm/aaaa.')).toBeInTheDocument();
  });

  it('rejects an end date before the start date, and accepts it on the same day or later', async () => {
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Date de début'), '01/03/2026');
    const fin = screen.getByLabelText('Date de fin');
    await user.type(fin, '28/02/2026');
    await user.tab();
    expect(await screen.findByText('La date de fin ne peut pas précéder la date de début.')).toBeInTheDocument();
    await user.clear(fin);
    await user.type(fin, '01/03/2026');
    await user.tab();
    await waitFor(() =>
      expect(screen.queryByText('La date de fin ne peut pas précéder la date de début.')).not.toBeInTheDocument(),
    );
  });

  it('explains the payer rule under the checkbox', async () => {
    await openForm();
    expect(screen.getByLabelText('Payeur')).toHaveAccessibleDescription(
      /Une désignation plus récente prend le relais à sa date de début/,
    );
  });
});

describe('occupation create form: with the server', () => {
  it('posts the occupation and returns to the history with a success toast', async () => {
    const { user, server, router } = await openForm({
      'POST /api/proprietes/historique/creer': () => json(200, { success: true, occupation: { occupation_id: 303 } }),
    });
    await fillValid(user);
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/administration/proprietes/historique/3'));
    expect(await screen.findByText('Occupation ajoutée.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/proprietes/historique/creer')[0])).toEqual({
      occupant: 42,
      type_occupation: 'locataire',
      date_debut: '2026-03-01',
      date_fin: null,
      propriete: 3,
      is_payer: true,
    });
  });

  it('puts the field errors of a validation failure on the fields', async () => {
    const { user, router } = await openForm({
      'POST /api/proprietes/historique/creer': () =>
        apiError(422, 'validation_failed', 'Certains champs sont invalides.', {
          date_debut: ['La date de début est en dehors des exercices.'],
          occupant: ["L'occupant est déjà sur cette propriété à cette date."],
        }),
    });
    await fillValid(user);
    await submit(user);
    expect(await screen.findByText('La date de début est en dehors des exercices.')).toBeInTheDocument();
    expect(screen.getByLabelText('Date de début')).toHaveAccessibleDescription(
      'La date de début est en dehors des exercices.',
    );
    expect(screen.getByText("L'occupant est déjà sur cette propriété à cette date.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(CREER_A3);
  });

  it('shows president_required as a toast', async () => {
    const { user } = await openForm({
      'POST /api/proprietes/historique/creer': () =>
        apiError(403, 'president_required', 'Seul le président peut effectuer cette opération.'),
    });
    await fillValid(user);
    await submit(user);
    expect(await screen.findByText('Seul le président peut effectuer cette opération.')).toBeInTheDocument();
  });

  it.each([
    ['payeur_manquant', /Chaque date d'occupation doit avoir un payeur/],
    ['occupant_inconnu', /Cet occupant n'existe pas\./],
    ['propriete_inconnue', /Cette propriété n'existe pas\./],
  ])('shows %s as a toast', async (code, text) => {
    const { user } = await openForm({ 'POST /api/proprietes/historique/creer': () => apiError(422, code, code) });
    await fillValid(user);
    await submit(user);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('puts dates_occupation_invalides on the end date', async () => {
    const { user } = await openForm({
      'POST /api/proprietes/historique/creer': () => apiError(422, 'dates_occupation_invalides', 'x'),
    });
    await fillValid(user);
    await user.type(screen.getByLabelText('Date de fin'), '01/04/2026');
    await submit(user);
    await waitFor(() =>
      expect(screen.getByLabelText('Date de fin')).toHaveAccessibleDescription(
        'La date de fin ne peut pas précéder la date de début.',
      ),
    );
  });
});

describe('occupant dialog', () => {
  async function openDialog(routes = {}) {
    const context = await openForm(routes);
    await chooseOccupant(context.user, /Nouvel occupant/);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvel occupant' });
    return { ...context, dialog };
  }

  it('requires the name and the sex, and checks the phone (8 digits) and the e-mail', async () => {
    const { user, dialog, server } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: "Créer l'occupant" }));
    expect(await within(dialog).findByText('Le nom est obligatoire.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choisissez le sexe.')).toBeInTheDocument();
    // An empty phone and e-mail are fine.
    expect(within(dialog).queryByText('Le téléphone doit contenir exactement 8 chiffres.')).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Téléphone'), '2912345');
    await user.type(within(dialog).getByLabelText('E-mail'), 'tarek@');
    await user.tab();
    expect(await within(dialog).findByText('Le téléphone doit contenir exactement 8 chiffres.')).toBeInTheDocument();
    expect(within(dialog).getByText("L'adresse e-mail n'est pas valide.")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Téléphone'), '6');
    await user.tab();
    await waitFor(() =>
      expect(within(dialog).queryByText('Le téléphone doit contenir exactement 8 chiffres.')).not.toBeInTheDocument(),
    );
    await user.type(within(dialog).getByLabelText('Téléphone'), '7');
    await user.tab();
    expect(await within(dialog).findByText('Le téléphone doit contenir exactement 8 chiffres.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/occupants/creer-dialog')).toHaveLength(0);
    // Submitting the dialog never submits the occupation form behind it.
    expect(screen.queryByText('Choisissez un occupant.')).not.toBeInTheDocument();
  });

  it('creates the occupant, selects it in the form and the occupation is sent with it', async () => {
    const tarek = { id: 77, nom: 'Tarek Mansour', tel: '29123456', email: null, sexe: 'homme' };
    // GET /api/occupants keeps answering the old list: the new occupant must stay selectable
    // while the list is fetched again.
    const { user, dialog, server } = await openDialog({
      'POST /api/occupants/creer-dialog': () => json(200, { success: true, occupant: tarek }),
      'POST /api/proprietes/historique/creer': () => json(200, { success: true, occupation: {} }),
    });
    await user.type(within(dialog).getByLabelText('Nom'), 'Tarek Mansour');
    await user.type(within(dialog).getByLabelText('Téléphone'), '29123456');
    await user.selectOptions(within(dialog).getByLabelText('Sexe'), 'Homme');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'occupant" }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Occupant Tarek Mansour créé.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/occupants/creer-dialog')[0])).toEqual({
      nom: 'Tarek Mansour',
      tel: '29123456',
      email: null,
      sexe: 'homme',
    });
    const choice = screen.getByRole('combobox', { name: 'Occupant' });
    await waitFor(() => expect(choice).toHaveTextContent('Tarek Mansour+216 29 123 456'));

    await user.selectOptions(screen.getByLabelText("Type d'occupation"), 'Locataire');
    await user.type(screen.getByLabelText('Date de début'), '01032026');
    await submit(user);
    await waitFor(() => expect(server.calls('POST', '/api/proprietes/historique/creer')).toHaveLength(1));
    expect(bodyOf(server.calls('POST', '/api/proprietes/historique/creer')[0])).toMatchObject({
      occupant: 77,
      is_payer: false,
    });
  });

  it('starts the new occupant from the name typed in the choice', async () => {
    const { user } = await openForm();
    await chooseOccupant(user, /Nouvel occupant.*Nadia Jaziri/, 'Nadia Jaziri');
    const dialog = await screen.findByRole('dialog', { name: 'Nouvel occupant' });
    expect(within(dialog).getByLabelText('Nom')).toHaveValue('Nadia Jaziri');
  });

  it('refuses a name longer than 100 characters', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByLabelText('Nom'));
    await user.paste('x'.repeat(101));
    await user.tab();
    expect(await within(dialog).findByText('Le nom ne doit pas dépasser 100 caractères.')).toBeInTheDocument();
  });

  it('puts tel_deja_utilise on the phone field', async () => {
    const { user, dialog } = await openDialog({
      'POST /api/occupants/creer-dialog': () => apiError(422, 'tel_deja_utilise', 'Ce numéro est déjà utilisé.'),
    });
    await user.type(within(dialog).getByLabelText('Nom'), 'Tarek Mansour');
    await user.type(within(dialog).getByLabelText('Téléphone'), '22333444');
    await user.selectOptions(within(dialog).getByLabelText('Sexe'), 'Homme');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'occupant" }));
    expect(await within(dialog).findByText('Ce numéro de téléphone est déjà utilisé.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
