import { Form, Formik, useFormikContext, type FormikHelpers } from 'formik';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '@/components/form-actions';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/page-parts';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { DateField } from '@/components/ui/date-field';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { translateMessage } from '@/lib/translate-message';
import { currencyUnit } from '@/lib/money';
import { useIdParam } from '@/lib/use-id-param';
import {
  useCreateCompteBancaireMutation,
  useGetComptesBancairesQuery,
  useModifierCompteBancaireMutation,
  type Compte,
  type CompteRequest,
  type TypeCompte,
} from './banque-api';
import { applyBanqueServerErrors, banqueErrorKey } from './banque-errors';
import { banquePaths } from './paths';
import { cleRibCorrecte, compact, ribValide } from './rib';
import {
  compteSchema,
  emptyCompte,
  montantRequest,
  montantText,
  optionalText,
  TYPES_COMPTE,
  type CompteFormValues,
} from './schemas';

const COMPTE_FIELDS = [
  'libelle',
  'banque',
  'type',
  'adresse_agence',
  'rib',
  'swift',
  'iban',
  'commentaire',
  'is_main',
  'solde_initial',
  'date_solde_initial',
] as const;

function compteRequestOf(values: CompteFormValues): CompteRequest {
  const solde = values.solde_initial.trim();
  return {
    libelle: values.libelle.trim(),
    banque: values.banque.trim(),
    adresse_agence: optionalText(values.adresse_agence),
    type: values.type as TypeCompte,
    swift: optionalText(values.swift)?.toUpperCase() ?? null,
    rib: compact(values.rib) || null,
    iban: compact(values.iban).toUpperCase() || null,
    commentaire: optionalText(values.commentaire),
    is_main: values.is_main,
    ...(solde === '' ? {} : { solde_initial: montantRequest(solde) }),
    ...(values.date_solde_initial === '' ? {} : { date_solde_initial: values.date_solde_initial }),
  };
}

function valuesOf(compte: Compte): CompteFormValues {
  return {
    libelle: compte.libelle,
    banque: compte.banque,
    type: compte.type,
    adresse_agence: compte.adresse_agence ?? '',
    rib: compte.rib ?? '',
    swift: compte.swift ?? '',
    iban: compte.iban ?? '',
    commentaire: compte.commentaire ?? '',
    is_main: compte.is_main,
    solde_initial: montantText(compte.solde_initial),
    date_solde_initial: compte.date_solde_initial,
  };
}

/** The non-blocking warning of a RIB whose key does not check (the server accepts it). */
function RibKeyWarning() {
  const { t } = useTranslation('banque');
  const { values } = useFormikContext<CompteFormValues>();
  if (!ribValide(values.rib) || cleRibCorrecte(values.rib)) return null;
  return (
    <Alert className="border-highlight/50 bg-highlight/10 [&_svg]:text-highlight" data-testid="rib-cle-warning">
      <TriangleAlert aria-hidden="true" />
      <span>{t('compteForm.ribCleInvalide')}</span>
    </Alert>
  );
}

/** The account's fields (spec 2 §3 "Bank account", §5). */
function CompteFields({ mainLocked }: { mainLocked: 'first' | 'main' | null }) {
  const { t, i18n } = useTranslation('banque');
  const typeOptions = TYPES_COMPTE.map((type) => ({ value: type, label: t(`types.${type}`) }));
  return (
    <>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField
          name="libelle"
          label={t('compteForm.libelle')}
          placeholder={t('compteForm.libellePlaceholder')}
          required
        />
        <FormField name="banque" label={t('compteForm.banque')} required />
        <SelectField
          name="type"
          label={t('compteForm.type')}
          options={typeOptions}
          placeholder={t('compteForm.typePlaceholder')}
          required
        />
        <FormField name="adresse_agence" label={t('compteForm.adresseAgence')} />
      </div>
      <div className="grid gap-2">
        <FormField
          name="rib"
          label={t('compteForm.rib')}
          description={t('compteForm.ribHint')}
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          className="[&_input]:font-mono"
        />
        <RibKeyWarning />
      </div>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField
          name="iban"
          label={t('compteForm.iban')}
          description={t('compteForm.ibanHint')}
          autoComplete="off"
          dir="ltr"
          className="[&_input]:font-mono"
        />
        <FormField name="swift" label={t('compteForm.swift')} autoComplete="off" dir="ltr" />
        <FormField
          name="solde_initial"
          label={`${t('compteForm.soldeInitial')} (${currencyUnit(i18n.language)})`}
          description={t('compteForm.soldeInitialHint')}
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
        />
        <DateField
          name="date_solde_initial"
          label={t('compteForm.dateSoldeInitial')}
          description={t('compteForm.dateSoldeInitialHint')}
        />
      </div>
      <FormField name="commentaire" label={t('compteForm.commentaire')} />
      <CheckboxField
        name="is_main"
        label={t('compteForm.isMain')}
        description={
          mainLocked === 'main'
            ? t('compteForm.isMainKept')
            : mainLocked === 'first'
              ? t('compteForm.createSubtitle')
              : t('compteForm.isMainHint')
        }
        disabled={mainLocked !== null}
      />
    </>
  );
}

function useSaveFailure() {
  const { t } = useTranslation('banque');
  return (error: unknown, helpers: FormikHelpers<CompteFormValues>) => {
    if (applyBanqueServerErrors(error, helpers.setErrors, COMPTE_FIELDS)) return;
    toast.error(t('compteForm.saveFailed'), { description: translateMessage(banqueErrorKey(error)) });
  };
}

/**
 * The residence's first account is its main one: checked once the accounts list says there is
 * none, without resetting what was typed while the list was loading.
 */
function MainWhenFirst({ first }: { first: boolean }) {
  const { setFieldValue } = useFormikContext<CompteFormValues>();
  useEffect(() => {
    if (first) void setFieldValue('is_main', true);
  }, [first, setFieldValue]);
  return null;
}

/** /syndic/banque/comptes/creer (treasurer only). */
export function CompteCreatePage() {
  const { t } = useTranslation('banque');
  const navigate = useNavigate();
  const comptes = useGetComptesBancairesQuery();
  const [createCompte] = useCreateCompteBancaireMutation();
  const saveFailed = useSaveFailure();
  const first = comptes.data !== undefined && comptes.data.comptes.length === 0;

  async function submit(values: CompteFormValues, helpers: FormikHelpers<CompteFormValues>) {
    try {
      const { compte } = await createCompte({ compteRequest: compteRequestOf(values) }).unwrap();
      toast.success(t('compteForm.created'), { description: compte.libelle });
      await navigate(banquePaths.comptes);
    } catch (error) {
      saveFailed(error, helpers);
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader
        title={t('compteForm.createTitle')}
        description={first ? t('compteForm.createSubtitle') : t('compteForm.createSubtitleOther')}
      >
        <BackLink to={banquePaths.comptes}>{t('compteForm.back')}</BackLink>
      </PageHeader>
      <Card>
        <CardContent className="p-4 sm:p-6">
          <Formik initialValues={emptyCompte} validationSchema={compteSchema} onSubmit={submit}>
            {({ isSubmitting }) => (
              <Form noValidate className="grid gap-5" aria-label={t('compteForm.createTitle')}>
                <MainWhenFirst first={first} />
                <CompteFields mainLocked={first ? 'first' : null} />
                <FormActions
                  cancelTo={banquePaths.comptes}
                  submitLabel={t('compteForm.submitCreate')}
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

/**
 * /syndic/banque/comptes/modifier/{compteId} (treasurer only). An account that is not among the
 * loaded accounts sends back to the list (spec 2 §2).
 */
export function CompteEditPage() {
  const { t } = useTranslation('banque');
  const navigate = useNavigate();
  const id = useIdParam('compteId');
  const comptes = useGetComptesBancairesQuery();
  const [updateCompte] = useModifierCompteBancaireMutation();
  const saveFailed = useSaveFailure();
  const compte = comptes.data?.comptes.find((candidate) => candidate.id === id);
  const missing = id === null || comptes.isError || (comptes.data !== undefined && compte === undefined);
  const initialValues = useMemo(() => (compte ? valuesOf(compte) : null), [compte]);

  useEffect(() => {
    if (!missing) return;
    toast.error(t('compteForm.notFound'), { id: 'compte-not-found' });
    void navigate(banquePaths.comptes, { replace: true });
  }, [missing, navigate, t]);

  async function submit(values: CompteFormValues, helpers: FormikHelpers<CompteFormValues>) {
    if (!compte) return;
    try {
      await updateCompte({ modifierCompteRequest: { ...compteRequestOf(values), id: compte.id } }).unwrap();
      toast.success(t('compteForm.updated'), { description: values.libelle.trim() });
      await navigate(banquePaths.comptes);
    } catch (error) {
      saveFailed(error, helpers);
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={t('compteForm.editTitle')} description={compte?.libelle}>
        <BackLink to={banquePaths.comptes}>{t('compteForm.back')}</BackLink>
      </PageHeader>
      <Card>
        <CardContent className="p-4 sm:p-6">
          {!initialValues || !compte ? (
            <div className="grid gap-4" data-testid="compte-edit-loading">
              {Array.from({ length: 5 }, (_, index) => (
                <Skeleton key={index} className="h-10 w-full" />
              ))}
            </div>
          ) : (
            <Formik initialValues={initialValues} validationSchema={compteSchema} onSubmit={submit}>
              {({ isSubmitting }) => (
                <Form noValidate className="grid gap-5" aria-label={t('compteForm.editTitle')}>
                  <CompteFields mainLocked={compte.is_main ? 'main' : null} />
                  <FormActions
                    cancelTo={banquePaths.comptes}
                    submitLabel={t('compteForm.submitEdit')}
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
