import { Form, Formik, type FormikHelpers } from 'formik';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import {
  useGetCotisationModifierInfosQuery,
  useUpdateCotisationMutation,
  type CotisationModifierInfos,
} from '@/api/generated';
import { FormActions } from '@/components/form-actions';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/page-parts';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { applyServerErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/translate-message';
import { useIdParam } from '@/lib/use-id-param';
import { COTISATION_FIELDS, CotisationFields, cotisationRequestOf } from './cotisation-form';
import { cotisationGererPath, cotisationsPaths } from './paths';
import { revenusErrorKey } from './revenus-errors';
import { cotisationSchema, type CotisationFormValues } from './schemas';

/** Whole dinars as the form shows them (the server sends DT numbers). */
function wholeDinarsText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(Math.trunc(value));
}

function valuesOf(data: CotisationModifierInfos): CotisationFormValues {
  return {
    titre: data.titre,
    type: data.type,
    repartition: data.repartition,
    date_debut: data.date_debut,
    date_fin: data.date_fin,
    date_echeance: data.date_echeance,
    montant: wholeDinarsText(data.montant),
    personalisation: data.personalisation.map((line) => ({
      propriete_id: line.propriete_id,
      appartement: line.appartement,
      montant: wholeDinarsText(line.montant),
    })),
  };
}

/**
 * /syndic/revenus/cotisations/modifier/{cotisationId} (treasurer only). The split is locked
 * (spec 1 §5); when the cotisation cannot be loaded a toast says so and the list is shown again
 * (spec 1 §2, §8).
 */
export function CotisationEditPage() {
  const { t } = useTranslation(['cotisations', 'common']);
  const navigate = useNavigate();
  const id = useIdParam('cotisationId');
  const infos = useGetCotisationModifierInfosQuery(
    { id: id ?? 0 },
    { skip: id === null, refetchOnMountOrArgChange: true },
  );
  const [updateCotisation] = useUpdateCotisationMutation();
  const schema = useMemo(() => cotisationSchema(), []);
  const failed = id === null || infos.isError;

  useEffect(() => {
    if (!failed) return;
    // One toast even if the effect runs twice (StrictMode in development).
    toast.error(t('cotisations:form.loadErrorTitle'), {
      id: 'cotisation-load-error',
      description: t('cotisations:form.loadErrorDescription'),
    });
    void navigate(cotisationsPaths.cotisations, { replace: true });
  }, [failed, navigate, t]);

  const data = infos.data?.data;
  const initialValues = useMemo(() => (data ? valuesOf(data) : null), [data]);

  async function submit(values: CotisationFormValues, helpers: FormikHelpers<CotisationFormValues>) {
    if (!data) return;
    try {
      await updateCotisation({ updateCotisationRequest: { ...cotisationRequestOf(values), id: data.id } }).unwrap();
      toast.success(t('cotisations:form.updated'), { description: values.titre.trim() });
      await navigate(cotisationGererPath(data.id));
    } catch (error) {
      if (apiErrorCode(error) === 'validation_failed' && applyServerErrors(error, helpers.setErrors, COTISATION_FIELDS))
        return;
      toast.error(t('cotisations:errors.updateFailed'), {
        description: translateMessage(revenusErrorKey(error, 'errors:general_error')),
      });
    }
  }

  // A cotisation with payments, or with a due in a closed exercice, cannot be changed: the form
  // is shown read-only with the reason (the details page already disables its "Modifier").
  const blocked = data?.has_encaissements
    ? t('cotisations:errors.cotisation_avec_encaissements')
    : data?.is_closed
      ? t('cotisations:form.closedWarning')
      : null;

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={t('cotisations:form.editTitle')} description={data?.titre}>
        <BackLink to={id === null ? cotisationsPaths.cotisations : cotisationGererPath(id)}>
          {data ? t('cotisations:details.backTo', { titre: data.titre }) : t('cotisations:details.back')}
        </BackLink>
      </PageHeader>
      {blocked && (
        <Alert variant="destructive" data-testid="cotisation-edit-blocked">
          <TriangleAlert aria-hidden="true" />
          <span>{blocked}</span>
        </Alert>
      )}
      <Card>
        <CardContent className="p-6">
          {!initialValues || !data ? (
            <div className="grid gap-4" data-testid="cotisation-edit-loading">
              {Array.from({ length: 5 }, (_, index) => (
                <Skeleton key={index} className="h-10 w-full" />
              ))}
            </div>
          ) : (
            <Formik initialValues={initialValues} validationSchema={schema} onSubmit={submit}>
              {({ isSubmitting }) => (
                <Form noValidate className="grid gap-5" aria-label={t('cotisations:form.editTitle')}>
                  <fieldset
                    disabled={blocked !== null}
                    className="grid min-w-0 gap-5 disabled:opacity-70"
                    data-testid="cotisation-edit-fields"
                  >
                    <CotisationFields repartitionLocked />
                  </fieldset>
                  <FormActions
                    cancelTo={cotisationGererPath(data.id)}
                    submitLabel={t('cotisations:form.submitEdit')}
                    submitting={isSubmitting}
                    disabled={blocked !== null}
                  />
                </Form>
              )}
            </Formik>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
