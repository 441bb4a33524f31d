import { Form, Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import {
  useGetHistoriqueQuery,
  useUpdateOccupationMutation,
  type OccupationLine,
  type Sexe,
  type TypeOccupation,
} from '@/api/generated';
import { FormActions } from '@/components/form-actions';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { applyServerErrors } from '@/lib/form-errors';
import { emptyToNull } from '@/lib/phone';
import { translateMessage } from '@/lib/translate-message';
import { useIdParam } from '@/lib/use-id-param';
import { applyFieldCode, occupationErrorKey } from './occupation-errors';
import { OccupationFields } from './occupation-fields';
import { occupationEditSchema, type OccupationEditValues } from './occupation-schema';
import { BackToHistorique, BackToProprietes, HistoriqueNotFound } from './page-parts';
import { historiquePath } from './paths';

const FIELDS: readonly (keyof OccupationEditValues)[] = [
  'occupant_nom',
  'occupant_tel',
  'occupant_email',
  'occupant_sexe',
  'type_occupation',
  'date_debut',
  'date_fin',
  'is_payer',
];

function valuesOf(line: OccupationLine): OccupationEditValues {
  return {
    occupant_nom: line.nom,
    occupant_tel: line.tel ?? '',
    occupant_email: line.email ?? '',
    occupant_sexe: line.sexe,
    type_occupation: line.type_occupation,
    date_debut: line.date_debut,
    date_fin: line.date_fin ?? '',
    is_payer: line.is_payer,
  };
}

/**
 * .../historique/{proprieteId}/modifier/{occupationId} (president only). The occupation is looked
 * up in the property's loaded history (spec 2 §2); an id that is not there goes back to it.
 */
export function OccupationEditPage() {
  const { t } = useTranslation(['proprietes', 'common']);
  const navigate = useNavigate();
  const proprieteId = useIdParam('proprieteId');
  const occupationId = Number(useParams().occupationId);
  const historique = useGetHistoriqueQuery({ id: proprieteId ?? 0 }, { skip: proprieteId === null });
  const [updateOccupation] = useUpdateOccupationMutation();

  if (proprieteId === null || apiErrorCode(historique.error) === 'not_found') {
    return (
      <div className="grid gap-6">
        <PageHeader title={t('proprietes:form.editTitle')}>
          <BackToProprietes />
        </PageHeader>
        <HistoriqueNotFound />
      </div>
    );
  }

  const nom = historique.data?.data.proprieteNom;
  const line = historique.data?.data.occupants.find((o) => o.occupation_id === occupationId);
  // Loaded and not there: a stale link or an occupation deleted meanwhile.
  if (historique.data && !line) return <Navigate to={historiquePath(proprieteId)} replace />;

  async function submit(values: OccupationEditValues, helpers: FormikHelpers<OccupationEditValues>) {
    if (proprieteId === null || !line) return;
    try {
      await updateOccupation({
        updateOccupationRequest: {
          occupant_nom: values.occupant_nom.trim(),
          occupant_tel: emptyToNull(values.occupant_tel),
          occupant_email: emptyToNull(values.occupant_email),
          occupant_sexe: values.occupant_sexe as Sexe,
          type_occupation: values.type_occupation as TypeOccupation,
          date_debut: values.date_debut,
          date_fin: values.date_fin === '' ? null : values.date_fin,
          occupation_id: line.occupation_id,
          occupant_id: line.id,
          is_payer: values.is_payer,
        },
      }).unwrap();
      toast.success(t('proprietes:form.updated'));
      await navigate(historiquePath(proprieteId));
    } catch (error) {
      const code = apiErrorCode(error);
      if (code === 'validation_failed' && applyServerErrors(error, helpers.setErrors, FIELDS)) return;
      const fields = { nom: 'occupant_nom', tel: 'occupant_tel', email: 'occupant_email', date_fin: 'date_fin' };
      if (applyFieldCode(code, helpers.setFieldError, fields)) return;
      toast.error(translateMessage(occupationErrorKey(error, 'proprietes:errors.updateFailed')));
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <PageHeader
        title={t('proprietes:form.editTitle')}
        description={nom ? t('proprietes:form.propriete', { nom }) : undefined}
      >
        <BackToHistorique proprieteId={proprieteId} nom={nom} />
      </PageHeader>
      <Card>
        <CardContent className="p-6">
          {!line ? (
            historique.isError ? (
              <p className="text-sm font-medium text-destructive">{t('common:table.error')}</p>
            ) : (
              <div className="grid gap-4" data-testid="occupation-edit-loading">
                {Array.from({ length: 5 }, (_, index) => (
                  <Skeleton key={index} className="h-10 w-full" />
                ))}
              </div>
            )
          ) : (
            <Formik initialValues={valuesOf(line)} validationSchema={occupationEditSchema} onSubmit={submit}>
              {({ isSubmitting }) => (
                <Form noValidate className="grid gap-5" aria-label={t('proprietes:form.editTitle')}>
                  <fieldset className="grid gap-5">
                    <legend className="sr-only">{t('proprietes:form.occupantSection')}</legend>
                    <div className="grid gap-1">
                      <p className="text-sm font-semibold">{t('proprietes:form.occupantSection')}</p>
                      <p className="text-xs text-muted-foreground">{t('proprietes:form.occupantSharedHint')}</p>
                    </div>
                    <FormField name="occupant_nom" label={t('proprietes:form.occupantNom')} autoComplete="off" />
                    <div className="grid items-start gap-5 sm:grid-cols-2">
                      <FormField
                        name="occupant_tel"
                        label={t('proprietes:form.occupantTel')}
                        description={t('proprietes:form.telHint')}
                        inputMode="numeric"
                        autoComplete="off"
                        dir="ltr"
                        className="[&_input]:rtl:text-end"
                      />
                      <SelectField
                        name="occupant_sexe"
                        label={t('proprietes:form.occupantSexe')}
                        placeholder={t('proprietes:form.sexePlaceholder')}
                        options={[
                          { value: 'homme', label: t('proprietes:sexe.homme') },
                          { value: 'femme', label: t('proprietes:sexe.femme') },
                        ]}
                      />
                    </div>
                    <FormField
                      name="occupant_email"
                      type="email"
                      label={t('proprietes:form.occupantEmail')}
                      autoComplete="off"
                      dir="ltr"
                      className="[&_input]:rtl:text-end"
                    />
                  </fieldset>
                  <fieldset className="grid gap-5 border-t pt-5">
                    <legend className="sr-only">{t('proprietes:form.occupationSection')}</legend>
                    <p className="text-sm font-semibold">{t('proprietes:form.occupationSection')}</p>
                    <OccupationFields />
                  </fieldset>
                  <FormActions
                    cancelTo={historiquePath(proprieteId)}
                    submitLabel={t('proprietes:form.submitEdit')}
                    submitting={isSubmitting}
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
