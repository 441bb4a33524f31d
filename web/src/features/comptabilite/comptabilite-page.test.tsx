import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { balance, comptabiliteServer, grandLivre, journal } from './comptabilite-fixtures';

const PAGE = '/syndic/banque/comptabilite';
/** A receipt number as shown: its hyphen does not break (a non-breaking hyphen). */
const RECU = '2026\u2011000007';

/** The table row holding a text. */
function rowOf(text: string | RegExp): HTMLElement {
  return screen.getAllByText(text)[0]?.closest('tr') as HTMLElement;
}

/** A route that records the search of each request ("" for none). */
function recording(path: string, body: unknown) {
  const seen: string[] = [];
  return {
    seen,
    handler: {
      [`GET ${path}`]: (request: Request) => {
        seen.push(new URL(request.url).search);
        return json(200, body);
      },
    },
  };
}

async function openPage(path = PAGE, routes = {}) {
  const server = comptabiliteServer(routes);
  const rendered = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Comptabilité' });
  return { server, ...rendered };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the books (/syndic/banque/comptabilite)', () => {
  it('opens on the journal: entries in number order with their lines, the contra-entry marked, the totals', async () => {
    const journalCalls = recording('/api/comptabilite/journal', journal);
    const { server } = await openPage(PAGE, journalCalls.handler);
    await screen.findByText('Appel de fonds « Charges courantes 2026 » n° 1');
    expect(screen.getByRole('tab', { name: 'Journal' })).toHaveAttribute('aria-selected', 'true');
    // The current year as the server answers: no exercice asked.
    expect(journalCalls.seen).toEqual(['']);
    expect(server.calls('GET', '/api/comptabilite/grand-livre')).toHaveLength(0);
    expect(server.calls('GET', '/api/comptabilite/balance')).toHaveLength(0);

    const table = within(screen.getByTestId('journal')).getByRole('table');
    const numbers = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('td')?.textContent);
    expect(numbers).toEqual(['1', '2', '3', '4', '5']);

    const appel = rowOf('Appel de fonds « Charges courantes 2026 » n° 1');
    expect(appel).toHaveTextContent('15/01/2026');
    expect(appel).toHaveTextContent('450Copropriétaires');
    expect(appel).toHaveTextContent('701Provisions sur opérations courantes');
    const [, , , , debit, credit] = within(appel).getAllByRole('cell');
    expect(
      within(debit as HTMLElement)
        .getAllByText(/DT$/)
        .map((node) => node.textContent),
    ).toEqual(['120,000\u202fDT', '80,000\u202fDT']);
    expect(
      within(credit as HTMLElement)
        .getAllByText(/DT$/)
        .map((node) => node.textContent),
    ).toEqual(['200,000\u202fDT']);

    // The contra-entry says what it reverses; the entry it reverses does not.
    const extourne = rowOf(`Extourne : Encaissement, reçu n° ${RECU}`);
    expect(within(extourne).getByTestId('extourne')).toHaveTextContent('Extourne de n° 3');
    expect(within(rowOf(`Encaissement, reçu n° ${RECU}`)).queryByTestId('extourne')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('extourne')).toHaveLength(1);

    expect(screen.getByTestId('journal-total-debit')).toHaveTextContent(/^5\s452,500\sDT$/);
    expect(screen.getByTestId('journal-total-credit')).toHaveTextContent(/^5\s452,500\sDT$/);
  });

  it('finds an entry by an account number or the contra-entry it is', async () => {
    const user = userEvent.setup();
    await openPage();
    await screen.findByText('Agios mars');
    const search = screen.getByRole('searchbox');
    await user.type(search, '627');
    expect(within(screen.getByTestId('journal')).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('Agios mars')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'extourne de n° 3');
    expect(within(screen.getByTestId('journal')).getAllByRole('row')).toHaveLength(2);
  });

  it('shows the treasury of today: cash, each bank account, cheques to deposit, total', async () => {
    await openPage();
    const strip = await screen.findByTestId('tresorerie');
    expect(await within(strip).findByText('Trésorerie au 10/04/2026')).toBeInTheDocument();
    expect(screen.getByTestId('tresorerie-caisse')).toHaveTextContent(/^350,000\sDT$/);
    expect(within(strip).getByText('BIAT Courant')).toBeInTheDocument();
    expect(screen.getByTestId('tresorerie-banque-1')).toHaveTextContent(/^4\s987,500\sDT$/);
    expect(within(strip).getByText('STB Épargne')).toBeInTheDocument();
    expect(screen.getByTestId('tresorerie-banque-2')).toHaveTextContent(/^1\s200,000\sDT$/);
    expect(screen.getByTestId('tresorerie-cheques')).toHaveTextContent(/^240,000\sDT$/);
    expect(within(strip).getByText('Non compris dans le total')).toBeInTheDocument();
    expect(screen.getByTestId('tresorerie-total')).toHaveTextContent(/^6\s537,500\sDT$/);
  });

  it('refetches the open tab with the exercice chosen, and keeps it in the address', async () => {
    const user = userEvent.setup();
    const journalCalls = recording('/api/comptabilite/journal', journal);
    const balanceCalls = recording('/api/comptabilite/balance', balance);
    const { router } = await openPage(PAGE, { ...journalCalls.handler, ...balanceCalls.handler });
    await screen.findByText('Agios mars');
    const exercice = screen.getByLabelText('Exercice');
    expect(exercice).toHaveValue('2026');
    expect(within(exercice).getByRole('option', { name: '2025 (clôturé)' })).toBeInTheDocument();
    await user.selectOptions(exercice, '2025');
    await waitFor(() => expect(journalCalls.seen).toEqual(['', '?exercice=2025']));
    expect(router.state.location.search).toBe('?exercice=2025');
    // Another tab reads the same year.
    await user.click(screen.getByRole('tab', { name: 'Balance' }));
    await waitFor(() => expect(balanceCalls.seen).toEqual(['?exercice=2025']));
    expect(router.state.location.search).toBe('?exercice=2025&onglet=balance');
  });

  it('shows the ledger per account: opening balance, movements with the running balance, totals, closing balance', async () => {
    const user = userEvent.setup();
    const { server } = await openPage();
    await user.click(screen.getByRole('tab', { name: 'Grand livre' }));
    const coproprietaires = await screen.findByTestId('compte-450');
    expect(within(coproprietaires).getByRole('heading')).toHaveTextContent('450Copropriétaires');
    expect(within(coproprietaires).getByTestId('solde-ouverture')).toHaveTextContent(/^40,000\sDT\s?débiteur$/);
    const encaissement = within(coproprietaires).getByText(`Encaissement, reçu n° ${RECU}`).closest('tr');
    const cells = within(encaissement as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '3',
      '03/02/2026',
      `Encaissement, reçu n° ${RECU}`,
      '',
      '120,000\u202fDT',
      '120,000\u202fDTdébiteur',
    ]);
    expect(within(coproprietaires).getByTestId('total-debit')).toHaveTextContent(/^320,000\sDT$/);
    expect(within(coproprietaires).getByTestId('total-credit')).toHaveTextContent(/^120,000\sDT$/);
    expect(within(coproprietaires).getByTestId('solde-cloture')).toHaveTextContent(/^240,000\sDT\s?débiteur$/);
    // A credit balance says so.
    expect(within(screen.getByTestId('compte-701')).getByTestId('solde-cloture')).toHaveTextContent(
      /^200,000\sDT\s?créditeur$/,
    );
    expect(screen.getByTestId('compte-512001')).toBeInTheDocument();

    // One account only: read from the same answer.
    const compte = screen.getByLabelText('Compte');
    expect(within(compte).getByRole('option', { name: 'Tous les comptes' })).toBeInTheDocument();
    await user.selectOptions(compte, '512001');
    expect(screen.queryByTestId('compte-450')).not.toBeInTheDocument();
    expect(screen.getByTestId('compte-512001')).toHaveTextContent('Agios mars');
    expect(server.calls('GET', '/api/comptabilite/grand-livre')).toHaveLength(1);
  });

  it('opens the account named in the address', async () => {
    await openPage(`${PAGE}?onglet=grand-livre&compte=701`);
    expect(await screen.findByTestId('compte-701')).toBeInTheDocument();
    expect(screen.queryByTestId('compte-450')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Compte')).toHaveValue('701');
  });

  it('shows the trial balance with the balanced badge', async () => {
    await openPage(`${PAGE}?onglet=balance`);
    const table = await screen.findByTestId('balance');
    const row = (await within(table).findByText('Frais bancaires')).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['627Frais bancaires', '12,500\u202fDT', '', '12,500\u202fDT', '']);
    expect(within(table).getByText("Bilan d'ouverture").closest('tr')).toHaveTextContent(/5\s000,000/);
    expect(screen.getByTestId('balance-debit')).toHaveTextContent(/^5\s452,500\sDT$/);
    expect(screen.getByTestId('balance-credit')).toHaveTextContent(/^5\s452,500\sDT$/);
    expect(screen.getByTestId('balance-solde-debiteur')).toHaveTextContent(/^5\s200,000\sDT$/);
    expect(screen.getByTestId('balance-solde-crediteur')).toHaveTextContent(/^5\s200,000\sDT$/);
    expect(screen.getByTestId('balance-equilibree')).toHaveTextContent('Balance équilibrée');
    expect(screen.queryByTestId('balance-desequilibree')).not.toBeInTheDocument();
  });

  it('warns when the server answers an unbalanced trial balance', async () => {
    await openPage(`${PAGE}?onglet=balance`, {
      'GET /api/comptabilite/balance': () =>
        json(200, { ...balance, equilibree: false, totaux: { ...balance.totaux, credit: 5440 } }),
    });
    expect(await screen.findByTestId('balance-desequilibree')).toHaveTextContent('Balance déséquilibrée');
    expect(screen.queryByTestId('balance-equilibree')).not.toBeInTheDocument();
  });

  it('says a year without entries is empty', async () => {
    const user = userEvent.setup();
    await openPage(PAGE, {
      'GET /api/comptabilite/journal': () => json(200, { ...journal, ecritures: [], totaux: { debit: 0, credit: 0 } }),
      'GET /api/comptabilite/grand-livre': () => json(200, { ...grandLivre, comptes: [] }),
    });
    expect(await screen.findByText('Aucune écriture pour cet exercice.')).toBeInTheDocument();
    expect(screen.queryByTestId('journal-totaux')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Grand livre' }));
    expect(await screen.findByText('Aucun compte mouvementé pour cet exercice.')).toBeInTheDocument();
  });

  it('shows the error line with a retry when the journal cannot be read', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { server } = await openPage(PAGE, {
      'GET /api/comptabilite/journal': () => (fail ? apiError(500, 'internal_error') : json(200, journal)),
    });
    const retry = await screen.findByTestId('table-retry');
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('Agios mars')).toBeInTheDocument();
    expect(server.calls('GET', '/api/comptabilite/journal')).toHaveLength(2);
  });

  it('shows each entry as a card with its lines on a phone', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    await openPage();
    const card = (await screen.findByText('Appel de fonds « Charges courantes 2026 » n° 1')).closest('li');
    expect(card).toHaveTextContent('N° 2 · 15/01/2026');
    expect(card?.querySelector('[data-card=amount]')).toHaveTextContent(/^200,000\sDT$/);
    expect(card).toHaveTextContent('450CopropriétairesDébit120,000');
    expect(card).toHaveTextContent('701Provisions sur opérations courantesCrédit200,000');
    const extourne = screen.getByText(`Extourne : Encaissement, reçu n° ${RECU}`).closest('li');
    expect(within(extourne as HTMLElement).getByTestId('extourne')).toHaveTextContent('Extourne de n° 3');
  });

  it('reads right to left in Arabic: the chart and the entries in Arabic, numbers left to right', async () => {
    const user = userEvent.setup();
    await i18n.changeLanguage('ar');
    comptabiliteServer();
    renderRoute(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'المحاسبة' })).toBeInTheDocument();
    expect(
      await screen.findByText('نداء تمويل «\u2068Charges courantes 2026\u2069» عدد \u20661\u2069'),
    ).toBeInTheDocument();
    expect(screen.getByText(`قيد عكسي: استخلاص، الوصل عدد \u2066${RECU}\u2069`)).toBeInTheDocument();
    expect(screen.getByTestId('extourne')).toHaveTextContent('عكس القيد عدد 3');
    expect(screen.getAllByText('المالكون').length).toBeGreaterThan(0);
    expect(screen.getAllByText('البنك — \u2068BIAT Courant\u2069').length).toBeGreaterThan(0);
    // A bank operation keeps the libellé the treasurer typed.
    expect(screen.getByText('Agios mars')).toBeInTheDocument();
    expect(screen.getByTestId('journal')).not.toHaveTextContent(
      /Copropriétaires|Provisions|Caisse|Banque|Bilan|Extourne|Encaissement|Appel de fonds|Solde initial/,
    );
    expect(screen.getByTestId('journal-total-debit').querySelector('[dir="ltr"]')).toHaveTextContent(/^5\s452,500$/);
    expect(screen.getByTestId('tresorerie')).toHaveTextContent('الخزينة في');

    await user.click(screen.getByRole('tab', { name: 'ميزان المراجعة' }));
    expect(await screen.findByTestId('balance-equilibree')).toHaveTextContent('الميزان متوازن');
    // Latin letters only in the bank account's own libellé.
    const shown = screen.getByTestId('balance').textContent?.replaceAll('BIAT Courant', '');
    expect(shown).not.toMatch(/[A-Za-zÀ-ÿ]/);
    await user.click(screen.getByRole('tab', { name: 'دفتر الأستاذ' }));
    const coproprietaires = await screen.findByTestId('compte-450');
    expect(within(coproprietaires).getByTestId('solde-cloture')).toHaveTextContent('مدين');
    expect(within(screen.getByTestId('compte-701')).getByTestId('solde-cloture')).toHaveTextContent('دائن');
  });
});
