import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetConseilQuery, type MembreConseil } from '@/api/generated';
import { PageHeader } from '@/components/page-header';
import { PhoneNumber } from '@/components/phone-number';
import { DataTable } from '@/components/ui/data-table';
import { formatTel } from '@/lib/phone';
import { RoleBadges, conseilRoles } from './role-badges';

const column = createColumnHelper<MembreConseil>();

/** /coproprietaire/conseil: who sits on the council, read-only (spec 3 §2.11 "Council"). */
export function CoproprietaireConseilPage() {
  const { t } = useTranslation('conseil');
  const { data, isLoading, isError, error, refetch } = useGetConseilQuery();

  const columns = useMemo(
    () => [
      column.accessor('nom', {
        header: t('columns.nom'),
        cell: (info) => <span className="font-medium">{info.getValue()}</span>,
        meta: { card: 'title' },
      }),
      column.accessor(
        (row) =>
          conseilRoles(row)
            .map((role) => t(`roles.${role}`))
            .join(' '),
        {
          id: 'roles',
          header: t('columns.roles'),
          cell: ({ row }) => <RoleBadges membre={row.original} />,
          meta: { card: 'badge' },
        },
      ),
      column.accessor('tel', {
        header: t('columns.tel'),
        cell: (info) => <PhoneNumber tel={info.getValue()} />,
        meta: { searchText: (value: string | null) => formatTel(value) },
      }),
    ],
    [t],
  );

  return (
    <div className="grid gap-6">
      <PageHeader title={t('title')} description={t('coproprietaireSubtitle')} />
      <DataTable
        columns={columns}
        data={data?.users}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        skeletonRows={6}
        searchPlaceholder={t('searchPlaceholder')}
        emptyMessage={t('empty')}
        getRowId={(row) => String(row.id)}
      />
    </div>
  );
}
