import { createColumnHelper } from '@tanstack/react-table';
import { CircleDollarSign, MessageSquareText, Send } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dinars } from '@/components/dinars';
import { PageHeader } from '@/components/page-header';
import { LockedButton } from '@/components/record-actions';
import { StatCard } from '@/components/stat-card';
import { UserText } from '@/components/user-text';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { formatDinars } from '@/lib/money';
import { recouvrementDetailsPath } from './paths';
import { useRecouvrementSoldesQuery, type OccupantSolde } from './recouvrement-api';
import { RelanceGroupeeDialog } from './relance-groupee-dialog';
import { useRecouvrementLock } from './use-recouvrement-lock';

const column = createColumnHelper<OccupantSolde>();

/**
 * /syndic/recouvrement/sms-lettres (spec 1 §2): the debtors, the largest balance first, with the
 * total due and their count; each leads to its SMS and history. The treasurer and the president
 * remind every debtor above an amount at once.
 */
export function SmsLettresPage() {
  const { t } = useTranslation('recouvrement');
  const lock = useRecouvrementLock();
  const { data, isLoading, isError, error, refetch } = useRecouvrementSoldesQuery();
  const [groupe, setGroupe] = useState(false);

  const columns = useMemo(
    () => [
      column.accessor('occupant_nom', {
        header: t('liste.columns.coproprietaire'),
        cell: (info) => <UserText className="font-medium">{info.getValue()}</UserText>,
        meta: { card: 'title' },
      }),
      column.accessor('solde', {
        header: t('liste.columns.solde'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium text-destructive" />,
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
      column.accessor((row) => row.proprietes.join(', '), {
        id: 'proprietes',
        header: t('liste.columns.proprietes'),
        cell: (info) => <UserText>{info.getValue()}</UserText>,
        meta: { card: 'subtitle' },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('liste.columns.actions')}</span>,
        cell: ({ row }) => (
          <div className="flex justify-end">
            <Button asChild variant="outline" size="sm">
              <Link
                to={recouvrementDetailsPath(row.original.occupant_id)}
                aria-label={t('liste.smsHistoriqueOf', { nom: row.original.occupant_nom })}
                data-testid="recouvrement-details"
              >
                <MessageSquareText aria-hidden="true" />
                {t('liste.smsHistorique')}
              </Link>
            </Button>
          </div>
        ),
        meta: { card: 'action' },
      }),
    ],
    [t],
  );

  const total = isError ? null : data?.solde_total;
  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('liste.title')}
        description={t('liste.subtitle')}
        actions={
          <LockedButton
            lock={lock}
            onClick={() => setGroupe(true)}
            variant="default"
            size="default"
            testId="relance-groupee"
          >
            <Send aria-hidden="true" />
            {t('liste.relanceGroupee')}
          </LockedButton>
        }
      />
      <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-3">
        <StatCard
          icon={<CircleDollarSign />}
          label={t('liste.totalDu')}
          value={total}
          hint={data ? t('liste.debiteurs', { count: data.nombre_coproprietaires }) : undefined}
          testId="recouvrement-total"
        />
      </div>
      <DataTable
        columns={columns}
        data={data?.occupants}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        skeletonRows={10}
        searchPlaceholder={t('liste.searchPlaceholder')}
        emptyMessage={t('liste.empty')}
        getRowId={(row) => String(row.occupant_id)}
      />
      {groupe && <RelanceGroupeeDialog onClose={() => setGroupe(false)} />}
    </div>
  );
}
