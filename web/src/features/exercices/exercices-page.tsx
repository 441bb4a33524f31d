import { createColumnHelper } from '@tanstack/react-table';
import { FolderOpen, Lock } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { DisabledReason } from '@/components/ui/tooltip';
import { formatDate } from '@/lib/dates';
import { useListeExercicesQuery, type Exercice, type ExerciceStatus } from './exercices-api';
import { StatusBadge, useExerciceTitre, useStatusLabel } from './parts';
import { exerciceDetailsPath, type ExercicesSpace } from './paths';
import { RequiresVisibilite } from '@/components/visibilite-refusee';

const column = createColumnHelper<Exercice>();

/** /syndic/exercices-budgets/exercices (spec 2 §2 "Fiscal years and budgets"). */
export function ExercicesPage() {
  return <ExercicesList space="syndic" />;
}

/** /coproprietaire/rapports-financiers (spec 3 §2.11 "Financial reports"). */
export function RapportsFinanciersPage() {
  return (
    <RequiresVisibilite feature="see.rapports_financiers">
      <ExercicesList space="coproprietaire" />
    </RequiresVisibilite>
  );
}

/**
 * The residence's fiscal years, newest first, with their status badge (actuel, ouvert, cloture)
 * and the day each was closed. A year kept before Daftar has no books here: its row shows a lock
 * and opens nothing; the others open their details. A load failure says "Erreur lors du
 * chargement" with a retry (spec 2 §8).
 */
function ExercicesList({ space }: { space: ExercicesSpace }) {
  const { t } = useTranslation(['exercices', 'common']);
  const statusLabel = useStatusLabel();
  const titreOf = useExerciceTitre();
  const { data, isLoading, isError, error, refetch } = useListeExercicesQuery();

  const columns = useMemo(
    () => [
      column.accessor((exercice) => titreOf(exercice), {
        id: 'titre',
        header: t('exercices:list.columns.titre'),
        cell: ({ row }) => {
          const exercice = row.original;
          if (exercice.is_before_daftar)
            return (
              <span className="inline-flex items-center gap-1.5 font-medium text-muted-foreground">
                <Lock aria-hidden="true" className="size-3.5" />
                {titreOf(exercice)}
              </span>
            );
          return (
            <Link to={exerciceDetailsPath(space, exercice.id)} className="font-medium hover:underline">
              {titreOf(exercice)}
            </Link>
          );
        },
        meta: { card: 'title' },
      }),
      column.accessor('status', {
        header: t('exercices:list.columns.status'),
        cell: (info) => <StatusBadge status={info.getValue()} />,
        meta: { card: 'badge', searchText: (value: ExerciceStatus) => statusLabel(value) },
      }),
      column.accessor('cloture_le', {
        header: t('exercices:list.columns.clotureLe'),
        cell: (info) => {
          const value = info.getValue();
          return value ? <span className="tabular">{formatDate(value)}</span> : t('common:empty');
        },
        meta: { searchText: (value: string | null) => (value ? formatDate(value) : '') },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('exercices:list.columns.actions')}</span>,
        cell: ({ row }) => {
          const exercice = row.original;
          if (exercice.is_before_daftar)
            return (
              <div className="flex justify-end">
                <DisabledReason reason={t('exercices:list.beforeDaftar')}>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    disabled
                    aria-label={t('exercices:list.lockedOf', { annee: exercice.annee })}
                    data-testid="exercice-locked"
                  >
                    <Lock />
                  </Button>
                </DisabledReason>
              </div>
            );
          return (
            <div className="flex justify-end">
              <Button asChild variant="outline" size="sm">
                <Link
                  to={exerciceDetailsPath(space, exercice.id)}
                  aria-label={t('exercices:list.detailsOf', { annee: exercice.annee })}
                >
                  <FolderOpen aria-hidden="true" />
                  {t('exercices:list.details')}
                </Link>
              </Button>
            </div>
          );
        },
        meta: { card: 'action' },
      }),
    ],
    [t, space, statusLabel, titreOf],
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t(space === 'syndic' ? 'exercices:list.title' : 'exercices:list.titleCoproprietaire')}
        description={t(space === 'syndic' ? 'exercices:list.subtitle' : 'exercices:list.subtitleCoproprietaire')}
      />
      <DataTable
        columns={columns}
        data={data?.exercices}
        isLoading={isLoading}
        isError={isError}
        error={error}
        errorMessage={t('exercices:list.loadError')}
        onRetry={() => void refetch()}
        skeletonRows={6}
        searchPlaceholder={t('exercices:list.searchPlaceholder')}
        emptyMessage={t('exercices:list.empty')}
        getRowId={(row) => String(row.id)}
        rowClassName={(row) => (row.is_before_daftar ? 'text-muted-foreground' : undefined)}
      />
    </div>
  );
}
