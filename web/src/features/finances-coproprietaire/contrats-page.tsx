import { createColumnHelper } from '@tanstack/react-table';
import { Eye } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import { Dinars } from '@/components/dinars';
import { BackLink, NotFound } from '@/components/page-parts';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/dates';
import { formatDinars } from '@/lib/money';
import {
  useGetCoproprietaireContratDepenseDetailsQuery,
  useGetCoproprietaireContratRevenuDetailsQuery,
  useGetCoproprietaireContratsDepensesQuery,
  useGetCoproprietaireContratsRevenusQuery,
  type ContratCopro,
  type ContratCoproDetail,
} from './finances-api';
import { DetailsList, Fichiers, LoadError, PaiementsTable, Section, useValeurLabel } from './parts';
import { contratDetailsPath, financesPaths } from './paths';
import { isVisibiliteRefusee, VisibiliteRefusee } from '@/components/visibilite-refusee';

type Sens = 'revenus' | 'depenses';

const column = createColumnHelper<ContratCopro>();

function ContratsScreen({
  sens,
  contrats,
  isLoading,
  isError,
  error,
  refetch,
}: {
  sens: Sens;
  contrats: ContratCopro[] | undefined;
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => void;
}) {
  const { t } = useTranslation('finances');
  const label = useValeurLabel();
  const columns = useMemo(
    () => [
      column.accessor('titre', {
        header: t('columns.titre'),
        cell: (info) => (
          <span className="grid">
            <span className="font-medium" dir="auto">
              {info.getValue()}
            </span>
            <span className="text-xs text-muted-foreground" dir="auto">
              {(sens === 'revenus' ? info.row.original.client?.nom : info.row.original.fournisseur?.nom) ?? ''}
            </span>
          </span>
        ),
        meta: { card: 'title' },
      }),
      column.accessor('montant', {
        header: t('columns.montant'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
        meta: { numeric: true, card: 'amount', searchText: (v: number) => formatDinars(v) },
      }),
      column.accessor('periodicite', {
        header: t('columns.periodicite'),
        cell: (info) => label(info.getValue()),
        meta: { card: 'subtitle', searchText: (v: string) => label(v) },
      }),
      column.accessor('date_debut', {
        header: t('columns.dateDebut'),
        cell: (info) => <span className="tabular whitespace-nowrap">{formatDate(info.getValue())}</span>,
      }),
      column.accessor((row) => row.date_fin ?? '', {
        id: 'date_fin',
        header: t('columns.dateFin'),
        cell: (info) => (
          <span className="tabular whitespace-nowrap">
            {info.getValue() ? formatDate(info.getValue()) : t('contrats.sansFin')}
          </span>
        ),
      }),
      column.display({
        id: 'details',
        header: () => <span className="sr-only">{t('columns.details')}</span>,
        cell: ({ row }) => (
          <Button asChild variant="outline" size="sm">
            <Link
              to={contratDetailsPath(sens, row.original.id)}
              aria-label={t('columns.detailsOf', { titre: row.original.titre })}
            >
              <Eye aria-hidden="true" />
              {t('columns.details')}
            </Link>
          </Button>
        ),
        meta: { card: 'action' },
      }),
    ],
    [t, label, sens],
  );
  return (
    <div className="grid gap-6">
      <PageHeader
        title={t(sens === 'revenus' ? 'contrats.revenusTitle' : 'contrats.depensesTitle')}
        description={t(sens === 'revenus' ? 'contrats.revenusSubtitle' : 'contrats.depensesSubtitle')}
      />
      {isError && isVisibiliteRefusee(error) ? (
        <VisibiliteRefusee />
      ) : (
        <section data-testid={`finances-contrats-${sens}`}>
          <DataTable
            columns={columns}
            data={contrats}
            isLoading={isLoading}
            isError={isError}
            error={error}
            onRetry={refetch}
            emptyMessage={t('contrats.empty')}
            getRowId={(row) => String(row.id)}
          />
        </section>
      )}
    </div>
  );
}

/** /coproprietaire/contrats/revenus (right `see.contrats.recettes`). */
export function ContratsRevenusPage() {
  const { data, isLoading, isError, error, refetch } = useGetCoproprietaireContratsRevenusQuery();
  return (
    <ContratsScreen
      sens="revenus"
      contrats={data?.contrats}
      isLoading={isLoading}
      isError={isError}
      error={error}
      refetch={() => void refetch()}
    />
  );
}

/** /coproprietaire/contrats/contrats-depenses (right `see.contrats.depenses`). */
export function ContratsDepensesPage() {
  const { data, isLoading, isError, error, refetch } = useGetCoproprietaireContratsDepensesQuery();
  return (
    <ContratsScreen
      sens="depenses"
      contrats={data?.contrats}
      isLoading={isLoading}
      isError={isError}
      error={error}
      refetch={() => void refetch()}
    />
  );
}

function ContratDetailScreen({
  sens,
  contrat,
  isLoading,
  error,
  refetch,
}: {
  sens: Sens;
  contrat: ContratCoproDetail | undefined;
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
}) {
  const { t } = useTranslation('finances');
  const back = (
    <BackLink to={sens === 'revenus' ? financesPaths.contratsRevenus : financesPaths.contratsDepenses}>
      {t('detail.back')}
    </BackLink>
  );
  if (isLoading) {
    return (
      <div className="grid gap-4">
        {back}
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
    );
  }
  if (!contrat) {
    const code = apiErrorCode(error);
    return (
      <div className="grid gap-4">
        {back}
        {code === 'contrat_inconnu' || code === 'validation_failed' ? (
          <NotFound testId="finance-detail-not-found">{t('detail.notFound')}</NotFound>
        ) : (
          <LoadError error={error} onRetry={refetch} />
        )}
      </div>
    );
  }
  const details: Record<string, unknown> = {
    titre: contrat.titre,
    ...(sens === 'revenus'
      ? { client: contrat.client?.nom ?? null }
      : { fournisseur: contrat.fournisseur?.nom ?? null }),
    montant_par_periode: contrat.montant,
    periodicite: contrat.periodicite,
    date_debut: contrat.date_debut,
    date_fin: contrat.date_fin ?? null,
  };
  return (
    <div className="grid gap-6" data-testid="finance-detail">
      <PageHeader title={<span dir="auto">{contrat.titre}</span>}>{back}</PageHeader>
      <Section title={t('detail.informations')}>
        <DetailsList details={details} />
      </Section>
      <Section title={t('contrats.docs')}>
        <Fichiers documents={contrat.docs} />
      </Section>
      <Section title={t('contrats.encaissements')}>
        <PaiementsTable paiements={contrat.encaissements} />
      </Section>
    </div>
  );
}

function useContratId(): number {
  const { contratId = '' } = useParams();
  return Number(contratId);
}

/** /coproprietaire/contrats/revenus/details/{contratId}. */
export function ContratRevenuDetailsPage() {
  const contratId = useContratId();
  const { data, isLoading, error, refetch } = useGetCoproprietaireContratRevenuDetailsQuery({ contratId });
  return (
    <ContratDetailScreen
      sens="revenus"
      contrat={data?.contrat}
      isLoading={isLoading}
      error={error}
      refetch={() => void refetch()}
    />
  );
}

/** /coproprietaire/contrats/contrats-depenses/details/{contratId}. */
export function ContratDepenseDetailsPage() {
  const contratId = useContratId();
  const { data, isLoading, error, refetch } = useGetCoproprietaireContratDepenseDetailsQuery({ contratId });
  return (
    <ContratDetailScreen
      sens="depenses"
      contrat={data?.contrat}
      isLoading={isLoading}
      error={error}
      refetch={() => void refetch()}
    />
  );
}
