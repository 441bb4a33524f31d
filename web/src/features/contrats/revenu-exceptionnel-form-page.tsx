import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '@/components/form-actions';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/page-parts';
import { Card, CardContent } from '@/components/ui/card';
import { ComboboxField } from '@/components/ui/combobox';
import { DateField } from '@/components/ui/date-field';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/toaster';
import { FREE_TEXT } from '@/components/user-text';
import { todayIso } from '@/lib/dates';
import { currencyUnit } from '@/lib/money';
import { translateMessage } from '@/lib/translate-message';
import { useCreerRevenuExceptionnelMutation, useListeClientsQuery } from './contrats-api';
import { applyContratsServerErrors, contratsErrorKey } from './contrats-errors';
import { useMethodeLabel } from './parts';
import { contratsPaths } from './paths';
import {
  datePaiementRange,
  emptyRevenu,
  METHODES_AVEC_REFERENCE,
  METHODES_REVENU,
  montantDecimal,
  optionalText,
  revenuSchema,
  type RevenuValues,
} from './schemas';

const FIELDS = ['titre', 'montant', 'date_paiement', 'methode_paiement', 'reference_paiement', 'client', 'commentaire'];

/**
 * /syndic/revenus/revenus-exceptionnels/creer (treasurer only; spec 1 §5 "Exceptional revenue"):
 * title, amount (up to 3 decimals), date and method required; client, reference (cheque or
 * transfer only) and comment optional. The exercice guard's refusals (403 closed, 409 none) are
 * toasts; back to the list on success.
 */
export function RevenuExceptionnelCreatePage() {
  const { t, i18n } = useTranslation('contrats');
  const navigate = useNavigate();
  const methodeLabel = useMethodeLabel();
  const clients = useListeClientsQuery();
  const [create] = useCreerRevenuExceptionnelMutation();
  const today = todayIso();
  const initialValues = useMemo(() => emptyRevenu(today), [today]);
  const range = datePaiementRange(today);
  const clientOptions = useMemo(
    () => [
      { value: '', label: t('revenuForm.clientNone') },
      ...(clients.data?.clients ?? []).map((client) => ({ value: String(client.id), label: client.nom })),
    ],
    [clients.data, t],
  );

  async function submit(values: RevenuValues, helpers: FormikHelpers<RevenuValues>) {
    const reference = values.reference_paiement.trim();
    try {
      await create({
        titre: values.titre.trim(),
        montant: Number(montantDecimal(values.montant)),
        date_paiement: values.date_paiement,
        methode_paiement: values.methode_paiement,
        reference_paiement:
          METHODES_AVEC_REFERENCE.includes(values.methode_paiement) && reference !== '' ? reference : null,
        commentaire: optionalText(values.commentaire),
        client: values.client === '' ? null : Number(values.client),
      }).unwrap();
      toast.success(t('revenuForm.created'), { description: values.titre.trim() });
      await navigate(contratsPaths.revenusExceptionnels);
    } catch (error) {
      if (applyContratsServerErrors(error, helpers.setErrors, FIELDS)) return;
      toast.error(t('revenuForm.saveFailed'), { description: translateMessage(contratsErrorKey(error)) });
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={t('revenuForm.title')} description={t('revenuForm.subtitle')}>
        <BackLink to={contratsPaths.revenusExceptionnels}>{t('revenuForm.back')}</BackLink>
      </PageHeader>
      <Card>
        <CardContent className="p-4 sm:p-6">
          <Formik initialValues={initialValues} validationSchema={revenuSchema} onSubmit={submit}>
            {(formik) => (
              <Form noValidate className="grid gap-5" aria-label={t('revenuForm.title')}>
                <FormField
                  name="titre"
                  label={t('revenuForm.titre')}
                  placeholder={t('revenuForm.titrePlaceholder')}
                  required
                  {...FREE_TEXT}
                />
                <div className="grid items-start gap-5 sm:grid-cols-2">
                  <FormField
                    name="montant"
                    label={`${t('revenuForm.montant')} (${currencyUnit(i18n.language)})`}
                    description={t('form.montantHint')}
                    inputMode="decimal"
                    autoComplete="off"
                    dir="ltr"
                    className="[&_input]:rtl:text-end"
                    required
                  />
                  <DateField
                    name="date_paiement"
                    label={t('revenuForm.datePaiement')}
                    min={range.min}
                    max={range.max}
                    required
                  />
                  <SelectField
                    name="methode_paiement"
                    label={t('revenuForm.methode')}
                    options={METHODES_REVENU.map((value) => ({ value, label: methodeLabel(value) }))}
                  />
                  {METHODES_AVEC_REFERENCE.includes(formik.values.methode_paiement) ? (
                    <FormField
                      name="reference_paiement"
                      label={t('revenuForm.reference')}
                      description={t('revenuForm.referenceHint')}
                      autoComplete="off"
                      {...FREE_TEXT}
                    />
                  ) : (
                    <div className="hidden sm:block" />
                  )}
                  <ComboboxField
                    name="client"
                    label={t('revenuForm.client')}
                    placeholder={t('revenuForm.clientNone')}
                    options={clientOptions}
                  />
                </div>
                <FormField name="commentaire" label={t('revenuForm.commentaire')} {...FREE_TEXT} />
                <FormActions
                  cancelTo={contratsPaths.revenusExceptionnels}
                  submitLabel={t('revenuForm.submit')}
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
