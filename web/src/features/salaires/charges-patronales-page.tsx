import { createColumnHelper } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dinars } from '@/components/dinars';
import { PageHeader } from '@/components/page-header';
import { LockedLink, RowActions, useFinanceLock } from '@/components/record-actions';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { toast } from '@/components/ui/toaster';
import { UserText, userText } from '@/components/user-text';
import { dinarsText } from '@/lib/bidi';
import { formatDate } from '@/lib/dates';
import { formatDinars } from '@/lib/money';
import { translateMessage } from '@/lib/translate-message';
import { useMethodeLabel, usePaiementLock } from './parts';
import { chargePatronaleModifierPath, salairesPaths } from './paths';
import {
  useGetChargesPatronalesQuery,
  useSupprimerChargePatronaleMutation,
  type ChargePatronalePaiement,
} from './salaires-api';
import { salairesErrorKey } from './salaires-errors';

const column = createColumnHelper<ChargePatronalePaiement>();

/**
 * /syndic/salaires/charges-patronales (spec 2 §2): the employer-charge payments (title, amount,
 * date, method, reference), edit and delete. Only the treasurer records them; nothing dated in a
 * closed exercice changes.
 */
export function ChargesPatronalesPage() {
  const { t } = useTranslation(['salaires', 'common']);
  const financeLock = useFinanceLock();
  const paiementLock = usePaiementLock();
  const methodeLabel = useMethodeLabel();
  const { data, isLoading, isError, error, refetch } = useGetChargesPatronalesQuery();
  const [toDelete, setToDelete] = useState<ChargePatronalePaiement | null>(null);
  const [remove, { isLoading: deleting }] = useSupprimerChargePatronaleMutation();

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await remove({ id: toDelete.id }).unwrap();
      toast.success(t('salaires:chargesPatronales.deleteDialog.deleted'), { description: toDelete.titre });
    } catch (failure) {
      toast.error(t('salaires:errors.deleteFailed'), { description: translateMessage(salairesErrorKey(failure)) });
    }
    setToDelete(null);
  }

  const columns = useMemo(
    () => [
      column.accessor('titre', {
        header: t('salaires:chargesPatronales.columns.titre'),
        cell: (info) => <UserText className="font-medium">{info.getValue()}</UserText>,
        meta: { card: 'title' },
      }),
      column.accessor('date_paiement', {
        header: t('salaires:chargesPatronales.columns.date'),
        cell: (info) => <span className="tabular">{formatDate(info.getValue())}</span>,
        meta: { card: 'subtitle' },
      }),
      column.accessor('methode_paiement', {
        header: t('salaires:chargesPatronales.columns.methode'),
        cell: (info) => methodeLabel(info.getValue()),
        meta: { searchText: (value: ChargePatronalePaiement['methode_paiement']) => methodeLabel(value) },
      }),
      column.accessor((paiement) => paiement.reference_piece_justificative ?? '', {
        id: 'reference',
        header: t('salaires:chargesPatronales.columns.reference'),
        cell: (info) => <UserText>{info.getValue()}</UserText>,
      }),
      column.accessor('montant', {
        header: t('salaires:chargesPatronales.columns.montant'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('salaires:actions')}</span>,
        cell: ({ row }) => {
          const paiement = row.original;
          const lock = paiementLock(paiement);
          return (
            <RowActions
              editTo={chargePatronaleModifierPath(paiement.id)}
              editLabel={t('salaires:chargesPatronales.editOf', { titre: paiement.titre })}
              editLock={lock}
              onDelete={() => setToDelete(paiement)}
              deleteLabel={t('salaires:chargesPatronales.deleteOf', { titre: paiement.titre })}
              deleteLock={lock}
            />
          );
        },
        meta: { card: 'action' },
      }),
    ],
    [t, methodeLabel, paiementLock],
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('salaires:chargesPatronales.title')}
        description={t('salaires:chargesPatronales.subtitle')}
        actions={
          <LockedLink to={salairesPaths.chargePatronaleCreer} lock={financeLock} testId="charge-patronale-creer">
            <Plus aria-hidden="true" />
            {t('salaires:chargesPatronales.create')}
          </LockedLink>
        }
      />
      <DataTable
        columns={columns}
        data={data?.paiements}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        skeletonRows={6}
        searchPlaceholder={t('salaires:chargesPatronales.searchPlaceholder')}
        emptyMessage={t('salaires:chargesPatronales.empty')}
        getRowId={(row) => String(row.id)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('salaires:chargesPatronales.deleteDialog.title')}
        description={
          toDelete
            ? t('salaires:chargesPatronales.deleteDialog.description', {
                titre: userText(toDelete.titre),
                montant: dinarsText(toDelete.montant),
              })
            : undefined
        }
        confirmLabel={t('salaires:chargesPatronales.deleteDialog.confirm')}
        onConfirm={() => void confirmDelete()}
        pending={deleting}
      />
    </div>
  );
}
