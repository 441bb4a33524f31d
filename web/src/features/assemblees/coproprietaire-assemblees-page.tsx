import { createColumnHelper } from '@tanstack/react-table';
import { ExternalLink } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/page-parts';
import { UserText } from '@/components/user-text';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import { DisabledReason } from '@/components/ui/tooltip';
import { formatDate } from '@/lib/dates';
import { formatTime } from '@/lib/heure';
import { useIdParam } from '@/lib/use-id-param';
import { useAssembleesCoproprietaireQuery, type AssembleeCoproprietaire } from './assemblees-api';
import { ConvocationButtons, DocumentButton } from './parts';
import { assembleesPaths, coproprietaireDetailsPath } from './paths';

function StatutBadge({ assemblee }: { assemblee: AssembleeCoproprietaire }) {
  const { t } = useTranslation('assemblees');
  return assemblee.status === 'realise' ? (
    <Badge variant="success">{t('coproprietaire.realisee')}</Badge>
  ) : (
    <Badge variant="secondary">{t('coproprietaire.aVenir')}</Badge>
  );
}

const column = createColumnHelper<AssembleeCoproprietaire>();

/**
 * /coproprietaire/assemblees (spec 3 §2.11 "Assemblies list"): the residence's meetings, held or
 * upcoming, with their title, date, time and place; a row opens its details.
 */
export function CoproprietaireAssembleesPage() {
  const { t } = useTranslation('assemblees');
  const { data, isLoading, isError, error, refetch } = useAssembleesCoproprietaireQuery();
  const columns = useMemo(
    () => [
      column.accessor('status', {
        header: t('coproprietaire.columns.statut'),
        cell: (info) => <StatutBadge assemblee={info.row.original} />,
        meta: { card: 'badge' },
      }),
      column.accessor('titre', {
        header: t('coproprietaire.columns.titre'),
        // A link, styled as the app's other links: it opens the meeting's details.
        cell: (info) => (
          <Link
            to={coproprietaireDetailsPath(info.row.original.id)}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            <UserText>{info.getValue()}</UserText>
          </Link>
        ),
        meta: { card: 'title' },
      }),
      column.accessor('date', {
        header: t('coproprietaire.columns.date'),
        cell: (info) => formatDate(info.getValue()),
        meta: { card: 'subtitle' },
      }),
      column.accessor('heure', {
        header: t('coproprietaire.columns.heure'),
        cell: (info) => <span dir="ltr">{formatTime(info.getValue())}</span>,
      }),
      column.accessor('lieu', {
        header: t('coproprietaire.columns.lieu'),
        cell: (info) => <UserText>{info.getValue()}</UserText>,
      }),
    ],
    [t],
  );
  return (
    <div className="grid gap-6">
      <PageHeader title={t('coproprietaire.title')} description={t('coproprietaire.subtitle')} />
      <DataTable
        columns={columns}
        data={data?.assemblees}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        skeletonRows={6}
        searchPlaceholder={t('liste.searchPlaceholder')}
        emptyMessage={t('coproprietaire.empty')}
        getRowId={(row) => String(row.id)}
      />
    </div>
  );
}

/**
 * /coproprietaire/assemblees/details/{id} (spec 3 §2.11): the meeting's title, date, time and
 * place; its convocation; its minutes once available (else disabled, saying so); its signed
 * attendance sheet once available, opened in a new tab. A meeting not in the list goes back to it.
 */
export function CoproprietaireAssembleeDetailsPage() {
  const { t } = useTranslation('assemblees');
  const id = useIdParam('assembleeId');
  const { data, isLoading, isError } = useAssembleesCoproprietaireQuery();
  const assemblee = data?.assemblees.find((candidate) => candidate.id === id);

  if (data && !assemblee) return <Navigate to={assembleesPaths.coproprietaire} replace />;

  const feuille = assemblee?.presencesSignees[0]?.url;
  const feuilleReason = assemblee?.is_presence_available && feuille ? null : t('coproprietaire.feuilleIndisponible');

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader
        title={assemblee ? <UserText>{assemblee.titre}</UserText> : t('coproprietaire.details')}
        actions={assemblee ? <StatutBadge assemblee={assemblee} /> : undefined}
      >
        <BackLink to={assembleesPaths.coproprietaire}>{t('coproprietaire.retour')}</BackLink>
      </PageHeader>
      {!assemblee ? (
        isError && !isLoading ? (
          <p className="text-destructive">{t('coproprietaire.loadError')}</p>
        ) : (
          <div className="grid gap-3" data-testid="details-skeleton">
            {Array.from({ length: 7 }, (_, index) => (
              <Skeleton key={index} className="h-6 w-full" />
            ))}
          </div>
        )
      ) : (
        <Card>
          <CardContent className="grid gap-6 p-4 sm:p-6">
            <dl className="grid gap-3 sm:grid-cols-3">
              <div>
                <dt className="text-sm text-muted-foreground">{t('coproprietaire.columns.date')}</dt>
                <dd className="font-medium">{formatDate(assemblee.date)}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">{t('coproprietaire.columns.heure')}</dt>
                <dd className="font-medium">
                  {/* Isolated, not the whole line: in Arabic the time stays on the reading side. */}
                  <span dir="ltr">{formatTime(assemblee.heure)}</span>
                </dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">{t('coproprietaire.columns.lieu')}</dt>
                <dd className="font-medium">
                  <UserText>{assemblee.lieu}</UserText>
                </dd>
              </div>
            </dl>
            <div className="flex flex-wrap gap-2">
              <ConvocationButtons assembleeId={assemblee.id} />
              <DocumentButton
                assembleeId={assemblee.id}
                document="procesVerbal"
                label={t('documents.procesVerbal')}
                disabledReason={assemblee.is_pv_available ? null : t('coproprietaire.pvIndisponible')}
              />
              <DisabledReason reason={feuilleReason}>
                {feuilleReason === null ? (
                  <Button asChild variant="outline">
                    <a href={feuille} target="_blank" rel="noreferrer" data-testid="feuille-presence-signee">
                      <ExternalLink aria-hidden="true" />
                      {t('coproprietaire.feuillePresence')}
                    </a>
                  </Button>
                ) : (
                  <Button variant="outline" disabled data-testid="feuille-presence-signee">
                    <ExternalLink aria-hidden="true" />
                    {t('coproprietaire.feuillePresence')}
                  </Button>
                )}
              </DisabledReason>
            </div>
            {!assemblee.is_pv_available && (
              <p className="text-sm text-muted-foreground" data-testid="pv-indisponible">
                {t('coproprietaire.pvIndisponible')}
              </p>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
