import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createColumnHelper } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
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

  it('shows the empty state when the search matches nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DataTable columns={columns} data={lignes} emptyMessage="Aucune cotisation." />);
    await user.type(screen.getByRole('searchbox'), 'introuvable');
    expect(screen.getByText('Aucune cotisation.')).toBeInTheDocument();
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

  it('shows the error line when loading failed', () => {
    renderWithProviders(<DataTable columns={columns} data={undefined} isError />);
    expect(screen.getByText('Erreur lors de la récupération des données.')).toBeInTheDocument();
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
