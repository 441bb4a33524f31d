import { createColumnHelper } from '@tanstack/react-table';
import { MessageSquareText } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Dinars } from '@/components/dinars';
import { PageHeader } from '@/components/page-header';
import { StatCard, formatCount } from '@/components/stat-card';
import { DataTable } from '@/components/ui/data-table';
import { formatDate } from '@/lib/dates';
import { formatDinars } from '@/lib/money';
import { useRecouvrementAchatsSmsQuery, type AchatSms } from './recouvrement-api';

const column = createColumnHelper<AchatSms>();

/**
 * /syndic/recouvrement/achats-sms (spec 1 §2): the SMS credits left and the packs bought (units,
 * invoice date, total excluding and including tax). Purchases are recorded by support.
 */
export function AchatsSmsPage() {
  const { t } = useTranslation('recouvrement');
  const { data, isLoading, isError, error, refetch } = useRecouvrementAchatsSmsQuery();

  const columns = useMemo(
    () => [
      column.accessor('units', {
        header: t('achats.columns.units'),
        cell: (info) => (
          <span dir="ltr" className="font-medium tabular whitespace-nowrap">
            {formatCount(info.getValue())}
          </span>
        ),
        meta: { searchText: (value: number) => formatCount(value) },
      }),
      column.accessor('date_facture', {
        header: t('achats.columns.dateFacture'),
        cell: (info) => <span className="tabular whitespace-nowrap">{formatDate(info.getValue())}</span>,
        meta: { card: 'title' },
      }),
      column.accessor('total_ht', {
        header: t('achats.columns.totalHt'),
        cell: (info) => <Dinars value={info.getValue()} />,
        meta: { numeric: true, searchText: (value: number) => formatDinars(value) },
      }),
      column.accessor('total_ttc', {
        header: t('achats.columns.totalTtc'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
    ],
    [t],
  );

  return (
    <div className="grid gap-6">
      <PageHeader title={t('achats.title')} description={t('achats.subtitle')} />
      <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-3">
        <StatCard
          icon={<MessageSquareText />}
          label={t('achats.solde')}
          value={isError ? null : data?.solde}
          format="count"
          testId="achats-solde"
        />
      </div>
      <DataTable
        columns={columns}
        data={data?.achats_sms}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        skeletonRows={6}
        searchPlaceholder={t('achats.searchPlaceholder')}
        emptyMessage={t('achats.empty')}
        getRowId={(row) => String(row.id)}
      />
    </div>
  );
}
