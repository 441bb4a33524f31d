import { createColumnHelper } from '@tanstack/react-table';
import { FolderOpen, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dinars } from '@/components/dinars';
import { PageHeader } from '@/components/page-header';
import { TelGroupe, telGroupe } from '@/components/phone-number';
import { LockedLink, RowActions } from '@/components/record-actions';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { toast } from '@/components/ui/toaster';
import { UserText, userText } from '@/components/user-text';
import { formatDinars } from '@/lib/money';
import { translateMessage } from '@/lib/translate-message';
import { ActifBadge, salaireDeclare, useActifLabel, useSalariesLock } from './parts';
import { salairesPaths, salarieGererPath, salarieModifierPath } from './paths';
import { useGetSalariesQuery, useSupprimerSalarieMutation, type Salarie } from './salaires-api';
import { salairesErrorKey } from './salaires-errors';

const column = createColumnHelper<Salarie>();

/**
 * /syndic/salaires/salaries (spec 2 §2 "Salaries and employer charges"): the employees (name,
 * position, phone grouped 2-3-3, active or inactive, salary), their detail ("Gérer"), edit and
 * delete. The treasurer or the president changes them (spec 2 §6); an employee with payments is
 * not deleted (the reason says so).
 */
export function SalariesPage() {
  const { t } = useTranslation(['salaires', 'common']);
  const lock = useSalariesLock();
  const actifLabel = useActifLabel();
  const { data, isLoading, isError, error, refetch } = useGetSalariesQuery();
  const [toDelete, setToDelete] = useState<Salarie | null>(null);
  const [remove, { isLoading: deleting }] = useSupprimerSalarieMutation();

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await remove({ id: toDelete.id }).unwrap();
      toast.success(t('salaires:salaries.deleteDialog.deleted'), { description: toDelete.nom });
    } catch (failure) {
      toast.error(t('salaires:errors.deleteFailed'), { description: translateMessage(salairesErrorKey(failure)) });
    }
    setToDelete(null);
  }

  const columns = useMemo(
    () => [
      column.accessor('nom', {
        header: t('salaires:salaries.columns.nom'),
        cell: (info) => <UserText className="font-medium">{info.getValue()}</UserText>,
        meta: { card: 'title' },
      }),
      column.accessor('poste', {
        header: t('salaires:salaries.columns.poste'),
        cell: (info) => <UserText>{info.getValue()}</UserText>,
        meta: { card: 'subtitle' },
      }),
      column.accessor('tel', {
        header: t('salaires:salaries.columns.tel'),
        cell: (info) => <TelGroupe tel={info.getValue()} />,
        meta: { searchText: (value: string) => telGroupe(value) },
      }),
      column.accessor('is_current', {
        header: t('salaires:salaries.columns.etat'),
        cell: (info) => <ActifBadge actif={info.getValue()} />,
        meta: { card: 'badge', searchText: (value: boolean) => actifLabel(value) },
      }),
      column.accessor((salarie) => salaireDeclare(salarie), {
        id: 'salaire',
        header: t('salaires:salaries.columns.salaire'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('salaires:actions')}</span>,
        cell: ({ row }) => {
          const salarie = row.original;
          return (
            <RowActions
              editTo={salarieModifierPath(salarie.id)}
              editLabel={t('salaires:salaries.editOf', { nom: salarie.nom })}
              editLock={lock}
              onDelete={() => setToDelete(salarie)}
              deleteLabel={t('salaires:salaries.deleteOf', { nom: salarie.nom })}
              deleteLock={lock ?? (salarie.has_paiements ? t('salaires:salaries.cannotDelete') : null)}
            >
              <Button asChild variant="outline" size="sm">
                <Link
                  to={salarieGererPath(salarie.id)}
                  aria-label={t('salaires:salaries.gererOf', { nom: salarie.nom })}
                >
                  <FolderOpen aria-hidden="true" />
                  {t('salaires:salaries.gerer')}
                </Link>
              </Button>
            </RowActions>
          );
        },
        meta: { card: 'action' },
      }),
    ],
    [t, lock, actifLabel],
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('salaires:salaries.title')}
        description={t('salaires:salaries.subtitle')}
        actions={
          <LockedLink to={salairesPaths.salarieCreer} lock={lock} testId="salarie-creer">
            <Plus aria-hidden="true" />
            {t('salaires:salaries.create')}
          </LockedLink>
        }
      />
      <DataTable
        columns={columns}
        data={data?.salaries}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        skeletonRows={6}
        searchPlaceholder={t('salaires:salaries.searchPlaceholder')}
        emptyMessage={t('salaires:salaries.empty')}
        getRowId={(row) => String(row.id)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('salaires:salaries.deleteDialog.title')}
        description={
          toDelete ? t('salaires:salaries.deleteDialog.description', { nom: userText(toDelete.nom) }) : undefined
        }
        confirmLabel={t('salaires:salaries.deleteDialog.confirm')}
        onConfirm={() => void confirmDelete()}
        pending={deleting}
      />
    </div>
  );
}
