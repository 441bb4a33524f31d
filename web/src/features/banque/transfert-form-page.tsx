import { Form, Formik, useFormikContext, type FormikHelpers } from 'formik';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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
import { translateMessage } from '@/lib/translate-message';
import { currencyUnit } from '@/lib/money';
import { useIdParam } from '@/lib/use-id-param';
import {
  useCreateTransfertMutation,
  useGetTransfertsQuery,
  useModifierTransfertMutation,
  type CompteChoix,
  type Transfert,
  type TransfertRequest,
} from './banque-api';
import { applyBanqueServerErrors, banqueErrorKey } from './banque-errors';
import { banquePaths } from './paths';
import {
  emptyTransfert,
  montantRequest,
  montantText,
  optionalText,
  transfertSchema,
  type TransfertFormValues,
} from './schemas';

const TRANSFERT_FIELDS = [
  'compte_source',
  'compte_destination',
  'montant',
  'date',
  'reference',
  'commentaire',
] as const;

function transfertRequestOf(values: TransfertFormValues): TransfertRequest {
  return {
    compte_source: Number(values.compte_source),
    compte_destination: Number(values.compte_destination),
    montant: montantRequest(values.montant),
    date: values.date,
    reference: optionalText(values.reference),
    commentaire: optionalText(values.commentaire),
  };
}

function valuesOf(transfert: Transfert): TransfertFormValues {
  return {
    compte_source: String(transfert.compte_source.id),
    compte_destination: String(transfert.compte_destination.id),
    montant: montantText(transfert.montant),
    date: transfert.date,
    reference: transfert.reference ?? '',
    commentaire: transfert.commentaire ?? '',
  };
}

/**
 * The transfer's fields (spec 2 §2, §5 "Transfer"): the source choices leave out the chosen
 * destination and the destination choices the chosen source.
 */
function TransfertFields({ comptes }: { comptes: readonly CompteChoix[] }) {
  const { t, i18n } = useTranslation('banque');
  const { values } = useFormikContext<TransfertFormValues>();
  const option = (compte: CompteChoix) => ({
    value: String(compte.id),
    label: compte.is_main ? `${compte.libelle} (${t('principal')})` : compte.libelle,
  });
  const sources = comptes.filter((compte) => String(compte.id) !== values.compte_destination).map(option);
  const destinations = comptes.filter((compte) => String(compte.id) !== values.compte_source).map(option);
  return (
    <>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <SelectField
          name="compte_source"
          label={t('transferts.form.source')}
          options={sources}
          placeholder={t('transferts.form.comptePlaceholder')}
          required
        />
        <SelectField
          name="compte_destination"
          label={t('transferts.form.destination')}
          options={destinations}
          placeholder={t('transferts.form.comptePlaceholder')}
          required
        />
        <FormField
          name="montant"
          label={t('transferts.form.montant') + ` (${currencyUnit(i18n.language)})`}
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          required
        />
        <DateField name="date" label={t('transferts.form.date')} required />
      </div>
      <FormField name="reference" label={t('transferts.form.reference')} />
      <FormField name="commentaire" label={t('transferts.form.commentaire')} />
    </>
  );
}

function Shell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('banque');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={title}>
        <BackLink to={banquePaths.transferts}>{t('transferts.form.back')}</BackLink>
      </PageHeader>
      <Card>
        <CardContent className="p-4 sm:p-6">{children}</CardContent>
      </Card>
    </div>
  );
}

function FormSkeleton() {
  return (
    <div className="grid gap-4" data-testid="transfert-form-loading">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}

function useSaveFailure() {
  const { t } = useTranslation('banque');
  return (error: unknown, helpers: FormikHelpers<TransfertFormValues>) => {
    if (applyBanqueServerErrors(error, helpers.setErrors, TRANSFERT_FIELDS)) return;
    toast.error(t('errors.saveFailed'), { description: translateMessage(banqueErrorKey(error)) });
  };
}

/** /syndic/banque/transferts-intercomptes/creer (treasurer only). */
export function TransfertCreatePage() {
  const { t } = useTranslation('banque');
  const navigate = useNavigate();
  const { data } = useGetTransfertsQuery();
  const [createTransfert] = useCreateTransfertMutation();
  const saveFailed = useSaveFailure();

  async function submit(values: TransfertFormValues, helpers: FormikHelpers<TransfertFormValues>) {
    try {
      await createTransfert({ transfertRequest: transfertRequestOf(values) }).unwrap();
      toast.success(t('transferts.form.created'));
      await navigate(banquePaths.transferts);
    } catch (error) {
      saveFailed(error, helpers);
    }
  }

  return (
    <Shell title={t('transferts.form.createTitle')}>
      {!data ? (
        <FormSkeleton />
      ) : (
        <Formik initialValues={emptyTransfert} validationSchema={transfertSchema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate className="grid gap-5" aria-label={t('transferts.form.createTitle')}>
              <TransfertFields comptes={data.comptes_bancaires} />
              <FormActions
                cancelTo={banquePaths.transferts}
                submitLabel={t('transferts.form.submitCreate')}
                submitting={isSubmitting}
              />
            </Form>
          )}
        </Formik>
      )}
    </Shell>
  );
}

/**
 * /syndic/banque/transferts-intercomptes/modifier/{transfertId} (treasurer only). After a
 * successful edit the user returns to the list (spec 2 §2); a transfer not among the loaded ones
 * sends back to it; one of a closed year is shown read-only with the reason.
 */
export function TransfertEditPage() {
  const { t } = useTranslation('banque');
  const navigate = useNavigate();
  const id = useIdParam('transfertId');
  const { data, isError } = useGetTransfertsQuery();
  const [updateTransfert] = useModifierTransfertMutation();
  const saveFailed = useSaveFailure();
  const transfert = data?.transferts.find((candidate) => candidate.id === id);
  const missing = id === null || isError || (data !== undefined && transfert === undefined);
  const initialValues = useMemo(() => (transfert ? valuesOf(transfert) : null), [transfert]);

  useEffect(() => {
    if (!missing) return;
    toast.error(t('transferts.form.notFound'), { id: 'transfert-not-found' });
    void navigate(banquePaths.transferts, { replace: true });
  }, [missing, navigate, t]);

  async function submit(values: TransfertFormValues, helpers: FormikHelpers<TransfertFormValues>) {
    if (!transfert) return;
    try {
      await updateTransfert({ modifierTransfertRequest: { ...transfertRequestOf(values), id: transfert.id } }).unwrap();
      toast.success(t('transferts.form.updated'));
      await navigate(banquePaths.transferts);
    } catch (error) {
      saveFailed(error, helpers);
    }
  }

  return (
    <Shell title={t('transferts.form.editTitle')}>
      {!initialValues || !transfert || !data ? (
        <FormSkeleton />
      ) : (
        <Formik initialValues={initialValues} validationSchema={transfertSchema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate className="grid gap-5" aria-label={t('transferts.form.editTitle')}>
              {transfert.is_closed && (
                <Alert variant="destructive" data-testid="transfert-closed">
                  <TriangleAlert aria-hidden="true" />
                  <span>{t('transferts.form.closed')}</span>
                </Alert>
              )}
              <fieldset disabled={transfert.is_closed} className="grid min-w-0 gap-5 disabled:opacity-70">
                <TransfertFields comptes={data.comptes_bancaires} />
              </fieldset>
              <FormActions
                cancelTo={banquePaths.transferts}
                submitLabel={t('transferts.form.submitEdit')}
                submitting={isSubmitting}
                disabled={transfert.is_closed}
              />
            </Form>
          )}
        </Formik>
      )}
    </Shell>
  );
}
