import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import {
  bodyOf,
  lignes,
  membre,
  noBank,
  rapprochement,
  rapprochementServer,
  tresorier,
} from './rapprochement-fixtures';
import type { LigneRapprochement } from './rapprochement-api';
import { etatOf, ROW_CLASSES } from './rapprochement-page';

const PAGE = '/syndic/banque/rapprochement';

function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr') as HTMLElement;
}

async function openPage(user = tresorier, routes = {}, path = PAGE) {
  const server = rapprochementServer(user, routes);
  const rendered = renderRoute(path);
  await screen.findByRole('heading', { name: 'Rapprochement bancaire' });
  await screen.findByText('Frais de tenue de compte');
  return { server, ...rendered };
}

describe('bank reconciliation (/syndic/banque/rapprochement)', () => {
  it('colours each row by its state: pointed green, unpointed pink, the balance line grey', async () => {
    await openPage();
    const etat = (text: string) => rowOf(text).querySelector('[data-etat]');
    expect(etat('Solde reporté au 01/01/2026')).toHaveAttribute('data-etat', 'solde');
    expect(etat('Solde reporté au 01/01/2026')).toHaveTextContent('Solde');
    expect(etat('Remise de 2 chèques')).toHaveAttribute('data-etat', 'pointe');
    expect(etat('Remise de 2 chèques')).toHaveTextContent('Pointé');
    expect(etat('Frais de tenue de compte')).toHaveAttribute('data-etat', 'nonPointe');
    expect(etat('Frais de tenue de compte')).toHaveTextContent('Non pointé');
    // The row itself takes the colour of its state.
    expect(rowOf('Solde reporté au 01/01/2026')).toHaveClass('bg-muted');
    expect(rowOf('Remise de 2 chèques')).toHaveClass('bg-emerald-50');
    expect(rowOf('Frais de tenue de compte')).toHaveClass('bg-pink-50');
    expect(rowOf('Transfert vers STB Épargne')).toHaveClass(ROW_CLASSES.nonPointe);
    expect(etatOf({ table: 'operation', date_banque: '2026-01-02' })).toBe('pointe');
    expect(etatOf({ table: 'solde', date_banque: '2026-01-02' })).toBe('solde');
  });

  it('shows signed amounts, the bank date of pointed rows and the totals', async () => {
    await openPage();
    expect(within(rowOf('Frais de tenue de compte')).getByText(/^-12,500\sDT$/)).toHaveClass('text-destructive');
    expect(within(rowOf('Remise de 2 chèques')).getByText(/^200,200\sDT$/)).toBeInTheDocument();
    expect(within(rowOf('Remise de 2 chèques')).getByText('17/02/2026')).toBeInTheDocument();
    expect(rowOf('Remise de 2 chèques')).toHaveTextContent('Remise de chèques · BRD-0007');
    expect(screen.getByTestId('total-pointe')).toHaveTextContent(/^200,200\sDT$/);
    expect(screen.getByTestId('total-non-pointe')).toHaveTextContent(/^27,500\sDT$/);
    expect(screen.getByTestId('solde-livres')).toHaveTextContent(/^5\s227,700\sDT$/);
    expect(screen.getByTestId('solde-banque')).toHaveTextContent(/^5\s200,200\sDT$/);
    expect(screen.getByText(/Au .*17\/02\/2026.*, dernier pointage/)).toBeInTheDocument();
    // No pointing on a balance line.
    expect(within(rowOf('Solde reporté au 01/01/2026')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('finds a movement by its reference or its kind', async () => {
    const user = userEvent.setup();
    await openPage();
    const search = screen.getByRole('searchbox');
    await user.type(search, 'BRD-0007');
    expect(screen.getByText('Remise de 2 chèques')).toBeInTheDocument();
    expect(screen.queryByText('Frais de tenue de compte')).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'transfert sortant');
    expect(screen.getByText('Transfert vers STB Épargne')).toBeInTheDocument();
    expect(screen.queryByText('Remise de 2 chèques')).not.toBeInTheDocument();
  });

  it('selects the main account and the current year by default, and reloads on a change', async () => {
    const user = userEvent.setup();
    const { server, router } = await openPage();
    expect(server.calls('GET', '/api/banque/rapprochement')).toHaveLength(1);
    const compte = screen.getByLabelText('Compte');
    const exercice = screen.getByLabelText('Exercice');
    expect(compte).toHaveValue('1');
    expect(within(compte).getByRole('option', { name: 'BIAT Courant (principal)' })).toBeInTheDocument();
    expect(exercice).toHaveValue('2026');
    expect(within(exercice).getByRole('option', { name: '2025 (clôturé)' })).toBeInTheDocument();
    await user.selectOptions(compte, '2');
    await waitFor(() => expect(router.state.location.search).toBe('?compte=2&exercice=2026'));
    await waitFor(() => expect(server.calls('GET', '/api/banque/rapprochement')).toHaveLength(2));
    const requested = server.requests.filter((request) => request.path === '/api/banque/rapprochement');
    expect(requested).toHaveLength(2);
  });

  it('passes the chosen account and year to the server', async () => {
    const seen: string[] = [];
    rapprochementServer(tresorier, {
      'GET /api/banque/rapprochement': (request) => {
        seen.push(new URL(request.url).search);
        return json(200, rapprochement);
      },
    });
    renderRoute(`${PAGE}?compte=2&exercice=2025`);
    await screen.findByText('Frais de tenue de compte');
    expect(seen).toEqual(['?id=2&exercice=2025']);
  });

  it('points a movement: the bank date is required and valid', async () => {
    const user = userEvent.setup();
    const { server } = await openPage(tresorier, {
      'POST /api/banque/pointer': () => json(200, { success: true, operation: {}, table: 'operation' }),
    });
    await user.click(screen.getByRole('button', { name: 'Pointer Frais de tenue de compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pointer le mouvement' });
    expect(dialog).toHaveTextContent(/Frais de tenue de compte du .*31\/03\/2026.*-12,500/);
    const date = within(dialog).getByLabelText('Date de la banque');
    // The movement's date is offered.
    expect(date).toHaveValue('31/03/2026');
    await user.clear(date);
    await user.click(within(dialog).getByRole('button', { name: 'Pointer' }));
    expect(await within(dialog).findByText('La date de la banque est obligatoire.')).toBeInTheDocument();
    await user.type(date, '32/13/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Pointer' }));
    expect(await within(dialog).findByText('Date invalide. Format attendu : jj/mm/aaaa.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/banque/pointer')).toHaveLength(0);
    await user.clear(date);
    await user.type(date, '02042026');
    await user.click(within(dialog).getByRole('button', { name: 'Pointer' }));
    expect(await screen.findByText('Mouvement pointé.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/banque/pointer')[0])).toEqual({
      id: 12,
      table: 'operation',
      date_banque: '2026-04-02',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(server.calls('GET', '/api/banque/rapprochement')).toHaveLength(2));
  });

  it('re-edits the bank date of a pointed movement, or unpoints it', async () => {
    const user = userEvent.setup();
    const { server } = await openPage(tresorier, {
      'POST /api/banque/pointer': () => json(200, { success: true, operation: {}, table: 'remise' }),
    });
    await user.click(screen.getByRole('button', { name: 'Modifier le pointage de Remise de 2 chèques' }));
    let dialog = await screen.findByRole('dialog', { name: 'Modifier le pointage' });
    const date = within(dialog).getByLabelText('Date de la banque');
    expect(date).toHaveValue('17/02/2026');
    await user.clear(date);
    await user.type(date, '18/02/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la date' }));
    expect(await screen.findByText('Date de la banque modifiée.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/banque/pointer')[0])).toEqual({
      id: 11,
      table: 'remise',
      date_banque: '2026-02-18',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Modifier le pointage de Remise de 2 chèques' }));
    dialog = await screen.findByRole('dialog', { name: 'Modifier le pointage' });
    await user.click(within(dialog).getByRole('button', { name: 'Dépointer' }));
    expect(await screen.findByText('Pointage annulé.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/banque/pointer')[1])).toEqual({
      id: 11,
      table: 'remise',
      date_banque: null,
    });
  });

  it('says why a pointing was refused', async () => {
    const user = userEvent.setup();
    await openPage(tresorier, {
      'POST /api/banque/pointer': () => apiError(404, 'mouvement_inconnu', 'x'),
    });
    await user.click(screen.getByRole('button', { name: 'Pointer Frais de tenue de compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pointer le mouvement' });
    await user.click(within(dialog).getByRole('button', { name: 'Pointer' }));
    expect(await screen.findByText("Le pointage n'a pas pu être enregistré.")).toBeInTheDocument();
    expect(screen.getByText("Ce mouvement bancaire n'existe plus.")).toBeInTheDocument();
  });

  it('shows other council members every action disabled with the reason', async () => {
    const user = userEvent.setup();
    await openPage(membre);
    const create = screen.getByRole('button', { name: 'Nouvelle opération' });
    expect(create).toBeDisabled();
    const pointer = screen.getByRole('button', { name: 'Pointer Frais de tenue de compte' });
    expect(pointer).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Modifier le pointage de Remise de 2 chèques' })).toBeDisabled();
    await user.hover(pointer.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Seul le trésorier peut effectuer cette opération.');
  });

  it("offers the treasurer to import the account's statement and to see its imported statements", async () => {
    const user = userEvent.setup();
    const { router } = await openPage();
    expect(screen.getByRole('link', { name: 'Relevés importés' })).toHaveAttribute(
      'href',
      '/syndic/banque/rapprochement/releves?compte=1',
    );
    await user.click(screen.getByRole('link', { name: 'Importer un relevé' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/banque/rapprochement/importer'));
    expect(router.state.location.search).toBe('?compte=1');
    // The releves module's page answers the address.
    expect(await screen.findByRole('heading', { name: 'Importer un relevé' })).toBeInTheDocument();
  });

  it('hides the statements from the other council members (the treasurer imports them)', async () => {
    await openPage(membre);
    expect(screen.queryByRole('link', { name: 'Importer un relevé' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Relevés importés' })).not.toBeInTheDocument();
  });

  it('disables pointing and operations in a closed year, with the reason', async () => {
    const user = userEvent.setup();
    const closed = {
      ...rapprochement,
      exercice: 2025,
      is_closed: true,
      rapprochements: rapprochement.rapprochements.map((ligne) => ({ ...ligne, is_closed: true })),
    };
    await openPage(tresorier, { 'GET /api/banque/rapprochement': () => json(200, closed) });
    expect(screen.getByTestId('exercice-cloture')).toHaveTextContent('Cet exercice est clôturé');
    expect(screen.getByRole('button', { name: 'Nouvelle opération' })).toBeDisabled();
    const pointer = screen.getByRole('button', { name: 'Pointer Frais de tenue de compte' });
    expect(pointer).toBeDisabled();
    await user.hover(pointer.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('exercice clôturé');
  });

  it('shows the no-bank prompt instead of the reconciliation when there is no account', async () => {
    rapprochementServer(tresorier, { 'GET /api/banque/rapprochement': () => json(200, noBank) });
    renderRoute(PAGE);
    const alert = await screen.findByTestId('no-bank-alert');
    expect(within(alert).getByRole('link')).toHaveAttribute('href', '/syndic/banque/comptes');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Compte')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouvelle opération' })).not.toBeInTheDocument();
  });

  it('creates a bank operation on the selected account', async () => {
    const user = userEvent.setup();
    const { server } = await openPage(tresorier, {
      'POST /api/banque/operations/creer': () => json(200, { success: true, operation: {} }),
    });
    await user.click(screen.getByRole('button', { name: 'Nouvelle opération' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle opération bancaire' });
    expect(dialog).toHaveTextContent('Sur le compte BIAT Courant.');
    await user.click(within(dialog).getByRole('button', { name: "Enregistrer l'opération" }));
    expect(await within(dialog).findByText('Le libellé est obligatoire.')).toBeInTheDocument();
    expect(within(dialog).getByText("Choisissez le type de l'opération.")).toBeInTheDocument();
    expect(within(dialog).getByText('Le montant est obligatoire.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Libellé'), 'Agios mars');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'frais');
    const montant = within(dialog).getByLabelText('Montant (DT)');
    await user.type(montant, '12,5678');
    await user.click(within(dialog).getByRole('button', { name: "Enregistrer l'opération" }));
    expect(await within(dialog).findByText(/trois décimales au plus/)).toBeInTheDocument();
    await user.clear(montant);
    await user.type(montant, '12,5');
    const date = within(dialog).getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '31/03/2026');
    await user.click(within(dialog).getByRole('button', { name: "Enregistrer l'opération" }));
    expect(await screen.findByText('Opération enregistrée.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/banque/operations/creer')[0])).toEqual({
      libelle: 'Agios mars',
      type: 'frais',
      montant: 12.5,
      date: '2026-03-31',
      date_banque: null,
      commentaire: null,
      compte: 1,
    });
    await waitFor(() => expect(server.calls('GET', '/api/banque/rapprochement')).toHaveLength(2));
  });

  it.each([
    ['exercice_cloture', 403, 'Cette action est impossible car la date correspond à un exercice clôturé'],
    ['aucun_exercice_ouvert', 409, null],
  ])('says the reason of a refused operation (%s)', async (code, status, text) => {
    const user = userEvent.setup();
    await openPage(tresorier, {
      'POST /api/banque/operations/creer': () => apiError(status, code, 'x'),
    });
    await user.click(screen.getByRole('button', { name: 'Nouvelle opération' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle opération bancaire' });
    await user.type(within(dialog).getByLabelText('Libellé'), 'Agios');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'frais');
    await user.type(within(dialog).getByLabelText('Montant (DT)'), '3');
    await user.click(within(dialog).getByRole('button', { name: "Enregistrer l'opération" }));
    expect(await screen.findByText("L'opération n'a pas pu être enregistrée.")).toBeInTheDocument();
    if (text) expect(screen.getByText(text)).toBeInTheDocument();
    // The dialog stays open to correct the date.
    expect(screen.getByRole('dialog', { name: 'Nouvelle opération bancaire' })).toBeInTheDocument();
  });

  it("words each row from its parts, not from the server's French libellé", async () => {
    // Typed names that look like the server's French wording stay what they are.
    const lookalikes: LigneRapprochement[] = [
      {
        ...lignes[2]!,
        id: 21,
        libelle: 'Transfert vers Caisse',
        description: { nature: 'operation', libelle: 'Transfert vers Caisse' },
      },
      {
        ...lignes[3]!,
        id: 22,
        libelle: 'Encaissement Remise de 2 chèques — A3',
        description: { nature: 'encaissement', cotisation: 'Remise de 2 chèques', propriete: 'A3' },
      },
      {
        ...lignes[4]!,
        id: 23,
        table: 'transfert_entree',
        montant: 300,
        // Whatever the server's French says, the row is worded from its description.
        libelle: 'Virement reçu de STB Épargne',
        description: { nature: 'transfert_depuis', compte_libelle: 'STB Épargne' },
      },
      {
        ...lignes[0]!,
        id: 2,
        date: '2026-03-15',
        libelle: 'Solde initial au 15/03/2026',
        description: { nature: 'solde_initial', date: '2026-03-15' },
      },
      {
        ...lignes[1]!,
        id: 24,
        libelle: 'Remise de 1 chèque',
        description: { nature: 'remise', nombre_cheques: 1 },
      },
      {
        ...lignes[1]!,
        id: 25,
        table: 'paiement_depense',
        montant: -120.5,
        libelle: 'Paiement Électricité mars — STEG',
        description: { nature: 'paiement_depense', depense: 'Électricité mars', fournisseur: 'STEG' },
      },
    ];
    const response = { ...rapprochement, rapprochements: [...lignes, ...lookalikes] };
    await i18n.changeLanguage('ar');
    rapprochementServer(tresorier, { 'GET /api/banque/rapprochement': () => json(200, response) });
    renderRoute(PAGE);
    await screen.findByRole('heading', { name: 'المطابقة البنكية' });
    expect(await screen.findByText('Transfert vers Caisse')).toBeInTheDocument();
    expect(screen.getByText('استخلاص \u2068Remise de 2 chèques\u2069 — \u2068A3\u2069')).toBeInTheDocument();
    expect(screen.getByText('تحويل من \u2068STB Épargne\u2069')).toBeInTheDocument();
    expect(screen.getByText('الرصيد الافتتاحي في \u206615/03/2026\u2069')).toBeInTheDocument();
    expect(screen.getByText('إيداع صكّ واحد')).toBeInTheDocument();
    expect(screen.getByText('دفع \u2068Électricité mars\u2069 — \u2068STEG\u2069')).toBeInTheDocument();
    expect(screen.queryByText(/Virement reçu/)).not.toBeInTheDocument();

    await act(() => i18n.changeLanguage('fr'));
    expect(await screen.findByText('Transfert depuis STB Épargne')).toBeInTheDocument();
    expect(screen.getByText('Encaissement Remise de 2 chèques — A3')).toBeInTheDocument();
    expect(screen.getByText('Solde initial au 15/03/2026')).toBeInTheDocument();
    expect(screen.getByText('Remise de 1 chèque')).toBeInTheDocument();
    expect(screen.getByText('Paiement Électricité mars — STEG')).toBeInTheDocument();
  });

  it('reads right to left in Arabic: every row is worded in Arabic from its parts', async () => {
    await i18n.changeLanguage('ar');
    rapprochementServer(tresorier);
    renderRoute(PAGE);
    expect(await screen.findByRole('heading', { name: 'المطابقة البنكية' })).toBeInTheDocument();
    expect(await screen.findByText('إيداع صكّين')).toBeInTheDocument();
    expect(screen.getByText('الرصيد المرحَّل في \u206601/01/2026\u2069')).toBeInTheDocument();
    // The names the users typed are isolated, each in its own direction.
    expect(screen.getByText('تحويل إلى \u2068STB Épargne\u2069')).toBeInTheDocument();
    expect(screen.getByText('استخلاص \u2068Charges courantes 2026\u2069 — \u2068A2\u2069')).toBeInTheDocument();
    // An operation keeps the libellé the treasurer typed.
    expect(screen.getByText('Frais de tenue de compte')).toBeInTheDocument();
    expect(screen.getByTestId('rapprochement-table')).not.toHaveTextContent(
      /Remise de|Solde reporté|Transfert vers|Encaissement/,
    );
    expect(rowOf('إيداع صكّين')).toHaveClass('bg-emerald-50');
    expect(screen.getByRole('button', { name: 'مطابقة Frais de tenue de compte' })).toBeEnabled();
    expect(screen.getByTestId('solde-banque').querySelector('[dir="ltr"]')).toHaveTextContent(/^5\s200,200$/);
  });
});
