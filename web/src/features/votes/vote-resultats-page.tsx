import { createColumnHelper } from '@tanstack/react-table';
import { Check, Crown } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { PageHeader } from '@/components/page-header';
import { BackLink, NotFound } from '@/components/page-parts';
import { UserText } from '@/components/user-text';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/dates';
import { useIdParam } from '@/lib/use-id-param';
import { votesPaths } from './paths';
import { useChoixLabel } from './vote-labels';
import { useVotesResultatsQuery, type ReponseVote, type VoteResultats } from './votes-api';

/** The donut's five rotating colours (spec 3 §9), the same as the dashboard's. */
const DONUT_COLOURS = [
  'oklch(0.45 0.08 215)',
  'oklch(0.74 0.12 70)',
  'oklch(0.58 0.12 155)',
  'oklch(0.6 0.13 20)',
  'oklch(0.55 0.1 290)',
] as const;

/** A percentage as the page's language writes it, digits left to right: "66,7 %". */
function pourcentage(value: number): string {
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(value)} %`;
}

/** The counts per choice as a donut with the total in its middle, and its legend. */
function ResultatsDonut({ resultats }: { resultats: VoteResultats }) {
  const { t, i18n } = useTranslation('votes');
  const label = useChoixLabel();
  const total = resultats.results.reduce((sum, result) => sum + result.count, 0);
  const data = resultats.results.map((result) => ({ name: label(result.choix), value: result.count }));
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4" data-testid="vote-donut">
      <div className="relative mx-auto h-52 w-full max-w-64" dir="ltr">
        {total > 0 && (
          <ResponsiveContainer width="100%" height="100%">
            <PieChart>
              <Pie
                data={data}
                dataKey="value"
                nameKey="name"
                innerRadius="62%"
                outerRadius="95%"
                paddingAngle={data.length > 1 ? 2 : 0}
                stroke="none"
                isAnimationActive={false}
              >
                {data.map((slice, index) => (
                  <Cell key={slice.name} fill={DONUT_COLOURS[index % DONUT_COLOURS.length]} />
                ))}
              </Pie>
              <Tooltip contentStyle={{ borderRadius: 8, fontSize: 12, direction: i18n.dir() }} />
            </PieChart>
          </ResponsiveContainer>
        )}
        <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center text-center">
          <span className="text-xs text-muted-foreground">{t('resultats.total')}</span>
          <span className="text-lg font-semibold tabular" data-testid="vote-total">
            {total}
          </span>
        </div>
      </div>
      <ul className="grid gap-1.5 text-sm" aria-label={t('resultats.legende')}>
        {resultats.results.map((result, index) => (
          <li key={result.choix} className="flex min-w-0 items-center gap-2" data-testid="vote-result">
            <span
              aria-hidden="true"
              className="size-2.5 shrink-0 rounded-full"
              style={{ background: DONUT_COLOURS[index % DONUT_COLOURS.length] }}
            />
            <UserText className="min-w-0 flex-1 truncate">{label(result.choix)}</UserText>
            <span className="shrink-0 font-medium tabular">{t('resultats.voix', { count: result.count })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

const column = createColumnHelper<ReponseVote>();

/**
 * The results of a vote (spec 3 §2.6 "Results", /syndic/votes/resultats/{id} and
 * /coproprietaire/votes/resultats/{id}): title, description, dates, the proposed choices with a
 * mark on the user's own, the majority choice(s), the donut of counts with the total, the
 * participation, and each property's response or a "pas encore" badge. A missing vote says
 * errors.not_found (spec 3 §8).
 */
export function VoteResultatsPage({ space }: { space: 'syndic' | 'coproprietaire' }) {
  const { t } = useTranslation('votes');
  const id = useIdParam('voteId');
  const label = useChoixLabel();
  const { data, isLoading, isError, error, refetch } = useVotesResultatsQuery(id ?? 0, { skip: id === null });
  const back = space === 'syndic' ? votesPaths.syndic : votesPaths.coproprietaire;
  const resultats = data?.data;

  const columns = useMemo(
    () => [
      column.accessor((reponse) => reponse.propriete.nom, {
        id: 'propriete',
        header: t('resultats.columns.propriete'),
        cell: (info) => <UserText className="font-medium">{info.getValue()}</UserText>,
        meta: { card: 'title' },
      }),
      column.accessor((reponse) => reponse.occupant.nom, {
        id: 'occupant',
        header: t('resultats.columns.occupant'),
        cell: (info) => <UserText>{info.getValue()}</UserText>,
        meta: { card: 'subtitle' },
      }),
      column.accessor((reponse) => (reponse.choix === null ? t('resultats.pasEncore') : label(reponse.choix)), {
        id: 'choix',
        header: t('resultats.columns.choix'),
        cell: ({ row }) =>
          row.original.choix === null ? (
            <Badge variant="secondary" data-testid="reponse-pas-encore">
              {t('resultats.pasEncore')}
            </Badge>
          ) : (
            <UserText>{label(row.original.choix)}</UserText>
          ),
        meta: { card: 'badge' },
      }),
    ],
    [t, label],
  );

  if (id === null || (isError && !isLoading) || (!isLoading && !resultats)) {
    return (
      <div className="grid gap-6">
        <BackLink to={back}>{t('resultats.back')}</BackLink>
        <NotFound testId="vote-introuvable">{t('errors.not_found')}</NotFound>
      </div>
    );
  }

  const majorite = new Set(resultats?.majority.map((choix) => choix.choix_id) ?? []);
  return (
    <div className="grid gap-6">
      <PageHeader title={resultats ? <UserText>{resultats.titre}</UserText> : <Skeleton className="h-8 w-64" />}>
        <BackLink to={back}>{t('resultats.back')}</BackLink>
      </PageHeader>
      {!resultats ? (
        <Skeleton className="h-72 w-full" data-testid="resultats-skeleton" />
      ) : (
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>{t('resultats.vote')}</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-4 text-sm">
                {resultats.description && (
                  <p className="whitespace-pre-line" dir="auto">
                    {resultats.description}
                  </p>
                )}
                <p className="text-muted-foreground" data-testid="vote-dates">
                  {t('resultats.dates', {
                    debut: formatDate(resultats.date_debut),
                    fin: formatDate(resultats.date_fin),
                  })}
                </p>
                <div className="grid gap-1.5">
                  <h3 className="font-medium">{t('resultats.choixProposes')}</h3>
                  <ul className="grid gap-1.5">
                    {resultats.choix.map((choix) => (
                      <li key={choix.id} className="flex items-center gap-2" data-testid="vote-choix">
                        <UserText>{label(choix.choix)}</UserText>
                        {resultats.selected_vote === choix.id && (
                          <Badge variant="success" data-testid="mon-choix">
                            <Check aria-hidden="true" className="size-3" />
                            {t('resultats.monChoix')}
                          </Badge>
                        )}
                        {majorite.has(choix.id) && (
                          <Badge variant="warning" data-testid="choix-majoritaire">
                            <Crown aria-hidden="true" className="size-3" />
                            {t('resultats.majorite')}
                          </Badge>
                        )}
                      </li>
                    ))}
                  </ul>
                </div>
                <p data-testid="vote-participation">
                  <span className="text-muted-foreground">{t('resultats.participation')} </span>
                  <span dir="ltr" className="font-semibold tabular">
                    {pourcentage(resultats.participation)}
                  </span>
                </p>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>{t('resultats.repartition')}</CardTitle>
              </CardHeader>
              <CardContent>
                <ResultatsDonut resultats={resultats} />
              </CardContent>
            </Card>
          </div>
          <section className="grid gap-3">
            <h2 className="text-lg font-semibold">{t('resultats.reponses')}</h2>
            <DataTable
              columns={columns}
              data={resultats.responses}
              isLoading={false}
              isError={false}
              error={error}
              onRetry={() => void refetch()}
              skeletonRows={6}
              searchPlaceholder={t('resultats.search')}
              emptyMessage={t('resultats.empty')}
            />
          </section>
        </>
      )}
    </div>
  );
}

export function SyndicVoteResultatsPage() {
  return <VoteResultatsPage space="syndic" />;
}

export function CoproprietaireVoteResultatsPage() {
  return <VoteResultatsPage space="coproprietaire" />;
}
