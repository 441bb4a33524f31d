import {
  ChevronRight,
  FileWarning,
  HandCoins,
  Landmark,
  PieChart,
  Receipt,
  TrendingUp,
  Users,
  Wallet,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dinars } from '@/components/dinars';
import { StatCard } from '@/components/stat-card';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { UserText } from '@/components/user-text';
import { dinarsText } from '@/lib/bidi';
import { DepensesDonut, RevenusDepensesChart } from './charts';
import {
  DASHBOARD_FRESH_SECONDS,
  useGetSyndicDashboardQuery,
  type Periode,
  type SyndicDashboardResponse,
} from './dashboard-api';
import { ExercicesCard } from './exercices-card';
import { liens } from './liens';
import {
  AnnoncesVotes,
  DashboardError,
  DashboardHeader,
  Pannes,
  PeriodeChoice,
  ProchaineAssemblee,
  Section,
  SkeletonRows,
  Vide,
} from './parts';

/** The co-owners who owe, most owed first, each leading to their reminders. */
function CoprosSoldes({ data }: { data: SyndicDashboardResponse | undefined }) {
  const { t } = useTranslation('dashboard');
  return (
    <Section
      title={t('syndic.coprosSoldes')}
      icon={Users}
      testId="dashboard-copros-soldes"
      action={
        <Link to={liens.debiteurs} className="text-xs font-medium text-primary hover:underline">
          {t('voirTout')}
        </Link>
      }
    >
      {!data ? (
        <SkeletonRows />
      ) : data.copros_soldes.length === 0 ? (
        <Vide>{t('syndic.aucunDebiteur')}</Vide>
      ) : (
        <ul className="-mx-2 grid max-h-80 overflow-y-auto">
          {data.copros_soldes.map((copro) => (
            <li key={copro.occupant_id}>
              <Link
                to={liens.debiteur(copro.occupant_id)}
                className="flex items-center justify-between gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-muted"
              >
                <UserText className="min-w-0 truncate">{copro.occupant_nom}</UserText>
                <span className="flex items-center gap-1">
                  <Dinars value={copro.restant_du} className="font-medium text-destructive" />
                  <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground rtl:rotate-180" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The charges and works with something left to pay, oldest first. */
function Factures({ data }: { data: SyndicDashboardResponse | undefined }) {
  const { t } = useTranslation('dashboard');
  return (
    <Section title={t('syndic.factures')} icon={Receipt} testId="dashboard-factures">
      {!data ? (
        <SkeletonRows />
      ) : data.factures.length === 0 ? (
        <Vide>{t('syndic.aucuneFacture')}</Vide>
      ) : (
        <ul className="-mx-2 grid max-h-80 overflow-y-auto">
          {data.factures.map((facture) => (
            <li key={facture.id}>
              <Link
                to={liens.facture(facture.type, facture.id)}
                className="flex items-center justify-between gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-muted"
              >
                <span className="grid min-w-0">
                  <UserText className="truncate font-medium">{facture.titre}</UserText>
                  <UserText className="truncate text-xs text-muted-foreground">{facture.fournisseur_nom}</UserText>
                </span>
                <span className="flex shrink-0 items-center gap-2">
                  <Badge variant={facture.type === 'travaux' ? 'warning' : 'secondary'}>
                    {t(`syndic.typesFacture.${facture.type}`)}
                  </Badge>
                  <Dinars value={facture.restant_du} className="font-medium" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/**
 * /syndic/tableau-de-bord (spec 3 §2.10 "Syndic dashboard"): the residence at a glance, from one
 * request (GET /api/dashboard): four cards, the income and expense chart of the chosen period,
 * the year's expenses by category, and the lists.
 */
export function SyndicDashboardPage() {
  const [periode, setPeriode] = useState<Periode>('3m');
  const { data, currentData, isError, refetch } = useGetSyndicDashboardQuery(
    { periode },
    { refetchOnMountOrArgChange: DASHBOARD_FRESH_SECONDS },
  );
  const failed = isError && !data;
  return (
    <div className="grid grid-cols-1 gap-5 sm:gap-6">
      <DashboardHeader space="syndic" residenceNom={data?.residence_nom} />

      {failed ? (
        <DashboardError onRetry={() => void refetch()} />
      ) : (
        <SyndicDashboardBody
          data={data}
          fetching={currentData === undefined}
          periode={periode}
          onPeriode={setPeriode}
        />
      )}
      <ExercicesCard />
    </div>
  );
}

function SyndicDashboardBody({
  data,
  fetching,
  periode,
  onPeriode,
}: {
  data: SyndicDashboardResponse | undefined;
  fetching: boolean;
  periode: Periode;
  onPeriode: (periode: Periode) => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 2xl:grid-cols-4">
        <StatCard
          icon={<Wallet />}
          label={t('cartes.tresorerie')}
          value={data?.solde_tresorerie}
          hint={
            data
              ? t('cartes.tresorerieDetail', {
                  banque: dinarsText(data.solde_en_banque),
                  espece: dinarsText(data.solde_en_espece),
                })
              : undefined
          }
          testId="carte-tresorerie"
        />
        <StatCard
          icon={<HandCoins />}
          label={t('cartes.coprosDebiteurs')}
          value={data?.total_du_copros}
          hint={data ? t('cartes.coprosCount', { count: data.copros_count_du }) : undefined}
          testId="carte-du-copros"
        />
        <StatCard
          icon={<FileWarning />}
          label={t('cartes.restantsFournisseurs')}
          value={data?.total_restants_factures}
          hint={data ? t('cartes.facturesCount', { count: data.factures.length }) : undefined}
          testId="carte-restants-factures"
        />
        <StatCard
          icon={<Landmark />}
          label={t('cartes.depenses')}
          value={data?.total_depenses}
          hint={data ? t('cartes.exercice', { annee: data.exercice }) : undefined}
          testId="carte-depenses"
        />
      </div>

      <div className="grid grid-cols-1 gap-5 sm:gap-6 lg:grid-cols-3">
        <Section
          title={t('graphique.title')}
          icon={TrendingUp}
          className="lg:col-span-2"
          testId="dashboard-graphique"
          action={<PeriodeChoice value={periode} onChange={onPeriode} />}
        >
          {data && !fetching ? (
            <RevenusDepensesChart revenus={data.revenus} depenses={data.depenses} />
          ) : (
            <Skeleton className="h-64 w-full sm:h-72" data-testid="dashboard-skeleton" />
          )}
        </Section>
        <Section
          title={data ? t('repartition.titleExercice', { annee: data.exercice }) : t('repartition.title')}
          icon={PieChart}
          testId="dashboard-repartition"
        >
          {data ? (
            <DepensesDonut categories={data.categories_depenses} total={data.total_depenses} />
          ) : (
            <div className="grid justify-items-center gap-4">
              <Skeleton className="size-44 rounded-full" />
              <SkeletonRows rows={4} />
            </div>
          )}
        </Section>
      </div>

      <div className="grid grid-cols-1 gap-5 sm:gap-6 lg:grid-cols-2">
        <CoprosSoldes data={data} />
        <Factures data={data} />
      </div>

      <div className="grid grid-cols-1 gap-5 sm:gap-6 lg:grid-cols-3">
        <AnnoncesVotes items={data?.annonces_votes ?? []} />
        <Pannes pannes={data?.pannes ?? []} />
        <ProchaineAssemblee assemblees={data?.assemblees ?? []} />
      </div>
    </>
  );
}
