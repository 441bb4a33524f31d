import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  useReactTable,
  type ColumnDef,
  type FilterFn,
  type RowData,
} from '@tanstack/react-table';
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { matchesSearch } from '@/lib/search';
import { Button } from './button';
import { Input } from './input';
import { Skeleton } from './skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table';

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
  }
}

/**
 * Row-wide search: every word of the query must occur somewhere in the row, whichever column
 * (so "dupont 2026" finds Dupont's 2026 rows). TanStack calls this once per column and keeps the
 * row if any call matches; computing the answer for the whole row each time keeps that right.
 */
const rowSearch: FilterFn<unknown> = (row, _columnId, query: string) => {
  const values = row.getAllCells().map((cell) => {
    const value = cell.getValue();
    const extra = cell.column.columnDef.meta?.searchText?.(value as never);
    return extra === undefined ? value : [value, extra];
  });
  return matchesSearch(values, query);
};

export interface DataTableProps<TData> {
  // Columns of different value types cannot share one ColumnDef<TData, X>: TanStack's own docs
  // type the array with `any` for the value; `never` keeps it assignable without losing TData.
  columns: ColumnDef<TData, never>[];
  data: readonly TData[] | undefined;
  isLoading?: boolean;
  isError?: boolean;
  /** Skeleton rows while loading: 6 for lists, 10 for revenue lists (spec 1 §9). */
  skeletonRows?: number;
  searchable?: boolean;
  searchPlaceholder?: string;
  pageSize?: number;
  emptyMessage?: ReactNode;
  /** Buttons shown next to the search box (a create button for example). */
  toolbar?: ReactNode;
  getRowId?: (row: TData, index: number) => string;
}

export function DataTable<TData>({
  columns,
  data,
  isLoading = false,
  isError = false,
  skeletonRows = 6,
  searchable = true,
  searchPlaceholder,
  pageSize = 10,
  emptyMessage,
  toolbar,
  getRowId,
}: DataTableProps<TData>) {
  const { t } = useTranslation();
  const [globalFilter, setGlobalFilter] = useState('');
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler in this build; TanStack Table v8 is used as documented
  const table = useReactTable<TData>({
    data: (data ?? []) as TData[],
    columns: columns as ColumnDef<TData, unknown>[],
    state: { globalFilter },
    onGlobalFilterChange: setGlobalFilter,
    globalFilterFn: rowSearch as FilterFn<TData>,
    // By default TanStack only searches columns whose first value is a string or number.
    getColumnCanGlobalFilter: () => true,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    initialState: { pagination: { pageIndex: 0, pageSize } },
    getRowId,
  });

  const columnCount = table.getVisibleLeafColumns().length;
  const rows = table.getRowModel().rows;
  const filteredCount = table.getFilteredRowModel().rows.length;
  const pageCount = Math.max(table.getPageCount(), 1);

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
          {t('table.error')}
        </TableCell>
      </TableRow>
    );
  } else if (rows.length === 0) {
    body = (
      <TableRow>
        <TableCell colSpan={columnCount} className="py-10 text-center text-muted-foreground">
          {emptyMessage ?? t('table.empty')}
        </TableCell>
      </TableRow>
    );
  } else {
    body = rows.map((row) => (
      <TableRow key={row.id}>
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
    <div className="grid gap-3">
      {(searchable || toolbar) && (
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
                onChange={(event) => setGlobalFilter(event.target.value)}
                placeholder={searchPlaceholder ?? t('table.search')}
                aria-label={t('table.searchLabel')}
                className="ps-9"
              />
            </div>
          )}
          {toolbar && <div className="flex items-center gap-2">{toolbar}</div>}
        </div>
      )}
      <div className="overflow-hidden rounded-lg border bg-card">
        <Table aria-busy={isLoading || undefined}>
          <TableHeader>
            {table.getHeaderGroups().map((headerGroup) => (
              <TableRow key={headerGroup.id} className="hover:bg-transparent">
                {headerGroup.headers.map((header) => (
                  <TableHead key={header.id} className={header.column.columnDef.meta?.numeric ? 'text-end' : undefined}>
                    {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                  </TableHead>
                ))}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>{body}</TableBody>
        </Table>
      </div>
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
