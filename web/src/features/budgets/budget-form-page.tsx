import { FieldArray, Form, Formik, useFormikContext, type FormikHelpers } from 'formik';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import { ApprovalFields } from '@/components/approval-fields';
import { FormActions } from '@/components/form-actions';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/page-parts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { FREE_TEXT } from '@/components/user-text';
import { useChangeLock } from '@/lib/auth/use-change-lock';
import { currencyUnit } from '@/lib/money';
import { translateMessage } from '@/lib/translate-message';
import { useIdParam } from '@/lib/use-id-param';
import {
  useGetBudgetDetailsQuery,
  useGetChargesFournisseursCategoriesQuery,
  useGetTravauxAgsVotesQuery,
  useModifierBudgetMutation,
  type ModifierBudgetRequest,
} from './budgets-api';
import { applyBudgetServerErrors, budgetsErrorKey } from './budgets-errors';
import { budgetsPaths } from './paths';
import { budgetSchema, budgetValues, emptyElement, type BudgetValues } from './schemas';

/** The body of POST /budgets/modifier (spec 2 §7): amounts sent as typed (a dot, ≤ 3 decimals). */
export function budgetRequest(id: number, values: BudgetValues): ModifierBudgetRequest {
  return {
    id,
    titre: values.titre.trim(),
    is_approved: values.is_approved,
    approuve_par: values.approuve_par,
    ag: values.approuve_par === 'assemblee' ? values.ag : '',
    vote: values.approuve_par === 'vote' ? values.vote : '',
    commentaire: values.commentaire.trim(),
    elements: values.elements.map((element) => ({
      ...(element.id === null ? {} : { id: element.id }),
      categorie_id: Number(element.categorie_id),
      montant: element.montant.trim(),
    })),
  };
}

/** The approval (spec 2 §4, as the works'), with the assemblies and votes that may approve. */
function BudgetApprovalFields() {
  const { t } = useTranslation('budgets');
  const choix = useGetTravauxAgsVotesQuery();
  return (
    <ApprovalFields label={(key) => t(`form.${key}`)} ags={choix.data?.ags ?? []} votes={choix.data?.votes ?? []} />
  );
}

/** The elements: a category and an amount each, added and removed (spec 2 §2, issue 15). */
function ElementsField({ categories }: { categories: readonly { value: string; label: string }[] }) {
  const { t, i18n } = useTranslation('budgets');
  const { values, errors } = useFormikContext<BudgetValues>();
  const unit = currencyUnit(i18n.language);
  return (
    <FieldArray name="elements">
      {(helpers) => (
        <fieldset className="grid gap-3" data-testid="budget-elements">
          <legend className="mb-1 text-sm font-medium">{t('form.elements')}</legend>
          {values.elements.length === 0 && <p className="text-sm text-muted-foreground">{t('form.aucunElement')}</p>}
          {values.elements.map((element, index) => (
            <div
              key={element.id ?? `nouveau-${index}`}
              className="grid items-start gap-3 rounded-md border p-3 sm:grid-cols-[1fr_12rem_auto]"
              data-testid="budget-element"
            >
              <SelectField
                name={`elements.${index}.categorie_id`}
                label={t('form.categorie')}
                placeholder={t('form.categoriePlaceholder')}
                options={categories}
              />
              <FormField
                name={`elements.${index}.montant`}
                label={`${t('form.montant')} (${unit})`}
                inputMode="decimal"
                autoComplete="off"
                dir="ltr"
                className="[&_input]:rtl:text-end"
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="sm:mt-7"
                aria-label={t('form.retirerElement', { rang: index + 1 })}
                onClick={() => helpers.remove(index)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          ))}
          {typeof errors.elements === 'string' && (
            <p className="text-sm text-destructive">{translateMessage(errors.elements)}</p>
          )}
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => helpers.push({ ...emptyElement })}>
              <Plus aria-hidden="true" />
              {t('form.ajouterElement')}
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">{t('form.montantHint')}</p>
        </fieldset>
      )}
    </FieldArray>
  );
}

/**
 * /syndic/exercices-budgets/budgets/modifier/{budgetId} (treasurer only): title, approval,
 * comment and elements. An unknown budget goes back to the list; on success, back to the list.
 */
export function BudgetEditPage() {
  const { t } = useTranslation('budgets');
  const navigate = useNavigate();
  const changeLock = useChangeLock();
  const id = useIdParam('budgetId');
  const { data, isError, error } = useGetBudgetDetailsQuery({ id: id ?? 0 }, { skip: id === null });
  const choix = useGetChargesFournisseursCategoriesQuery();
  const [update] = useModifierBudgetMutation();
  const budget = data?.currentBudget;
  // Initial values from the first load only: a refetch must not reset what is being typed.
  const [initialValues, setInitialValues] = useState<BudgetValues | null>(null);
  if (budget && initialValues === null) setInitialValues(budgetValues(budget));

  const categories = useMemo(() => {
    const options = (choix.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.titre }));
    // A category the budget names stays choosable even if the list has not come yet.
    for (const element of budget?.elements ?? []) {
      if (!options.some((o) => o.value === String(element.categorie_id))) {
        options.push({ value: String(element.categorie_id), label: element.categorie_titre });
      }
    }
    return options;
  }, [choix.data, budget]);

  useEffect(() => {
    if (!isError) return;
    toast.error(translateMessage(budgetsErrorKey(error, 'budgets:form.loadFailed')), { id: 'budget-not-found' });
    void navigate(budgetsPaths.budgets, { replace: true });
  }, [isError, error, navigate]);

  if (id === null) return <Navigate to={budgetsPaths.budgets} replace />;

  async function submit(values: BudgetValues, helpers: FormikHelpers<BudgetValues>) {
    if (id === null) return;
    try {
      await update({ modifierBudgetRequest: budgetRequest(id, values) }).unwrap();
      toast.success(t('form.updated'), { description: values.titre.trim() });
      await navigate(budgetsPaths.budgets);
    } catch (failure) {
      // Field errors go under their fields; a refusal that is not only about fields (the closed
      // year, INVALID_AMOUNT's number format) is also said in a toast (spec 2 §8).
      const placed = applyBudgetServerErrors(failure, helpers.setErrors);
      if (placed && apiErrorCode(failure) === 'validation_failed') return;
      toast.error(t('form.saveFailed'), { description: translateMessage(budgetsErrorKey(failure)) });
    }
  }

  const lock = budget ? changeLock(budget) : null;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={t('form.title')} description={t('form.subtitle')}>
        <BackLink to={budgetsPaths.budgets}>{t('form.back')}</BackLink>
      </PageHeader>
      <Card>
        <CardContent className="p-4 sm:p-6">
          {!initialValues ? (
            <div className="grid gap-4" data-testid="budget-edit-loading">
              {Array.from({ length: 5 }, (_, index) => (
                <Skeleton key={index} className="h-10 w-full" />
              ))}
            </div>
          ) : (
            <Formik initialValues={initialValues} validationSchema={budgetSchema} onSubmit={submit}>
              {(formik) => (
                <Form noValidate className="grid gap-5" aria-label={t('form.submit')}>
                  <FormField name="titre" label={t('form.titre')} required {...FREE_TEXT} />
                  <BudgetApprovalFields />
                  <ElementsField categories={categories} />
                  <FormField name="commentaire" label={t('form.commentaire')} {...FREE_TEXT} />
                  {lock && <Alert>{lock}</Alert>}
                  <FormActions
                    cancelTo={budgetsPaths.budgets}
                    submitLabel={t('form.submit')}
                    submitting={formik.isSubmitting}
                    disabled={lock !== null}
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
