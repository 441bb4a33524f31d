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
import { telGroupe } from '@/components/phone-number';
import { FREE_TEXT } from '@/components/user-text';
import { ltrText } from '@/lib/bidi';
import {
  useCreerClientMutation,
  useGetGouvernoratsQuery,
  useListeClientsQuery,
  useEnregistrerClientMutation,
  type Client,
  type ClientRequest,
} from './contrats-api';
import { applyContratsServerErrors, contratsErrorKey } from './contrats-errors';
import { contratsPaths } from './paths';
import { clientSchema, emptyClient, optionalText, telDigits, type ClientValues } from './schemas';

const FIELDS = Object.keys(emptyClient);

function requestOf(values: ClientValues): ClientRequest {
  return {
    nom: values.nom.trim(),
    tel: telDigits(values.tel),
    email: optionalText(values.email),
    adresse: optionalText(values.adresse),
    ville: optionalText(values.ville),
    gouvernorat: values.gouvernorat === '' ? null : Number(values.gouvernorat),
    activite: optionalText(values.activite),
    matricule_fiscal: optionalText(values.matricule_fiscal),
    commentaire: optionalText(values.commentaire),
  };
}

function valuesOf(client: Client): ClientValues {
  return {
    nom: client.nom,
    tel: telGroupe(client.tel),
    email: client.email ?? '',
    adresse: client.adresse ?? '',
    ville: client.ville ?? '',
    gouvernorat: client.gouvernorat ? String(client.gouvernorat.id) : '',
    activite: client.activite ?? '',
    matricule_fiscal: client.matricule_fiscal ?? '',
    commentaire: client.commentaire ?? '',
  };
}

/** The client's fields (spec 1 §3 "Client", §5 "Client and dialog"). */
function ClientFields() {
  const { t } = useTranslation('contrats');
  const gouvernorats = useGetGouvernoratsQuery();
  return (
    <>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField name="nom" label={t('clientForm.nom')} autoComplete="off" required {...FREE_TEXT} />
        <FormField
          name="tel"
          label={t('clientForm.tel')}
          description={t('clientForm.telHint')}
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          className="[&_input]:rtl:text-end"
        />
        <FormField
          name="email"
          type="email"
          label={t('clientForm.email')}
          autoComplete="off"
          dir="ltr"
          className="[&_input]:rtl:text-end"
        />
        <FormField name="adresse" label={t('clientForm.adresse')} {...FREE_TEXT} />
        <FormField name="ville" label={t('clientForm.ville')} {...FREE_TEXT} />
        <SelectField
          name="gouvernorat"
          label={t('clientForm.gouvernorat')}
          placeholder={t('clientForm.gouvernoratPlaceholder')}
          options={(gouvernorats.data?.gouvernorats ?? []).map((g) => ({ value: String(g.id), label: g.nom }))}
        />
        <FormField
          name="activite"
          label={t('clientForm.activite')}
          placeholder={t('clientForm.activitePlaceholder')}
          {...FREE_TEXT}
        />
        <FormField
          name="matricule_fiscal"
          label={t('clientForm.matriculeFiscal')}
          description={t('clientForm.matriculeFiscalHint', { exemple: ltrText('1234567/A/M/000') })}
          autoComplete="off"
          {...FREE_TEXT}
        />
      </div>
      <FormField name="commentaire" label={t('clientForm.commentaire')} {...FREE_TEXT} />
    </>
  );
}

/**
 * A refused save: field errors stay on the form; anything else is a toast and back to the list
 * (spec 1 §8 "Client create or update failure: generic toast and redirect to the list").
 */
function useSaveFailure() {
  const { t } = useTranslation('contrats');
  const navigate = useNavigate();
  return (error: unknown, helpers: FormikHelpers<ClientValues>) => {
    if (applyContratsServerErrors(error, helpers.setErrors, FIELDS)) return;
    toast.error(t('clientForm.saveFailed'), { description: translateMessage(contratsErrorKey(error)) });
    void navigate(contratsPaths.clients);
  };
}

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useTranslation('contrats');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={title} description={t('clientForm.subtitle')}>
        <BackLink to={contratsPaths.clients}>{t('clientForm.back')}</BackLink>
      </PageHeader>
      <Card>
        <CardContent className="p-4 sm:p-6">{children}</CardContent>
      </Card>
    </div>
  );
}

/** /syndic/revenus/clients/creer (treasurer only). */
export function ClientCreatePage() {
  const { t } = useTranslation('contrats');
  const navigate = useNavigate();
  const [create] = useCreerClientMutation();
  const saveFailed = useSaveFailure();

  async function submit(values: ClientValues, helpers: FormikHelpers<ClientValues>) {
    try {
      const { client } = await create(requestOf(values)).unwrap();
      toast.success(t('clientForm.created'), { description: client.nom });
      await navigate(contratsPaths.clients);
    } catch (error) {
      saveFailed(error, helpers);
    }
  }

  return (
    <Shell title={t('clientForm.createTitle')}>
      <Formik initialValues={emptyClient} validationSchema={clientSchema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form noValidate className="grid gap-5" aria-label={t('clientForm.createTitle')}>
            <ClientFields />
            <FormActions
              cancelTo={contratsPaths.clients}
              submitLabel={t('clientForm.submitCreate')}
              submitting={isSubmitting}
            />
          </Form>
        )}
      </Formik>
    </Shell>
  );
}

/**
 * /syndic/revenus/clients/modifier/{clientId} (treasurer only). A client that is not
 * among the loaded clients sends back to the list (spec 1 §2).
 */
export function ClientEditPage() {
  const { t } = useTranslation('contrats');
  const navigate = useNavigate();
  const id = useIdParam('clientId');
  const clients = useListeClientsQuery();
  const [update] = useEnregistrerClientMutation();
  const saveFailed = useSaveFailure();
  const client = clients.data?.clients.find((candidate) => candidate.id === id);
  const missing = id === null || clients.isError || (clients.data !== undefined && client === undefined);
  const initialValues = useMemo(() => (client ? valuesOf(client) : null), [client]);

  useEffect(() => {
    if (!missing) return;
    toast.error(t('clientForm.notFound'), { id: 'client-not-found' });
    void navigate(contratsPaths.clients, { replace: true });
  }, [missing, navigate, t]);

  async function submit(values: ClientValues, helpers: FormikHelpers<ClientValues>) {
    if (!client) return;
    try {
      await update({ ...requestOf(values), id: client.id }).unwrap();
      toast.success(t('clientForm.updated'), { description: values.nom.trim() });
      await navigate(contratsPaths.clients);
    } catch (error) {
      saveFailed(error, helpers);
    }
  }

  return (
    <Shell title={t('clientForm.editTitle')}>
      {!initialValues ? (
        <div className="grid gap-4" data-testid="client-edit-loading">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} className="h-10 w-full" />
          ))}
        </div>
      ) : (
        <Formik initialValues={initialValues} validationSchema={clientSchema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate className="grid gap-5" aria-label={t('clientForm.editTitle')}>
              <ClientFields />
              <FormActions
                cancelTo={contratsPaths.clients}
                submitLabel={t('clientForm.submitEdit')}
                submitting={isSubmitting}
              />
            </Form>
          )}
        </Formik>
      )}
    </Shell>
  );
}
