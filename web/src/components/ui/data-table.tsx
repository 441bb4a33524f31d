/**
 * The one list component of the client: search, sort, pagination, loading, error with retry and
 * empty states, shown as a table from 1024 px and as one card per row below (spec 1 §9: "Mobile
 * layout below 1024 px for tables"), so that a phone sees every row's amount, state and main
 * action without scrolling sideways.
 *
 * Each column says where it goes in the card with `meta.card` (default `detail`):
 *
 *   const column = createColumnHelper<ProprieteSolde>();
 *   const columns = [
 *     column.accessor('propriete_nom', { header: 'Propriété', meta: { card: 'title' } }),
 *     column.accessor('proprietaire', { header: 'Payeur', meta: { card: 'subtitle' } }),
 *     column.accessor('solde', {
 *       header: 'Solde',
 *       cell: (info) => <Solde value={info.getValue()} />,
 *       meta: { numeric: true, card: 'amount', searchText: (v: number) => formatDinars(v) },
 *     }),
 *     column.display({ id: 'operations', cell: …buttons…, meta: { card: 'action' } }),
 *   ];
 *   <DataTable columns={columns} data={data?.data} isLoading={isLoading} isError={isError}
 *     onRetry={refetch} emptyMessage="Aucune propriété."
 *     rowClassName={(row) => (row.solde < 0 ? 'bg-pink-50' : undefined)} />
 *
 * `rowClassName` gives a row its own classes (a colour after its state): on the table's row and on
 * the card alike.
 *
 * Accessor columns sort by their value when their header is clicked (numbers by value, texts in
 * the language's alphabetical order); `enableSorting: false` turns it off for one column. On cards
 * the same sorts are offered in a "Trier par" select.
 */
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type Cell,
  type Column,
  type ColumnDef,
  type FilterFn,
  type Header,
  type Row,
  type RowData,
  type SortingFn,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, RotateCw, Search } from 'lucide-react';
import { useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@/lib/api-error-message';
import { cn } from '@/lib/cn';
import { matchesSearch } from '@/lib/search';
import { useCardLayout } from '@/lib/use-media-query';
import { Button } from './button';
import { Input } from './input';
import { Skeleton } from './skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table';

/** Where a column goes in the card of a row (below 1024 px). */
export type CardRole = 'title' | 'subtitle' | 'amount' | 'badge' | 'action' | 'detail' | 'hidden';

declare module '@tanstack/react-table' {
  // The generic parameters must keep the names of the declaration being augmented.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- TData is the augmented declaration's parameter
  interface ColumnMeta<TData extends RowData, TValue> {
    /**
     * Extra text a cell is found by, for values shown differently from how they are stored
     * (an amount in millimes shown as "1 234,500 DT": return the formatted text).
     */
    searchText?: (value: TValue) => string;
    /** Right-align numbers (end-align, so it mirrors in Arabic). */
    numeric?: boolean;
    /**
     * Its place in the row's card on a phone; by default `detail` (a labelled line), or `action`
     * for a display column whose header is not a text (the buttons of a row).
     */
    card?: CardRole;
    /** The label of a `detail` line, when the header is not a plain text. */
    cardLabel?: string;
  }
}

/**
 * Row-wide search: every word of the query must occur somewhere in the row, whichever column
 * (so "dupont 2026" finds Dupont's 2026 rows). TanStack calls this once per column and keeps the
 * row if any call matches; computing the answer for the whole row each time keeps that right.
 */
/**
 * The rows of a table whose data has not come yet. One array for every render: TanStack Table
 * recomputes its rows when `data` is a new array, and each recomputation queues a reset of the
 * page index, a state change, hence a render — with `data ?? []` inline that is a new array each
 * render, and the page re-rendered in a loop for as long as the data was loading (seen as a frozen
 * co-owner cotisations page right after sign-in).
 */
const NO_ROWS: never[] = [];

const rowSearch: FilterFn<unknown> = (row, _columnId, query: string) => {
  const values = row.getAllCells().map((cell) => {
    const value = cell.getValue();
    const extra = cell.column.columnDef.meta?.searchText?.(value as never);
    return extra === undefined ? value : [value, extra];
  });
  return matchesSearch(values, query);
};

/** Numbers by value, booleans false first, everything else as text in the language's order. */
function makeSort(collator: Intl.Collator): SortingFn<unknown> {
  return (a, b, columnId) => {
    const x: unknown = a.getValue(columnId);
    const y: unknown = b.getValue(columnId);
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    if (typeof x === 'boolean' && typeof y === 'boolean') return Number(x) - Number(y);
    // Empty values (a vacant property's payer) go last in both directions' first page.
    const empty = (value: unknown) => value === null || value === undefined || value === '';
    if (empty(x) || empty(y)) return empty(x) === empty(y) ? 0 : empty(x) ? 1 : -1;
    return collator.compare(String(x), String(y));
  };
}

/** A column's place in the card: its `meta.card`, else a detail, or the actions for a display column without a header text. */
function cardRole<TData>(column: Column<TData, unknown>): CardRole {
  const { meta, header } = column.columnDef;
  if (meta?.card) return meta.card;
  return column.accessorFn === undefined && typeof header !== 'string' ? 'action' : 'detail';
}

/** The text naming a column (its header when it is a string, else `meta.cardLabel`, else its id). */
function columnLabel<TData>(column: Column<TData, unknown>): string {
  const { header, meta } = column.columnDef;
  return meta?.cardLabel ?? (typeof header === 'string' ? header : column.id);
}

export interface DataTableProps<TData> {
  // Columns of different value types cannot share one ColumnDef<TData, X>: TanStack's own docs
  // type the array with `any` for the value; `never` keeps it assignable without losing TData.
  columns: ColumnDef<TData, never>[];
  /**
   * The rows; `undefined` while they load. Pass the same array while the rows stay the same (a
   * query's data as it comes, or a filter in `useMemo`): a new array is new rows to TanStack,
   * and the table goes back to its first page.
   */
  data: readonly TData[] | undefined;
  isLoading?: boolean;
  isError?: boolean;
  /**
   * The failed request's error (RTK Query's `error`): a code every screen shares (the residence's
   * books being updated after a release, access refused…) is said in its own words on the error
   * line instead of the generic one.
   */
  error?: unknown;
  /** Shows a retry button on the error line (pass RTK Query's `refetch`). */
  onRetry?: () => void;
  /**
   * The error line's text when the failure has no code of its own (the fiscal years' "Erreur lors
   * du chargement", spec 2 §8); "Erreur lors de la récupération des données." by default.
   */
  errorMessage?: ReactNode;
  /** Skeleton rows while loading: 6 for lists, 10 for revenue lists (spec 1 §9). */
  skeletonRows?: number;
  searchable?: boolean;
  searchPlaceholder?: string;
  pageSize?: number;
  /** Shown when there are no rows at all; a search matching nothing says what was searched. */
  emptyMessage?: ReactNode;
  /** Buttons shown next to the search box (a create button for example). */
  toolbar?: ReactNode;
  getRowId?: (row: TData, index: number) => string;
  /** `auto` (default): cards below 1024 px, a table above. Tests and previews force one. */
  layout?: 'auto' | 'table' | 'cards';
  /** The initial sort, e.g. `[{ id: 'date_paiement', desc: true }]`; the data's order otherwise. */
  initialSorting?: SortingState;
  /**
   * Classes of one row, after its data (a background after its state, `undefined` for none):
   * added to the `<tr>` of the table and to the `<li>` of its card on a phone. A background
   * given here replaces the card's own; a hover colour (`hover:bg-…`) replaces the table row's.
   */
  rowClassName?: (row: TData) => string | undefined;
}

export function DataTable<TData>({
  columns,
  data,
  isLoading = false,
  isError = false,
  error,
  onRetry,
  errorMessage,
  skeletonRows = 6,
  searchable = true,
  searchPlaceholder,
  pageSize = 10,
  emptyMessage,
  toolbar,
  getRowId,
  layout = 'auto',
  initialSorting = [],
  rowClassName,
}: DataTableProps<TData>) {
  const { t, i18n } = useTranslation();
  const narrow = useCardLayout();
  const cards = layout === 'cards' || (layout === 'auto' && narrow);
  const [globalFilter, setGlobalFilter] = useState('');
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  // The widths the columns had with rows, kept while a search matches nothing, so that the headers
  // do not jump to their own widths and back at each key.
  const [widths, setWidths] = useState<Record<string, number>>({});
  const viewRef = useRef<HTMLDivElement>(null);
  const sortingFn = useMemo(
    () => makeSort(new Intl.Collator(i18n.language, { numeric: true, sensitivity: 'base' })),
    [i18n.language],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler in this build; TanStack Table v8 is used as documented
  const table = useReactTable<TData>({
    data: (data ?? NO_ROWS) as TData[],
    columns: columns as ColumnDef<TData, unknown>[],
    defaultColumn: { sortingFn: sortingFn as SortingFn<TData> },
    state: { globalFilter, sorting },
    onGlobalFilterChange: setGlobalFilter,
    onSortingChange: setSorting,
    globalFilterFn: rowSearch as FilterFn<TData>,
    // By default TanStack only searches columns whose first value is a string or number.
    getColumnCanGlobalFilter: () => true,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    initialState: { pagination: { pageIndex: 0, pageSize } },
    // A click on a header sorts ascending, then descending, then back to the data's order.
    sortDescFirst: false,
    getRowId,
  });

  const rows = table.getRowModel().rows;
  const filteredCount = table.getFilteredRowModel().rows.length;
  const pageCount = Math.max(table.getPageCount(), 1);
  const query = globalFilter.trim();
  const noMatch = !isLoading && !isError && rows.length === 0 && query !== '' && (data?.length ?? 0) > 0;

  const emptyState = noMatch ? (
    <span className="grid justify-items-center gap-2" data-testid="table-no-match">
      <span>{t('table.noMatch', { query })}</span>
      <Button variant="outline" size="sm" onClick={() => setGlobalFilter('')}>
        {t('table.clearSearch')}
      </Button>
    </span>
  ) : (
    (emptyMessage ?? t('table.empty'))
  );
  const errorKey = errorMessageKey(error, {}, 'common:table.error');
  const errorState = (
    <span className="grid justify-items-center gap-2" role="alert">
      <span>{errorKey === 'common:table.error' && errorMessage ? errorMessage : t(errorKey as never)}</span>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry} data-testid="table-retry">
          <RotateCw aria-hidden="true" />
          {t('actions.retry')}
        </Button>
      )}
    </span>
  );

  return (
    <div className="grid min-w-0 gap-3">
      {(searchable || toolbar || cards) && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {searchable && (
            <div className="relative w-full sm:max-w-xs">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                type="search"
                value={globalFilter}
                onChange={(event) => {
                  if (rows.length > 0 && viewRef.current) {
                    const measured: Record<string, number> = {};
                    for (const th of viewRef.current.querySelectorAll<HTMLElement>('th[data-column]')) {
                      measured[th.dataset.column ?? ''] = th.getBoundingClientRect().width;
                    }
                    setWidths(measured);
                  }
                  setGlobalFilter(event.target.value);
                }}
                placeholder={searchPlaceholder ?? t('table.search')}
                aria-label={t('table.searchLabel')}
                className="ps-9"
              />
            </div>
          )}
          {cards && <CardSort table={table} sorting={sorting} onChange={setSorting} />}
          {toolbar && <div className="flex items-center gap-2">{toolbar}</div>}
        </div>
      )}
      {cards ? (
        <CardList
          table={table}
          rows={rows}
          isLoading={isLoading}
          isError={isError}
          skeletonRows={skeletonRows}
          errorState={errorState}
          emptyState={emptyState}
          rowClassName={rowClassName}
        />
      ) : (
        <TableView
          table={table}
          rows={rows}
          isLoading={isLoading}
          isError={isError}
          skeletonRows={skeletonRows}
          errorState={errorState}
          emptyState={emptyState}
          widths={noMatch ? widths : null}
          viewRef={viewRef}
          rowClassName={rowClassName}
        />
      )}
      {!isLoading && !isError && filteredCount > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
          <span>{t('table.rows', { count: filteredCount })}</span>
          <div className="flex items-center gap-2">
            <span className="tabular">
              {t('table.pageOf', { page: table.getState().pagination.pageIndex + 1, pages: pageCount })}
            </span>
            <Button
              variant="outline"
              size="icon"
              className="size-8"
              onClick={() => table.previousPage()}
              disabled={!table.getCanPreviousPage()}
              aria-label={t('table.previous')}
            >
              <ChevronLeft className="rtl:rotate-180" />
            </Button>
            <Button
              variant="outline"
              size="icon"
              className="size-8"
              onClick={() => table.nextPage()}
              disabled={!table.getCanNextPage()}
              aria-label={t('table.next')}
            >
              <ChevronRight className="rtl:rotate-180" />
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

type TableInstance<TData> = ReturnType<typeof useReactTable<TData>>;

interface ViewProps<TData> {
  table: TableInstance<TData>;
  rows: Row<TData>[];
  isLoading: boolean;
  isError: boolean;
  skeletonRows: number;
  errorState: ReactNode;
  emptyState: ReactNode;
  rowClassName?: (row: TData) => string | undefined;
}

function SortableHeader<TData>({ header }: { header: Header<TData, unknown> }) {
  const { t } = useTranslation();
  const content = flexRender(header.column.columnDef.header, header.getContext());
  if (!header.column.getCanSort()) return <>{content}</>;
  const direction = header.column.getIsSorted();
  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={header.column.getToggleSortingHandler()}
      className={cn(
        'inline-flex cursor-pointer items-center gap-1 rounded-sm uppercase hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        direction && 'text-foreground',
      )}
      title={t('table.sortBy', { column: columnLabel(header.column) })}
    >
      {content}
      <Icon aria-hidden="true" className={cn('size-3.5 shrink-0', !direction && 'opacity-40')} />
    </button>
  );
}

function TableView<TData>({
  table,
  rows,
  isLoading,
  isError,
  skeletonRows,
  errorState,
  emptyState,
  widths,
  viewRef,
  rowClassName,
}: ViewProps<TData> & { widths: Record<string, number> | null; viewRef: RefObject<HTMLDivElement | null> }) {
  const columnCount = table.getVisibleLeafColumns().length;
  let body: ReactNode;
  if (isLoading) {
    body = Array.from({ length: skeletonRows }, (_, rowIndex) => (
      <TableRow key={`skeleton-${rowIndex}`} data-testid="skeleton-row">
        {table.getVisibleLeafColumns().map((column) => (
          <TableCell key={column.id}>
            <Skeleton className="h-4 w-full max-w-[12rem]" />
          </TableCell>
        ))}
      </TableRow>
    ));
  } else if (isError) {
    body = (
      <TableRow>
        <TableCell colSpan={columnCount} className="py-8 text-center font-medium text-destructive">
          {errorState}
        </TableCell>
      </TableRow>
    );
  } else if (rows.length === 0) {
    body = (
      <TableRow className="hover:bg-transparent">
        <TableCell colSpan={columnCount} className="py-10 text-center text-muted-foreground">
          {emptyState}
        </TableCell>
      </TableRow>
    );
  } else {
    body = rows.map((row) => (
      <TableRow key={row.id} className={rowClassName?.(row.original)}>
        {row.getVisibleCells().map((cell) => (
          <TableCell
            key={cell.id}
            className={cell.column.columnDef.meta?.numeric ? 'text-end tabular whitespace-nowrap' : undefined}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </TableCell>
        ))}
      </TableRow>
    ));
  }

  return (
    <div className="overflow-hidden rounded-lg border bg-card" ref={viewRef}>
      <Table aria-busy={isLoading || undefined} className={widths ? 'table-fixed' : undefined}>
        <TableHeader>
          {table.getHeaderGroups().map((headerGroup) => (
            <TableRow key={headerGroup.id} className="hover:bg-transparent">
              {headerGroup.headers.map((header) => {
                const direction = header.column.getIsSorted();
                const width = widths?.[header.column.id];
                return (
                  <TableHead
                    key={header.id}
                    data-column={header.column.id}
                    aria-sort={
                      direction === 'asc'
                        ? 'ascending'
                        : direction === 'desc'
                          ? 'descending'
                          : header.column.getCanSort()
                            ? 'none'
                            : undefined
                    }
                    style={width === undefined ? undefined : { width }}
                    className={header.column.columnDef.meta?.numeric ? 'text-end' : undefined}
                  >
                    {header.isPlaceholder ? null : <SortableHeader header={header} />}
                  </TableHead>
                );
              })}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>{body}</TableBody>
      </Table>
    </div>
  );
}

function cellsOf<TData>(row: Row<TData>, role: CardRole): Cell<TData, unknown>[] {
  return row.getVisibleCells().filter((cell) => cardRole(cell.column) === role);
}

function render<TData>(cell: Cell<TData, unknown>): ReactNode {
  return flexRender(cell.column.columnDef.cell, cell.getContext());
}

/** One card per row: title and amount first, then badges, labelled details, the actions last. */
function CardList<TData>({
  table,
  rows,
  isLoading,
  isError,
  skeletonRows,
  errorState,
  emptyState,
  rowClassName,
}: ViewProps<TData>) {
  if (isLoading) {
    return (
      <div className="grid gap-3" aria-busy="true">
        {Array.from({ length: skeletonRows }, (_, index) => (
          <div key={index} data-testid="skeleton-row" className="grid gap-2 rounded-lg border bg-card p-4">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        ))}
      </div>
    );
  }
  if (isError || rows.length === 0) {
    return (
      <div
        className={cn(
          'rounded-lg border bg-card px-4 py-8 text-center',
          isError ? 'font-medium text-destructive' : 'text-muted-foreground',
        )}
      >
        {isError ? errorState : emptyState}
      </div>
    );
  }
  const hasTitle = table.getVisibleLeafColumns().some((column) => cardRole(column) === 'title');
  return (
    <ul className="grid gap-3" data-testid="data-cards">
      {rows.map((row) => {
        const titles = cellsOf(row, 'title');
        const subtitles = cellsOf(row, 'subtitle');
        const amounts = cellsOf(row, 'amount');
        const badges = cellsOf(row, 'badge');
        // Without a title column the first detail leads the card.
        const details = cellsOf(row, 'detail');
        const lead = hasTitle ? titles : details.slice(0, 1);
        const rest = hasTitle ? details : details.slice(1);
        const actions = cellsOf(row, 'action');
        return (
          <li
            key={row.id}
            data-testid="data-card"
            className={cn('grid gap-3 rounded-lg border bg-card p-4 text-sm shadow-xs', rowClassName?.(row.original))}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="grid min-w-0 gap-0.5 break-words">
                {lead.map((cell) => (
                  <div key={cell.id} className="text-base font-medium">
                    {render(cell)}
                  </div>
                ))}
                {subtitles.map((cell) => (
                  <div key={cell.id} className="text-muted-foreground">
                    {render(cell)}
                  </div>
                ))}
              </div>
              {(amounts.length > 0 || badges.length > 0) && (
                <div className="grid shrink-0 justify-items-end gap-1 text-end">
                  {amounts.map((cell) => (
                    <div key={cell.id} data-card="amount" className="tabular whitespace-nowrap">
                      {render(cell)}
                    </div>
                  ))}
                  {badges.map((cell) => (
                    <div key={cell.id} data-card="badge">
                      {render(cell)}
                    </div>
                  ))}
                </div>
              )}
            </div>
            {rest.length > 0 && (
              <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1">
                {rest.map((cell) => (
                  <div key={cell.id} className="contents">
                    <dt className="text-muted-foreground">{columnLabel(cell.column)}</dt>
                    <dd className="min-w-0 break-words">{render(cell)}</dd>
                  </div>
                ))}
              </dl>
            )}
            {actions.length > 0 && (
              <div
                data-card="action"
                className="flex flex-wrap items-center gap-2 border-t pt-3 [&>div]:flex-wrap [&>div]:justify-start"
              >
                {actions.map((cell) => (
                  <div key={cell.id} className="contents">
                    {render(cell)}
                  </div>
                ))}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The sorts of the table's headers, offered as one select on cards (they have no headers). */
function CardSort<TData>({
  table,
  sorting,
  onChange,
}: {
  table: TableInstance<TData>;
  sorting: SortingState;
  onChange: (sorting: SortingState) => void;
}) {
  const { t } = useTranslation();
  const sortable = table.getAllLeafColumns().filter((column) => column.getCanSort());
  if (sortable.length === 0) return null;
  const current = sorting[0] ? `${sorting[0].id}:${sorting[0].desc ? 'desc' : 'asc'}` : '';
  return (
    <label className="flex items-center gap-2 text-sm text-muted-foreground">
      <span className="shrink-0">{t('table.sortLabel')}</span>
      <select
        value={current}
        onChange={(event) => {
          const [id, direction] = event.target.value.split(':');
          onChange(id ? [{ id, desc: direction === 'desc' }] : []);
        }}
        className="h-9 min-w-0 cursor-pointer rounded-md border border-input bg-card px-2 text-sm text-foreground"
      >
        <option value="">{t('table.sortNone')}</option>
        {sortable.flatMap((column) => {
          const label = columnLabel(column);
          return [
            <option key={`${column.id}:asc`} value={`${column.id}:asc`}>
              {`${label} ↑`}
            </option>,
            <option key={`${column.id}:desc`} value={`${column.id}:desc`}>
              {`${label} ↓`}
            </option>,
          ];
        })}
      </select>
    </label>
  );
}
