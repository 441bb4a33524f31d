import { createColumnHelper } from '@tanstack/react-table';
import { ArrowLeftRight, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dinars } from '@/components/dinars';
import { NoBankAlert } from '@/components/no-bank-alert';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { toast } from '@/components/ui/toaster';
import { useChangeLock } from '@/lib/auth/use-change-lock';
import { dinarsText } from '@/lib/bidi';
import { formatDate } from '@/lib/dates';
import { formatDinars } from '@/lib/money';
import { translateMessage } from '@/lib/translate-message';
import { useSupprimerTransfertMutation, useGetTransfertsQuery, type Transfert } from './banque-api';
import { banqueErrorKey } from './banque-errors';
import { FinanceLinkButton, RowActions } from './parts';
import { banquePaths, transfertModifierPath } from './paths';

const column = createColumnHelper<Transfert>();

/**
 * /syndic/banque/transferts-intercomptes (spec 2 §2 "Banking"): the transfers between the
 * residence's accounts. Only the treasurer creates, edits and deletes; nothing of a closed year
 * changes. Without any account, the no-bank alert replaces the list.
 */
export function TransfertsPage() {
  const { t } = useTranslation(['banque', 'common']);
  const lockOf = useChangeLock();
  const { data, isLoading, isError, error, refetch } = useGetTransfertsQuery();
  const [toDelete, setToDelete] = useState<Transfert | null>(null);
  const [deleteTransfert, { isLoading: deleting }] = useSupprimerTransfertMutation();

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteTransfert({ supprimerTransfertRequest: { transfert_id: toDelete.id } }).unwrap();
      toast.success(t('banque:transferts.deleteDialog.deleted'), {
        description: t('banque:transferts.fromTo', {
          source: toDelete.compte_source.libelle,
          destination: toDelete.compte_destination.libelle,
        }),
      });
    } catch (failure) {
      toast.error(t('banque:errors.deleteFailed'), { description: translateMessage(banqueErrorKey(failure)) });
    }
    setToDelete(null);
  }

  const columns = useMemo(
    () => [
      column.accessor('date', {
        header: t('banque:transferts.columns.date'),
        cell: (info) => <span className="tabular whitespace-nowrap">{formatDate(info.getValue())}</span>,
        meta: { card: 'subtitle' },
      }),
      column.accessor((transfert) => transfert.compte_source.libelle, {
        id: 'source',
        header: t('banque:transferts.columns.source'),
        cell: (info) => <span className="font-medium">{info.getValue()}</span>,
        meta: { card: 'title' },
      }),
      column.accessor((transfert) => transfert.compte_destination.libelle, {
        id: 'destination',
        header: t('banque:transferts.columns.destination'),
        cell: (info) => (
          <span className="inline-flex items-center gap-1.5 font-medium">
            <ArrowLeftRight aria-hidden="true" className="size-3.5 text-muted-foreground lg:hidden" />
            {info.getValue()}
          </span>
        ),
      }),
      column.accessor('montant', {
        header: t('banque:transferts.columns.montant'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
      column.accessor((transfert) => transfert.reference ?? '', {
        id: 'reference',
        header: t('banque:transferts.columns.reference'),
        cell: (info) =>
          info.getValue() ? (
            <span dir="auto">{info.getValue()}</span>
          ) : (
            <span className="text-muted-foreground">—</span>
          ),
      }),
      column.accessor((transfert) => transfert.commentaire ?? '', {
        id: 'commentaire',
        header: t('banque:transferts.columns.commentaire'),
        cell: (info) => <span className="line-clamp-2 text-muted-foreground">{info.getValue() || '—'}</span>,
        enableSorting: false,
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('banque:transferts.columns.actions')}</span>,
        cell: ({ row }) => {
          const transfert = row.original;
          const lock = lockOf(transfert);
          const date = formatDate(transfert.date);
          return (
            <RowActions
              editTo={transfertModifierPath(transfert.id)}
              editLabel={t('banque:transferts.editOf', { date })}
              editLock={lock}
              onDelete={() => setToDelete(transfert)}
              deleteLabel={t('banque:transferts.deleteOf', { date })}
              deleteLock={lock}
            />
          );
        },
        meta: { card: 'action' },
      }),
    ],
    [t, lockOf],
  );

  const noBank = data !== undefined && (!data.has_bank || data.comptes_bancaires.length === 0);
  const oneAccount = data !== undefined && data.comptes_bancaires.length === 1;
  const total = data?.transferts.reduce((sum, transfert) => sum + Math.round(transfert.montant * 1000), 0);

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('banque:transferts.title')}
        description={t('banque:transferts.subtitle')}
        actions={
          noBank ? undefined : (
            <FinanceLinkButton
              to={banquePaths.transfertCreer}
              icon={<Plus aria-hidden="true" />}
              testId="transfert-creer"
              reason={oneAccount ? t('banque:transferts.oneAccount') : null}
            >
              {t('banque:transferts.create')}
            </FinanceLinkButton>
          )
        }
      />
      {noBank ? (
        <NoBankAlert />
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
            <StatCard
              icon={<ArrowLeftRight />}
              label={t('banque:transferts.total')}
              value={isError ? null : total === undefined ? undefined : total / 1000}
              testId="transferts-total"
            />
          </div>
          <DataTable
            columns={columns}
            data={data?.transferts}
            isLoading={isLoading}
            isError={isError}
            error={error}
            onRetry={() => void refetch()}
            skeletonRows={6}
            searchPlaceholder={t('banque:transferts.searchPlaceholder')}
            emptyMessage={t('banque:transferts.empty')}
            getRowId={(row) => String(row.id)}
          />
        </>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('banque:transferts.deleteDialog.title')}
        description={
          toDelete
            ? t('banque:transferts.deleteDialog.description', {
                montant: dinarsText(toDelete.montant),
                source: toDelete.compte_source.libelle,
                destination: toDelete.compte_destination.libelle,
              })
            : undefined
        }
        confirmLabel={t('banque:transferts.deleteDialog.confirm')}
        onConfirm={() => void confirmDelete()}
        pending={deleting}
      />
    </div>
  );
}
