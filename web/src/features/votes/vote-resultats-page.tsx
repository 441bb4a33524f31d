import { Check, Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { PageHeader } from '@/components/page-header';
import { BackLink, NotFound } from '@/components/page-parts';
import { UserText } from '@/components/user-text';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { DONUT_COLOURS } from '@/lib/chart-colours';
import { formatDate } from '@/lib/dates';
import { useIdParam } from '@/lib/use-id-param';
import { votesPaths } from './paths';
import { useChoixLabel } from './votes-labels';
import { useVotesResultatsLireQuery, type VoteResultats } from './votes-api';

function ResultatsDonut({ resultats }: { resultats: VoteResultats }) {
  const { t, i18n } = useTranslation('votes');
  const label = useChoixLabel();
  const total = resultats.results.reduce((sum, result) => sum + result.count, 0);
  const data = resultats.results.map((result) => ({ name: label(result.choix), value: result.count }));
  return (
    <div className="grid min-w-0 gap-4" data-testid="vote-donut">
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
          <li key={result.choix} className="flex min-w-0 items-center gap-2" data-testid="vote-resultat">
            <span
              aria-hidden="true"
              className="size-2.5 shrink-0 rounded-full"
              style={{ background: DONUT_COLOURS[index % DONUT_COLOURS.length] }}
            />
            <UserText className="min-w-0 flex-1 truncate">{label(result.choix)}</UserText>
            <span className="tabular font-medium">{result.count}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Resultats({ resultats }: { resultats: VoteResultats }) {
  const { t } = useTranslation('votes');
  const label = useChoixLabel();
  return (
    // min-w-0 on every card: the responses table must scroll inside its card on a phone, not widen
    // the page's column (and every card with it) past the screen.
    <div className="grid min-w-0 gap-6 *:min-w-0">
      <Card>
        <CardContent className="grid gap-3 p-4 sm:p-6">
          {resultats.description && <UserText className="whitespace-pre-line">{resultats.description}</UserText>}
          <p className="text-sm text-muted-foreground" data-testid="vote-periode">
            {t('resultats.periode', { debut: formatDate(resultats.date_debut), fin: formatDate(resultats.date_fin) })}
          </p>
          <div className="grid gap-2">
            <h2 className="text-sm font-medium">{t('resultats.choixProposes')}</h2>
            <ul className="flex flex-wrap gap-2" aria-label={t('resultats.choixProposes')}>
              {resultats.choix.map((choix) => {
                const mine = choix.id === resultats.selected_vote;
                return (
                  <li key={choix.id} data-testid="vote-choix" data-mine={mine}>
                    <Badge variant={mine ? 'default' : 'outline'}>
                      {mine && <Check aria-hidden="true" className="size-3" />}
                      {label(choix.choix)}
                      {mine && <span className="sr-only">{` (${t('resultats.monChoix')})`}</span>}
                    </Badge>
                  </li>
                );
              })}
            </ul>
          </div>
          <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="vote-majorite">
            <Crown aria-hidden="true" className="size-4 text-highlight" />
            <span className="font-medium">{t('resultats.majorite')}</span>
            {resultats.majority.length === 0
              ? t('resultats.aucuneMajorite')
              : resultats.majority.map((choix) => label(choix.choix)).join(', ')}
          </p>
        </CardContent>
      </Card>
      <div className="grid min-w-0 gap-6 *:min-w-0 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t('resultats.repartition')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ResultatsDonut resultats={resultats} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('resultats.participation')}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <span className="text-3xl font-semibold tabular" dir="ltr" data-testid="vote-participation">
              {`${Math.round(resultats.participation)} %`}
            </span>
            <div
              className="h-2 w-full overflow-hidden rounded-full bg-muted"
              role="progressbar"
              aria-label={t('resultats.participation')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(resultats.participation)}
            >
              <div
                className="h-full bg-primary"
                style={{ width: `${Math.min(100, Math.max(0, resultats.participation))}%` }}
              />
            </div>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('resultats.reponses')}</CardTitle>
        </CardHeader>
        <CardContent>
          <Table aria-label={t('resultats.reponses')}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('resultats.propriete')}</TableHead>
                <TableHead>{t('resultats.occupant')}</TableHead>
                <TableHead>{t('resultats.choix')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {resultats.responses.map((response, index) => (
                <TableRow key={index} data-testid="vote-reponse">
                  <TableCell>
                    <UserText>{response.propriete.nom}</UserText>
                  </TableCell>
                  <TableCell>
                    <UserText>{response.occupant.nom}</UserText>
                  </TableCell>
                  <TableCell>
                    {response.choix === null ? (
                      <Badge variant="secondary">{t('resultats.pasEncore')}</Badge>
                    ) : (
                      <UserText>{label(response.choix)}</UserText>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * /syndic/votes/resultats/{voteId} and /coproprietaire/votes/resultats/{voteId} (spec 3 §2.6):
 * title, description, dates, the proposed choices (the reader's marked), the majority, a donut
 * of the counts with their total, the participation, and each property's response. A failure or
 * a missing vote says "errors.not_found" (spec 3 §8).
 */
function VoteResultatsPage({ backTo }: { backTo: string }) {
  const { t } = useTranslation('votes');
  const id = useIdParam('voteId');
  const { data, isLoading, isError } = useVotesResultatsLireQuery(id ?? 0, { skip: id === null });
  const resultats = data?.data;
  return (
    <div className="grid gap-6">
      <PageHeader title={resultats?.titre ?? t('resultats.title')} description={t('resultats.subtitle')}>
        <BackLink to={backTo}>{t('resultats.back')}</BackLink>
      </PageHeader>
      {isLoading ? (
        <div className="grid gap-4" data-testid="vote-resultats-skeleton">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-40 w-full" />
          ))}
        </div>
      ) : isError || !resultats ? (
        <NotFound testId="vote-introuvable">{t('errors.not_found')}</NotFound>
      ) : (
        <Resultats resultats={resultats} />
      )}
    </div>
  );
}

export function SyndicVoteResultatsPage() {
  return <VoteResultatsPage backTo={votesPaths.syndic} />;
}

export function CoproprietaireVoteResultatsPage() {
  return <VoteResultatsPage backTo={votesPaths.coproprietaire} />;
}
