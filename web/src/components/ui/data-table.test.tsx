import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createColumnHelper } from '@tanstack/react-table';
import { Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { formatDate } from '@/lib/dates';
import { formatMillimes } from '@/lib/money';
import { renderWithProviders } from '@/testing/render';
import { DataTable } from './data-table';

interface Ligne {
  id: number;
  titre: string;
  proprietaire: string;
  date_echeance: string;
  solde: number;
}

const column = createColumnHelper<Ligne>();
const columns = [
  column.accessor('titre', { header: 'Titre' }),
  column.accessor('proprietaire', { header: 'Propriétaire' }),
  column.accessor('date_echeance', { header: 'Échéance', cell: (info) => formatDate(info.getValue()) }),
  column.accessor('solde', {
    header: 'Solde',
    cell: (info) => formatMillimes(info.getValue()),
    meta: { numeric: true, searchText: (value: number) => formatMillimes(value) },
  }),
];

const lignes: Ligne[] = [
  { id: 1, titre: 'Cotisation été', proprietaire: 'Élodie Ben Aïssa', date_echeance: '2026-03-05', solde: 1234500 },
  { id: 2, titre: 'Cotisation hiver', proprietaire: 'Karim Trabelsi', date_echeance: '2026-01-15', solde: 0 },
  { id: 3, titre: 'Travaux ascenseur', proprietaire: 'Sami Gharbi', date_echeance: '2025-12-31', solde: 80000 },
];

function bodyRows() {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body as HTMLElement).getAllByRole('row');
}

describe('DataTable', () => {
  it('shows the rows with their formatted cells', () => {
    renderWithProviders(<DataTable columns={columns} data={lignes} />);
    expect(bodyRows()).toHaveLength(3);
    expect(screen.getByText('05/03/2026')).toBeInTheDocument();
    expect(screen.getByText('3 lignes')).toBeInTheDocument();
  });

  it('searches without regard to case or accents', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DataTable columns={columns} data={lignes} />);
    const search = screen.getByRole('searchbox', { name: 'Rechercher dans le tableau' });
    await user.type(search, 'ELODIE aissa');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByText('Élodie Ben Aïssa')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'ETE');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByText('Cotisation été')).toBeInTheDocument();
  });

  it('finds a yyyy-MM-dd value by the date typed as DD/MM/YYYY', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DataTable columns={columns} data={lignes} />);
    await user.type(screen.getByRole('searchbox'), '05/03/2026');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByText('Cotisation été')).toBeInTheDocument();
  });

  it('finds an amount by its displayed text through the column meta', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DataTable columns={columns} data={lignes} />);
    await user.type(screen.getByRole('searchbox'), '80,000');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByText('Travaux ascenseur')).toBeInTheDocument();
  });

  it('says what was searched when the search matches nothing, keeps the headers, and clears it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DataTable columns={columns} data={lignes} emptyMessage="Aucune cotisation." />);
    await user.type(screen.getByRole('searchbox'), 'introuvable');
    expect(screen.getByTestId('table-no-match')).toHaveTextContent('Aucun résultat pour « introuvable ».');
    expect(screen.queryByText('Aucune cotisation.')).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Effacer la recherche' }));
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(bodyRows()).toHaveLength(3);
  });

  it('shows the default empty state without data', () => {
    renderWithProviders(<DataTable columns={columns} data={[]} />);
    expect(screen.getByText('Aucun résultat.')).toBeInTheDocument();
  });

  it('shows 6 skeleton rows by default while loading, or the count asked for', () => {
    const { unmount } = renderWithProviders(<DataTable columns={columns} data={undefined} isLoading />);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(6);
    unmount();
    renderWithProviders(<DataTable columns={columns} data={undefined} isLoading skeletonRows={10} />);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(10);
  });

  it('renders a bounded number of times while its data is loading, also when its page re-renders', async () => {
    // Given a table whose data has not come yet, counted at each commit
    let commits = 0;
    const table = () => (
      <Profiler id="table" onRender={() => (commits += 1)}>
        <DataTable columns={columns} data={undefined} isLoading />
      </Profiler>
    );
    const { rerender } = renderWithProviders(table());
    await new Promise((resolve) => setTimeout(resolve, 0));
    // When its page renders again before the data comes (a query going from idle to pending)
    rerender(table());
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Then the table settles: it does not re-render itself in a loop (the page froze so once)
    expect(commits).toBeLessThan(10);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(6);
  });

  it('shows the error line when loading failed, with a retry button that calls refetch', async () => {
    const user = userEvent.setup();
    const refetch = vi.fn();
    renderWithProviders(<DataTable columns={columns} data={undefined} isError onRetry={refetch} />);
    expect(screen.getByText('Erreur lors de la récupération des données.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it("says a shared error code in its own words: the residence's books being updated after a release", () => {
    const error = {
      status: 503,
      data: { success: false, code: 'projection_en_rattrapage', message: 'Les comptes…' },
    };
    renderWithProviders(<DataTable columns={columns} data={undefined} isError error={error} />);
    expect(
      screen.getByText(
        'Les comptes de votre résidence sont en cours de mise à jour après une nouvelle version : réessayez dans quelques instants.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Erreur lors de la récupération des données.')).not.toBeInTheDocument();
  });

  it('sorts by a column: ascending, descending, then the data order again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DataTable columns={columns} data={lignes} />);
    const titles = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    const header = screen.getByRole('columnheader', { name: /Solde/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(titles()).toEqual(['Cotisation hiver', 'Travaux ascenseur', 'Cotisation été']);
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(titles()).toEqual(['Cotisation été', 'Travaux ascenseur', 'Cotisation hiver']);
    await user.click(within(header).getByRole('button'));
    expect(titles()).toEqual(['Cotisation été', 'Cotisation hiver', 'Travaux ascenseur']);
    // Texts in French alphabetical order, accents ignored (É with the E).
    await user.click(within(screen.getByRole('columnheader', { name: /Propriétaire/ })).getByRole('button'));
    expect(titles()).toEqual(['Cotisation été', 'Cotisation hiver', 'Travaux ascenseur']);
    // Dates stored as yyyy-MM-dd sort by date.
    await user.click(within(screen.getByRole('columnheader', { name: /Échéance/ })).getByRole('button'));
    expect(titles()).toEqual(['Travaux ascenseur', 'Cotisation hiver', 'Cotisation été']);
  });

  it('shows one card per row on a phone: title, amount, labelled details, actions', async () => {
    const user = userEvent.setup();
    const withRoles = [
      column.accessor('titre', { header: 'Titre', meta: { card: 'title' } }),
      column.accessor('proprietaire', { header: 'Propriétaire', meta: { card: 'subtitle' } }),
      column.accessor('date_echeance', { header: 'Échéance', cell: (info) => formatDate(info.getValue()) }),
      column.accessor('solde', {
        header: 'Solde',
        cell: (info) => formatMillimes(info.getValue()),
        meta: { numeric: true, card: 'amount' },
      }),
      column.display({
        id: 'actions',
        cell: ({ row }) => <button type="button">Encaisser {row.original.titre}</button>,
        meta: { card: 'action' },
      }),
    ];
    renderWithProviders(<DataTable columns={withRoles} data={lignes} layout="cards" />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = screen.getAllByTestId('data-card');
    expect(cards).toHaveLength(3);
    const first = cards[0] as HTMLElement;
    expect(first.querySelector('[data-card="amount"]')).toHaveTextContent(/1\s234,500\sDT/);
    expect(within(first).getByText('Échéance')).toBeInTheDocument();
    expect(within(first).getByText('05/03/2026')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Encaisser Cotisation été' })).toBeInTheDocument();
    // The headers' sorts are offered in a select.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Trier par' }), 'solde:asc');
    expect(
      within(screen.getAllByTestId('data-card')[0] as HTMLElement).getByText('Cotisation hiver'),
    ).toBeInTheDocument();
  });

  it("gives each row its own classes after its data, on the table's row and on the card", async () => {
    const user = userEvent.setup();
    const rowClassName = (ligne: Ligne) => (ligne.solde === 0 ? 'bg-emerald-50' : undefined);
    const { unmount } = renderWithProviders(
      <DataTable columns={columns} data={lignes} rowClassName={rowClassName} layout="table" />,
    );
    const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
    expect(rowOf('Cotisation hiver')).toHaveClass('bg-emerald-50');
    // A row given nothing keeps the table's own classes; the classes follow their row in a sort.
    expect(rowOf('Cotisation été')).not.toHaveClass('bg-emerald-50');
    expect(rowOf('Cotisation été')).toHaveClass('hover:bg-muted/40');
    await user.click(screen.getByRole('button', { name: /Solde/ }));
    expect(bodyRows()[0]).toHaveTextContent('Cotisation hiver');
    expect(bodyRows()[0]).toHaveClass('bg-emerald-50');
    unmount();

    renderWithProviders(<DataTable columns={columns} data={lignes} rowClassName={rowClassName} layout="cards" />);
    const cards = screen.getAllByTestId('data-card');
    expect(cards[1]).toHaveTextContent('Cotisation hiver');
    // The card's own background gives way to the row's.
    expect(cards[1]).toHaveClass('bg-emerald-50');
    expect(cards[1]).not.toHaveClass('bg-card');
    expect(cards[0]).toHaveClass('bg-card');
    expect(cards[0]).not.toHaveClass('bg-emerald-50');
  });

  it('pages through the rows and goes back to the first page on search', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 25 }, (_, i) => ({ ...lignes[0]!, id: i, solde: 0, titre: `Ligne ${i + 1}` }));
    renderWithProviders(<DataTable columns={columns} data={many} pageSize={10} />);
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Page 1 sur 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page précédente' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(screen.getByText('Page 3 sur 3')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Page suivante' })).toBeDisabled();
    // Lignes 1, 10 to 19 and 21: 12 rows, two pages, and back on the first one.
    await user.type(screen.getByRole('searchbox'), 'ligne 1');
    expect(screen.getByText('12 lignes')).toBeInTheDocument();
    expect(screen.getByText('Page 1 sur 2')).toBeInTheDocument();
    expect(screen.getByText('Ligne 1')).toBeInTheDocument();
  });
});
