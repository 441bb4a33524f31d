import { createColumnHelper } from '@tanstack/react-table';
import { CircleDollarSign, HandCoins, History, Landmark, MessageSquareText, Wallet } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProprieteSolde } from '@/api/generated';
import { PageHeader } from '@/components/page-header';
import { LockedLink } from '@/components/record-actions';
import { StatCard } from '@/components/stat-card';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { DisabledReason } from '@/components/ui/tooltip';
import { useIsFinance } from '@/lib/auth/use-change-lock';
import { formatDinars } from '@/lib/money';
import { useGetProprietesSoldesQuery } from './cotisations-api';
import { EncaisserSheet } from './encaisser-sheet';
import { SoldeEtAEchoir, aEchoirOf } from './labels';
import { encaissementHistoriquePath, relanceSmsPath } from './paths';

const column = createColumnHelper<ProprieteSolde>();

/**
 * /syndic/revenus/encaissement (spec 1 §2): the properties with their balances and the three
 * statistics. The treasurer collects from the sheet; other council members see the button
 * disabled with the reason.
 */
export function EncaissementPage() {
  const { t } = useTranslation(['cotisations', 'common']);
  const isFinance = useIsFinance();
  const { data, isLoading, isError, error, refetch } = useGetProprietesSoldesQuery();
  const [collecting, setCollecting] = useState<ProprieteSolde | null>(null);

  const columns = useMemo(
    () => [
      column.accessor('propriete_nom', {
        header: t('cotisations:encaissement.columns.propriete'),
        cell: (info) => <span className="font-medium">{info.getValue()}</span>,
        meta: { card: 'title' },
      }),
      column.accessor('proprietaire', {
        header: t('cotisations:encaissement.columns.payeur'),
        cell: (info) => info.getValue() || <span className="text-muted-foreground">{t('cotisations:noPayer')}</span>,
        meta: { card: 'subtitle' },
      }),
      column.accessor('solde', {
        header: t('cotisations:encaissement.columns.solde'),
        // The balance counts reached dues only; what is not due yet is named apart.
        cell: (info) => <SoldeEtAEchoir solde={info.getValue()} aEchoir={aEchoirOf(info.row.original)} />,
        meta: {
          numeric: true,
          card: 'amount',
          searchText: (value: number) => (value === 0 ? t('cotisations:solde.paye') : formatDinars(value)),
        },
      }),
      column.display({
        id: 'operations',
        header: () => <span className="sr-only">{t('cotisations:encaissement.columns.operations')}</span>,
        cell: ({ row }) => {
          const propriete = row.original;
          // Dues not reached yet may be collected in advance: what counts is an open montant dû.
          const reason = !isFinance
            ? t('common:permissions.onlyFinancier')
            : propriete.montants_dus.length === 0
              ? t('cotisations:encaissement.nothingToCollect')
              : null;
          return (
            <div className="flex items-center justify-end gap-1.5">
              <DisabledReason reason={reason}>
                <Button
                  size="sm"
                  disabled={reason !== null}
                  onClick={() => setCollecting(propriete)}
                  aria-label={t('cotisations:encaissement.collectOf', { nom: propriete.propriete_nom })}
                >
                  <HandCoins aria-hidden="true" />
                  {t('cotisations:encaissement.collect')}
                </Button>
              </DisabledReason>
              <Button asChild variant="outline" size="sm">
                <Link
                  to={encaissementHistoriquePath(propriete.propriete_id)}
                  aria-label={t('cotisations:encaissement.historiqueOf', { nom: propriete.propriete_nom })}
                >
                  <History aria-hidden="true" />
                  {t('cotisations:encaissement.historique')}
                </Link>
              </Button>
              {/* The payer's reminders (SMS, letters, history) in the recouvrement module. */}
              <LockedLink
                to={relanceSmsPath(propriete.proprietaire_id ?? 0)}
                lock={propriete.proprietaire_id === null ? t('cotisations:encaissement.smsNoPayer') : null}
                variant="outline"
                size="sm"
                label={t('cotisations:encaissement.smsOf', { nom: propriete.propriete_nom })}
              >
                <MessageSquareText aria-hidden="true" />
                {t('cotisations:encaissement.sms')}
              </LockedLink>
            </div>
          );
        },
        meta: { card: 'action' },
      }),
    ],
    [t, isFinance],
  );

  // null: the statistics could not be fetched (the table says so).
  const stats = isError ? { cotisations_lancees: null, total_encaisse: null, restant_du: null } : data?.stats;
  return (
    <div className="grid gap-6">
      <PageHeader title={t('cotisations:encaissement.title')} description={t('cotisations:encaissement.subtitle')} />
      <div className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        <StatCard
          icon={<Landmark />}
          label={t('cotisations:encaissement.stats.cotisationsLancees')}
          value={stats?.cotisations_lancees}
          testId="stat-cotisations-lancees"
        />
        <StatCard
          icon={<Wallet />}
          label={t('cotisations:encaissement.stats.totalEncaisse')}
          value={stats?.total_encaisse}
          testId="stat-total-encaisse"
        />
        <StatCard
          icon={<CircleDollarSign />}
          label={t('cotisations:encaissement.stats.restantDu')}
          value={stats?.restant_du}
          testId="stat-restant-du"
        />
      </div>
      <DataTable
        columns={columns}
        data={data?.data}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        skeletonRows={10}
        searchPlaceholder={t('cotisations:encaissement.searchPlaceholder')}
        emptyMessage={t('cotisations:encaissement.empty')}
        getRowId={(row) => String(row.propriete_id)}
      />
      <EncaisserSheet propriete={collecting} onClose={() => setCollecting(null)} />
    </div>
  );
}
