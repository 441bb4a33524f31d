import { createColumnHelper } from '@tanstack/react-table';
import { Eye, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGetCotisationsQuery, type Cotisation } from '@/api/generated';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { DisabledReason } from '@/components/ui/tooltip';
import { useChangeLock, useIsFinance } from '@/lib/auth/use-change-lock';
import { formatDate } from '@/lib/dates';
import { formatDinars } from '@/lib/money';
import { Solde, useRevenusLabels } from './labels';
import { cotisationGererPath, cotisationsPaths } from './paths';
import { useDeleteCotisation } from './use-delete-cotisation';

const column = createColumnHelper<Cotisation>();

/**
 * /syndic/revenus/cotisations (spec 1 §2): every cotisation with what remains to pay on it.
 * Every council member reads it; only the treasurer creates or deletes (others see the buttons
 * disabled with the reason).
 */
export function CotisationsPage() {
  const { t } = useTranslation(['cotisations', 'common']);
  const labels = useRevenusLabels();
  const isFinance = useIsFinance();
  const lockOf = useChangeLock();
  const { data, isLoading, isError, error, refetch } = useGetCotisationsQuery();
  const [toDelete, setToDelete] = useState<Cotisation | null>(null);
  const { remove, deleting } = useDeleteCotisation();

  async function confirmDelete() {
    if (!toDelete) return;
    await remove(toDelete);
    setToDelete(null);
  }

  const columns = useMemo(
    () => [
      column.accessor('titre', {
        header: t('cotisations:list.columns.titre'),
        cell: (info) => (
          <Link to={cotisationGererPath(info.row.original.id)} className="font-medium hover:underline">
            {info.getValue()}
          </Link>
        ),
        meta: { card: 'title' },
      }),
      column.accessor('type', {
        header: t('cotisations:list.columns.type'),
        cell: (info) => labels.type(info.getValue()),
        meta: { searchText: (value: string) => labels.type(value) },
      }),
      column.accessor('repartition', {
        header: t('cotisations:list.columns.repartition'),
        cell: (info) => labels.repartition(info.getValue()),
        meta: { searchText: (value: string) => labels.repartition(value) },
      }),
      column.accessor('date_echeance', {
        header: t('cotisations:list.columns.dateEcheance'),
        cell: (info) => <span className="tabular whitespace-nowrap">{formatDate(info.getValue())}</span>,
      }),
      column.accessor('solde', {
        header: t('cotisations:list.columns.solde'),
        // Every call, reached or not: "Reste à payer", not "Solde" (docs/decisions.md).
        cell: (info) => <Solde value={info.getValue()} />,
        meta: {
          numeric: true,
          card: 'amount',
          searchText: (value: number) => (value === 0 ? t('cotisations:solde.paye') : formatDinars(value)),
        },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('cotisations:list.columns.actions')}</span>,
        cell: ({ row }) => {
          const cotisation = row.original;
          // A cotisation with payments can be neither edited nor deleted: say so before the
          // confirmation rather than after it.
          const lock =
            lockOf(cotisation) ??
            (cotisation.has_encaissements ? t('cotisations:errors.cotisation_avec_encaissements') : null);
          return (
            <div className="flex items-center justify-end gap-1">
              <Button asChild variant="outline" size="sm">
                <Link
                  to={cotisationGererPath(cotisation.id)}
                  aria-label={t('cotisations:list.manageOf', { titre: cotisation.titre })}
                >
                  <Eye aria-hidden="true" />
                  {t('cotisations:list.manage')}
                </Link>
              </Button>
              <DisabledReason reason={lock}>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 text-destructive hover:bg-destructive/10 hover:text-destructive"
                  disabled={lock !== null}
                  onClick={() => setToDelete(cotisation)}
                  aria-label={t('cotisations:list.deleteOf', { titre: cotisation.titre })}
                  title={lock === null ? t('cotisations:list.delete') : undefined}
                >
                  <Trash2 />
                </Button>
              </DisabledReason>
            </div>
          );
        },
        meta: { card: 'action' },
      }),
    ],
    [t, labels, lockOf],
  );

  const createButton = (
    <DisabledReason reason={isFinance ? null : t('common:permissions.onlyFinancier')}>
      {isFinance ? (
        <Button asChild>
          <Link to={cotisationsPaths.cotisationCreer} data-testid="cotisation-creer">
            <Plus aria-hidden="true" />
            {t('cotisations:list.create')}
          </Link>
        </Button>
      ) : (
        <Button disabled data-testid="cotisation-creer">
          <Plus aria-hidden="true" />
          {t('cotisations:list.create')}
        </Button>
      )}
    </DisabledReason>
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('cotisations:list.title')}
        description={t('cotisations:list.subtitle')}
        actions={createButton}
      />
      <DataTable
        columns={columns}
        data={data?.data}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        skeletonRows={10}
        searchPlaceholder={t('cotisations:list.searchPlaceholder')}
        emptyMessage={t('cotisations:list.empty')}
        getRowId={(row) => String(row.id)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('cotisations:delete.title')}
        description={toDelete ? t('cotisations:delete.description', { titre: toDelete.titre }) : undefined}
        confirmLabel={t('cotisations:delete.confirm')}
        onConfirm={() => void confirmDelete()}
        pending={deleting}
      />
    </div>
  );
}
