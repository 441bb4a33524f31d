import { Form, Formik } from 'formik';
import { Landmark, Lock, RotateCw, TriangleAlert, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Dinars } from '@/components/dinars';
import { FilePickerField } from '@/components/file-picker';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/page-parts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { UserText } from '@/components/user-text';
import { ltrText } from '@/lib/bidi';
import { formatDate } from '@/lib/dates';
import { translateMessage } from '@/lib/translate-message';
import { useIdParam } from '@/lib/use-id-param';
import { clotureFormData, useCloturerExerciceMutation, useSoldesClotureQuery, type Exercice } from './exercices-api';
import { clotureFailure, exercicesErrorKey } from './exercices-errors';
import { useExercice, useExerciceTitre } from './parts';
import { exerciceDetailsPath, exercicesPaths } from './paths';

interface ClotureValues {
  docs: File[];
}

const INITIAL_VALUES: ClotureValues = { docs: [] };

/**
 * /syndic/exercices-budgets/exercices/cloture/{exerciceId} (spec 2 §2, spec 3 §2.12; the
 * treasurer's route group): the closing balances at 31 December, read only (the cash box, each
 * bank account, the total), optional documents, and "Clôturer", which asks for a confirmation
 * saying the closing is final. Closed, the list is refreshed and shown (spec 2 §4).
 */
export function CloturePage() {
  const { t } = useTranslation(['exercices', 'common']);
  const id = useIdParam('exerciceId');
  const { exercice, missing, isLoading, isError, refetch } = useExercice(id);

  if (id === null || missing) return <Navigate to={exercicesPaths.exercices} replace />;
  if (isLoading || isError || !exercice)
    return (
      <div className="grid gap-6">
        {isError ? (
          <Alert variant="destructive">
            <span className="grid gap-2">
              <span>{t('exercices:list.loadError')}</span>
              <Button variant="outline" size="sm" className="justify-self-start" onClick={refetch}>
                <RotateCw aria-hidden="true" />
                {t('common:actions.retry')}
              </Button>
            </span>
          </Alert>
        ) : (
          <>
            <Skeleton className="h-8 w-64" />
            <Skeleton className="h-48 w-full" />
          </>
        )}
      </div>
    );
  return <ClotureForm exercice={exercice} />;
}

function ClotureForm({ exercice }: { exercice: Exercice }) {
  const { t } = useTranslation(['exercices', 'common']);
  const navigate = useNavigate();
  const titreOf = useExerciceTitre();
  const [confirming, setConfirming] = useState(false);
  const [cloturer, { isLoading: closing }] = useCloturerExerciceMutation();
  const blocked = exercice.is_closed
    ? t('exercices:details.blocked.exercice_cloture')
    : exercice.can_close
      ? null
      : t(`exercices:details.blocked.${exercice.close_blocked_reason ?? 'autre'}`, {
          defaultValue: t('exercices:details.blocked.autre'),
        });

  async function confirm(values: ClotureValues) {
    try {
      await cloturer(clotureFormData(exercice.id, values.docs)).unwrap();
      toast.success(t('exercices:toast.closed_success'), { description: titreOf(exercice) });
      setConfirming(false);
      await navigate(exercicesPaths.exercices);
    } catch (error) {
      console.error('fiscal year closing failed', error);
      const failure = clotureFailure(error);
      toast.error(failure.title, failure.description ? { description: failure.description } : undefined);
      setConfirming(false);
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader
        title={t('exercices:cloture.title', { annee: exercice.annee })}
        description={t('exercices:cloture.subtitle')}
      >
        <BackLink to={exerciceDetailsPath('syndic', exercice.id)}>
          {t('exercices:cloture.back', { annee: exercice.annee })}
        </BackLink>
      </PageHeader>
      {blocked !== null && (
        <Alert variant="destructive" data-testid="cloture-blocked">
          <TriangleAlert aria-hidden="true" />
          <span>{blocked}</span>
        </Alert>
      )}
      <Soldes exercice={exercice} />
      <Card>
        <CardContent className="p-4 sm:p-6">
          <Formik initialValues={INITIAL_VALUES} onSubmit={() => setConfirming(true)}>
            {(formik) => (
              <>
                <Form noValidate className="grid gap-5" aria-label={t('exercices:cloture.formLabel')}>
                  <FilePickerField
                    name="docs"
                    label={t('exercices:cloture.docs')}
                    description={t('exercices:cloture.docsHint')}
                    disabled={blocked !== null || closing}
                  />
                  <div className="flex flex-wrap justify-end gap-2">
                    <Button type="submit" variant="destructive" disabled={blocked !== null || closing}>
                      <Lock aria-hidden="true" />
                      {t('exercices:cloture.submit')}
                    </Button>
                  </div>
                </Form>
                <ConfirmDialog
                  open={confirming}
                  onOpenChange={setConfirming}
                  title={t('exercices:cloture.confirm.title')}
                  description={t('exercices:cloture.confirm.description', { annee: exercice.annee })}
                  confirmLabel={t('common:actions.confirm')}
                  onConfirm={() => void confirm(formik.values)}
                  pending={closing}
                />
              </>
            )}
          </Formik>
        </CardContent>
      </Card>
    </div>
  );
}

/** The closing balances at 31 December, read only (GET /exercices/soldes-cloture?id). */
function Soldes({ exercice }: { exercice: Exercice }) {
  const { t } = useTranslation(['exercices', 'common']);
  const { data, isLoading, isError, error, refetch } = useSoldesClotureQuery(exercice.id);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {t('exercices:cloture.soldes.title', { date: ltrText(formatDate(`${exercice.annee}-12-31`)) })}
        </CardTitle>
        <CardDescription>{t('exercices:cloture.soldes.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading && (
          <div className="grid gap-2" data-testid="soldes-loading">
            <Skeleton className="h-6 w-full" />
            <Skeleton className="h-6 w-full" />
            <Skeleton className="h-6 w-full" />
          </div>
        )}
        {isError && (
          <Alert variant="destructive">
            <span className="grid gap-2">
              <span>{translateMessage(exercicesErrorKey(error, 'exercices:cloture.soldes.loadError'))}</span>
              <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void refetch()}>
                <RotateCw aria-hidden="true" />
                {t('common:actions.retry')}
              </Button>
            </span>
          </Alert>
        )}
        {data && (
          <dl className="grid divide-y rounded-md border" data-testid="soldes">
            <div className="flex items-center justify-between gap-4 px-3 py-2.5" data-testid="solde-caisse">
              <dt className="flex items-center gap-2">
                <Wallet aria-hidden="true" className="size-4 text-muted-foreground" />
                {t('exercices:cloture.soldes.caisse')}
              </dt>
              <dd>
                <Dinars value={data.cash} />
              </dd>
            </div>
            {data.banks.map((bank) => (
              <div
                key={bank.compte_id}
                className="flex items-center justify-between gap-4 px-3 py-2.5"
                data-testid="solde-banque"
              >
                <dt className="flex min-w-0 items-center gap-2">
                  <Landmark aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                  <UserText className="truncate">{bank.compte_nom}</UserText>
                </dt>
                <dd>
                  <Dinars value={bank.solde} />
                </dd>
              </div>
            ))}
            {data.banks.length === 0 && (
              <p className="px-3 py-2.5 text-sm text-muted-foreground">{t('exercices:cloture.soldes.noBank')}</p>
            )}
            <div
              className="flex items-center justify-between gap-4 bg-muted/40 px-3 py-2.5 font-semibold"
              data-testid="solde-total"
            >
              <dt>{t('exercices:cloture.soldes.total')}</dt>
              <dd>
                <Dinars value={data.total} />
              </dd>
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
