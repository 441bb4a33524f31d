import { createColumnHelper } from '@tanstack/react-table';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dinars } from '@/components/dinars';
import { PageHeader } from '@/components/page-header';
import { LockedButton, LockedLink, useFinanceLock } from '@/components/record-actions';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { toast } from '@/components/ui/toaster';
import { UserText, userText } from '@/components/user-text';
import { dinarsText } from '@/lib/bidi';
import { useChangeLock } from '@/lib/auth/use-change-lock';
import { formatDate } from '@/lib/dates';
import { formatDinars } from '@/lib/money';
import { translateMessage } from '@/lib/translate-message';
import {
  useListeRevenusExceptionnelsQuery,
  useRetirerRevenuExceptionnelMutation,
  type MethodePaiementRevenu,
  type RevenuExceptionnel,
} from './contrats-api';
import { contratsErrorKey } from './contrats-errors';
import { useMethodeLabel } from './parts';
import { contratsPaths } from './paths';

const column = createColumnHelper<RevenuExceptionnel>();

/**
 * /syndic/revenus/revenus-exceptionnels (spec 1 §2): the one-off revenues (title, amount, date,
 * method, client, reference), newest first; the treasurer records one and deletes one (not when
 * its exercice is closed, nor once its cheque is deposited).
 */
export function RevenusExceptionnelsPage() {
  const { t } = useTranslation(['contrats', 'common']);
  const financeLock = useFinanceLock();
  const changeLock = useChangeLock();
  const methodeLabel = useMethodeLabel();
  const { data, isLoading, isError, error, refetch } = useListeRevenusExceptionnelsQuery();
  const [toDelete, setToDelete] = useState<RevenuExceptionnel | null>(null);
  const [remove, { isLoading: deleting }] = useRetirerRevenuExceptionnelMutation();

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await remove(toDelete.id).unwrap();
      toast.success(t('contrats:revenus.deleteDialog.deleted'), { description: toDelete.titre });
    } catch (failure) {
      toast.error(t('contrats:errors.deleteFailed'), { description: translateMessage(contratsErrorKey(failure)) });
    }
    setToDelete(null);
  }

  const columns = useMemo(
    () => [
      column.accessor('titre', {
        header: t('contrats:revenus.columns.titre'),
        cell: (info) => <UserText className="font-medium">{info.getValue()}</UserText>,
        meta: { card: 'title' },
      }),
      column.accessor('date_paiement', {
        header: t('contrats:revenus.columns.date'),
        cell: (info) => <span className="tabular">{formatDate(info.getValue())}</span>,
        meta: { card: 'subtitle' },
      }),
      column.accessor((revenu) => revenu.client_nom ?? revenu.client?.nom ?? '', {
        id: 'client',
        header: t('contrats:revenus.columns.client'),
        cell: (info) =>
          info.getValue() ? (
            <UserText>{info.getValue()}</UserText>
          ) : (
            <span className="text-muted-foreground">{t('common:empty')}</span>
          ),
      }),
      column.accessor('methode_paiement', {
        header: t('contrats:revenus.columns.methode'),
        cell: (info) => methodeLabel(info.getValue()),
        meta: { searchText: (value: MethodePaiementRevenu) => methodeLabel(value) },
      }),
      column.accessor((revenu) => revenu.reference_paiement ?? '', {
        id: 'reference',
        header: t('contrats:revenus.columns.reference'),
        cell: (info) =>
          info.getValue() ? (
            <span dir="auto">{info.getValue()}</span>
          ) : (
            <span className="text-muted-foreground">{t('common:empty')}</span>
          ),
      }),
      column.accessor('montant', {
        header: t('contrats:revenus.columns.montant'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('contrats:actions')}</span>,
        cell: ({ row }) => {
          const revenu = row.original;
          const lock = changeLock(revenu) ?? (revenu.cheque_remis ? t('contrats:revenus.chequeRemis') : null);
          return (
            <div className="flex items-center justify-end">
              <LockedButton
                lock={lock}
                onClick={() => setToDelete(revenu)}
                label={t('contrats:revenus.deleteOf', { titre: revenu.titre })}
                variant="ghost"
                size="icon"
                className="size-8 text-destructive hover:bg-destructive/10 hover:text-destructive"
              >
                <Trash2 />
              </LockedButton>
            </div>
          );
        },
        meta: { card: 'action' },
      }),
    ],
    [t, changeLock, methodeLabel],
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('contrats:revenus.title')}
        description={t('contrats:revenus.subtitle')}
        actions={
          <LockedLink to={contratsPaths.revenuExceptionnelCreer} lock={financeLock} testId="revenu-creer">
            <Plus aria-hidden="true" />
            {t('contrats:revenus.create')}
          </LockedLink>
        }
      />
      <DataTable
        columns={columns}
        data={data?.data}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        skeletonRows={10}
        searchPlaceholder={t('contrats:revenus.searchPlaceholder')}
        emptyMessage={t('contrats:revenus.empty')}
        getRowId={(row) => String(row.id)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('contrats:revenus.deleteDialog.title')}
        description={
          toDelete
            ? t('contrats:revenus.deleteDialog.description', {
                titre: userText(toDelete.titre),
                montant: dinarsText(toDelete.montant),
              })
            : undefined
        }
        confirmLabel={t('contrats:revenus.deleteDialog.confirm')}
        onConfirm={() => void confirmDelete()}
        pending={deleting}
      />
    </div>
  );
}
