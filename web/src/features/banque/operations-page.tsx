import { createColumnHelper } from '@tanstack/react-table';
import { Plus, Sigma } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dinars } from '@/components/dinars';
import { NoBankAlert } from '@/components/no-bank-alert';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { Badge } from '@/components/ui/badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { useChangeLock } from '@/lib/auth/use-change-lock';
import { dinarsText } from '@/lib/bidi';
import { formatDate } from '@/lib/dates';
import { formatDinars } from '@/lib/money';
import { translateMessage } from '@/lib/translate-message';
import { useIdParam } from '@/lib/use-id-param';
import { useSupprimerOperationBancaireMutation, useGetOperationsBancairesQuery, type Operation } from './banque-api';
import { banqueErrorKey } from './banque-errors';
import { operationCreerPath, operationListPath, operationModifierPath } from './operation-kinds';
import { CompteSelect, FinanceLinkButton, RowActions, useOperationType } from './parts';

const column = createColumnHelper<Operation>();

/** Pointed on a bank date (green) or not yet (spec 2 §4 "Reconciliation"). */
export function PointageBadge({ dateBanque }: { dateBanque: string | null }) {
  const { t } = useTranslation('banque');
  return dateBanque ? (
    <Badge variant="success" data-pointee="oui">
      {t('operations.pointee', { date: formatDate(dateBanque) })}
    </Badge>
  ) : (
    <Badge variant="outline" data-pointee="non" className="text-muted-foreground">
      {t('operations.nonPointee')}
    </Badge>
  );
}

/**
 * /syndic/banque/{retraits-espece|depots-espece|frais-bancaires|interets-gagnes}[/{accountId}]
 * (spec 2 §2 "Banking"): one account's operations of the screen's type, chosen in the account
 * selector (the main account by default). Only the treasurer creates, edits and deletes; nothing
 * of a closed year changes. Without any account, the no-bank alert replaces the list.
 */
export function OperationsPage() {
  const type = useOperationType();
  const { t } = useTranslation(['banque', 'common']);
  const navigate = useNavigate();
  const lockOf = useChangeLock();
  const compteParam = useIdParam('compteId');
  const { data, isLoading, isError, error, refetch } = useGetOperationsBancairesQuery({ categorie: type });
  const [toDelete, setToDelete] = useState<Operation | null>(null);
  const [deleteOperation, { isLoading: deleting }] = useSupprimerOperationBancaireMutation();

  const comptes = useMemo(() => data?.comptes ?? [], [data]);
  const compte = comptes.find((candidate) => candidate.id === compteParam) ?? (compteParam ? undefined : comptes[0]);
  // An address naming an account that does not exist (deleted meanwhile): the list of the main one.
  const unknownCompte = data !== undefined && compteParam !== null && compte === undefined;
  useEffect(() => {
    if (unknownCompte) void navigate(operationListPath(type), { replace: true });
  }, [unknownCompte, navigate, type]);

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteOperation({ supprimerOperationRequest: { operation_id: toDelete.id } }).unwrap();
      toast.success(t(`banque:operations.${type}.deleted`), { description: toDelete.libelle });
    } catch (failure) {
      toast.error(t('banque:errors.deleteFailed'), { description: translateMessage(banqueErrorKey(failure)) });
    }
    setToDelete(null);
  }

  const columns = useMemo(
    () => [
      column.accessor('libelle', {
        header: t('banque:operations.columns.libelle'),
        cell: (info) => <span className="font-medium">{info.getValue()}</span>,
        meta: { card: 'title' },
      }),
      column.accessor('date', {
        header: t('banque:operations.columns.date'),
        cell: (info) => <span className="tabular whitespace-nowrap">{formatDate(info.getValue())}</span>,
        meta: { card: 'subtitle' },
      }),
      column.accessor((operation) => operation.date_banque ?? '', {
        id: 'date_banque',
        header: t('banque:operations.columns.dateBanque'),
        cell: (info) => <PointageBadge dateBanque={info.row.original.date_banque} />,
        meta: {
          card: 'badge',
          searchText: (value: string) =>
            value ? t('banque:operations.pointee', { date: formatDate(value) }) : t('banque:operations.nonPointee'),
        },
      }),
      column.accessor('montant', {
        header: t('banque:operations.columns.montant'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
      column.accessor((operation) => operation.commentaire ?? '', {
        id: 'commentaire',
        header: t('banque:operations.columns.commentaire'),
        cell: (info) => <span className="line-clamp-2 text-muted-foreground">{info.getValue() || '—'}</span>,
        enableSorting: false,
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('banque:operations.columns.actions')}</span>,
        cell: ({ row }) => {
          const operation = row.original;
          const lock = lockOf(operation);
          return (
            <RowActions
              editTo={operationModifierPath(type, operation.id)}
              editLabel={t('banque:operations.editOf', { libelle: operation.libelle })}
              editLock={lock}
              onDelete={() => setToDelete(operation)}
              deleteLabel={t('banque:operations.deleteOf', { libelle: operation.libelle })}
              deleteLock={lock}
            />
          );
        },
        meta: { card: 'action' },
      }),
    ],
    [t, lockOf, type],
  );

  const noBank = data !== undefined && (!data.has_bank || comptes.length === 0);
  const total = compte?.operations.reduce((sum, operation) => sum + Math.round(operation.montant * 1000), 0);

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t(`banque:operations.${type}.title`)}
        description={t(`banque:operations.${type}.subtitle`)}
        actions={
          noBank ? undefined : (
            <FinanceLinkButton
              to={compte ? operationCreerPath(type, compte.id) : operationListPath(type)}
              icon={<Plus aria-hidden="true" />}
              testId="operation-creer"
              reason={compte ? null : t('banque:operations.form.noAccount')}
            >
              {t(`banque:operations.${type}.create`)}
            </FinanceLinkButton>
          )
        }
      />
      {noBank ? (
        <NoBankAlert />
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
            {isLoading ? (
              <Skeleton className="h-16 w-full" />
            ) : (
              comptes.length > 0 && (
                <CompteSelect
                  comptes={comptes}
                  value={compte?.id ?? null}
                  onChange={(id) => void navigate(operationListPath(type, id))}
                  className="self-center"
                />
              )
            )}
            <StatCard
              icon={<Sigma />}
              label={t(`banque:operations.${type}.total`)}
              value={isError ? null : total === undefined ? undefined : total / 1000}
              testId="operations-total"
            />
          </div>
          <DataTable
            columns={columns}
            data={isLoading ? undefined : (compte?.operations ?? [])}
            isLoading={isLoading}
            isError={isError}
            error={error}
            onRetry={() => void refetch()}
            skeletonRows={6}
            searchPlaceholder={t('banque:operations.searchPlaceholder')}
            emptyMessage={t(`banque:operations.${type}.empty`)}
            getRowId={(row) => String(row.id)}
          />
        </>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('banque:operations.deleteDialog.title')}
        description={
          toDelete
            ? t('banque:operations.deleteDialog.description', {
                libelle: toDelete.libelle,
                montant: dinarsText(toDelete.montant),
              })
            : undefined
        }
        confirmLabel={t('banque:operations.deleteDialog.confirm')}
        onConfirm={() => void confirmDelete()}
        pending={deleting}
      />
    </div>
  );
}
