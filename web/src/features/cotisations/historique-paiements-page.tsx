import { createColumnHelper } from '@tanstack/react-table';
import { CalendarClock, CircleDollarSign, FileDown, Loader2, Settings2 } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import type { EncaissementLigne, MontantNonPaye } from '@/api/generated';
import { Dinars } from '@/components/dinars';
import { PageHeader } from '@/components/page-header';
import { BackLink, NotFound } from '@/components/page-parts';
import { StatCard } from '@/components/stat-card';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { DisabledReason } from '@/components/ui/tooltip';
import { useChangeLock } from '@/lib/auth/use-change-lock';
import { ltrText } from '@/lib/bidi';
import { formatDate } from '@/lib/dates';
import { formatDinars } from '@/lib/money';
import { useIdParam } from '@/lib/use-id-param';
import { useGetHistoriquePaiementsQuery } from './cotisations-api';
import { AEchoirBadge, EtatBadge, useRevenusLabels } from './labels';
import { cotisationsPaths, encaissementGererPath } from './paths';
import { recuEncaissementPath, useReceiptDownload } from './use-receipt';

const encaissementColumn = createColumnHelper<EncaissementLigne>();
const restantColumn = createColumnHelper<MontantNonPaye>();

/**
 * /syndic/revenus/encaissement/historique/{proprieteId} (spec 1 §2): what the property still owes
 * (card), its payments with their receipts and the manage action, and its unpaid montants dûs.
 */
export function HistoriquePaiementsPage() {
  const { t } = useTranslation(['cotisations', 'common']);
  const labels = useRevenusLabels();
  const lockOf = useChangeLock();
  const proprieteId = useIdParam('proprieteId');
  const { data, isLoading, isError, error, refetch } = useGetHistoriquePaiementsQuery(
    { appartementId: proprieteId ?? 0 },
    { skip: proprieteId === null },
  );
  const { download, pending } = useReceiptDownload();

  const encaissementColumns = useMemo(
    () => [
      // The date leads (so it is found as dd/MM/yyyy too), the receipt number follows.
      encaissementColumn.accessor((row) => `${row.date_paiement} ${row.reference_recu}`, {
        id: 'paiement',
        header: t('cotisations:historique.columns.paiement'),
        cell: (info) => (
          <span className="grid">
            <span className="font-medium tabular whitespace-nowrap">{formatDate(info.row.original.date_paiement)}</span>
            <span className="text-xs text-muted-foreground tabular whitespace-nowrap">
              {t('cotisations:historique.recu', { numero: ltrText(info.row.original.reference_recu) })}
            </span>
          </span>
        ),
        meta: { card: 'subtitle', cardLabel: t('cotisations:historique.columns.paiement') },
      }),
      encaissementColumn.accessor('cotisation_nom', {
        header: t('cotisations:historique.columns.cotisation'),
        cell: (info) => (
          <span className="grid">
            <span className="font-medium">{info.getValue()}</span>
            <span className="text-xs text-muted-foreground">
              {t('cotisations:historique.echeance', { date: formatDate(info.row.original.date_echeance) })}
            </span>
          </span>
        ),
        meta: { card: 'title' },
      }),
      encaissementColumn.accessor('occupant_nom', {
        header: t('cotisations:historique.columns.occupant'),
        cell: (info) => info.getValue() || <span className="text-muted-foreground">{t('cotisations:noPayer')}</span>,
      }),
      encaissementColumn.accessor('montant', {
        header: t('cotisations:historique.columns.montant'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
      encaissementColumn.accessor('methode_paiement', {
        header: t('cotisations:historique.columns.methode'),
        cell: (info) => (
          <span className="grid">
            <span>{labels.methode(info.getValue())}</span>
            {info.row.original.reference_paiement && (
              <span className="text-xs text-muted-foreground rtl:text-right" dir="auto">
                {info.row.original.reference_paiement}
              </span>
            )}
          </span>
        ),
        meta: { searchText: (value: string) => labels.methode(value) },
      }),
      encaissementColumn.accessor('etat_paiement', {
        header: t('cotisations:historique.columns.etat'),
        cell: (info) => <EtatBadge etat={info.getValue()} />,
        meta: {
          card: 'badge',
          searchText: (value: string) => t(`cotisations:etats.${value === 'complet' ? 'complet' : 'partiel'}`),
        },
      }),
      encaissementColumn.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('cotisations:historique.columns.actions')}</span>,
        cell: ({ row }) => {
          const encaissement = row.original;
          const lock = lockOf(encaissement);
          const key = String(encaissement.id);
          return (
            <div className="flex items-center justify-end gap-1">
              <Button
                variant="outline"
                size="sm"
                disabled={pending !== null}
                onClick={() => void download(key, recuEncaissementPath(encaissement.id))}
                aria-label={t('cotisations:historique.receiptOf', { numero: encaissement.reference_recu })}
              >
                {pending === key ? (
                  <Loader2 aria-hidden="true" className="animate-spin" />
                ) : (
                  <FileDown aria-hidden="true" />
                )}
                {t('cotisations:historique.receipt')}
              </Button>
              <DisabledReason reason={lock}>
                {lock === null && proprieteId !== null ? (
                  <Button asChild variant="ghost" size="sm">
                    <Link
                      to={encaissementGererPath(proprieteId, encaissement.id)}
                      aria-label={t('cotisations:historique.manageOf', { numero: encaissement.reference_recu })}
                    >
                      <Settings2 aria-hidden="true" />
                      {t('cotisations:historique.manage')}
                    </Link>
                  </Button>
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled
                    aria-label={t('cotisations:historique.manageOf', { numero: encaissement.reference_recu })}
                  >
                    <Settings2 aria-hidden="true" />
                    {t('cotisations:historique.manage')}
                  </Button>
                )}
              </DisabledReason>
            </div>
          );
        },
        meta: { card: 'action' },
      }),
    ],
    [t, labels, lockOf, pending, download, proprieteId],
  );

  const restantColumns = useMemo(
    () => [
      restantColumn.accessor('cotisation_nom', {
        header: t('cotisations:historique.columns.cotisation'),
        cell: (info) => <span className="font-medium">{info.getValue()}</span>,
        meta: { card: 'title' },
      }),
      restantColumn.accessor('occupant_nom', {
        header: t('cotisations:historique.columns.occupant'),
        cell: (info) => info.getValue() || <span className="text-muted-foreground">{t('cotisations:noPayer')}</span>,
      }),
      restantColumn.accessor('date_echeance', {
        header: t('cotisations:historique.columns.dateEcheance'),
        cell: (info) => (
          <span className="flex flex-wrap items-center gap-2">
            <span className="tabular whitespace-nowrap">{formatDate(info.getValue())}</span>
            {!info.row.original.exigible && <AEchoirBadge />}
          </span>
        ),
      }),
      restantColumn.accessor('restant_du', {
        header: t('cotisations:historique.columns.restantDu'),
        // Red when reached (it is in the balance), plain when it falls due later.
        cell: (info) => (
          <Dinars
            value={info.getValue()}
            className={info.row.original.exigible ? 'font-medium text-destructive' : 'font-medium'}
          />
        ),
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
    ],
    [t],
  );

  const code = apiErrorCode(error);
  const notFound = proprieteId === null || code === 'propriete_inconnue' || code === 'not_found';
  const nom = data?.propriete_nom;
  const aEchoir = (data?.montants_non_payes ?? []).reduce(
    (sum, line) => (line.exigible ? sum : sum + line.restant_du),
    0,
  );

  return (
    <div className="grid gap-6">
      <PageHeader title={nom ? t('cotisations:historique.titleWithName', { nom }) : t('cotisations:historique.title')}>
        <BackLink to={cotisationsPaths.encaissement}>{t('cotisations:historique.back')}</BackLink>
      </PageHeader>
      {notFound ? (
        <NotFound testId="historique-paiements-not-found">{t('cotisations:historique.notFound')}</NotFound>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-3">
            <StatCard
              icon={<CircleDollarSign />}
              label={t('cotisations:historique.restantCard')}
              value={isError ? null : data?.total_restants_du}
              hint={t('cotisations:historique.restantCardHint')}
              testId="historique-restant-du"
            />
            <StatCard
              icon={<CalendarClock />}
              label={t('cotisations:historique.aEchoirCard')}
              value={isError ? null : data ? aEchoir : undefined}
              hint={t('cotisations:historique.aEchoirCardHint')}
              testId="historique-a-echoir"
            />
          </div>
          <Tabs defaultValue="encaissements">
            <TabsList>
              <TabsTrigger value="encaissements">
                {t('cotisations:historique.tabs.encaissements')}
                {data && <span className="tabular text-xs text-muted-foreground">({data.encaissements.length})</span>}
              </TabsTrigger>
              <TabsTrigger value="restants">
                {t('cotisations:historique.tabs.restants')}
                {data && (
                  <span className="tabular text-xs text-muted-foreground">({data.montants_non_payes.length})</span>
                )}
              </TabsTrigger>
            </TabsList>
            <TabsContent value="encaissements">
              <DataTable
                columns={encaissementColumns}
                data={data?.encaissements}
                isLoading={isLoading}
                isError={isError}
                error={error}
                onRetry={() => void refetch()}
                skeletonRows={10}
                searchPlaceholder={t('cotisations:historique.searchPlaceholder')}
                emptyMessage={t('cotisations:historique.encaissementsEmpty')}
                getRowId={(row) => String(row.id)}
              />
            </TabsContent>
            <TabsContent value="restants">
              <DataTable
                columns={restantColumns}
                data={data?.montants_non_payes}
                isLoading={isLoading}
                isError={isError}
                error={error}
                onRetry={() => void refetch()}
                skeletonRows={10}
                searchPlaceholder={t('cotisations:historique.searchPlaceholder')}
                emptyMessage={t('cotisations:historique.restantsEmpty')}
                getRowId={(row) => String(row.montant_du_id)}
              />
            </TabsContent>
          </Tabs>
        </>
      )}
    </div>
  );
}
