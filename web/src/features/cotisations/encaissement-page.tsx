import { createColumnHelper } from '@tanstack/react-table';
import {
  CircleDollarSign,
  FileSpreadsheet,
  HandCoins,
  History,
  Landmark,
  MessageSquareText,
  Wallet,
} from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { ProprieteSolde } from '@/api/generated';
import { PageHeader } from '@/components/page-header';
import { LockedLink } from '@/components/record-actions';
import { StatCard } from '@/components/stat-card';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { DisabledReason } from '@/components/ui/tooltip';
import { useIsFinance } from '@/lib/auth/use-change-lock';
import { Alert } from '@/components/ui/alert';
import { dinarsText, ltrText } from '@/lib/bidi';
import { formatDate } from '@/lib/dates';
import { dinarsToMillimes, formatDinars, MILLIMES_PER_DINAR } from '@/lib/money';
import { useGetProprietesSoldesQuery } from './cotisations-api';
import { EncaisserSheet, type EncaissementPrefill } from './encaisser-sheet';
import { SoldeEtAEchoir, aEchoirOf } from './labels';
import { encaissementHistoriquePath, relanceSmsPath } from './paths';

const column = createColumnHelper<ProprieteSolde>();

/**
 * A bank statement's money-in line with nothing in the books (issue 22: a co-owner's direct
 * transfer), carried in the navigation state by the statement page (the releves module): the
 * collection is prefilled with it, and once recorded the page goes back to `retour` with
 * `{ rapprocher: { releve, ligne, encaissement } }` for the statement to point the two together.
 */
export interface LigneReleveState {
  releve: number;
  ligne: number;
  compte: number;
  /** Dinars, positive. */
  montant: number;
  date: string;
  libelle: string;
  reference: string | null;
  retour: string;
}

function ligneReleveOf(state: unknown): LigneReleveState | undefined {
  const candidate = (state as { releve?: Partial<LigneReleveState> } | null)?.releve;
  return candidate && typeof candidate.releve === 'number' && typeof candidate.retour === 'string'
    ? (candidate as LigneReleveState)
    : undefined;
}

/** The collection's values from the statement's line: a transfer, its amount in whole dinars when it is one. */
function prefillOf(ligne: LigneReleveState): EncaissementPrefill {
  const millimes = dinarsToMillimes(ligne.montant) ?? 0;
  return {
    // The sheet takes whole dinars: an amount with millimes is shown as is, for the treasurer to decide.
    montant: millimes % MILLIMES_PER_DINAR === 0 ? String(millimes / MILLIMES_PER_DINAR) : String(ligne.montant),
    date_paiement: ligne.date,
    methode_paiement: 'virement',
    reference_paiement: ligne.reference ?? '',
  };
}

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
  const location = useLocation();
  const navigate = useNavigate();
  const ligneReleve = ligneReleveOf(location.state);

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
      {ligneReleve && (
        <Alert role="status" data-testid="encaissement-releve" className="flex-wrap items-center">
          <FileSpreadsheet aria-hidden="true" />
          <p className="min-w-0 flex-1">
            {t('cotisations:encaissement.releve.texte', {
              libelle: ligneReleve.libelle,
              montant: dinarsText(ligneReleve.montant),
              date: ltrText(formatDate(ligneReleve.date)),
            })}
          </p>
          <Button asChild variant="outline" size="sm">
            <Link to={ligneReleve.retour}>{t('cotisations:encaissement.releve.retour')}</Link>
          </Button>
        </Alert>
      )}
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
      <EncaisserSheet
        propriete={collecting}
        onClose={() => setCollecting(null)}
        prefill={ligneReleve && prefillOf(ligneReleve)}
        onCollected={
          ligneReleve &&
          ((encaissement) =>
            void navigate(ligneReleve.retour, {
              state: { rapprocher: { releve: ligneReleve.releve, ligne: ligneReleve.ligne, encaissement } },
            }))
        }
      />
    </div>
  );
}
