import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { echeanceHorsPeriode } from './cotisation-form';
import { bodyOf, revenusServer, tresorier } from './cotisations-fixtures';

const CREER = '/syndic/revenus/cotisations/creer';
const YEAR = new Date().getFullYear();

type User = ReturnType<typeof userEvent.setup>;

async function openForm(routes = {}) {
  const user = userEvent.setup();
  const server = revenusServer(tresorier, routes);
  const rendered = renderRoute(CREER);
  await screen.findByRole('heading', { name: 'Nouvelle cotisation' });
  return { user, server, ...rendered };
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Créer la cotisation' }));

async function fillCommon(user: User, repartition: string) {
  await user.type(screen.getByLabelText('Titre'), 'Charges courantes 2026');
  await user.selectOptions(screen.getByLabelText('Type'), 'Mensuelle');
  await user.selectOptions(screen.getByLabelText('Répartition'), repartition);
  await user.type(screen.getByLabelText('Début de la période'), '01/01/2026');
  await user.type(screen.getByLabelText('Fin de la période'), '31/12/2026');
  await user.type(screen.getByLabelText("Date d'échéance"), '05/01/2026');
}

describe('cotisation create form: validation (spec 1 §5)', () => {
  it('requires the title, type, split, period and due date, and sends nothing', async () => {
    const { user, server } = await openForm();
    await submit(user);
    expect(await screen.findByText('Le titre est obligatoire.')).toBeInTheDocument();
    expect(screen.getByText('Choisissez le type.')).toBeInTheDocument();
    expect(screen.getByText('Choisissez la répartition.')).toBeInTheDocument();
    expect(screen.getByText('La date de début est obligatoire.')).toBeInTheDocument();
    expect(screen.getByText('La date de fin est obligatoire.')).toBeInTheDocument();
    expect(screen.getByText("La date d'échéance est obligatoire.")).toBeInTheDocument();
    expect(screen.getByLabelText('Titre')).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('POST', '/api/cotisations/creer')).toHaveLength(0);
  });

  it('refuses a title longer than 200 characters', async () => {
    const { user } = await openForm();
    await user.click(screen.getByLabelText('Titre'));
    await user.paste('x'.repeat(201));
    await user.tab();
    expect(await screen.findByText('Le titre ne doit pas dépasser 200 caractères.')).toBeInTheDocument();
  });

  it('refuses an end before the start, and accepts the same day', async () => {
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Début de la période'), '01/03/2026');
    const fin = screen.getByLabelText('Fin de la période');
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

  it('keeps the due date between 1 January of last year and 31 December of next year', async () => {
    const { user } = await openForm();
    const echeance = screen.getByLabelText("Date d'échéance");
    const outside =
      "La date d'échéance doit être comprise entre le 1er janvier de l'an dernier et le 31 décembre de l'an prochain.";
    await user.type(echeance, `31/12/${YEAR - 2}`);
    await user.tab();
    expect(await screen.findByText(outside)).toBeInTheDocument();
    await user.clear(echeance);
    await user.type(echeance, `01/01/${YEAR + 2}`);
    await user.tab();
    expect(await screen.findByText(outside)).toBeInTheDocument();
    for (const inside of [`01/01/${YEAR - 1}`, `31/12/${YEAR + 1}`]) {
      await user.clear(echeance);
      await user.type(echeance, inside);
      await user.tab();
      await waitFor(() => expect(screen.queryByText(outside)).not.toBeInTheDocument());
    }
  });

  it('rejects a date that is not a date', async () => {
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Début de la période'), '31/02/2026');
    await user.tab();
    expect(await screen.findByText('Date invalide. Format attendu : jj/mm/aaaa.')).toBeInTheDocument();
  });

  it('asks an equal split for one whole, positive amount', async () => {
    const { user, server } = await openForm();
    await fillCommon(user, 'Égale');
    const montant = screen.getByLabelText('Montant par propriété (DT)');
    await submit(user);
    expect(await screen.findByText('Le montant est obligatoire.')).toBeInTheDocument();
    await user.type(montant, '12,5');
    await user.tab();
    expect(await screen.findByText('Le montant doit être un nombre entier de dinars.')).toBeInTheDocument();
    await user.clear(montant);
    await user.type(montant, '0');
    await user.tab();
    expect(await screen.findByText('Le montant doit être supérieur à 0.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/cotisations/creer')).toHaveLength(0);
  });

  it('says that a predefined split uses the allocation table, and asks no amount', async () => {
    const { user } = await openForm();
    await user.selectOptions(screen.getByLabelText('Répartition'), 'Prédéfinie');
    const note = await screen.findByTestId('predefinie-note');
    expect(note).toHaveTextContent('répartition des cotisations');
    expect(within(note).getByRole('link', { name: 'Voir la répartition' })).toHaveAttribute(
      'href',
      '/syndic/administration/repartition-cotisations',
    );
    expect(screen.queryByLabelText('Montant par propriété (DT)')).not.toBeInTheDocument();
  });

  it('asks a custom split for a whole amount per property, at least one above 0', async () => {
    const { user, server } = await openForm();
    await fillCommon(user, 'Personnalisée');
    const table = await screen.findByTestId('personalisation');
    const a5 = within(table).getByLabelText('Montant de A5');
    const a6 = within(table).getByLabelText('Montant de A6');
    const p1 = within(table).getByLabelText('Montant de Parking P1');
    await submit(user);
    expect(await within(table).findAllByText('Le montant est obligatoire.')).toHaveLength(3);
    await user.type(a5, '0');
    await user.type(a6, '0');
    await user.type(p1, '0');
    await submit(user);
    expect(await screen.findByText('Au moins une propriété doit avoir un montant supérieur à 0.')).toBeInTheDocument();
    await user.clear(a6);
    await user.type(a6, '7.5');
    await user.tab();
    expect(await within(table).findByText('Le montant doit être un nombre entier de dinars.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/cotisations/creer')).toHaveLength(0);
  });
});

describe('cotisation create form: with the server', () => {
  it('posts an equal split with the amount and no list, then opens the new cotisation', async () => {
    const { user, server, router } = await openForm({
      'POST /api/cotisations/creer': () =>
        json(200, { success: true, cotisation: { id: 2, titre: 'Charges courantes 2026' } }),
    });
    await fillCommon(user, 'Égale');
    await user.type(screen.getByLabelText('Montant par propriété (DT)'), '40');
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/revenus/cotisations/gerer/2'));
    expect(await screen.findByText('Cotisation créée.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/cotisations/creer')[0])).toEqual({
      titre: 'Charges courantes 2026',
      type: 'mensuelle',
      repartition: 'egale',
      date_debut: '2026-01-01',
      date_fin: '2026-12-31',
      date_echeance: '2026-01-05',
      montant: 40,
      personalisation: [],
    });
  });

  it('posts a custom split with every property and no single amount', async () => {
    const { user, server } = await openForm({
      'POST /api/cotisations/creer': () =>
        json(200, { success: true, cotisation: { id: 9, titre: 'Charges courantes 2026' } }),
    });
    await fillCommon(user, 'Personnalisée');
    const table = await screen.findByTestId('personalisation');
    await user.type(within(table).getByLabelText('Montant de A5'), '30');
    await user.type(within(table).getByLabelText('Montant de A6'), '45');
    await user.type(within(table).getByLabelText('Montant de Parking P1'), '0');
    await submit(user);
    await waitFor(() => expect(server.calls('POST', '/api/cotisations/creer')).toHaveLength(1));
    expect(bodyOf(server.calls('POST', '/api/cotisations/creer')[0])).toMatchObject({
      repartition: 'personnalisee',
      montant: null,
      personalisation: [
        { propriete_id: 5, appartement: 'A5', montant: 30 },
        { propriete_id: 6, appartement: 'A6', montant: 45 },
        { propriete_id: 11, appartement: 'Parking P1', montant: 0 },
      ],
    });
  });

  it('puts the server field errors on their fields, the list lines included', async () => {
    const { user } = await openForm({
      'POST /api/cotisations/creer': () =>
        apiError(422, 'validation_failed', 'Les données envoyées sont invalides.', {
          titre: ['Le titre est déjà pris.'],
          'personalisation[1].montant': ['Montant trop élevé.'],
        }),
    });
    await fillCommon(user, 'Personnalisée');
    const table = await screen.findByTestId('personalisation');
    for (const label of ['Montant de A5', 'Montant de A6', 'Montant de Parking P1'])
      await user.type(within(table).getByLabelText(label), '10');
    await submit(user);
    expect(await screen.findByText('Le titre est déjà pris.')).toBeInTheDocument();
    expect(within(table).getByLabelText('Montant de A6')).toHaveAccessibleDescription('Montant trop élevé.');
    expect(screen.queryByText("La cotisation n'a pas pu être créée.")).not.toBeInTheDocument();
  });

  it.each([
    [
      'repartition_incomplete',
      422,
      "La répartition des cotisations ne donne pas de montant à chaque propriété : complétez-la d'abord.",
    ],
    ['exercice_cloture', 403, 'Cette action est impossible car la date correspond à un exercice clôturé'],
    ['aucun_exercice_ouvert', 409, "Action impossible : aucun exercice n'existe pour cette date."],
    ['trop_d_appels', 422, 'Cette cotisation produirait plus de 120 appels : vérifiez ses dates.'],
  ])('shows a failure toast with the reason for %s', async (code, status, message) => {
    const { user, router } = await openForm({ 'POST /api/cotisations/creer': () => apiError(status, code, 'x') });
    await fillCommon(user, 'Prédéfinie');
    await submit(user);
    expect(await screen.findByText("La cotisation n'a pas pu être créée.")).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(CREER);
  });
});

describe('cotisation form: a first due date outside the period (docs/decisions.md)', () => {
  const period = { date_debut: '2027-01-01', date_fin: '2027-12-31' };
  const TODAY = '2026-11-22';

  it('tells where the due date lies, and whether it is already past', () => {
    expect(echeanceHorsPeriode({ ...period, date_echeance: '2027-01-05' }, TODAY)).toBeNull();
    expect(echeanceHorsPeriode({ ...period, date_echeance: '2027-01-01' }, TODAY)).toBeNull();
    expect(echeanceHorsPeriode({ ...period, date_echeance: '2027-12-31' }, TODAY)).toBeNull();
    expect(echeanceHorsPeriode({ ...period, date_echeance: '2026-12-15' }, TODAY)).toEqual({
      position: 'avant',
      enRetard: false,
    });
    expect(echeanceHorsPeriode({ ...period, date_echeance: '2026-10-01' }, TODAY)).toEqual({
      position: 'avant',
      enRetard: true,
    });
    expect(echeanceHorsPeriode({ ...period, date_echeance: '2028-01-10' }, TODAY)).toEqual({
      position: 'apres',
      enRetard: false,
    });
    expect(
      echeanceHorsPeriode({ date_debut: '2026-01-01', date_fin: '2026-03-31', date_echeance: '2026-06-01' }, TODAY),
    ).toEqual({ position: 'apres', enRetard: true });
  });

  it('says nothing while a date is missing or invalid, or the period is reversed', () => {
    expect(echeanceHorsPeriode({ ...period, date_echeance: '' }, TODAY)).toBeNull();
    expect(echeanceHorsPeriode({ ...period, date_echeance: '31/02/2026' }, TODAY)).toBeNull();
    expect(
      echeanceHorsPeriode({ date_debut: '', date_fin: '2027-12-31', date_echeance: '2026-01-01' }, TODAY),
    ).toBeNull();
    expect(
      echeanceHorsPeriode({ date_debut: '2027-12-31', date_fin: '2027-01-01', date_echeance: '2026-01-01' }, TODAY),
    ).toBeNull();
  });

  it('warns under the due date before saving, and still lets the cotisation be created', async () => {
    const { user, server } = await openForm({
      'POST /api/cotisations/creer': () => json(201, { success: true, cotisation: { id: 9, titre: 'Charges' } }),
    });
    await user.type(screen.getByLabelText('Titre'), 'Charges');
    await user.selectOptions(screen.getByLabelText('Type'), 'Mensuelle');
    await user.selectOptions(screen.getByLabelText('Répartition'), 'Égale');
    await user.type(screen.getByLabelText('Début de la période'), `01/01/${YEAR}`);
    await user.type(screen.getByLabelText('Fin de la période'), `31/12/${YEAR}`);
    const echeance = screen.getByLabelText("Date d'échéance");
    await user.type(echeance, `05/01/${YEAR}`);
    expect(screen.queryByTestId('echeance-hors-periode')).not.toBeInTheDocument();

    // Before the period, already past: every call is due ahead of its month, the first ones at once.
    await user.clear(echeance);
    await user.type(echeance, `15/12/${YEAR - 1}`);
    const warning = await screen.findByTestId('echeance-hors-periode');
    expect(warning).toHaveAttribute('data-position', 'avant');
    expect(warning).toHaveTextContent('La première échéance est en dehors de la période');
    expect(warning).toHaveTextContent(
      `L'échéance du 15/12/${YEAR - 1} précède le début de la période (01/01/${YEAR}) : chaque appel sera dû avant la période qu'il couvre`,
    );
    expect(warning).toHaveTextContent('en retard aussitôt');

    // After the period.
    await user.clear(echeance);
    await user.type(echeance, `10/01/${YEAR + 1}`);
    await waitFor(() => expect(screen.getByTestId('echeance-hors-periode')).toHaveAttribute('data-position', 'apres'));
    expect(screen.getByTestId('echeance-hors-periode')).toHaveTextContent(
      `tombe après la fin de la période (31/12/${YEAR})`,
    );
    expect(screen.getByTestId('echeance-hors-periode')).not.toHaveTextContent('en retard');

    await user.type(screen.getByLabelText('Montant par propriété (DT)'), '40');
    await submit(user);
    await waitFor(() => expect(server.calls('POST', '/api/cotisations/creer')).toHaveLength(1));
    expect(bodyOf(server.calls('POST', '/api/cotisations/creer')[0])).toMatchObject({
      date_echeance: `${YEAR + 1}-01-10`,
    });
  });

  it('speaks of the one call of an exceptional cotisation', async () => {
    const { user } = await openForm();
    await user.selectOptions(screen.getByLabelText('Type'), 'Exceptionnelle');
    await user.type(screen.getByLabelText('Début de la période'), `01/06/${YEAR + 1}`);
    await user.type(screen.getByLabelText('Fin de la période'), `30/06/${YEAR + 1}`);
    await user.type(screen.getByLabelText("Date d'échéance"), `01/05/${YEAR + 1}`);
    expect(await screen.findByTestId('echeance-hors-periode')).toHaveTextContent(
      "l'appel sera dû avant la période qu'il couvre",
    );
  });
});
