import { createColumnHelper } from '@tanstack/react-table';
import { Eye } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dinars } from '@/components/dinars';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { formatDate } from '@/lib/dates';
import { formatDinars } from '@/lib/money';
import { useGetCoproprietaireTravauxQuery, type TravauxCopro } from './finances-api';
import { ApprobationBadge } from './parts';
import { travauxDetailsPath } from './paths';
import { isVisibiliteRefusee, VisibiliteRefusee } from '@/components/visibilite-refusee';

const column = createColumnHelper<TravauxCopro>();

/** /coproprietaire/travaux (spec 3 §2.11 "Works list"; right `see.travaux`). */
export function TravauxPage() {
  const { t } = useTranslation('finances');
  const { data, isLoading, isError, error, refetch } = useGetCoproprietaireTravauxQuery();
  const columns = useMemo(() => {
    const approbation = (value: number | null | undefined) =>
      value === 1 ? t('approbation.approuve') : value === 0 ? t('approbation.refuse') : t('approbation.attente');
    return [
      column.accessor('titre', {
        header: t('columns.titre'),
        cell: (info) => (
          <span className="font-medium" dir="auto">
            {info.getValue()}
          </span>
        ),
        meta: { card: 'title' },
      }),
      column.accessor('montant_total', {
        header: t('columns.montantTotal'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
        meta: { numeric: true, card: 'amount', searchText: (v: number) => formatDinars(v) },
      }),
      column.accessor((row) => row.is_approved ?? null, {
        id: 'is_approved',
        header: t('columns.approbation'),
        cell: (info) => <ApprobationBadge value={info.getValue()} />,
        meta: { card: 'badge', searchText: (v: number | null) => approbation(v) },
      }),
      column.accessor('date_facture', {
        header: t('columns.dateFacture'),
        cell: (info) => <span className="tabular whitespace-nowrap">{formatDate(info.getValue())}</span>,
      }),
      column.display({
        id: 'details',
        header: () => <span className="sr-only">{t('columns.details')}</span>,
        cell: ({ row }) => (
          <Button asChild variant="outline" size="sm">
            <Link
              to={travauxDetailsPath(row.original.id)}
              aria-label={t('columns.detailsOf', { titre: row.original.titre })}
            >
              <Eye aria-hidden="true" />
              {t('columns.details')}
            </Link>
          </Button>
        ),
        meta: { card: 'action' },
      }),
    ];
  }, [t]);
  return (
    <div className="grid gap-6">
      <PageHeader title={t('travaux.title')} description={t('travaux.subtitle')} />
      {isError && isVisibiliteRefusee(error) ? (
        <VisibiliteRefusee />
      ) : (
        <section aria-label={t('travaux.label')} data-testid="finances-travaux">
          <DataTable
            columns={columns}
            data={data?.travaux}
            isLoading={isLoading}
            isError={isError}
            error={error}
            onRetry={() => void refetch()}
            emptyMessage={t('travaux.empty')}
            getRowId={(row) => String(row.id)}
          />
        </section>
      )}
    </div>
  );
}
