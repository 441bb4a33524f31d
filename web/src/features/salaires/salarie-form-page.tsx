import { Form, Formik, useField, type FormikHelpers } from 'formik';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { FormActions } from '@/components/form-actions';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/page-parts';
import { Card, CardContent } from '@/components/ui/card';
import { DateField } from '@/components/ui/date-field';
import { FormField, useFieldError } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { FREE_TEXT } from '@/components/user-text';
import { cn } from '@/lib/cn';
import { todayIso } from '@/lib/dates';
import { currencyUnit } from '@/lib/money';
import { translateMessage } from '@/lib/translate-message';
import { useIdParam } from '@/lib/use-id-param';
import { LTR_INPUT } from './parts';
import { salairesPaths, salarieGererPath } from './paths';
import {
  useCreerSalarieMutation,
  useGetSalarieQuery,
  useModifierSalarieMutation,
  type Declarations,
  type SalarieRequest,
} from './salaires-api';
import { applySalairesServerErrors, salairesErrorKey } from './salaires-errors';
import {
  CONTRAT_MAX,
  CONTRAT_MIN,
  digits,
  emptySalarie,
  montantDecimal,
  NAISSANCE_MIN,
  optionalText,
  salarieSchema,
  salarieValues,
  type SalarieValues,
} from './schemas';

const FIELDS = [...Object.keys(emptySalarie), 'taux_charges_patronales'];

/** The request of a creation or an edit: the salary the declarations ask for, the other left out. */
export function salarieRequest(values: SalarieValues): SalarieRequest {
  const avec = values.charges_patronales === 'avec';
  return {
    nom: values.nom.trim(),
    poste: values.poste.trim(),
    tel: digits(values.tel),
    cin: optionalText(digits(values.cin)),
    charges_patronales: values.charges_patronales,
    salaire: avec ? null : Number(montantDecimal(values.salaire)),
    salaire_brut: avec ? Number(montantDecimal(values.salaire_brut)) : null,
    taux_global_charges_patronales: avec ? values.taux_global_charges_patronales.replace(/\s+/g, '') : null,
    numero_cnss: optionalText(values.numero_cnss),
    rib: optionalText(values.rib),
    date_naissance: optionalText(values.date_naissance),
    adresse: optionalText(values.adresse),
    date_debut: values.date_debut,
    date_fin: optionalText(values.date_fin),
    commentaire: optionalText(values.commentaire),
  };
}

/** The declarations' choice (spec 2 §5 "Employee"): with or without employer charges. */
function DeclarationsField() {
  const { t } = useTranslation('salaires');
  const [field] = useField<Declarations>('charges_patronales');
  const error = useFieldError('charges_patronales');
  return (
    <fieldset className="grid gap-2 rounded-md border bg-card p-3">
      <legend className={cn('px-1 text-sm font-medium', error && 'text-destructive')}>{t('form.declarations')}</legend>
      <div className="flex flex-wrap gap-6">
        {(['sans', 'avec'] as const).map((value) => (
          <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              name={field.name}
              value={value}
              checked={field.value === value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              className="size-4 cursor-pointer accent-primary"
            />
            {t(`form.declarationsChoix.${value}`)}
          </label>
        ))}
      </div>
      {error ? (
        <p className="text-xs font-medium text-destructive">{error}</p>
      ) : (
        <p className="text-xs text-muted-foreground">{t('form.declarationsHint')}</p>
      )}
    </fieldset>
  );
}

function SalarieFields({ values }: { values: SalarieValues }) {
  const { t, i18n } = useTranslation('salaires');
  const today = todayIso();
  const unit = currencyUnit(i18n.language);
  return (
    <>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField name="nom" label={t('form.nom')} required autoComplete="off" {...FREE_TEXT} />
        <FormField
          name="poste"
          label={t('form.poste')}
          placeholder={t('form.postePlaceholder')}
          required
          autoComplete="off"
          {...FREE_TEXT}
        />
        <FormField
          name="tel"
          label={t('form.tel')}
          description={t('form.telHint')}
          inputMode="numeric"
          autoComplete="off"
          required
          {...LTR_INPUT}
        />
        <FormField
          name="cin"
          label={t('form.cin')}
          description={t('form.cinHint')}
          inputMode="numeric"
          autoComplete="off"
          {...LTR_INPUT}
        />
      </div>
      <DeclarationsField />
      {values.charges_patronales === 'sans' ? (
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <FormField
            name="salaire"
            label={`${t('form.salaire')} (${unit})`}
            description={t('form.salaireHint')}
            inputMode="decimal"
            autoComplete="off"
            required
            {...LTR_INPUT}
          />
        </div>
      ) : (
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <FormField
            name="salaire_brut"
            label={`${t('form.salaireBrut')} (${unit})`}
            description={t('form.salaireHint')}
            inputMode="decimal"
            autoComplete="off"
            required
            {...LTR_INPUT}
          />
          <FormField
            name="taux_global_charges_patronales"
            label={t('form.taux')}
            description={t('form.tauxHint')}
            placeholder="16.57%"
            inputMode="decimal"
            autoComplete="off"
            required
            {...LTR_INPUT}
          />
        </div>
      )}
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField name="numero_cnss" label={t('form.numeroCnss')} autoComplete="off" {...LTR_INPUT} />
        <FormField name="rib" label={t('form.rib')} autoComplete="off" {...LTR_INPUT} />
        <DateField name="date_naissance" label={t('form.dateNaissance')} min={NAISSANCE_MIN} max={today} />
        <FormField name="adresse" label={t('form.adresse')} autoComplete="off" {...FREE_TEXT} />
        <DateField name="date_debut" label={t('form.dateDebut')} min={CONTRAT_MIN} max={CONTRAT_MAX} required />
        <DateField
          name="date_fin"
          label={t('form.dateFin')}
          description={t('form.dateFinHint')}
          min={values.date_debut || CONTRAT_MIN}
          max={CONTRAT_MAX}
        />
      </div>
      <FormField name="commentaire" label={t('form.commentaire')} autoComplete="off" {...FREE_TEXT} />
    </>
  );
}

function SalarieForm({
  initialValues,
  onSubmit,
  submitLabel,
  cancelTo,
}: {
  initialValues: SalarieValues;
  onSubmit: (values: SalarieValues, helpers: FormikHelpers<SalarieValues>) => Promise<void>;
  submitLabel: string;
  cancelTo: string;
}) {
  const schema = useMemo(() => salarieSchema(todayIso()), []);
  return (
    <Formik initialValues={initialValues} validationSchema={schema} onSubmit={onSubmit}>
      {(formik) => (
        <Form noValidate className="grid gap-5" aria-label={submitLabel}>
          <SalarieFields values={formik.values} />
          <FormActions cancelTo={cancelTo} submitLabel={submitLabel} submitting={formik.isSubmitting} />
        </Form>
      )}
    </Formik>
  );
}

function useSaveFailure() {
  const { t } = useTranslation('salaires');
  return (error: unknown, helpers: FormikHelpers<SalarieValues>) => {
    if (applySalairesServerErrors(error, helpers.setErrors, FIELDS)) return;
    toast.error(t('form.saveFailed'), { description: translateMessage(salairesErrorKey(error)) });
  };
}

function Shell({ title, back, children }: { title: string; back: string; children: ReactNode }) {
  const { t } = useTranslation('salaires');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={title} description={t('form.subtitle')}>
        <BackLink to={back}>{t('detail.back')}</BackLink>
      </PageHeader>
      <Card>
        <CardContent className="p-4 sm:p-6">{children}</CardContent>
      </Card>
    </div>
  );
}

/** /syndic/salaires/salaries/creer (treasurer or president): then the new employee's detail. */
export function SalarieCreatePage() {
  const { t } = useTranslation('salaires');
  const navigate = useNavigate();
  const [create] = useCreerSalarieMutation();
  const saveFailed = useSaveFailure();

  async function submit(values: SalarieValues, helpers: FormikHelpers<SalarieValues>) {
    try {
      const { salarie } = await create(salarieRequest(values)).unwrap();
      toast.success(t('form.created'), { description: values.nom.trim() });
      await navigate(salarieGererPath(salarie.id));
    } catch (error) {
      saveFailed(error, helpers);
    }
  }

  return (
    <Shell title={t('form.createTitle')} back={salairesPaths.salaries}>
      <SalarieForm
        initialValues={emptySalarie}
        onSubmit={submit}
        submitLabel={t('form.submitCreate')}
        cancelTo={salairesPaths.salaries}
      />
    </Shell>
  );
}

/**
 * /syndic/salaires/salaries/modifier/{salarieId} (treasurer or president): the fields as loaded;
 * an unknown employee goes back to the list; on success, to the detail.
 */
export function SalarieEditPage() {
  const { t } = useTranslation('salaires');
  const navigate = useNavigate();
  const id = useIdParam('salarieId');
  const { data, isError, error } = useGetSalarieQuery({ id: id ?? 0 }, { skip: id === null });
  const [update] = useModifierSalarieMutation();
  const saveFailed = useSaveFailure();
  // Initial values from the first load only: a refetch must not reset what is being typed.
  const [initialValues, setInitialValues] = useState<SalarieValues | null>(null);
  if (data && initialValues === null) setInitialValues(salarieValues(data.salarie));

  useEffect(() => {
    if (!isError) return;
    toast.error(translateMessage(salairesErrorKey(error, 'salaires:detail.loadFailed')), { id: 'salarie-not-found' });
    void navigate(salairesPaths.salaries, { replace: true });
  }, [isError, error, navigate]);

  if (id === null) return <Navigate to={salairesPaths.salaries} replace />;

  async function submit(values: SalarieValues, helpers: FormikHelpers<SalarieValues>) {
    if (id === null) return;
    try {
      await update({ ...salarieRequest(values), id }).unwrap();
      toast.success(t('form.updated'), { description: values.nom.trim() });
      await navigate(salarieGererPath(id));
    } catch (failure) {
      saveFailed(failure, helpers);
    }
  }

  return (
    <Shell title={t('form.editTitle')} back={salarieGererPath(id)}>
      {initialValues === null ? (
        <div className="grid gap-4" data-testid="salarie-edit-loading">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-10 w-full" />
          ))}
        </div>
      ) : (
        <SalarieForm
          initialValues={initialValues}
          onSubmit={submit}
          submitLabel={t('form.submitEdit')}
          cancelTo={salarieGererPath(id)}
        />
      )}
    </Shell>
  );
}
