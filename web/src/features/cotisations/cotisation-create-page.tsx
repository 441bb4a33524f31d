import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import { useCreateCotisationMutation, useGetCotisationAppartementsQuery } from '@/api/generated';
import { FormActions } from '@/components/form-actions';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/page-parts';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/components/ui/toaster';
import { applyServerErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/translate-message';
import { COTISATION_FIELDS, CotisationFields, FillPersonalisation, cotisationRequestOf } from './cotisation-form';
import { cotisationGererPath, cotisationsPaths } from './paths';
import { revenusErrorKey } from './revenus-errors';
import { cotisationSchema, emptyCotisation, type CotisationFormValues } from './schemas';

/** /syndic/revenus/cotisations/creer (treasurer only): launches a cotisation (spec 1 §2, §5). */
export function CotisationCreatePage() {
  const { t } = useTranslation(['cotisations', 'common']);
  const navigate = useNavigate();
  const appartements = useGetCotisationAppartementsQuery();
  const [createCotisation] = useCreateCotisationMutation();
  const schema = useMemo(() => cotisationSchema(), []);

  async function submit(values: CotisationFormValues, helpers: FormikHelpers<CotisationFormValues>) {
    try {
      const { cotisation } = await createCotisation({ cotisationRequest: cotisationRequestOf(values) }).unwrap();
      toast.success(t('cotisations:form.created'), { description: cotisation.titre });
      await navigate(cotisationGererPath(cotisation.id));
    } catch (error) {
      if (apiErrorCode(error) === 'validation_failed' && applyServerErrors(error, helpers.setErrors, COTISATION_FIELDS))
        return;
      toast.error(t('cotisations:errors.createFailed'), {
        description: translateMessage(revenusErrorKey(error, 'errors:general_error')),
      });
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={t('cotisations:form.createTitle')} description={t('cotisations:form.createSubtitle')}>
        <BackLink to={cotisationsPaths.cotisations}>{t('cotisations:details.back')}</BackLink>
      </PageHeader>
      <Card>
        <CardContent className="p-6">
          <Formik initialValues={emptyCotisation} validationSchema={schema} onSubmit={submit}>
            {({ isSubmitting }) => (
              <Form noValidate className="grid gap-5" aria-label={t('cotisations:form.createTitle')}>
                <FillPersonalisation appartements={appartements.data?.data} />
                <CotisationFields
                  appartementsLoading={appartements.isLoading}
                  appartementsFailed={appartements.isError}
                />
                <FormActions
                  cancelTo={cotisationsPaths.cotisations}
                  submitLabel={t('cotisations:form.submitCreate')}
                  submitting={isSubmitting}
                />
              </Form>
            )}
          </Formik>
        </CardContent>
      </Card>
    </div>
  );
}
