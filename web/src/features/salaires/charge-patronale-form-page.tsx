import { Form, Formik, type FormikHelpers } from 'formik';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { FormActions } from '@/components/form-actions';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/page-parts';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { DateField } from '@/components/ui/date-field';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { FREE_TEXT } from '@/components/user-text';
import { startOfLastYear, todayIso } from '@/lib/dates';
import { currencyUnit } from '@/lib/money';
import { translateMessage } from '@/lib/translate-message';
import { useIdParam } from '@/lib/use-id-param';
import { LTR_INPUT, useMethodeLabel, usePaiementLock } from './parts';
import { salairesPaths } from './paths';
import {
  useCreerChargePatronaleMutation,
  useGetChargesPatronalesQuery,
  useModifierChargePatronaleMutation,
  type ChargePatronaleRequest,
} from './salaires-api';
import { applySalairesServerErrors, salairesErrorKey } from './salaires-errors';
import {
  chargePatronaleSchema,
  chargePatronaleValues,
  emptyChargePatronale,
  METHODES_CHARGE_PATRONALE,
  montantNumber,
  optionalText,
  type ChargePatronaleValues,
} from './schemas';

const FIELDS = Object.keys(emptyChargePatronale);

function chargePatronaleRequest(values: ChargePatronaleValues): ChargePatronaleRequest {
  return {
    titre: values.titre.trim(),
    montant: montantNumber(values.montant),
    date_paiement: values.date_paiement,
    methode_paiement: values.methode_paiement as ChargePatronaleRequest['methode_paiement'],
    reference_piece_justificative: optionalText(values.reference_piece_justificative),
    commentaire: optionalText(values.commentaire),
  };
}

/** An employer-charge payment's fields (spec 2 §5 "Employer-charge payment"). */
function ChargePatronaleFields() {
  const { t, i18n } = useTranslation('salaires');
  const methodeLabel = useMethodeLabel();
  const today = todayIso();
  return (
    <>
      <FormField
        name="titre"
        label={t('chargesPatronales.form.titre')}
        placeholder={t('chargesPatronales.form.titrePlaceholder')}
        required
        autoComplete="off"
        {...FREE_TEXT}
      />
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField
          name="montant"
          label={`${t('chargesPatronales.form.montant')} (${currencyUnit(i18n.language)})`}
          description={t('chargesPatronales.form.montantHint')}
          inputMode="decimal"
          autoComplete="off"
          required
          {...LTR_INPUT}
        />
        <DateField
          name="date_paiement"
          label={t('chargesPatronales.form.datePaiement')}
          min={startOfLastYear(today)}
          max={today}
          required
        />
        <SelectField
          name="methode_paiement"
          label={t('chargesPatronales.form.methode')}
          placeholder={t('paiement.methodePlaceholder')}
          options={METHODES_CHARGE_PATRONALE.map((value) => ({ value, label: methodeLabel(value) }))}
        />
        <FormField
          name="reference_piece_justificative"
          label={t('chargesPatronales.form.reference')}
          autoComplete="off"
          {...FREE_TEXT}
        />
      </div>
      <FormField name="commentaire" label={t('chargesPatronales.form.commentaire')} autoComplete="off" {...FREE_TEXT} />
    </>
  );
}

function Shell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('salaires');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={title} description={t('chargesPatronales.form.subtitle')}>
        <BackLink to={salairesPaths.chargesPatronales}>{t('chargesPatronales.back')}</BackLink>
      </PageHeader>
      <Card>
        <CardContent className="p-4 sm:p-6">{children}</CardContent>
      </Card>
    </div>
  );
}

function useSaveFailure() {
  const { t } = useTranslation('salaires');
  return (error: unknown, helpers: FormikHelpers<ChargePatronaleValues>) => {
    if (applySalairesServerErrors(error, helpers.setErrors, FIELDS)) return;
    toast.error(t('chargesPatronales.form.saveFailed'), { description: translateMessage(salairesErrorKey(error)) });
  };
}

/** /syndic/salaires/charges-patronales/creer (treasurer only): today by default; then the list. */
export function ChargePatronaleCreatePage() {
  const { t } = useTranslation('salaires');
  const navigate = useNavigate();
  const [create] = useCreerChargePatronaleMutation();
  const saveFailed = useSaveFailure();

  async function submit(values: ChargePatronaleValues, helpers: FormikHelpers<ChargePatronaleValues>) {
    try {
      await create(chargePatronaleRequest(values)).unwrap();
      toast.success(t('chargesPatronales.form.created'), { description: values.titre.trim() });
      await navigate(salairesPaths.chargesPatronales);
    } catch (error) {
      saveFailed(error, helpers);
    }
  }

  return (
    <Shell title={t('chargesPatronales.form.createTitle')}>
      <Formik
        initialValues={{ ...emptyChargePatronale, date_paiement: todayIso(), methode_paiement: 'virement' }}
        validationSchema={chargePatronaleSchema}
        onSubmit={submit}
      >
        {(formik) => (
          <Form noValidate className="grid gap-5" aria-label={t('chargesPatronales.form.submitCreate')}>
            <ChargePatronaleFields />
            <FormActions
              cancelTo={salairesPaths.chargesPatronales}
              submitLabel={t('chargesPatronales.form.submitCreate')}
              submitting={formik.isSubmitting}
            />
          </Form>
        )}
      </Formik>
    </Shell>
  );
}

/**
 * /syndic/salaires/charges-patronales/modifier/{paiementId} (treasurer only): the payment found
 * in the list; an unknown one goes back to the list, as does a success.
 */
export function ChargePatronaleEditPage() {
  const { t } = useTranslation('salaires');
  const navigate = useNavigate();
  const paiementLock = usePaiementLock();
  const id = useIdParam('paiementId');
  const { data, isError, error } = useGetChargesPatronalesQuery();
  const [update] = useModifierChargePatronaleMutation();
  const saveFailed = useSaveFailure();
  const paiement = data?.paiements.find((candidate) => candidate.id === id);
  const [initialValues, setInitialValues] = useState<ChargePatronaleValues | null>(null);
  if (paiement && initialValues === null) setInitialValues(chargePatronaleValues(paiement));

  const missing = isError || (data !== undefined && paiement === undefined && initialValues === null);
  useEffect(() => {
    if (!missing) return;
    const key = isError ? salairesErrorKey(error, 'salaires:detail.loadFailed') : 'salaires:errors.paiement_inconnu';
    toast.error(translateMessage(key), { id: 'charge-patronale-not-found' });
    void navigate(salairesPaths.chargesPatronales, { replace: true });
  }, [missing, isError, error, navigate]);

  if (id === null) return <Navigate to={salairesPaths.chargesPatronales} replace />;

  async function submit(values: ChargePatronaleValues, helpers: FormikHelpers<ChargePatronaleValues>) {
    if (id === null) return;
    try {
      await update({ ...chargePatronaleRequest(values), id }).unwrap();
      toast.success(t('chargesPatronales.form.updated'), { description: values.titre.trim() });
      await navigate(salairesPaths.chargesPatronales);
    } catch (failure) {
      saveFailed(failure, helpers);
    }
  }

  const lock = paiement ? paiementLock(paiement) : null;
  return (
    <Shell title={t('chargesPatronales.form.editTitle')}>
      {initialValues === null ? (
        <div className="grid gap-4" data-testid="charge-patronale-edit-loading">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-10 w-full" />
          ))}
        </div>
      ) : (
        <Formik initialValues={initialValues} validationSchema={chargePatronaleSchema} onSubmit={submit}>
          {(formik) => (
            <Form noValidate className="grid gap-5" aria-label={t('chargesPatronales.form.submitEdit')}>
              <ChargePatronaleFields />
              {lock && <Alert>{lock}</Alert>}
              <FormActions
                cancelTo={salairesPaths.chargesPatronales}
                submitLabel={t('chargesPatronales.form.submitEdit')}
                submitting={formik.isSubmitting}
                disabled={lock !== null}
              />
            </Form>
          )}
        </Formik>
      )}
    </Shell>
  );
}
