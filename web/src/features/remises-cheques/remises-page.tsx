import { createColumnHelper } from '@tanstack/react-table';
import { Eye, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dinars } from '@/components/dinars';
import { NoBankAlert } from '@/components/no-bank-alert';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toaster';
import { DisabledReason } from '@/components/ui/tooltip';
import { useChangeLock, useIsFinance } from '@/lib/auth/use-change-lock';
import { dinarsText, ltrText } from '@/lib/bidi';
import { formatDate } from '@/lib/dates';
import { formatDinars } from '@/lib/money';
import { translateMessage } from '@/lib/translate-message';
import { ChequesTable } from './cheques-table';
import { remisesChequesPaths } from './paths';
import { useGetRemisesChequesQuery, useSupprimerRemiseChequesMutation, type Remise } from './remises-cheques-api';
import { remisesErrorKey } from './remises-cheques-errors';

const column = createColumnHelper<Remise>();

/**
 * /syndic/banque/remises-cheques (spec 2 §2 "Banking"): the cheque deposits, each with its
 * cheques. Every council member reads it; only the treasurer creates or deletes a deposit
 * (deleting one puts its cheques back among the pending ones). Without a bank account the
 * no-bank prompt replaces the table.
 */
export function RemisesPage() {
  const { t } = useTranslation(['remisesCheques', 'common']);
  const isFinance = useIsFinance();
  const lockOf = useChangeLock();
  const { data, isLoading, isError, error, refetch } = useGetRemisesChequesQuery();
  const [shown, setShown] = useState<Remise | null>(null);
  const [toDelete, setToDelete] = useState<Remise | null>(null);
  const [supprimer, { isLoading: deleting }] = useSupprimerRemiseChequesMutation();

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await supprimer({ id: toDelete.id }).unwrap();
      toast.success(t('remisesCheques:delete.deleted'));
    } catch (failure) {
      toast.error(t('remisesCheques:delete.failed'), {
        description: translateMessage(remisesErrorKey(failure)),
      });
    }
    setToDelete(null);
  }

  const columns = useMemo(
    () => [
      column.accessor('date', {
        header: t('remisesCheques:list.columns.date'),
        cell: (info) => <span className="tabular font-medium whitespace-nowrap">{formatDate(info.getValue())}</span>,
        meta: { card: 'title' },
      }),
      column.accessor('compte_nom', {
        header: t('remisesCheques:list.columns.compte'),
        meta: { card: 'subtitle' },
      }),
      column.accessor('reference', {
        header: t('remisesCheques:list.columns.reference'),
        cell: (info) => info.getValue() ?? <span className="text-muted-foreground">—</span>,
      }),
      column.accessor((remise) => remise.cheques.length, {
        id: 'cheques',
        header: t('remisesCheques:list.columns.cheques'),
        cell: (info) => t('remisesCheques:list.chequesCount', { count: info.getValue() }),
        meta: { searchText: (count: number) => t('remisesCheques:list.chequesCount', { count }) },
      }),
      column.accessor('montant', {
        header: t('remisesCheques:list.columns.montant'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('remisesCheques:list.columns.actions')}</span>,
        cell: ({ row }) => {
          const remise = row.original;
          const lock = lockOf(remise);
          const date = formatDate(remise.date);
          return (
            <div className="flex items-center justify-end gap-1">
              <Button
                variant="outline"
                size="sm"
                onClick={() => setShown(remise)}
                aria-label={t('remisesCheques:list.detailsOf', { date })}
              >
                <Eye aria-hidden="true" />
                {t('remisesCheques:list.details')}
              </Button>
              <DisabledReason reason={lock}>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 text-destructive hover:bg-destructive/10 hover:text-destructive"
                  disabled={lock !== null}
                  onClick={() => setToDelete(remise)}
                  aria-label={t('remisesCheques:list.deleteOf', { date })}
                  title={lock === null ? t('remisesCheques:list.delete') : undefined}
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
    [t, lockOf],
  );

  const createButton = (
    <DisabledReason reason={isFinance ? null : t('common:permissions.onlyFinancier')}>
      {isFinance ? (
        <Button asChild>
          <Link to={remisesChequesPaths.creer} data-testid="remise-creer">
            <Plus aria-hidden="true" />
            {t('remisesCheques:list.create')}
          </Link>
        </Button>
      ) : (
        <Button disabled data-testid="remise-creer">
          <Plus aria-hidden="true" />
          {t('remisesCheques:list.create')}
        </Button>
      )}
    </DisabledReason>
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('remisesCheques:list.title')}
        description={t('remisesCheques:list.subtitle')}
        actions={createButton}
      />
      {data && !data.has_bank ? (
        <NoBankAlert />
      ) : (
        <DataTable
          columns={columns}
          data={data?.remises}
          isLoading={isLoading}
          isError={isError}
          error={error}
          onRetry={() => void refetch()}
          skeletonRows={6}
          searchPlaceholder={t('remisesCheques:list.searchPlaceholder')}
          emptyMessage={t('remisesCheques:list.empty')}
          getRowId={(row) => String(row.id)}
        />
      )}
      <RemiseDetailsDialog remise={shown} onClose={() => setShown(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('remisesCheques:delete.title')}
        description={
          toDelete
            ? t('remisesCheques:delete.description', {
                date: ltrText(formatDate(toDelete.date)),
                montant: dinarsText(toDelete.montant),
              })
            : undefined
        }
        confirmLabel={t('remisesCheques:delete.confirm')}
        onConfirm={() => void confirmDelete()}
        pending={deleting}
      />
    </div>
  );
}

/** A deposit's cheques, its account, reference and comment. */
function RemiseDetailsDialog({ remise, onClose }: { remise: Remise | null; onClose: () => void }) {
  const { t } = useTranslation('remisesCheques');
  return (
    <Dialog open={remise !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        {remise && (
          <>
            <DialogHeader>
              <DialogTitle>{t('details.title', { date: ltrText(formatDate(remise.date)) })}</DialogTitle>
              <DialogDescription>
                {t('details.description', { compte: remise.compte_nom, count: remise.cheques.length })}
                {remise.reference ? ` — ${remise.reference}` : ''}
              </DialogDescription>
            </DialogHeader>
            <ChequesTable cheques={remise.cheques} />
            <div className="flex items-center justify-between gap-4 text-sm font-medium">
              <span>{t('details.total')}</span>
              <Dinars value={remise.montant} className="text-base" />
            </div>
            {remise.commentaire && (
              <div className="grid gap-1 text-sm">
                <p className="font-medium">{t('details.commentaire')}</p>
                <p className="whitespace-pre-line text-muted-foreground">{remise.commentaire}</p>
              </div>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
