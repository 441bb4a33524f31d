import { Building2, PieChart, TrendingUp, UserRound, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatCard } from '@/components/stat-card';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { UserText } from '@/components/user-text';
import { Slot } from '@/lib/slots';
import { DepensesDonut, RevenusDepensesChart } from './charts';
import {
  DASHBOARD_FRESH_SECONDS,
  useGetCoproprietaireDashboardQuery,
  type CoproprietaireDashboardResponse,
  type Periode,
} from './dashboard-api';
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
} from './parts';

/** The properties the co-owner occupies today, as badges. */
function Proprietes({ data }: { data: CoproprietaireDashboardResponse | undefined }) {
  const { t } = useTranslation('dashboard');
  if (!data) return <Skeleton className="h-6 w-48" />;
  if (data.proprietes.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('coproprietaire.aucunePropriete')}</p>;
  }
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t('coproprietaire.proprietes')} data-testid="dashboard-proprietes">
      {data.proprietes.map((propriete) => (
        <li key={propriete.id}>
          <Badge variant="outline" className="gap-1.5 py-1 text-sm">
            <Building2 aria-hidden="true" className="size-3.5 text-primary" />
            <UserText>{propriete.nom}</UserText>
            <span className="text-muted-foreground">
              · {t(`coproprietaire.occupations.${propriete.type_occupation}`)}
            </span>
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/**
 * /coproprietaire/tableau-de-bord (spec 3 §2.10 "Co-owner dashboard", §6): the co-owner's
 * properties and balance, the next assembly, the announcements and votes, the breakdowns, and what
 * their visibility flags allow of the residence's figures — the treasury card
 * (`see.dashboard.tresorerie`), the income and expense chart (`see.dashboard.recettes_depenses`;
 * without it the breakdowns take the main area) and the expense donut with its total
 * (`see.dashboard.repartition_charges`). The server leaves out what a flag hides.
 */
export function CoproprietaireDashboardPage() {
  const { t } = useTranslation('dashboard');
  const [periode, setPeriode] = useState<Periode>('3m');
  const { data, currentData, isError, refetch } = useGetCoproprietaireDashboardQuery(
    { periode },
    { refetchOnMountOrArgChange: DASHBOARD_FRESH_SECONDS },
  );
  const failed = isError && !data;
  const voit = data?.visibilite;
  const graphique = voit?.recettes_depenses ?? false;
  return (
    <div className="grid grid-cols-1 gap-5 sm:gap-6">
      <DashboardHeader space="coproprietaire" residenceNom={data?.residence_nom}>
        {!failed && <Proprietes data={data} />}
      </DashboardHeader>

      {failed ? (
        <DashboardError onRetry={() => void refetch()} />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-3">
            <StatCard
              icon={<UserRound />}
              label={t('cartes.votreSolde')}
              value={data?.votre_solde}
              hint={data && data.votre_solde < 0 ? t('cartes.votreSoldeDu') : undefined}
              testId="carte-votre-solde"
              // Everything owed now, paid online (issue 21), when the residence offers it.
              action={data && data.votre_solde < 0 ? <Slot name="payerEnLigne" variant="carte" /> : undefined}
            />
            {(!data || voit?.tresorerie) && (
              <StatCard
                icon={<Wallet />}
                label={t('cartes.tresorerie')}
                value={data ? data.solde_tresorerie : undefined}
                testId="carte-tresorerie"
              />
            )}
            <ProchaineAssemblee assemblees={data?.assemblees ?? []} />
          </div>
          {data && data.votre_solde < 0 && (
            <p className="-mt-2 text-sm">
              <Link to={liens.cotisations} className="font-medium text-primary hover:underline">
                {t('coproprietaire.voirCotisations')}
              </Link>
            </p>
          )}

          <div className="grid grid-cols-1 gap-5 sm:gap-6 lg:grid-cols-3">
            {!data ? (
              <Section title={t('graphique.title')} icon={TrendingUp} className="lg:col-span-2">
                <Skeleton className="h-64 w-full" data-testid="dashboard-skeleton" />
              </Section>
            ) : graphique ? (
              <Section
                title={t('graphique.title')}
                icon={TrendingUp}
                className="lg:col-span-2"
                testId="dashboard-graphique"
                action={<PeriodeChoice value={periode} onChange={setPeriode} />}
              >
                {currentData?.revenus && currentData.depenses ? (
                  <RevenusDepensesChart revenus={currentData.revenus} depenses={currentData.depenses} />
                ) : (
                  <Skeleton className="h-64 w-full sm:h-72" data-testid="dashboard-skeleton" />
                )}
              </Section>
            ) : (
              <Pannes pannes={data.pannes} className="lg:col-span-2" />
            )}
            <AnnoncesVotes items={data?.annonces_votes ?? []} />
          </div>

          <div className="grid grid-cols-1 gap-5 sm:gap-6 lg:grid-cols-3">
            {!data ? (
              <Section title={t('repartition.title')} icon={PieChart}>
                <SkeletonRows rows={4} />
              </Section>
            ) : (
              voit?.repartition_charges &&
              data.categories_depenses && (
                <Section
                  title={t('repartition.titleExercice', { annee: data.exercice })}
                  icon={PieChart}
                  testId="dashboard-repartition"
                >
                  <DepensesDonut categories={data.categories_depenses} total={data.total_depenses ?? 0} />
                </Section>
              )
            )}
            {data && graphique && <Pannes pannes={data.pannes} className="lg:col-span-2" />}
          </div>
        </>
      )}
    </div>
  );
}
