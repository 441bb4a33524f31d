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
import {
  useGetCoproprietaireChargesQuery,
  useGetCoproprietaireRevenusQuery,
  type ElementFinancier,
} from './finances-api';
import { chargeDetailsPath, revenuDetailsPath } from './paths';
import { isVisibiliteRefusee, VisibiliteRefusee } from '@/components/visibilite-refusee';

const column = createColumnHelper<ElementFinancier>();

const MODELS = [
  'cotisations',
  'contrats-revenus',
  'revenus-exceptionnels',
  'interets',
  'charges-courantes',
  'contrats-depenses',
  'charges-patronales',
  'salaires',
  'banque-operation',
  'travaux',
] as const;
type Model = (typeof MODELS)[number];

function isModel(value: string): value is Model {
  return (MODELS as readonly string[]).includes(value);
}

/** The label of an item's kind (spec 3 §2.11 "Model labels"). */
export function useModelLabel(): (model: string) => string {
  const { t } = useTranslation('finances');
  return (model) => (isModel(model) ? t(`models.${model}`) : model);
}

type Kind = 'revenus' | 'charges';

function ElementsScreen({
  kind,
  items,
  isLoading,
  isError,
  error,
  refetch,
}: {
  kind: Kind;
  items: ElementFinancier[] | undefined;
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => void;
}) {
  const { t } = useTranslation('finances');
  const modelLabel = useModelLabel();
  const detailsPath = kind === 'revenus' ? revenuDetailsPath : chargeDetailsPath;
  const columns = useMemo(
    () => [
      column.accessor('titre', {
        header: t('columns.titre'),
        cell: (info) => (
          <span className="font-medium" dir="auto">
            {info.getValue()}
          </span>
        ),
        meta: { card: 'title' },
      }),
      column.accessor('montant', {
        header: t('columns.montant'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
        meta: { numeric: true, card: 'amount', searchText: (v: number) => formatDinars(v) },
      }),
      column.accessor('model', {
        header: t('columns.type'),
        cell: (info) => modelLabel(info.getValue()),
        meta: { card: 'subtitle', searchText: (v: string) => modelLabel(v) },
      }),
      column.accessor('date', {
        header: t('columns.date'),
        cell: (info) => <span className="tabular whitespace-nowrap">{formatDate(info.getValue())}</span>,
      }),
      column.display({
        id: 'details',
        header: () => <span className="sr-only">{t('columns.details')}</span>,
        cell: ({ row }) => (
          <Button asChild variant="outline" size="sm">
            <Link
              to={detailsPath(row.original.model, row.original.model_id)}
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
    [t, modelLabel, detailsPath],
  );

  return (
    <div className="grid gap-6">
      <PageHeader title={t(`${kind}.title`)} description={t(`${kind}.subtitle`)} />
      {isError && isVisibiliteRefusee(error) ? (
        <VisibiliteRefusee />
      ) : (
        <section aria-label={t(`${kind}.label`)} data-testid={`finances-${kind}`}>
          <DataTable
            columns={columns}
            data={items}
            isLoading={isLoading}
            isError={isError}
            error={error}
            onRetry={refetch}
            emptyMessage={t(`${kind}.empty`)}
            getRowId={(row) => `${row.model}-${row.model_id}`}
          />
        </section>
      )}
    </div>
  );
}

/** /coproprietaire/revenus (spec 3 §2.11 "Revenues list"; right `see.recettes`). */
export function RevenusPage() {
  const { data, isLoading, isError, error, refetch } = useGetCoproprietaireRevenusQuery();
  return (
    <ElementsScreen
      kind="revenus"
      items={data?.revenus}
      isLoading={isLoading}
      isError={isError}
      error={error}
      refetch={() => void refetch()}
    />
  );
}

/** /coproprietaire/charges (spec 3 §2.11 "Charges list"; right `see.charges`). */
export function ChargesPage() {
  const { data, isLoading, isError, error, refetch } = useGetCoproprietaireChargesQuery();
  return (
    <ElementsScreen
      kind="charges"
      items={data?.charges}
      isLoading={isLoading}
      isError={isError}
      error={error}
      refetch={() => void refetch()}
    />
  );
}
