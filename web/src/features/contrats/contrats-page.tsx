import { createColumnHelper } from '@tanstack/react-table';
import { Banknote, FolderOpen, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dinars } from '@/components/dinars';
import { PageHeader } from '@/components/page-header';
import { LockedButton, LockedLink, useFinanceLock } from '@/components/record-actions';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { UserText } from '@/components/user-text';
import { formatDinars } from '@/lib/money';
import { ContratPaiementSheet, type ContratPaiementTarget } from './contrat-paiement-sheet';
import { useListeContratsQuery, type Contrat, type ContratSide, type Periodicite } from './contrats-api';
import { partieNom, usePeriodiciteLabel } from './parts';
import { CONTRAT_PATHS, contratGererPath } from './paths';

const column = createColumnHelper<Contrat>();

/** /syndic/revenus/contrats (spec 1 §2). */
export function ContratsRevenusPage() {
  return <ContratsPage side="revenus" />;
}

/** /syndic/depenses/contrats-depenses (spec 2 §2 "Expense contracts"). */
export function ContratsDepensesPage() {
  return <ContratsPage side="depenses" />;
}

/**
 * The contracts of one side: title, amount per period (DT), the client or supplier, the
 * periodicity and what is due now; a collect (or pay) action while something remains of the
 * contract, and the detail ("Gérer"). Only the treasurer creates and pays.
 */
function ContratsPage({ side }: { side: ContratSide }) {
  const { t } = useTranslation(['contrats', 'common']);
  const financeLock = useFinanceLock();
  const periodiciteLabel = usePeriodiciteLabel();
  const { data, isLoading, isError, error, refetch } = useListeContratsQuery(side);
  const [paying, setPaying] = useState<ContratPaiementTarget | null>(null);

  const columns = useMemo(
    () => [
      column.accessor('titre', {
        header: t('contrats:liste.columns.titre'),
        cell: (info) => <UserText className="font-medium">{info.getValue()}</UserText>,
        meta: { card: 'title' },
      }),
      column.accessor((contrat) => partieNom(side, contrat), {
        id: 'partie',
        header: t(`contrats:liste.columns.partie.${side}`),
        cell: (info) => <UserText>{info.getValue()}</UserText>,
        meta: { card: 'subtitle' },
      }),
      column.accessor('periodicite_paiement', {
        header: t('contrats:liste.columns.periodicite'),
        cell: (info) => periodiciteLabel(info.getValue()),
        meta: { searchText: (value: Periodicite) => periodiciteLabel(value) },
      }),
      column.accessor('montant_par_periode', {
        header: t('contrats:liste.columns.montantParPeriode'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
      column.accessor('restant_du', {
        header: t('contrats:liste.columns.restantDu'),
        cell: (info) => <Dinars value={info.getValue()} />,
        meta: { numeric: true, searchText: (value: number) => formatDinars(value) },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('contrats:actions')}</span>,
        cell: ({ row }) => {
          const contrat = row.original;
          return (
            <div className="flex items-center justify-end gap-1">
              {contrat.restant_a_payer > 0 && (
                <LockedButton
                  lock={financeLock}
                  onClick={() => setPaying({ contrat })}
                  label={t(`contrats:liste.payerOf.${side}`, { titre: contrat.titre })}
                  testId="contrat-payer"
                >
                  <Banknote aria-hidden="true" />
                  {t(`contrats:liste.payer.${side}`)}
                </LockedButton>
              )}
              <Button asChild variant="outline" size="sm">
                <Link
                  to={contratGererPath(side, contrat.id)}
                  aria-label={t('contrats:liste.gererOf', { titre: contrat.titre })}
                >
                  <FolderOpen aria-hidden="true" />
                  {t('contrats:liste.gerer')}
                </Link>
              </Button>
            </div>
          );
        },
        meta: { card: 'action' },
      }),
    ],
    [t, side, financeLock, periodiciteLabel],
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t(`contrats:liste.${side}.title`)}
        description={t(`contrats:liste.${side}.subtitle`)}
        actions={
          <LockedLink to={CONTRAT_PATHS[side].creer} lock={financeLock} testId="contrat-creer">
            <Plus aria-hidden="true" />
            {t('contrats:liste.create')}
          </LockedLink>
        }
      />
      <DataTable
        columns={columns}
        data={data?.contrats}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        skeletonRows={side === 'revenus' ? 10 : 6}
        searchPlaceholder={t('contrats:liste.searchPlaceholder')}
        emptyMessage={t(`contrats:liste.${side}.empty`)}
        getRowId={(row) => String(row.id)}
      />
      <ContratPaiementSheet side={side} target={paying} onClose={() => setPaying(null)} />
    </div>
  );
}
