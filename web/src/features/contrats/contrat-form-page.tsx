import { Form, Formik, type FormikHelpers } from 'formik';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { DocumentThumbnails } from '@/components/document-thumbnails';
import { FilePickerField } from '@/components/file-picker';
import { FormActions } from '@/components/form-actions';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/page-parts';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { ComboboxField, type ComboboxOption } from '@/components/ui/combobox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateField } from '@/components/ui/date-field';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { FREE_TEXT, userText } from '@/components/user-text';
import { useChangeLock } from '@/lib/auth/use-change-lock';
import { currencyUnit } from '@/lib/money';
import { translateMessage } from '@/lib/translate-message';
import { useIdParam } from '@/lib/use-id-param';
import {
  useCreerContratMutation,
  useDetailContratQuery,
  useGetChargesFournisseursCategoriesQuery,
  useListeClientsQuery,
  useModifierContratMutation,
  useRetirerDocumentContratMutation,
  type ContratDetail,
  type ContratFormField,
  type ContratSide,
  type DocumentContrat,
} from './contrats-api';
import { applyContratsServerErrors, contratsErrorKey } from './contrats-errors';
import { usePeriodiciteLabel } from './parts';
import { PartieDialog } from './partie-dialog';
import { CONTRAT_PATHS, contratGererPath } from './paths';
import { contratSchema, emptyContrat, montantDecimal, PERIODICITES, type ContratValues } from './schemas';

const FIELDS = Object.keys(emptyContrat);

/**
 * The multipart body of a creation or an edit (spec 1 §7, spec 2 §7): `titre, montant, dateDebut,
 * dateFin, client | fournisseur (+ categorie), commentaire, periodicite_paiement, docs[]`; an empty
 * `dateFin` is an open-ended contract, an empty `categorie` none.
 */
export function contratFormData(side: ContratSide, values: ContratValues, id?: number): FormData {
  const body = new FormData();
  const field = (name: ContratFormField, value: string) => body.append(name, value);
  if (id !== undefined) field('id', String(id));
  field('titre', values.titre.trim());
  field('montant', montantDecimal(values.montant));
  field('dateDebut', values.date_debut);
  field('dateFin', values.date_fin);
  field('periodicite_paiement', values.periodicite_paiement);
  if (side === 'revenus') {
    field('client', values.partie);
  } else {
    field('fournisseur', values.partie);
    field('categorie', values.categorie);
  }
  field('commentaire', values.commentaire.trim());
  for (const file of values.docs) body.append('docs[]', file, file.name);
  return body;
}

function valuesOf(side: ContratSide, contrat: ContratDetail): ContratValues {
  const partie = side === 'revenus' ? contrat.client : contrat.fournisseur;
  return {
    ...emptyContrat,
    titre: contrat.titre,
    montant: String(contrat.montant),
    date_debut: contrat.date_debut,
    date_fin: contrat.date_fin ?? '',
    periodicite_paiement: contrat.periodicite_paiement,
    partie: partie ? String(partie.id) : '',
    categorie: contrat.categorie ? String(contrat.categorie.id) : '',
    commentaire: contrat.commentaire ?? '',
  };
}

/** The choices of the other party (clients or suppliers) and of the category (expense side). */
function usePartieChoices(side: ContratSide, created: readonly ComboboxOption[]) {
  const { t } = useTranslation('contrats');
  const clients = useListeClientsQuery(undefined, { skip: side !== 'revenus' });
  const fournisseurs = useGetChargesFournisseursCategoriesQuery(undefined, { skip: side !== 'depenses' });
  const partieOptions = useMemo(() => {
    const options =
      side === 'revenus'
        ? (clients.data?.clients ?? []).map((client) => ({ value: String(client.id), label: client.nom }))
        : (fournisseurs.data?.fournisseurs ?? []).map((f) => ({ value: String(f.id), label: f.nom }));
    return [...options, ...created.filter((c) => !options.some((o) => o.value === c.value))];
  }, [side, clients.data, fournisseurs.data, created]);
  const categorieOptions = useMemo(
    () => [
      { value: '', label: t('form.categorieNone') },
      ...(fournisseurs.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.titre })),
    ],
    [fournisseurs.data, t],
  );
  return { partieOptions, categorieOptions };
}

/**
 * The form of a contract (spec 1 §5 "Contract", spec 2 §5 "Expense contract"): title, amount per
 * period, start, optional end, periodicity, the client (or the supplier and an optional
 * category), comment and documents. The client or supplier is a searchable choice whose "create"
 * opens a small dialog prefilled with what was typed, and selects what it created.
 */
function ContratForm({
  side,
  initialValues,
  onSubmit,
  submitLabel,
  cancelTo,
  existing,
  disabledReason = null,
}: {
  side: ContratSide;
  initialValues: ContratValues;
  onSubmit: (values: ContratValues, helpers: FormikHelpers<ContratValues>) => Promise<void>;
  submitLabel: string;
  cancelTo: string;
  existing?: ReactNode;
  disabledReason?: string | null;
}) {
  const { t, i18n } = useTranslation('contrats');
  const periodiciteLabel = usePeriodiciteLabel();
  // Created from the dialog: shown at once, before the choices are fetched again.
  const [created, setCreated] = useState<ComboboxOption[]>([]);
  const [dialog, setDialog] = useState<string | null>(null);
  const schema = useMemo(() => contratSchema(side), [side]);
  const { partieOptions, categorieOptions } = usePartieChoices(side, created);

  return (
    <Formik initialValues={initialValues} validationSchema={schema} onSubmit={onSubmit}>
      {(formik) => (
        <>
          <Form noValidate className="grid gap-5" aria-label={submitLabel}>
            <FormField
              name="titre"
              label={t('form.titre')}
              placeholder={t(`form.titrePlaceholder.${side}`)}
              required
              {...FREE_TEXT}
            />
            <div className="grid items-start gap-5 sm:grid-cols-2">
              <ComboboxField
                name="partie"
                label={t(`form.partie.${side}`)}
                placeholder={t(`form.partiePlaceholder.${side}`)}
                options={partieOptions}
                createLabel={t(`form.partieCreate.${side}`)}
                onCreate={(typed) => setDialog(typed)}
              />
              {side === 'depenses' ? (
                <ComboboxField
                  name="categorie"
                  label={t('form.categorie')}
                  placeholder={t('form.categoriePlaceholder')}
                  options={categorieOptions}
                />
              ) : (
                <div className="hidden sm:block" />
              )}
              <FormField
                name="montant"
                label={`${t('form.montant')} (${currencyUnit(i18n.language)})`}
                description={t('form.montantHint')}
                inputMode="decimal"
                autoComplete="off"
                dir="ltr"
                className="[&_input]:rtl:text-end"
                required
              />
              <SelectField
                name="periodicite_paiement"
                label={t('form.periodicite')}
                options={PERIODICITES.map((value) => ({ value, label: periodiciteLabel(value) }))}
              />
              <DateField name="date_debut" label={t('form.dateDebut')} required />
              <DateField name="date_fin" label={t('form.dateFin')} description={t('form.dateFinHint')} />
            </div>
            <FormField name="commentaire" label={t('form.commentaire')} {...FREE_TEXT} />
            {existing}
            <FilePickerField name="docs" label={t('form.docs')} />
            {disabledReason && <Alert>{disabledReason}</Alert>}
            <FormActions
              cancelTo={cancelTo}
              submitLabel={submitLabel}
              submitting={formik.isSubmitting}
              disabled={disabledReason !== null}
            />
          </Form>
          {dialog !== null && (
            <PartieDialog
              side={side}
              initialNom={dialog}
              onClose={() => setDialog(null)}
              onCreated={(partie) => {
                setCreated((list) => [...list, { value: String(partie.id), label: partie.nom }]);
                void formik.setFieldValue('partie', String(partie.id));
              }}
            />
          )}
        </>
      )}
    </Formik>
  );
}

function useSaveFailure() {
  const { t } = useTranslation('contrats');
  return (error: unknown, helpers: FormikHelpers<ContratValues>) => {
    if (applyContratsServerErrors(error, helpers.setErrors, FIELDS)) return;
    toast.error(t('form.saveFailed'), { description: translateMessage(contratsErrorKey(error)) });
  };
}

function Shell({
  side,
  title,
  back,
  children,
}: {
  side: ContratSide;
  title: string;
  back: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('contrats');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={title} description={t(`form.subtitle.${side}`)}>
        <BackLink to={back}>{t(`detail.back.${side}`)}</BackLink>
      </PageHeader>
      <Card>
        <CardContent className="p-4 sm:p-6">{children}</CardContent>
      </Card>
    </div>
  );
}

/** /syndic/revenus/contrats/creer (treasurer only). */
export function ContratRevenuCreatePage() {
  return <ContratCreatePage side="revenus" />;
}

/** /syndic/depenses/contrats-depenses/creer (treasurer only). */
export function ContratDepenseCreatePage() {
  return <ContratCreatePage side="depenses" />;
}

/** /syndic/revenus/contrats/modifier/{contratId} (treasurer only). */
export function ContratRevenuEditPage() {
  return <ContratEditPage side="revenus" />;
}

/** /syndic/depenses/contrats-depenses/modifier/{contratId} (treasurer only). */
export function ContratDepenseEditPage() {
  return <ContratEditPage side="depenses" />;
}

/** Creation; to the new contract's detail on success (its documents and payments are there). */
function ContratCreatePage({ side }: { side: ContratSide }) {
  const { t } = useTranslation('contrats');
  const navigate = useNavigate();
  const [create] = useCreerContratMutation();
  const saveFailed = useSaveFailure();

  async function submit(values: ContratValues, helpers: FormikHelpers<ContratValues>) {
    try {
      const { contrat } = await create({ side, body: contratFormData(side, values) }).unwrap();
      toast.success(t('form.created'), { description: values.titre.trim() });
      await navigate(contratGererPath(side, contrat.id));
    } catch (error) {
      saveFailed(error, helpers);
    }
  }

  return (
    <Shell side={side} title={t(`form.createTitle.${side}`)} back={CONTRAT_PATHS[side].list}>
      <ContratForm
        side={side}
        initialValues={emptyContrat}
        onSubmit={submit}
        submitLabel={t('form.submitCreate')}
        cancelTo={CONTRAT_PATHS[side].list}
      />
    </Shell>
  );
}

/**
 * Edit: the fields as loaded, the documents already attached (each removable), new ones added.
 * An unknown id goes back to the list; on success, to the detail (spec 2 §2).
 */
function ContratEditPage({ side }: { side: ContratSide }) {
  const { t } = useTranslation('contrats');
  const navigate = useNavigate();
  const changeLock = useChangeLock();
  const id = useIdParam('contratId');
  const { data, isError, error } = useDetailContratQuery({ side, id: id ?? 0 }, { skip: id === null });
  const contrat = data?.contrat;
  const [update] = useModifierContratMutation();
  const [removeDocument, { isLoading: removing }] = useRetirerDocumentContratMutation();
  const [documentToDelete, setDocumentToDelete] = useState<DocumentContrat | null>(null);
  const saveFailed = useSaveFailure();
  // Initial values from the first load only: a file removed meanwhile must not reset the form.
  const [initialValues, setInitialValues] = useState<ContratValues | null>(null);
  if (contrat && initialValues === null) setInitialValues(valuesOf(side, contrat));

  useEffect(() => {
    if (!isError) return;
    toast.error(translateMessage(contratsErrorKey(error, 'contrats:detail.loadFailed')), { id: 'contrat-not-found' });
    void navigate(CONTRAT_PATHS[side].list, { replace: true });
  }, [isError, error, navigate, side]);

  if (id === null) return <Navigate to={CONTRAT_PATHS[side].list} replace />;

  async function submit(values: ContratValues, helpers: FormikHelpers<ContratValues>) {
    if (id === null) return;
    try {
      await update({ side, body: contratFormData(side, values, id) }).unwrap();
      toast.success(t('form.updated'), { description: values.titre.trim() });
      await navigate(contratGererPath(side, id));
    } catch (failure) {
      saveFailed(failure, helpers);
    }
  }

  async function deleteDocument() {
    if (!documentToDelete) return;
    try {
      await removeDocument(documentToDelete.id).unwrap();
      toast.success(t('detail.deleteDocumentDialog.deleted'), { description: documentToDelete.titre });
    } catch (failure) {
      toast.error(t('errors.deleteFailed'), { description: translateMessage(contratsErrorKey(failure)) });
    }
    setDocumentToDelete(null);
  }

  const lock = contrat ? changeLock(contrat) : null;
  const existing = contrat && contrat.docs.length > 0 && (
    <div className="grid gap-2">
      <span className="text-sm font-medium">{t('form.docsExistants')}</span>
      <DocumentThumbnails
        documents={contrat.docs}
        emptyText={t('detail.noDocuments')}
        onDelete={setDocumentToDelete}
        deleteLock={lock}
      />
    </div>
  );

  return (
    <Shell side={side} title={t(`form.editTitle.${side}`)} back={contratGererPath(side, id)}>
      {!initialValues ? (
        <div className="grid gap-4" data-testid="contrat-edit-loading">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} className="h-10 w-full" />
          ))}
        </div>
      ) : (
        <ContratForm
          side={side}
          initialValues={initialValues}
          onSubmit={submit}
          submitLabel={t('form.submitEdit')}
          cancelTo={contratGererPath(side, id)}
          existing={existing}
          disabledReason={lock}
        />
      )}
      <ConfirmDialog
        open={documentToDelete !== null}
        onOpenChange={(open) => !open && setDocumentToDelete(null)}
        title={t('detail.deleteDocumentDialog.title')}
        description={
          documentToDelete
            ? t('detail.deleteDocumentDialog.description', { titre: userText(documentToDelete.titre) })
            : undefined
        }
        confirmLabel={t('detail.deleteDocumentDialog.confirm')}
        onConfirm={() => void deleteDocument()}
        pending={removing}
      />
    </Shell>
  );
}
