import { Form, Formik, type FormikHelpers } from 'formik';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ApprovalFields } from '@/components/approval-fields';
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
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { useChangeLock } from '@/lib/auth/use-change-lock';
import { todayIso } from '@/lib/dates';
import { currencyUnit } from '@/lib/money';
import { translateMessage } from '@/lib/translate-message';
import { useIdParam } from '@/lib/use-id-param';
import { CategorieDialog } from './categorie-dialog';
import {
  useCreerDepenseMutation,
  useDepenseDetail,
  useGetChargesFournisseursCategoriesQuery,
  useGetTravauxAgsVotesQuery,
  useModifierDepenseMutation,
  useSupprimerDocument,
  type DepenseDetail,
  type DepenseFormField,
  type DepenseKind,
  type DocumentDepense,
} from './depenses-api';
import { applyDepensesServerErrors, depensesErrorCode, depensesErrorKey } from './depenses-errors';
import { FournisseurDialog } from './fournisseur-dialog';
import { DocumentThumbnails, FREE_TEXT, userText } from './parts';
import { DEPENSE_PATHS, depenseGererPath } from './paths';
import {
  dateFactureRange,
  depenseSchema,
  emptyDepense,
  montantDecimal,
  montantText,
  type DepenseValues,
} from './schemas';

const FIELDS = [...Object.keys(emptyDepense), 'ag', 'vote'];

/**
 * The multipart body of a creation or an edit (spec 2 §7; files appended once each). Field names
 * are the server's (`TravauxFormulaire` in its document); an empty text is a field left empty
 * (no category, undecided approval).
 */
export function depenseFormData(kind: DepenseKind, values: DepenseValues, id?: number): FormData {
  const body = new FormData();
  const field = (name: DepenseFormField, value: string) => body.append(name, value);
  const files = (name: DepenseFormField & `${string}[]`, list: readonly File[]) => {
    for (const file of list) body.append(name, file, file.name);
  };
  if (id !== undefined) field('id', String(id));
  field('titre', values.titre.trim());
  field('montant', montantDecimal(values.montant));
  field('date_facture', values.date_facture);
  field('fournisseur', values.fournisseur);
  field('categorie', values.categorie);
  field('commentaire', values.commentaire.trim());
  if (kind === 'travaux') {
    field('description', values.description.trim());
    field('is_approved', values.is_approved);
    field('approuve_par', values.approuve_par);
    field('ag', values.approuve_par === 'assemblee' ? values.ag : '');
    field('vote', values.approuve_par === 'vote' ? values.vote : '');
  }
  files('factures[]', values.factures);
  files('devis[]', values.devis);
  return body;
}

function valuesOf(depense: DepenseDetail): DepenseValues {
  return {
    ...emptyDepense,
    titre: depense.titre,
    montant: montantText(depense.montant_total),
    date_facture: depense.date_facture,
    fournisseur: String(depense.fournisseur.id),
    categorie: depense.categorie ? String(depense.categorie.id) : '',
    commentaire: depense.commentaire ?? '',
    description: depense.description ?? '',
    is_approved: depense.is_approved === 1 ? '1' : depense.is_approved === 0 ? '0' : '',
    approuve_par: depense.approvable_type ?? '',
    ag: depense.approvable_type === 'assemblee' && depense.approvable ? String(depense.approvable.id) : '',
    vote: depense.approvable_type === 'vote' && depense.approvable ? String(depense.approvable.id) : '',
  };
}

/** The works' approval (spec 2 §4), with the assemblies and votes that may approve. */
function TravauxApprovalFields() {
  const { t } = useTranslation('depenses');
  const choix = useGetTravauxAgsVotesQuery();
  return (
    <ApprovalFields label={(key) => t(`form.${key}`)} ags={choix.data?.ags ?? []} votes={choix.data?.votes ?? []} />
  );
}

/**
 * The fields of a charge or works item (spec 2 §3, §5 "Charge and works", "Files"): the supplier
 * and the category are searchable choices whose "create" opens a small dialog and selects what
 * it created. `existing` shows the files already attached (edit), each removable at once.
 */
function DepenseFields({
  kind,
  onCreateFournisseur,
  onCreateCategorie,
  fournisseurOptions,
  categorieOptions,
  existing,
}: {
  kind: DepenseKind;
  onCreateFournisseur: (typed: string) => void;
  onCreateCategorie: (typed: string) => void;
  fournisseurOptions: readonly ComboboxOption[];
  categorieOptions: readonly ComboboxOption[];
  existing?: ReactNode;
}) {
  const { t, i18n } = useTranslation('depenses');
  const range = dateFactureRange(todayIso());
  return (
    <>
      <FormField
        name="titre"
        label={t('form.titre')}
        placeholder={t('form.titrePlaceholder')}
        required
        {...FREE_TEXT}
      />
      <div className="grid items-start gap-5 sm:grid-cols-2">
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
        <DateField name="date_facture" label={t('form.dateFacture')} min={range.min} max={range.max} required />
        <ComboboxField
          name="fournisseur"
          label={t('form.fournisseur')}
          placeholder={t('form.fournisseurPlaceholder')}
          options={fournisseurOptions}
          createLabel={t('form.fournisseurCreate')}
          onCreate={onCreateFournisseur}
        />
        <ComboboxField
          name="categorie"
          label={t('form.categorie')}
          placeholder={t('form.categoriePlaceholder')}
          options={categorieOptions}
          createLabel={t('form.categorieCreate')}
          onCreate={onCreateCategorie}
        />
      </div>
      {kind === 'travaux' && (
        <>
          <FormField name="description" label={t('form.description')} {...FREE_TEXT} />
          <TravauxApprovalFields />
        </>
      )}
      <FormField name="commentaire" label={t('form.commentaire')} {...FREE_TEXT} />
      {existing}
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FilePickerField name="factures" label={t('form.factures')} />
        <FilePickerField name="devis" label={t('form.devis')} />
      </div>
    </>
  );
}

/**
 * The form of a charge or works item, with the supplier and category dialogs it opens (rendered
 * outside the <form>: their submit must not reach it).
 */
function DepenseForm({
  kind,
  initialValues,
  onSubmit,
  submitLabel,
  cancelTo,
  existing,
  disabledReason = null,
}: {
  kind: DepenseKind;
  initialValues: DepenseValues;
  onSubmit: (values: DepenseValues, helpers: FormikHelpers<DepenseValues>) => Promise<void>;
  submitLabel: string;
  cancelTo: string;
  existing?: ReactNode;
  disabledReason?: string | null;
}) {
  const { t } = useTranslation('depenses');
  const choix = useGetChargesFournisseursCategoriesQuery();
  // Created from the dialogs: shown at once, before the choices are fetched again.
  const [createdFournisseurs, setCreatedFournisseurs] = useState<ComboboxOption[]>([]);
  const [createdCategories, setCreatedCategories] = useState<ComboboxOption[]>([]);
  const [fournisseurDialog, setFournisseurDialog] = useState<string | null>(null);
  const [categorieDialog, setCategorieDialog] = useState<string | null>(null);
  const schema = useMemo(() => depenseSchema(todayIso()), []);

  const fournisseurOptions = useMemo(() => {
    const options = (choix.data?.fournisseurs ?? []).map((f) => ({ value: String(f.id), label: f.nom }));
    return [...options, ...createdFournisseurs.filter((c) => !options.some((o) => o.value === c.value))];
  }, [choix.data, createdFournisseurs]);
  const categorieOptions = useMemo(() => {
    const options = (choix.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.titre }));
    return [
      { value: '', label: t('form.categorieNone') },
      ...options,
      ...createdCategories.filter((c) => !options.some((o) => o.value === c.value)),
    ];
  }, [choix.data, createdCategories, t]);

  return (
    <Formik initialValues={initialValues} validationSchema={schema} onSubmit={onSubmit}>
      {(formik) => (
        <>
          <Form noValidate className="grid gap-5" aria-label={submitLabel}>
            <DepenseFields
              kind={kind}
              fournisseurOptions={fournisseurOptions}
              categorieOptions={categorieOptions}
              onCreateFournisseur={(typed) => setFournisseurDialog(typed)}
              onCreateCategorie={(typed) => setCategorieDialog(typed)}
              existing={existing}
            />
            {disabledReason && <Alert>{disabledReason}</Alert>}
            <FormActions
              cancelTo={cancelTo}
              submitLabel={submitLabel}
              submitting={formik.isSubmitting}
              disabled={disabledReason !== null}
            />
          </Form>
          {fournisseurDialog !== null && (
            <FournisseurDialog
              open
              onOpenChange={(open) => !open && setFournisseurDialog(null)}
              initialNom={fournisseurDialog}
              onCreated={(fournisseur) => {
                setCreatedFournisseurs((list) => [...list, { value: String(fournisseur.id), label: fournisseur.nom }]);
                void formik.setFieldValue('fournisseur', String(fournisseur.id));
              }}
            />
          )}
          {categorieDialog !== null && (
            <CategorieDialog
              open
              onOpenChange={(open) => !open && setCategorieDialog(null)}
              initialTitre={categorieDialog}
              onSaved={(categorie) => {
                setCreatedCategories((list) => [...list, { value: String(categorie.id), label: categorie.titre }]);
                void formik.setFieldValue('categorie', String(categorie.id));
              }}
            />
          )}
        </>
      )}
    </Formik>
  );
}

function useSaveFailure() {
  const { t } = useTranslation('depenses');
  return (error: unknown, helpers: FormikHelpers<DepenseValues>) => {
    if (applyDepensesServerErrors(error, helpers.setErrors, FIELDS)) return;
    toast.error(t('form.saveFailed'), { description: translateMessage(depensesErrorKey(error)) });
  };
}

function Shell({
  kind,
  title,
  back,
  children,
}: {
  kind: DepenseKind;
  title: string;
  back: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('depenses');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={title} description={t('form.subtitle')}>
        <BackLink to={back}>{t(`detail.back.${kind}`)}</BackLink>
      </PageHeader>
      <Card>
        <CardContent className="p-4 sm:p-6">{children}</CardContent>
      </Card>
    </div>
  );
}

/** /syndic/depenses/charges/creer (treasurer only). */
export function ChargeCreatePage() {
  return <DepenseCreatePage kind="charges" />;
}

/** /syndic/depenses/travaux/creer (treasurer only). */
export function TravauxCreatePage() {
  return <DepenseCreatePage kind="travaux" />;
}

/** /syndic/depenses/charges/modifier/{chargeId} (treasurer only). */
export function ChargeEditPage() {
  return <DepenseEditPage kind="charges" />;
}

/** /syndic/depenses/travaux/modifier/{travauxId} (treasurer only). */
export function TravauxEditPage() {
  return <DepenseEditPage kind="travaux" />;
}

/** Creation; back to the list on success (spec 2 §4 "After success"). */
function DepenseCreatePage({ kind }: { kind: DepenseKind }) {
  const { t } = useTranslation('depenses');
  const navigate = useNavigate();
  const [create] = useCreerDepenseMutation();
  const saveFailed = useSaveFailure();

  async function submit(values: DepenseValues, helpers: FormikHelpers<DepenseValues>) {
    try {
      await create({ kind, body: depenseFormData(kind, values) }).unwrap();
      toast.success(t('form.created'), { description: values.titre.trim() });
      await navigate(DEPENSE_PATHS[kind].list);
    } catch (error) {
      saveFailed(error, helpers);
    }
  }

  return (
    <Shell kind={kind} title={t(`form.createTitle.${kind}`)} back={DEPENSE_PATHS[kind].list}>
      <DepenseForm
        kind={kind}
        initialValues={emptyDepense}
        onSubmit={submit}
        submitLabel={t('form.submitCreate')}
        cancelTo={DEPENSE_PATHS[kind].list}
      />
    </Shell>
  );
}

/**
 * Edit: the fields as loaded, the files already attached (each removable), new files added.
 * An unknown id goes back to the list; on success, to the detail.
 */
function DepenseEditPage({ kind }: { kind: DepenseKind }) {
  const { t } = useTranslation('depenses');
  const navigate = useNavigate();
  const changeLock = useChangeLock();
  const id = useIdParam(DEPENSE_PATHS[kind].param);
  const { data, isError, error } = useDepenseDetail(kind, id);
  const [update] = useModifierDepenseMutation();
  const [removeDocument, { isLoading: removing }] = useSupprimerDocument();
  const [documentToDelete, setDocumentToDelete] = useState<DocumentDepense | null>(null);
  const saveFailed = useSaveFailure();
  // Initial values from the first load only: a file removed meanwhile must not reset the form.
  const [initialValues, setInitialValues] = useState<DepenseValues | null>(null);
  if (data && initialValues === null) setInitialValues(valuesOf(data));

  useEffect(() => {
    if (!isError) return;
    toast.error(translateMessage(depensesErrorKey(error, 'depenses:detail.loadFailed')), { id: 'depense-not-found' });
    void navigate(DEPENSE_PATHS[kind].list, { replace: true });
  }, [isError, error, navigate, kind]);

  if (id === null) return <Navigate to={DEPENSE_PATHS[kind].list} replace />;

  async function submit(values: DepenseValues, helpers: FormikHelpers<DepenseValues>) {
    if (id === null) return;
    try {
      await update({ kind, body: depenseFormData(kind, values, id) }).unwrap();
      toast.success(t('form.updated'), { description: values.titre.trim() });
      await navigate(depenseGererPath(kind, id));
    } catch (failure) {
      saveFailed(failure, helpers);
    }
  }

  async function deleteDocument() {
    if (!documentToDelete) return;
    try {
      await removeDocument(documentToDelete).unwrap();
      toast.success(t('detail.deleteDocumentDialog.deleted'), { description: documentToDelete.titre });
    } catch (failure) {
      toast.error(t('errors.deleteFailed'), { description: translateMessage(depensesErrorKey(failure)) });
    }
    setDocumentToDelete(null);
  }

  const lock = data ? changeLock(data) : null;
  const existing = data && (data.factures.length > 0 || data.devis.length > 0) && (
    <div className="grid items-start gap-5 sm:grid-cols-2">
      <div className="grid gap-2">
        <span className="text-sm font-medium">{t('form.facturesExistantes')}</span>
        <DocumentThumbnails
          documents={data.factures}
          emptyText={t('detail.noFactures')}
          onDelete={setDocumentToDelete}
          deleteLock={lock}
        />
      </div>
      <div className="grid gap-2">
        <span className="text-sm font-medium">{t('form.devisExistants')}</span>
        <DocumentThumbnails
          documents={data.devis}
          emptyText={t('detail.noDevis')}
          onDelete={setDocumentToDelete}
          deleteLock={lock}
        />
      </div>
    </div>
  );

  return (
    <Shell kind={kind} title={t(`form.editTitle.${kind}`)} back={depenseGererPath(kind, id)}>
      {!initialValues || depensesErrorCode(error) ? (
        <div className="grid gap-4" data-testid="depense-edit-loading">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} className="h-10 w-full" />
          ))}
        </div>
      ) : (
        <DepenseForm
          kind={kind}
          initialValues={initialValues}
          onSubmit={submit}
          submitLabel={t('form.submitEdit')}
          cancelTo={depenseGererPath(kind, id)}
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
