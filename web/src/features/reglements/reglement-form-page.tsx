import { Form, Formik, type FormikHelpers } from 'formik';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FilePickerField } from '@/components/file-picker';
import { FormActions } from '@/components/form-actions';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/page-parts';
import { FREE_TEXT } from '@/components/user-text';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { FormField, TextareaField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toaster';
import { applyReglementServerErrors, reglementsErrorText } from './reglements-errors';
import { useAjouterReglementMutation } from './reglements-api';
import { reglementsPaths } from './paths';
import { emptyReglement, reglementFormData, reglementSchema, TITRE_MAX_LENGTH, type ReglementValues } from './schemas';

const FIELDS = Object.keys(emptyReglement);

/**
 * /syndic/archive/reglements/creer (president only; spec 3 §3 "Reglement creation", §4, §5, §8): a
 * title, whether it becomes the current regulation (with the warning that the current one will no
 * longer be), a comment and one PDF of at most 1 MB. Sent as multipart; on success a toast, the
 * list is refreshed (its tag) and the president goes back to it. A refusal of fields shows under
 * them; any other shows the server's message, else "created_error".
 */
export function ReglementCreatePage() {
  const { t } = useTranslation('reglements');
  const navigate = useNavigate();
  const [creer] = useAjouterReglementMutation();

  async function submit(values: ReglementValues, helpers: FormikHelpers<ReglementValues>) {
    try {
      await creer(reglementFormData(values)).unwrap();
      toast.success(t('form.created'), { description: values.titre.trim() });
      await navigate(reglementsPaths.reglements);
    } catch (error) {
      if (applyReglementServerErrors(error, helpers.setErrors, FIELDS)) return;
      toast.error(reglementsErrorText(error, 'reglements:errors.created_error'));
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={t('form.title')} description={t('form.subtitle')}>
        <BackLink to={reglementsPaths.reglements}>{t('form.back')}</BackLink>
      </PageHeader>
      <Card>
        <CardContent className="p-4 sm:p-6">
          <Formik initialValues={emptyReglement} validationSchema={reglementSchema} onSubmit={submit}>
            {(formik) => (
              <Form noValidate className="grid gap-5" aria-label={t('form.submit')}>
                <FormField
                  name="titre"
                  label={t('form.titre')}
                  placeholder={t('form.titrePlaceholder')}
                  maxLength={TITRE_MAX_LENGTH}
                  required
                  {...FREE_TEXT}
                />
                <CheckboxField name="is_current" label={t('form.isCurrent')} description={t('form.isCurrentHint')} />
                {formik.values.is_current && (
                  <Alert role="status" data-testid="reglement-actuel-avertissement">
                    <TriangleAlert aria-hidden="true" />
                    <span>{t('form.isCurrentWarning')}</span>
                  </Alert>
                )}
                <TextareaField name="commentaire" label={t('form.commentaire')} rows={4} />
                <FilePickerField name="doc" label={t('form.doc')} pdfOnly />
                <FormActions
                  cancelTo={reglementsPaths.reglements}
                  submitLabel={t('form.submit')}
                  submitting={formik.isSubmitting}
                />
              </Form>
            )}
          </Formik>
        </CardContent>
      </Card>
    </div>
  );
}
