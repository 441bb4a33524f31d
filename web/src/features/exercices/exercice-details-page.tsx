import { CircleCheck, FileArchive, FileDown, FileSpreadsheet, Info, Loader2, Lock, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { DocumentThumbnails } from '@/components/document-thumbnails';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/page-parts';
import { LockedLink } from '@/components/record-actions';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { DisabledReason } from '@/components/ui/tooltip';
import { useIsFinance } from '@/lib/auth/use-change-lock';
import { ltrText } from '@/lib/bidi';
import { formatDate } from '@/lib/dates';
import { useIdParam } from '@/lib/use-id-param';
import type { Exercice } from './exercices-api';
import { StatusBadge, useExercice, useExerciceTitre } from './parts';
import { exerciceCloturePath, exercicesListPath, type ExercicesSpace } from './paths';
import { useExerciceDownloads, type ExerciceFile } from './use-exercice-downloads';
import { RequiresVisibilite } from '@/components/visibilite-refusee';

/** /syndic/exercices-budgets/exercices/details/{exerciceId} (spec 2 §2, spec 3 §2.12). */
export function ExerciceDetailsPage() {
  return <ExerciceDetails space="syndic" />;
}

/** /coproprietaire/rapports-financiers/details/{exerciceId} (spec 3 §2.11 "Financial reports"). */
export function RapportFinancierDetailsPage() {
  return (
    <RequiresVisibilite feature="see.rapports_financiers">
      <ExerciceDetails space="coproprietaire" />
    </RequiresVisibilite>
  );
}

/**
 * A fiscal year's details: "Détails {titre}" with a back link, the close button (syndic), and three
 * sections: the simplified treasury table (PDF, Excel), the detailed financial reports (zip) and
 * the documents uploaded at closing. A year that does not exist (or is kept outside Daftar) sends
 * back to the list (spec 3 §8: "Details pages redirect to their list when data is missing").
 */
function ExerciceDetails({ space }: { space: ExercicesSpace }) {
  const { t } = useTranslation(['exercices', 'common']);
  const id = useIdParam('exerciceId');
  const { exercice, missing, isLoading, isError, refetch } = useExercice(id);
  const listPath = exercicesListPath(space);
  const back = <BackLink to={listPath}>{t(`exercices:details.back.${space}`)}</BackLink>;

  if (id === null || missing) return <Navigate to={listPath} replace />;
  if (isLoading)
    return (
      <div className="grid gap-6" data-testid="exercice-loading">
        {back}
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  if (isError || !exercice)
    return (
      <div className="grid gap-6">
        {back}
        <Alert variant="destructive">
          <span className="grid gap-2">
            <span>{t('exercices:list.loadError')}</span>
            <Button variant="outline" size="sm" className="justify-self-start" onClick={refetch}>
              <RotateCw aria-hidden="true" />
              {t('common:actions.retry')}
            </Button>
          </span>
        </Alert>
      </div>
    );
  return <ExerciceDetailsContent space={space} exercice={exercice} back={back} />;
}

function ExerciceDetailsContent({
  space,
  exercice,
  back,
}: {
  space: ExercicesSpace;
  exercice: Exercice;
  back: ReactNode;
}) {
  const { t } = useTranslation('exercices');
  const titreOf = useExerciceTitre();
  const { download, pending } = useExerciceDownloads(space, exercice.id);

  function downloadButton(file: ExerciceFile, icon: ReactNode, label: string) {
    return (
      <Button
        variant="outline"
        disabled={pending !== null}
        onClick={() => void download(file)}
        aria-busy={pending === file}
        data-testid={`telecharger-${file}`}
      >
        {pending === file ? <Loader2 aria-hidden="true" className="animate-spin" /> : icon}
        {label}
      </Button>
    );
  }

  return (
    <div className="grid gap-6">
      <PageHeader
        title={
          <span className="inline-flex flex-wrap items-center gap-3">
            {t('details.title', { titre: titreOf(exercice) })}
            <StatusBadge status={exercice.status} />
          </span>
        }
        description={
          exercice.is_closed && exercice.cloture_le
            ? t('details.clotureLe', { date: ltrText(formatDate(exercice.cloture_le)) })
            : undefined
        }
        actions={space === 'syndic' ? <CloseButton exercice={exercice} /> : undefined}
      >
        {back}
      </PageHeader>
      {!exercice.is_closed && (
        <Alert data-testid="exercice-provisoire">
          <Info aria-hidden="true" />
          <span>{t('details.provisoire')}</span>
        </Alert>
      )}
      <Card>
        <CardHeader>
          <CardTitle>{t('details.tresorerie.title')}</CardTitle>
          <CardDescription>{t('details.tresorerie.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          {downloadButton('pdf', <FileDown aria-hidden="true" />, t('details.tresorerie.pdf'))}
          {downloadButton('excel', <FileSpreadsheet aria-hidden="true" />, t('details.tresorerie.excel'))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('details.rapports.title')}</CardTitle>
          <CardDescription>{t('details.rapports.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          {downloadButton('zip', <FileArchive aria-hidden="true" />, t('details.rapports.zip'))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('details.documents.title')}</CardTitle>
          <CardDescription>{t('details.documents.description')}</CardDescription>
        </CardHeader>
        <CardContent data-testid="exercice-documents">
          <DocumentThumbnails documents={exercice.docs} emptyText={t('details.documents.empty')} />
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * The close button (spec 2 §2, spec 3 §2.12): "Clôturer l'exercice" for the treasurer, leading to
 * the closing screen; "Déjà Clôturé", disabled, once closed; disabled with the reason when the year
 * cannot be closed yet (not ended, the previous year still open); for other members a disabled
 * "Clôturer" saying only the treasurer may.
 */
function CloseButton({ exercice }: { exercice: Exercice }) {
  const { t } = useTranslation(['exercices', 'common']);
  const isFinance = useIsFinance();
  if (exercice.is_closed)
    return (
      <DisabledReason
        reason={
          exercice.cloture_le
            ? t('exercices:details.clotureLe', { date: ltrText(formatDate(exercice.cloture_le)) })
            : null
        }
      >
        <Button variant="outline" disabled data-testid="exercice-cloturer">
          <CircleCheck aria-hidden="true" />
          {t('exercices:details.dejaCloture')}
        </Button>
      </DisabledReason>
    );
  if (!isFinance)
    return (
      <DisabledReason reason={t('common:permissions.onlyFinancier')}>
        <Button disabled data-testid="exercice-cloturer">
          <Lock aria-hidden="true" />
          {t('exercices:details.cloturerCourt')}
        </Button>
      </DisabledReason>
    );
  const lock = exercice.can_close
    ? null
    : t(`exercices:details.blocked.${exercice.close_blocked_reason ?? 'autre'}`, {
        defaultValue: t('exercices:details.blocked.autre'),
      });
  return (
    <LockedLink to={exerciceCloturePath(exercice.id)} lock={lock} testId="exercice-cloturer">
      <Lock aria-hidden="true" />
      {t('exercices:details.cloturer')}
    </LockedLink>
  );
}
