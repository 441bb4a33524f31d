import { Form, Formik, type FormikHelpers } from 'formik';
import { Landmark, TriangleAlert } from 'lucide-react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { FormActions } from '@/components/form-actions';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/page-parts';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { DateField } from '@/components/ui/date-field';
import { FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { translateMessage } from '@/lib/translate-message';
import { currencyUnit } from '@/lib/money';
import { useIdParam } from '@/lib/use-id-param';
import {
  useCreateOperationBancaireMutation,
  useGetOperationsBancairesQuery,
  useModifierOperationBancaireMutation,
  type CompteChoix,
  type Operation,
  type OperationFields as OperationFieldsRequest,
} from './banque-api';
import { applyBanqueServerErrors, banqueErrorKey } from './banque-errors';
import { operationListPath, type OperationType } from './operation-kinds';
import { PrincipalBadge, useOperationType } from './parts';
import {
  emptyOperation,
  montantRequest,
  montantText,
  operationSchema,
  optionalDate,
  optionalText,
  type OperationFormValues,
} from './schemas';

const OPERATION_FIELDS = ['libelle', 'montant', 'date', 'date_banque', 'commentaire'] as const;

function operationRequestOf(type: OperationType, values: OperationFormValues): OperationFieldsRequest {
  return {
    libelle: values.libelle.trim(),
    type,
    montant: montantRequest(values.montant),
    date: values.date,
    date_banque: optionalDate(values.date_banque),
    commentaire: optionalText(values.commentaire),
  };
}

function valuesOf(operation: Operation): OperationFormValues {
  return {
    libelle: operation.libelle,
    montant: montantText(operation.montant),
    date: operation.date,
    date_banque: operation.date_banque ?? '',
    commentaire: operation.commentaire ?? '',
  };
}

/** The account the operation is on, shown above the fields (it does not change on edit). */
function CompteLine({ compte }: { compte: CompteChoix }) {
  const { t } = useTranslation('banque');
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm">
      <Landmark aria-hidden="true" className="size-4 text-muted-foreground" />
      <span className="text-muted-foreground">{t('operations.form.compteLine')}</span>
      <span className="font-medium" data-testid="operation-compte">
        {compte.libelle}
      </span>
      {compte.is_main && <PrincipalBadge />}
    </div>
  );
}

function OperationFields() {
  const { t, i18n } = useTranslation('banque');
  return (
    <>
      <FormField name="libelle" label={t('operations.form.libelle')} required />
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField
          name="montant"
          label={t('operations.form.montant') + ` (${currencyUnit(i18n.language)})`}
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          required
        />
        <DateField name="date" label={t('operations.form.date')} required />
        <DateField
          name="date_banque"
          label={t('operations.form.dateBanque')}
          description={t('operations.form.dateBanqueHint')}
        />
      </div>
      <FormField name="commentaire" label={t('operations.form.commentaire')} />
    </>
  );
}

function FormShell({ title, back, children }: { title: string; back: string; children: ReactNode }) {
  const type = useOperationType();
  const { t } = useTranslation('banque');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={title}>
        <BackLink to={back}>{t(`operations.${type}.back`)}</BackLink>
      </PageHeader>
      <Card>
        <CardContent className="p-4 sm:p-6">{children}</CardContent>
      </Card>
    </div>
  );
}

function FormSkeleton() {
  return (
    <div className="grid gap-4" data-testid="operation-form-loading">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}

function useSaveFailure() {
  const { t } = useTranslation('banque');
  return (error: unknown, helpers: FormikHelpers<OperationFormValues>) => {
    if (applyBanqueServerErrors(error, helpers.setErrors, OPERATION_FIELDS)) return;
    toast.error(t('errors.saveFailed'), { description: translateMessage(banqueErrorKey(error)) });
  };
}

/**
 * .../creer?compte={accountId} (treasurer only): a new operation of the screen's type on the
 * account chosen in the list. Without an account from the list, back to the list (spec 2 §2).
 */
export function OperationCreatePage() {
  const type = useOperationType();
  const { t } = useTranslation('banque');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const compteId = Number(params.get('compte'));
  const hasCompteId = Number.isInteger(compteId) && compteId > 0;
  const { data, isError } = useGetOperationsBancairesQuery({ categorie: type }, { skip: !hasCompteId });
  const [createOperation] = useCreateOperationBancaireMutation();
  const saveFailed = useSaveFailure();
  const compte = data?.comptes.find((candidate) => candidate.id === compteId);

  if (!hasCompteId || isError || (data !== undefined && compte === undefined))
    return <Navigate to={operationListPath(type)} replace />;

  async function submit(values: OperationFormValues, helpers: FormikHelpers<OperationFormValues>) {
    try {
      await createOperation({ operationRequest: { ...operationRequestOf(type, values), compte: compteId } }).unwrap();
      toast.success(t(`operations.${type}.created`), { description: values.libelle.trim() });
      await navigate(operationListPath(type, compteId));
    } catch (error) {
      saveFailed(error, helpers);
    }
  }

  return (
    <FormShell title={t(`operations.${type}.createTitle`)} back={operationListPath(type, compteId)}>
      {!compte ? (
        <FormSkeleton />
      ) : (
        <Formik initialValues={emptyOperation} validationSchema={operationSchema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate className="grid gap-5" aria-label={t(`operations.${type}.createTitle`)}>
              <CompteLine compte={compte} />
              <OperationFields />
              <FormActions
                cancelTo={operationListPath(type, compteId)}
                submitLabel={t('operations.form.submitCreate')}
                submitting={isSubmitting}
              />
            </Form>
          )}
        </Formik>
      )}
    </FormShell>
  );
}

/**
 * .../modifier/{operationId} (treasurer only). An operation not among the loaded ones sends back
 * to the list; one of a closed year is shown read-only with the reason.
 */
export function OperationEditPage() {
  const type = useOperationType();
  const { t } = useTranslation(['banque', 'common']);
  const navigate = useNavigate();
  const id = useIdParam('operationId');
  const { data, isError } = useGetOperationsBancairesQuery({ categorie: type });
  const [updateOperation] = useModifierOperationBancaireMutation();
  const saveFailed = useSaveFailure();
  const found = useMemo(() => {
    for (const candidate of data?.comptes ?? []) {
      const match = candidate.operations.find((item) => item.id === id);
      if (match) return { compte: candidate, operation: match, initialValues: valuesOf(match) };
    }
    return null;
  }, [data, id]);
  const { compte, operation, initialValues } = found ?? {};
  const missing = id === null || isError || (data !== undefined && found === null);

  useEffect(() => {
    if (!missing) return;
    toast.error(t('banque:operations.form.notFound'), { id: 'operation-not-found' });
    void navigate(operationListPath(type), { replace: true });
  }, [missing, navigate, t, type]);

  const back = operationListPath(type, compte?.id);

  async function submit(values: OperationFormValues, helpers: FormikHelpers<OperationFormValues>) {
    if (!operation) return;
    try {
      await updateOperation({
        modifierOperationRequest: { ...operationRequestOf(type, values), id: operation.id },
      }).unwrap();
      toast.success(t(`banque:operations.${type}.updated`), { description: values.libelle.trim() });
      await navigate(back);
    } catch (error) {
      saveFailed(error, helpers);
    }
  }

  return (
    <FormShell title={t(`banque:operations.${type}.editTitle`)} back={back}>
      {!initialValues || !compte || !operation ? (
        <FormSkeleton />
      ) : (
        <Formik initialValues={initialValues} validationSchema={operationSchema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate className="grid gap-5" aria-label={t(`banque:operations.${type}.editTitle`)}>
              {operation.is_closed && (
                <Alert variant="destructive" data-testid="operation-closed">
                  <TriangleAlert aria-hidden="true" />
                  <span>{t('banque:operations.form.closed')}</span>
                </Alert>
              )}
              <CompteLine compte={compte} />
              <fieldset disabled={operation.is_closed} className="grid min-w-0 gap-5 disabled:opacity-70">
                <OperationFields />
              </fieldset>
              <FormActions
                cancelTo={back}
                submitLabel={t('banque:operations.form.submitEdit')}
                submitting={isSubmitting}
                disabled={operation.is_closed}
              />
            </Form>
          )}
        </Formik>
      )}
    </FormShell>
  );
}
