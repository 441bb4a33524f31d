import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayIso } from '@/lib/dates';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, membre, proprietesSoldes, revenusServer, statsSoldes, tresorier } from './cotisations-fixtures';

const ENCAISSEMENT = '/syndic/revenus/encaissement';
const TODAY = todayIso();
const YEAR = new Date().getFullYear();
const shown = (iso: string) => iso.split('-').reverse().join('/');

type User = ReturnType<typeof userEvent.setup>;

function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr') as HTMLElement;
}

async function openPage(user = tresorier, routes = {}) {
  const server = revenusServer(user, routes);
  const rendered = renderRoute(ENCAISSEMENT);
  await screen.findByRole('heading', { name: 'Encaissements' });
  await screen.findByText('Sami Gharbi');
  return { server, ...rendered };
}

async function openSheet(user: User, nom = 'A5') {
  await user.click(screen.getByRole('button', { name: `Encaisser pour ${nom}` }));
  return screen.findByRole('dialog', { name: `Encaisser — ${nom}` });
}

/** Chooses a line in the sheet's searchable cotisation choice. */
async function chooseLine(user: User, sheet: HTMLElement, name: RegExp) {
  await user.click(within(sheet).getByRole('combobox', { name: 'Cotisation' }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name }));
}

const submitSheet = (user: User, sheet: HTMLElement) =>
  user.click(within(sheet).getByRole('button', { name: "Enregistrer l'encaissement" }));

describe('encaissement page (/syndic/revenus/encaissement)', () => {
  it('shows the three statistics in DT', async () => {
    await openPage();
    expect(screen.getByTestId('stat-cotisations-lancees')).toHaveTextContent(/^12\s480,000\sDT$/);
    expect(screen.getByTestId('stat-total-encaisse')).toHaveTextContent(/^9\s675,000\sDT$/);
    expect(screen.getByTestId('stat-restant-du')).toHaveTextContent(/^2\s805,000\sDT$/);
  });

  it('lists each property with its payer and balance', async () => {
    await openPage();
    const a5 = rowOf('A5');
    expect(within(a5).getByText('Sami Gharbi')).toBeInTheDocument();
    expect(within(a5).getByText(/^-115,000\sDT$/)).toBeInTheDocument();
    expect(within(rowOf('A1')).getByText('Payé')).toBeInTheDocument();
    const p1 = rowOf('Parking P1');
    expect(within(p1).getByText('Aucun payeur')).toBeInTheDocument();
    expect(within(p1).getByText(/^-1\s234,500\sDT$/)).toBeInTheDocument();
    expect(within(a5).getByRole('link', { name: 'Historique des paiements de A5' })).toHaveAttribute(
      'href',
      `${ENCAISSEMENT}/historique/5`,
    );
  });

  it('names what falls due later "À échoir", apart from the balance', async () => {
    const [a5, ...others] = proprietesSoldes;
    const withLater = {
      ...a5!,
      montants_dus: [
        ...a5!.montants_dus,
        {
          cotisation_id: 4,
          cotisation_nom: 'Travaux 2099',
          montant_du_id: 799,
          restant_du: 60,
          date_echeance: '2099-01-05',
          exigible: false,
        },
      ],
    };
    await openPage(tresorier, {
      'GET /api/cotisations/proprietes-soldes': () =>
        json(200, { success: true, message: '', stats: statsSoldes, data: [withLater, ...others] }),
    });
    const a5Row = rowOf('A5');
    expect(within(a5Row).getByText(/^-115,000\sDT$/)).toBeInTheDocument();
    expect(within(a5Row).getByTestId('a-echoir')).toHaveTextContent(/^À échoir : 60,000\sDT$/);
    expect(within(rowOf('A1')).queryByTestId('a-echoir')).not.toBeInTheDocument();
  });

  it("leads the SMS action to the payer's reminders page (proprietaire_id), disabled without a payer", async () => {
    const user = userEvent.setup();
    // The recouvrement page's own request is left pending: only the address is checked here.
    const { router } = await openPage(membre, {
      'GET /api/recouvrement/occupant-details': () => new Promise<Response>(() => undefined),
    });
    const p1 = within(rowOf('Parking P1')).getByRole('button', { name: 'Relancer le payeur de Parking P1 par SMS' });
    expect(p1).toBeDisabled();
    const sms = within(rowOf('A5')).getByRole('link', { name: 'Relancer le payeur de A5 par SMS' });
    expect(sms).toHaveAttribute('href', '/syndic/recouvrement/sms-lettres/details/50');
    await user.click(sms);
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/recouvrement/sms-lettres/details/50'));
  });

  it('shows other council members the collect button disabled with the reason', async () => {
    const user = userEvent.setup();
    await openPage(membre);
    const collect = screen.getByRole('button', { name: 'Encaisser pour A5' });
    expect(collect).toBeDisabled();
    await user.hover(collect.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Seul le trésorier peut effectuer cette opération.');
    // History stays open to them.
    expect(screen.getByRole('link', { name: 'Historique des paiements de A5' })).toBeInTheDocument();
  });

  it('disables collecting from a property that owes nothing', async () => {
    const user = userEvent.setup();
    await openPage();
    const collect = screen.getByRole('button', { name: 'Encaisser pour A1' });
    expect(collect).toBeDisabled();
    await user.hover(collect.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Aucun montant dû à encaisser pour cette propriété.');
  });

  it('shows 10 skeleton rows while loading', async () => {
    revenusServer(tresorier, {
      'GET /api/cotisations/proprietes-soldes': () => new Promise<Response>(() => undefined),
    });
    renderRoute(ENCAISSEMENT);
    await screen.findByRole('heading', { name: 'Encaissements' });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(10);
  });
});

describe('collection sheet: defaults and rules (spec 1 §5)', () => {
  it('opens on the oldest due with its remaining due, today, cash and no reference', async () => {
    const user = userEvent.setup();
    await openPage();
    const sheet = await openSheet(user);
    expect(sheet).toHaveTextContent('Payeur : Sami Gharbi');
    const cotisation = within(sheet).getByRole('combobox', { name: 'Cotisation' });
    // The title, the due date and the whole amount, apart from the title so it is never cut.
    expect(cotisation).toHaveTextContent(/^Ravalement de façadeÉchéance du 15\/05\/202675,000\sDT$/);
    await user.click(cotisation);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringMatching(/^Ravalement de façadeÉchéance du 15\/05\/202675,000\sDT$/),
      expect.stringMatching(/^Charges courantes 2026Échéance du 05\/11\/202640,000\sDT$/),
    ]);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    expect(within(sheet).getByLabelText('Montant (DT)')).toHaveValue('75');
    expect(within(sheet).getByLabelText('Montant (DT)')).toHaveAccessibleDescription(/^Restant dû : .*75,000\sDT/);
    expect(within(sheet).getByLabelText('Date de paiement')).toHaveValue(shown(TODAY));
    expect(within(sheet).getByLabelText('Méthode de paiement')).toHaveValue('espece');
    expect(within(sheet).queryByLabelText('Référence')).not.toBeInTheDocument();
  });

  it('sets the amount to the remaining due of the chosen line', async () => {
    const user = userEvent.setup();
    await openPage();
    const sheet = await openSheet(user);
    await chooseLine(user, sheet, /Charges courantes 2026/);
    expect(within(sheet).getByLabelText('Montant (DT)')).toHaveValue('40');
  });

  it('floors a remaining due with millimes to whole dinars', async () => {
    const user = userEvent.setup();
    await openPage();
    const sheet = await openSheet(user, 'Parking P1');
    expect(within(sheet).getByLabelText('Montant (DT)')).toHaveValue('1234');
    expect(sheet).toHaveTextContent("Cette propriété n'a pas de payeur aujourd'hui.");
  });

  it('refuses an amount above the remaining due of the chosen line, and accepts it exactly', async () => {
    const user = userEvent.setup();
    const { server } = await openPage();
    const sheet = await openSheet(user);
    await chooseLine(user, sheet, /Charges courantes 2026/);
    const montant = within(sheet).getByLabelText('Montant (DT)');
    await user.clear(montant);
    await user.type(montant, '41');
    await submitSheet(user, sheet);
    expect(await within(sheet).findByText('Le montant dépasse le restant dû.')).toBeInTheDocument();
    await user.clear(montant);
    await user.type(montant, '40');
    await user.tab();
    await waitFor(() => expect(within(sheet).queryByText('Le montant dépasse le restant dû.')).not.toBeInTheDocument());
    expect(server.calls('POST', '/api/cotisations/encaisser')).toHaveLength(0);
  });

  it('requires a whole, positive amount', async () => {
    const user = userEvent.setup();
    await openPage();
    const sheet = await openSheet(user);
    const montant = within(sheet).getByLabelText('Montant (DT)');
    await user.clear(montant);
    await submitSheet(user, sheet);
    expect(await within(sheet).findByText('Le montant est obligatoire.')).toBeInTheDocument();
    await user.type(montant, '12.5');
    await user.tab();
    expect(await within(sheet).findByText('Le montant doit être un nombre entier de dinars.')).toBeInTheDocument();
    await user.clear(montant);
    await user.type(montant, '0');
    await user.tab();
    expect(await within(sheet).findByText('Le montant doit être supérieur à 0.')).toBeInTheDocument();
  });

  it('refuses a future payment date and one before 1 January of last year', async () => {
    const user = userEvent.setup();
    await openPage();
    const sheet = await openSheet(user);
    const date = within(sheet).getByLabelText('Date de paiement');
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    await user.clear(date);
    await user.type(date, shown(todayIso(tomorrow)));
    await user.tab();
    expect(await within(sheet).findByText('La date de paiement ne peut pas être dans le futur.')).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, `31/12/${YEAR - 2}`);
    await user.tab();
    expect(
      await within(sheet).findByText("La date de paiement ne peut pas précéder le 1er janvier de l'an dernier."),
    ).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, `01/01/${YEAR - 1}`);
    await user.tab();
    await waitFor(() => expect(within(sheet).queryByText(/La date de paiement ne peut pas/)).not.toBeInTheDocument());
    await user.clear(date);
    await submitSheet(user, sheet);
    expect(await within(sheet).findByText('La date de paiement est obligatoire.')).toBeInTheDocument();
  });

  it('asks the reference only for a method other than cash', async () => {
    const user = userEvent.setup();
    await openPage();
    const sheet = await openSheet(user);
    for (const methode of ['Chèque', 'Virement', 'Versement']) {
      await user.selectOptions(within(sheet).getByLabelText('Méthode de paiement'), methode);
      expect(within(sheet).getByLabelText('Référence')).toBeInTheDocument();
    }
    await user.selectOptions(within(sheet).getByLabelText('Méthode de paiement'), 'Espèces');
    expect(within(sheet).queryByLabelText('Référence')).not.toBeInTheDocument();
  });
});

describe('collection sheet: with the server', () => {
  it('posts the payment, closes, says the receipt number and reloads the balances', async () => {
    const user = userEvent.setup();
    const { server } = await openPage(tresorier, {
      'POST /api/cotisations/encaisser': () =>
        json(200, {
          success: true,
          montant_du: { montant_du_id: 702, restant_du: 25, etat_paiement: 'partiel' },
          encaissement: { id: 120, reference_recu: '2026-000120' },
        }),
    });
    const sheet = await openSheet(user);
    await chooseLine(user, sheet, /Charges courantes 2026/);
    const montant = within(sheet).getByLabelText('Montant (DT)');
    await user.clear(montant);
    await user.type(montant, '15');
    await user.selectOptions(within(sheet).getByLabelText('Méthode de paiement'), 'Chèque');
    await user.type(within(sheet).getByLabelText('Référence'), ' CHQ 42 ');
    await submitSheet(user, sheet);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Encaissement enregistré')).toBeInTheDocument();
    expect(screen.getByText('Reçu n° 2026-000120')).toBeInTheDocument();
    // The toast offers the receipt of this payment.
    expect(screen.getByRole('button', { name: 'Télécharger le reçu' })).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/cotisations/encaisser')[0])).toEqual({
      cotisation_nom: 'Charges courantes 2026',
      montant: 15,
      cotisation_id: 2,
      montant_du_id: 702,
      date_paiement: TODAY,
      methode_paiement: 'cheque',
      reference_paiement: 'CHQ 42',
    });
    await waitFor(() => expect(server.calls('GET', '/api/cotisations/proprietes-soldes')).toHaveLength(2));
  });

  it('collects a transfer read on a bank statement, prefilled, then goes back to point it with the line', async () => {
    const user = userEvent.setup();
    const server = revenusServer(tresorier, {
      'POST /api/cotisations/encaisser': () =>
        json(200, { success: true, montant_du: {}, encaissement: { id: 130, reference_recu: '2026-000130' } }),
    });
    const retour = '/syndic/banque/rapprochement/releves/7';
    const { router } = renderRoute('/syndic');
    await act(() =>
      router.navigate(ENCAISSEMENT, {
        state: {
          releve: {
            releve: 7,
            ligne: 4,
            compte: 1,
            montant: 60,
            date: TODAY,
            libelle: 'VIR RECU SAMI GHARBI',
            reference: 'VIR-901',
            retour,
          },
        },
      }),
    );
    await screen.findByText('Sami Gharbi');
    expect(screen.getByTestId('encaissement-releve')).toHaveTextContent(
      new RegExp(`^Virement lu sur le relevé : VIR RECU SAMI GHARBI, 60,000\\sDT le ${shown(TODAY)}\\.`),
    );
    const sheet = await openSheet(user);
    expect(within(sheet).getByLabelText('Montant (DT)')).toHaveValue('60');
    expect(within(sheet).getByLabelText('Date de paiement')).toHaveValue(shown(TODAY));
    expect(within(sheet).getByLabelText('Méthode de paiement')).toHaveValue('virement');
    expect(within(sheet).getByLabelText('Référence')).toHaveValue('VIR-901');
    await submitSheet(user, sheet);
    await waitFor(() => expect(router.state.location.pathname).toBe(retour));
    // The statement's page (releves module) points the new collection with its line.
    await waitFor(() => expect(server.calls('POST', '/api/banque/releves/rapprocher')).toHaveLength(1));
    expect(bodyOf(server.calls('POST', '/api/banque/releves/rapprocher')[0])).toEqual({
      releve: 7,
      ligne: 4,
      mouvements: [{ table: 'encaissement', id: 130 }],
    });
    expect(bodyOf(server.calls('POST', '/api/cotisations/encaisser')[0])).toMatchObject({
      montant: 60,
      date_paiement: TODAY,
      methode_paiement: 'virement',
      reference_paiement: 'VIR-901',
    });
  });

  it('sends no reference for cash, even one typed before switching back', async () => {
    const user = userEvent.setup();
    const { server } = await openPage(tresorier, {
      'POST /api/cotisations/encaisser': () =>
        json(200, { success: true, montant_du: {}, encaissement: { id: 1, reference_recu: '2026-000001' } }),
    });
    const sheet = await openSheet(user);
    await user.selectOptions(within(sheet).getByLabelText('Méthode de paiement'), 'Virement');
    await user.type(within(sheet).getByLabelText('Référence'), 'VIR-1');
    await user.selectOptions(within(sheet).getByLabelText('Méthode de paiement'), 'Espèces');
    await submitSheet(user, sheet);
    await waitFor(() => expect(server.calls('POST', '/api/cotisations/encaisser')).toHaveLength(1));
    expect(bodyOf(server.calls('POST', '/api/cotisations/encaisser')[0])).toMatchObject({
      methode_paiement: 'espece',
      reference_paiement: null,
      montant: 75,
    });
  });

  it('puts montant_maximum_depasse on the amount and date_paiement_future on the date', async () => {
    const user = userEvent.setup();
    let answer = apiError(422, 'montant_maximum_depasse', 'Le montant dépasse le restant dû.');
    await openPage(tresorier, { 'POST /api/cotisations/encaisser': () => answer });
    const sheet = await openSheet(user);
    await submitSheet(user, sheet);
    await waitFor(() =>
      expect(within(sheet).getByLabelText('Montant (DT)')).toHaveAccessibleDescription(
        'Le montant dépasse le restant dû.',
      ),
    );
    answer = apiError(422, 'date_paiement_future', 'x');
    await submitSheet(user, sheet);
    await waitFor(() =>
      expect(within(sheet).getByLabelText('Date de paiement')).toHaveAccessibleDescription(
        'La date de paiement ne peut pas être dans le futur.',
      ),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('puts the field errors of a validation failure on the fields', async () => {
    const user = userEvent.setup();
    await openPage(tresorier, {
      'POST /api/cotisations/encaisser': () =>
        apiError(422, 'validation_failed', 'x', {
          reference_paiement: ['La référence ne doit pas dépasser 100 caractères.'],
        }),
    });
    const sheet = await openSheet(user);
    await user.selectOptions(within(sheet).getByLabelText('Méthode de paiement'), 'Chèque');
    await user.type(within(sheet).getByLabelText('Référence'), 'CHQ');
    await submitSheet(user, sheet);
    await waitFor(() =>
      expect(within(sheet).getByLabelText('Référence')).toHaveAccessibleDescription(
        'La référence ne doit pas dépasser 100 caractères.',
      ),
    );
  });

  it.each([
    ['exercice_cloture', 403, 'Cette action est impossible car la date correspond à un exercice clôturé'],
    ['aucun_exercice_ouvert', 409, "Action impossible : aucun exercice n'existe pour cette date."],
    ['finance_required', 403, 'Seul le trésorier peut effectuer cette opération.'],
    ['internal_error', 500, 'Une erreur est survenue.'],
  ])('shows a failure toast for %s and keeps the sheet open', async (code, status, message) => {
    const user = userEvent.setup();
    await openPage(tresorier, { 'POST /api/cotisations/encaisser': () => apiError(status, code, 'x') });
    const sheet = await openSheet(user);
    await submitSheet(user, sheet);
    expect(await screen.findByText("L'encaissement n'a pas pu être enregistré.")).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
