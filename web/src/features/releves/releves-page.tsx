import { createColumnHelper } from '@tanstack/react-table';
import { Upload } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FilterSelect } from '@/components/filter-select';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/page-parts';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { formatDate } from '@/lib/dates';
import { usePeriode } from './parts';
import { relevePath, relevesPaths, withCompte } from './paths';
import { useGetRapprochementQuery, useGetRelevesQuery, type ReleveResume } from './releves-api';

const column = createColumnHelper<ReleveResume>();

/**
 * /syndic/banque/rapprochement/releves?compte= (issue 22): the statements imported for an
 * account, newest first, with how many of their lines are pointed, proposed or unmatched.
 */
export function RelevesPage() {
  const { t } = useTranslation(['releves', 'common']);
  const [params, setParams] = useSearchParams();
  const raw = params.get('compte');
  const compteParam = raw !== null && /^\d+$/.test(raw) ? Number(raw) : undefined;
  const { currentData: rapprochement } = useGetRapprochementQuery({ id: compteParam });
  const compteId = compteParam ?? rapprochement?.compte_id ?? undefined;
  const { currentData, isFetching, isError, error, refetch } = useGetRelevesQuery(
    { compte: compteId ?? 0 },
    { skip: !compteId },
  );
  const periode = usePeriode();

  const columns = useMemo(
    () => [
      column.accessor((releve) => periode(releve.du, releve.au), {
        id: 'periode',
        header: t('releves:list.columns.periode'),
        cell: ({ row, getValue }) => (
          <Link to={relevePath(row.original.id)} className="font-medium text-primary hover:underline">
            {getValue()}
          </Link>
        ),
        meta: { card: 'title' },
      }),
      column.accessor('nom_fichier', {
        header: t('releves:list.columns.fichier'),
        cell: (info) => (
          <span className="break-all">
            {info.getValue() ?? '—'}{' '}
            <span className="text-xs text-muted-foreground">({t(`releves:formats.${info.row.original.format}`)})</span>
          </span>
        ),
        meta: { card: 'subtitle' },
      }),
      column.accessor('importe_le', {
        header: t('releves:list.columns.importeLe'),
        cell: (info) => <span className="tabular whitespace-nowrap">{formatDate(info.getValue().slice(0, 10))}</span>,
        meta: { searchText: (value: string) => formatDate(value.slice(0, 10)) },
      }),
      column.accessor('lignes', {
        header: t('releves:list.columns.lignes'),
        cell: (info) => <span className="tabular">{info.getValue()}</span>,
        meta: { numeric: true },
      }),
      column.accessor('pointees', {
        header: t('releves:list.columns.pointees'),
        cell: (info) => <span className="tabular text-emerald-700">{info.getValue()}</span>,
        meta: { numeric: true },
      }),
      column.accessor('proposees', {
        header: t('releves:list.columns.proposees'),
        cell: (info) => <span className="tabular text-amber-700">{info.getValue()}</span>,
        meta: { numeric: true },
      }),
      column.accessor('sans_correspondance', {
        header: t('releves:list.columns.sansCorrespondance'),
        cell: (info) => <span className="tabular text-pink-700">{info.getValue()}</span>,
        meta: { numeric: true },
      }),
    ],
    [t, periode],
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('releves:list.title')}
        description={t('releves:list.subtitle')}
        actions={
          <Button asChild>
            <Link to={withCompte(relevesPaths.importer, compteId)} data-testid="releves-importer">
              <Upload aria-hidden="true" />
              {t('releves:import.action')}
            </Link>
          </Button>
        }
      >
        <BackLink to={withCompte(relevesPaths.rapprochement, compteId)}>{t('releves:backToRapprochement')}</BackLink>
      </PageHeader>
      <div className="lg:max-w-sm">
        <FilterSelect
          label={t('releves:compte')}
          value={String(compteId ?? '')}
          options={(rapprochement?.comptes ?? []).map((choice) => ({
            value: String(choice.id),
            label: choice.is_main ? t('releves:compteOption', { libelle: choice.libelle }) : choice.libelle,
          }))}
          onChange={(value) => setParams(new URLSearchParams({ compte: value }), { replace: true })}
          testId="releves-compte"
        />
      </div>
      <DataTable
        columns={columns}
        data={currentData?.releves}
        isLoading={isFetching && !currentData}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        skeletonRows={4}
        pageSize={25}
        searchPlaceholder={t('releves:list.searchPlaceholder')}
        emptyMessage={t('releves:list.empty')}
        getRowId={(row) => String(row.id)}
      />
    </div>
  );
}
