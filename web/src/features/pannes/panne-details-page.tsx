import { Form, Formik, type FormikHelpers } from 'formik';
import { Loader2, Pencil, Send, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FilePickerField } from '@/components/file-picker';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/page-parts';
import { LockedButton } from '@/components/record-actions';
import { UserText } from '@/components/user-text';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { TextareaField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { selectUser } from '@/lib/auth/auth-slice';
import { useAppSelector } from '@/lib/store/hooks';
import { useIdParam } from '@/lib/use-id-param';
import { PanneEditionDialog } from './panne-dialogs';
import {
  STATUTS_PANNE,
  usePannesChangerStatutMutation,
  usePannesCommenterMutation,
  usePannesDetailsQuery,
  usePannesModifierCommentaireMutation,
  usePannesSupprimerCommentaireMutation,
  usePannesSupprimerMutation,
  type CommentairePanne,
  type Panne,
  type StatutPanne,
} from './pannes-api';
import { pannesErrorText } from './pannes-errors';
import { DateHeure, StatutBadge } from './pannes-labels';
import { pannesListPath, type PannesSpace } from './paths';
import { Photos } from './photos';
import {
  commentaireEditionFormData,
  commentaireFormData,
  commentaireSchema,
  emptyCommentaire,
  panneEditionSchema,
  TEXTE_MAX_LENGTH,
  type CommentaireValues,
} from './schemas';

/**
 * The syndic's status box (spec 3 §4 "Panne status"): any status, numbered 1 to 5; the confirm
 * button is disabled while the selection is the current status.
 */
function StatutBox({ panne }: { panne: Panne }) {
  const { t } = useTranslation('pannes');
  const [selection, setSelection] = useState<StatutPanne>(panne.status);
  const [changer, { isLoading }] = usePannesChangerStatutMutation();

  async function confirm() {
    try {
      await changer({ status: selection, panne_id: panne.id }).unwrap();
      toast.success(t('statutBox.changed', { statut: t(`statut.${selection}`) }));
    } catch (error) {
      toast.error(pannesErrorText(error, 'pannes:errors.statut_error'));
    }
  }

  return (
    <Card data-testid="panne-statut-box">
      <CardHeader>
        <CardTitle>{t('statutBox.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 sm:flex sm:items-end">
        <label className="grid flex-1 gap-1.5 text-sm font-medium">
          {t('statutBox.label')}
          <select
            value={selection}
            onChange={(event) => setSelection(event.target.value as StatutPanne)}
            className="h-9 rounded-md border border-input bg-card px-3 text-sm"
          >
            {STATUTS_PANNE.map((statut, index) => (
              <option key={statut} value={statut}>
                {`${index + 1}. ${t(`statut.${statut}`)}`}
              </option>
            ))}
          </select>
        </label>
        {/* At the end of the box on a phone too, as the comment form's button: not a full-width bar. */}
        <Button
          className="justify-self-end"
          onClick={() => void confirm()}
          disabled={selection === panne.status || isLoading}
        >
          {isLoading && <Loader2 aria-hidden="true" className="animate-spin" />}
          {t('statutBox.confirm')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** The edition of one's own comment: its text; its photos are kept. */
function CommentaireEditionDialog({
  panneId,
  commentaire,
  onClose,
}: {
  panneId: number;
  commentaire: CommentairePanne | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['pannes', 'common']);
  const [modifier] = usePannesModifierCommentaireMutation();

  async function submit(values: { description: string }) {
    if (!commentaire) return;
    const body = commentaireEditionFormData(
      commentaire.id,
      values.description,
      commentaire.attachements.map((photo) => photo.id),
    );
    try {
      await modifier({ panneId, body }).unwrap();
      toast.success(t('pannes:commentaires.updated'));
      onClose();
    } catch (error) {
      toast.error(pannesErrorText(error, 'pannes:errors.updated_error'));
    }
  }

  return (
    <Dialog open={commentaire !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('pannes:commentaires.editTitle')}</DialogTitle>
          <DialogDescription className="sr-only">{t('pannes:commentaires.editTitle')}</DialogDescription>
        </DialogHeader>
        {commentaire && (
          <Formik
            initialValues={{ description: commentaire.description }}
            validationSchema={panneEditionSchema}
            onSubmit={submit}
          >
            {({ isSubmitting }) => (
              <Form noValidate className="grid gap-4" aria-label={t('pannes:commentaires.editTitle')}>
                <TextareaField
                  name="description"
                  label={t('pannes:commentaires.texte')}
                  rows={4}
                  maxLength={TEXTE_MAX_LENGTH}
                  required
                />
                <DialogFooter>
                  <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
                    {t('common:actions.cancel')}
                  </Button>
                  <Button type="submit" disabled={isSubmitting}>
                    {t('pannes:form.save')}
                  </Button>
                </DialogFooter>
              </Form>
            )}
          </Formik>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The comments, each with its author, time, text and photos; one's own may be edited or deleted. */
function Commentaires({ panneId, commentaires }: { panneId: number; commentaires: CommentairePanne[] }) {
  const { t } = useTranslation('pannes');
  const user = useAppSelector(selectUser);
  const [editing, setEditing] = useState<CommentairePanne | null>(null);
  const [toDelete, setToDelete] = useState<CommentairePanne | null>(null);
  const [supprimer, { isLoading: deleting }] = usePannesSupprimerCommentaireMutation();
  const [commenter] = usePannesCommenterMutation();

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await supprimer({ panneId, id: toDelete.id }).unwrap();
      toast.success(t('commentaires.deleted'));
    } catch (error) {
      toast.error(pannesErrorText(error, 'pannes:errors.deleted_error'));
    }
    setToDelete(null);
  }

  async function add(values: CommentaireValues, helpers: FormikHelpers<CommentaireValues>) {
    try {
      await commenter({ panneId, body: commentaireFormData(panneId, values) }).unwrap();
      helpers.resetForm();
      toast.success(t('commentaires.added'));
    } catch (error) {
      toast.error(pannesErrorText(error, 'pannes:errors.commentaire_error'));
    }
  }

  return (
    <section className="grid gap-4" aria-labelledby="panne-commentaires">
      <h2 id="panne-commentaires" className="text-lg font-semibold">
        {t('commentaires.title', { count: commentaires.length })}
      </h2>
      {commentaires.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('commentaires.empty')}</p>
      ) : (
        <ul className="grid gap-3">
          {commentaires.map((commentaire) => {
            const own = user?.id === commentaire.user.id;
            return (
              <li key={commentaire.id} className="grid gap-2 rounded-lg border bg-card p-3" data-testid="commentaire">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                  <UserText className="font-medium text-foreground">{commentaire.user.nom}</UserText>
                  <DateHeure date={commentaire.date} heure={commentaire.heure} />
                  {own && (
                    <span className="ms-auto flex gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        aria-label={t('commentaires.edit')}
                        onClick={() => setEditing(commentaire)}
                      >
                        <Pencil />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8 text-destructive"
                        aria-label={t('commentaires.delete')}
                        onClick={() => setToDelete(commentaire)}
                      >
                        <Trash2 />
                      </Button>
                    </span>
                  )}
                </div>
                <UserText className="text-sm whitespace-pre-line">{commentaire.description}</UserText>
                <Photos photos={commentaire.attachements} />
              </li>
            );
          })}
        </ul>
      )}
      <Card>
        <CardContent className="p-4">
          <Formik initialValues={emptyCommentaire} validationSchema={commentaireSchema} onSubmit={add}>
            {({ isSubmitting }) => (
              <Form noValidate className="grid gap-3" aria-label={t('commentaires.add')}>
                <TextareaField
                  name="commentaire"
                  label={t('commentaires.texte')}
                  rows={3}
                  maxLength={TEXTE_MAX_LENGTH}
                  required
                />
                <FilePickerField name="images" label={t('form.photos')} imagesOnly />
                <div className="flex justify-end">
                  <Button type="submit" disabled={isSubmitting}>
                    {isSubmitting ? (
                      <Loader2 aria-hidden="true" className="animate-spin" />
                    ) : (
                      <Send aria-hidden="true" />
                    )}
                    {t('commentaires.add')}
                  </Button>
                </div>
              </Form>
            )}
          </Formik>
        </CardContent>
      </Card>
      <CommentaireEditionDialog panneId={panneId} commentaire={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('commentaires.deleteTitle')}
        confirmLabel={t('deleteDialog.confirm')}
        onConfirm={() => void confirmDelete()}
        pending={deleting}
      />
    </section>
  );
}

/**
 * A breakdown report (spec 3 §2.7, /coproprietaire/pannes/details/{id} and the syndic's mirror):
 * the report with its photos, its author's edit and delete (delete disabled once the status has
 * evolved, and the server's 422 said so), the syndic's status box, the comments and the form to add
 * one. A deleted report (404) says so and goes back to the list; a non-syndic opening an archived
 * one gets an error and goes back too (spec 3 §2.7).
 */
function PanneDetails({ space }: { space: PannesSpace }) {
  const { t } = useTranslation('pannes');
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const id = useIdParam('panneId');
  const { data, isLoading, isError, error, refetch } = usePannesDetailsQuery(id ?? 0, { skip: id === null });
  const [editing, setEditing] = useState<Panne | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [supprimer, { isLoading: deleting }] = usePannesSupprimerMutation();
  const redirected = useRef(false);
  const list = pannesListPath(space);
  const panne = data?.panne;
  const isSyndic = user?.is_syndic === true;

  // A 404, whatever its code, is a report deleted since the list was read (spec 3 §2.7).
  const gone = id === null || (isError && error !== undefined && 'status' in error && error.status === 404);
  const forbiddenArchive = panne?.status === 'archive' && !isSyndic;
  useEffect(() => {
    if (redirected.current || !(gone || forbiddenArchive)) return;
    redirected.current = true;
    toast.error(gone ? t('errors.deleted') : t('errors.archivee'));
    void navigate(list, { replace: true });
  }, [gone, forbiddenArchive, list, navigate, t]);

  async function remove() {
    if (!panne) return;
    try {
      await supprimer(panne.id).unwrap();
      redirected.current = true;
      toast.success(t('deleteDialog.deleted'));
      await navigate(list);
    } catch (failure) {
      setConfirmDelete(false);
      toast.error(pannesErrorText(failure, 'pannes:errors.deleted_error'));
    }
  }

  if (isLoading || gone || forbiddenArchive) {
    return (
      <div className="grid gap-4" data-testid="panne-skeleton">
        {Array.from({ length: 7 }, (_, index) => (
          <Skeleton key={index} className="h-10 w-full" />
        ))}
      </div>
    );
  }
  if (isError || !panne || !data) {
    return (
      <div className="grid gap-4">
        <BackLink to={list}>{t('details.back')}</BackLink>
        <Alert variant="destructive" className="items-center">
          <span className="flex-1">{t('errors.loadError')}</span>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            {t('details.retry')}
          </Button>
        </Alert>
      </div>
    );
  }

  const own = user?.id === panne.user.id;
  const deleteLock = panne.status === 'ouvert' ? null : t('lock.statutEvolue');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader
        title={t('details.title', { id: panne.id })}
        actions={
          own && (
            <>
              <Button variant="outline" size="sm" onClick={() => setEditing(panne)}>
                <Pencil aria-hidden="true" />
                {t('details.edit')}
              </Button>
              <LockedButton lock={deleteLock} onClick={() => setConfirmDelete(true)} testId="panne-supprimer">
                <Trash2 aria-hidden="true" />
                {t('details.delete')}
              </LockedButton>
            </>
          )
        }
      >
        <BackLink to={list}>{t('details.back')}</BackLink>
      </PageHeader>
      <Card>
        <CardContent className="grid gap-3 p-4 sm:p-6">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <StatutBadge status={panne.status} />
            <UserText className="font-medium text-foreground">{panne.user.nom}</UserText>
            <DateHeure date={panne.date} heure={panne.heure} />
          </div>
          <UserText className="whitespace-pre-line">{panne.description}</UserText>
          <Photos photos={panne.attachements} />
        </CardContent>
      </Card>
      {/* Keyed by the status: a changed status starts the selection again from it. */}
      {isSyndic && <StatutBox key={panne.status} panne={panne} />}
      <Commentaires panneId={panne.id} commentaires={data.commentaires} />
      <PanneEditionDialog panne={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('deleteDialog.title')}
        description={t('deleteDialog.description')}
        confirmLabel={t('deleteDialog.confirm')}
        onConfirm={() => void remove()}
        pending={deleting}
      />
    </div>
  );
}

export function SyndicPanneDetailsPage() {
  return <PanneDetails space="syndic" />;
}

export function CoproprietairePanneDetailsPage() {
  return <PanneDetails space="coproprietaire" />;
}
