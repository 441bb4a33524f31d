import { Form, Formik, type FormikHelpers } from 'formik';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '@/components/form-actions';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/page-parts';
import { Card, CardContent } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { translateMessage } from '@/lib/translate-message';
import { useIdParam } from '@/lib/use-id-param';
import {
  useCreateFournisseurMutation,
  useGetFournisseursQuery,
  useGetGouvernoratsQuery,
  useModifierFournisseurMutation,
  type Fournisseur,
  type FournisseurRequest,
} from './depenses-api';
import { applyDepensesServerErrors, depensesErrorKey } from './depenses-errors';
import { FREE_TEXT, telGroupe } from './parts';
import { depensesPaths } from './paths';
import {
  emptyFournisseur,
  fournisseurSchema,
  optionalText,
  telDigits,
  TYPES_FOURNISSEUR,
  type FournisseurValues,
} from './schemas';

const FIELDS = Object.keys(emptyFournisseur);

function requestOf(values: FournisseurValues): FournisseurRequest {
  return {
    nom: values.nom.trim(),
    tel: telDigits(values.tel),
    type: values.type,
    email: optionalText(values.email),
    adresse: optionalText(values.adresse),
    ville: optionalText(values.ville),
    gouvernorat: values.gouvernorat === '' ? null : Number(values.gouvernorat),
    activite: optionalText(values.activite),
    identifiant: optionalText(values.identifiant),
    commentaire: optionalText(values.commentaire),
  };
}

function valuesOf(fournisseur: Fournisseur): FournisseurValues {
  return {
    nom: fournisseur.nom,
    tel: telGroupe(fournisseur.tel),
    type: fournisseur.type,
    email: fournisseur.email ?? '',
    adresse: fournisseur.adresse ?? '',
    ville: fournisseur.ville ?? '',
    gouvernorat: fournisseur.gouvernorat ? String(fournisseur.gouvernorat.id) : '',
    activite: fournisseur.activite ?? '',
    identifiant: fournisseur.identifiant ?? '',
    commentaire: fournisseur.commentaire ?? '',
  };
}

/** The supplier's fields (spec 2 §3 "Supplier", §5). */
function FournisseurFields() {
  const { t } = useTranslation('depenses');
  const gouvernorats = useGetGouvernoratsQuery();
  return (
    <>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField name="nom" label={t('fournisseurForm.nom')} autoComplete="off" required {...FREE_TEXT} />
        <SelectField
          name="type"
          label={t('fournisseurForm.type')}
          options={TYPES_FOURNISSEUR.map((type) => ({ value: type, label: t(`typesFournisseur.${type}`) }))}
        />
        <FormField
          name="tel"
          label={t('fournisseurForm.tel')}
          description={t('fournisseurForm.telHint')}
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          className="[&_input]:rtl:text-end"
        />
        <FormField
          name="email"
          type="email"
          label={t('fournisseurForm.email')}
          autoComplete="off"
          dir="ltr"
          className="[&_input]:rtl:text-end"
        />
        <FormField name="adresse" label={t('fournisseurForm.adresse')} {...FREE_TEXT} />
        <FormField name="ville" label={t('fournisseurForm.ville')} {...FREE_TEXT} />
        <SelectField
          name="gouvernorat"
          label={t('fournisseurForm.gouvernorat')}
          placeholder={t('fournisseurForm.gouvernoratPlaceholder')}
          options={(gouvernorats.data?.gouvernorats ?? []).map((g) => ({ value: String(g.id), label: g.nom }))}
        />
        <FormField
          name="activite"
          label={t('fournisseurForm.activite')}
          placeholder={t('fournisseurForm.activitePlaceholder')}
          {...FREE_TEXT}
        />
        <FormField name="identifiant" label={t('fournisseurForm.identifiant')} autoComplete="off" {...FREE_TEXT} />
      </div>
      <FormField name="commentaire" label={t('fournisseurForm.commentaire')} {...FREE_TEXT} />
    </>
  );
}

/**
 * A refused save: field errors stay on the form; anything else is a toast and back to the list
 * (spec 2 §4 "Failed supplier creation or edit redirects to the list").
 */
function useSaveFailure() {
  const { t } = useTranslation('depenses');
  const navigate = useNavigate();
  return (error: unknown, helpers: FormikHelpers<FournisseurValues>) => {
    if (applyDepensesServerErrors(error, helpers.setErrors, FIELDS)) return;
    toast.error(t('fournisseurForm.saveFailed'), { description: translateMessage(depensesErrorKey(error)) });
    void navigate(depensesPaths.fournisseurs);
  };
}

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useTranslation('depenses');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={title} description={t('fournisseurForm.subtitle')}>
        <BackLink to={depensesPaths.fournisseurs}>{t('fournisseurForm.back')}</BackLink>
      </PageHeader>
      <Card>
        <CardContent className="p-4 sm:p-6">{children}</CardContent>
      </Card>
    </div>
  );
}

/** /syndic/depenses/fournisseurs/creer (treasurer only). */
export function FournisseurCreatePage() {
  const { t } = useTranslation('depenses');
  const navigate = useNavigate();
  const [create] = useCreateFournisseurMutation();
  const saveFailed = useSaveFailure();

  async function submit(values: FournisseurValues, helpers: FormikHelpers<FournisseurValues>) {
    try {
      const { fournisseur } = await create({ fournisseurRequest: requestOf(values) }).unwrap();
      toast.success(t('fournisseurForm.created'), { description: fournisseur.nom });
      await navigate(depensesPaths.fournisseurs);
    } catch (error) {
      saveFailed(error, helpers);
    }
  }

  return (
    <Shell title={t('fournisseurForm.createTitle')}>
      <Formik initialValues={emptyFournisseur} validationSchema={fournisseurSchema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form noValidate className="grid gap-5" aria-label={t('fournisseurForm.createTitle')}>
            <FournisseurFields />
            <FormActions
              cancelTo={depensesPaths.fournisseurs}
              submitLabel={t('fournisseurForm.submitCreate')}
              submitting={isSubmitting}
            />
          </Form>
        )}
      </Formik>
    </Shell>
  );
}

/**
 * /syndic/depenses/fournisseurs/modifier/{fournisseurId} (treasurer only). A supplier that is not
 * among the loaded suppliers sends back to the list (spec 2 §2).
 */
export function FournisseurEditPage() {
  const { t } = useTranslation('depenses');
  const navigate = useNavigate();
  const id = useIdParam('fournisseurId');
  const fournisseurs = useGetFournisseursQuery();
  const [update] = useModifierFournisseurMutation();
  const saveFailed = useSaveFailure();
  const fournisseur = fournisseurs.data?.fournisseurs.find((candidate) => candidate.id === id);
  const missing = id === null || fournisseurs.isError || (fournisseurs.data !== undefined && fournisseur === undefined);
  const initialValues = useMemo(() => (fournisseur ? valuesOf(fournisseur) : null), [fournisseur]);

  useEffect(() => {
    if (!missing) return;
    toast.error(t('fournisseurForm.notFound'), { id: 'fournisseur-not-found' });
    void navigate(depensesPaths.fournisseurs, { replace: true });
  }, [missing, navigate, t]);

  async function submit(values: FournisseurValues, helpers: FormikHelpers<FournisseurValues>) {
    if (!fournisseur) return;
    try {
      await update({ modifierFournisseurRequest: { ...requestOf(values), id: fournisseur.id } }).unwrap();
      toast.success(t('fournisseurForm.updated'), { description: values.nom.trim() });
      await navigate(depensesPaths.fournisseurs);
    } catch (error) {
      saveFailed(error, helpers);
    }
  }

  return (
    <Shell title={t('fournisseurForm.editTitle')}>
      {!initialValues ? (
        <div className="grid gap-4" data-testid="fournisseur-edit-loading">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} className="h-10 w-full" />
          ))}
        </div>
      ) : (
        <Formik initialValues={initialValues} validationSchema={fournisseurSchema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate className="grid gap-5" aria-label={t('fournisseurForm.editTitle')}>
              <FournisseurFields />
              <FormActions
                cancelTo={depensesPaths.fournisseurs}
                submitLabel={t('fournisseurForm.submitEdit')}
                submitting={isSubmitting}
              />
            </Form>
          )}
        </Formik>
      )}
    </Shell>
  );
}
