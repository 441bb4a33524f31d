import { Form, Formik, type FormikHelpers } from 'formik';
import { Info, Loader2, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { DateField } from '@/components/ui/date-field';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/toaster';
import { DisabledReason, Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { applyServerErrors } from '@/lib/form-errors';
import { useIdParam } from '@/lib/use-id-param';
import { failureToast } from './assemblees-errors';
import { useEtape2AssembleeQuery, useModifierDateMethodeMutation, type MethodeConvocation } from './assemblees-api';
import { ConvocationButtons, DocumentButton, EtapeFrame, EtapeLoading, NextEtapeLink, useEtapeLock } from './parts';
import { etapePath } from './paths';
import { convocationSchema, type ConvocationValues } from './schemas';

/**
 * /syndic/assemblees/{id}/etapes/2 (spec 3 §2.5 "Step 2"): the convocation and the draft minutes
 * to download, then how and when the co-owners were convened. The warning says what saving does
 * (the meeting shows to the co-owners, who are notified; the date locks the agenda, the deletion
 * and the preparation); the tooltip cites the legal rule. Next needs a convocation date.
 */
export function Etape2Page() {
  const { t } = useTranslation(['assemblees', 'common']);
  const id = useIdParam('assembleeId') ?? 0;
  const { data, isError, refetch } = useEtape2AssembleeQuery(id);
  const assemblee = data?.info;
  const lock = useEtapeLock(assemblee, 2);
  const [modifier] = useModifierDateMethodeMutation();

  async function save(values: ConvocationValues, helpers: FormikHelpers<ConvocationValues>) {
    try {
      await modifier({
        id,
        methode_convocation: values.methode_convocation as MethodeConvocation,
        date_convocation: values.date_convocation,
      }).unwrap();
      toast.success(t('assemblees:toast.updated'));
    } catch (error) {
      if (applyServerErrors(error, helpers.setErrors, ['methode_convocation', 'date_convocation'])) return;
      toast.error(...failureToast('assemblees:toast.update_error', error));
    }
  }

  if (!assemblee)
    return (
      <EtapeFrame assembleeId={id} title={t('assemblees:etapes.noms.2')}>
        <EtapeLoading isError={isError} onRetry={() => void refetch()} />
      </EtapeFrame>
    );

  const initial: ConvocationValues = {
    methode_convocation: assemblee.methode_convocation ?? '',
    date_convocation: assemblee.date_convocation ?? '',
  };

  return (
    <EtapeFrame assembleeId={id} title={t('assemblees:etapes.noms.2')} titre={assemblee.titre} lock={lock}>
      <Card>
        <CardContent className="flex flex-wrap gap-2 p-4 sm:p-6">
          <ConvocationButtons assembleeId={id} />
          <DocumentButton assembleeId={id} document="pvMinute" label={t('assemblees:documents.pvMinute')} />
        </CardContent>
      </Card>
      <Card>
        <CardContent className="grid gap-4 p-4 sm:p-6">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            {t('assemblees:etape2.convocation')}
            <Tooltip>
              <TooltipTrigger asChild>
                <button
                  type="button"
                  className="rounded-full text-muted-foreground hover:text-foreground"
                  aria-label={t('assemblees:etape2.regleLegale')}
                >
                  <Info aria-hidden="true" className="size-4" />
                </button>
              </TooltipTrigger>
              <TooltipContent>{t('assemblees:etape2.regleLegale')}</TooltipContent>
            </Tooltip>
          </h2>
          <Alert role="note" data-testid="convocation-avertissement">
            <TriangleAlert aria-hidden="true" />
            <span>{t('assemblees:etape2.avertissement')}</span>
          </Alert>
          <Formik initialValues={initial} validationSchema={convocationSchema} onSubmit={save} enableReinitialize>
            {({ isSubmitting, dirty }) => (
              <Form
                noValidate
                className="grid items-start gap-4 sm:grid-cols-2"
                aria-label={t('assemblees:etape2.convocation')}
              >
                <SelectField
                  name="methode_convocation"
                  label={t('assemblees:etape2.methode')}
                  placeholder={t('assemblees:etape2.methodePlaceholder')}
                  options={[
                    { value: 'en_main', label: t('assemblees:methodes.en_main') },
                    { value: 'lettre_recommendee', label: t('assemblees:methodes.lettre_recommendee') },
                  ]}
                  disabled={lock !== null}
                  required
                />
                <DateField
                  name="date_convocation"
                  label={t('assemblees:etape2.date')}
                  disabled={lock !== null}
                  required
                />
                <div className="flex justify-end sm:col-span-2">
                  <DisabledReason reason={lock}>
                    <Button
                      type="submit"
                      disabled={lock !== null || isSubmitting || (!dirty && Boolean(assemblee.date_convocation))}
                    >
                      {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
                      {t('common:actions.save')}
                    </Button>
                  </DisabledReason>
                </div>
              </Form>
            )}
          </Formik>
        </CardContent>
      </Card>
      <div className="flex justify-end">
        <NextEtapeLink
          to={etapePath(id, 3)}
          reason={assemblee.date_convocation ? null : t('assemblees:etape2.dateRequise')}
        >
          {t('assemblees:actions.suivant')}
        </NextEtapeLink>
      </div>
    </EtapeFrame>
  );
}
