import { Form, Formik, type FormikHelpers } from 'formik';
import { CheckCircle2, Circle, FileText, ListOrdered, Loader2, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserText, userText } from '@/components/user-text';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toaster';
import { DisabledReason } from '@/components/ui/tooltip';
import { applyServerErrors } from '@/lib/form-errors';
import { formatTime } from '@/lib/heure';
import { useIdParam } from '@/lib/use-id-param';
import { AssembleeFields } from './assemblee-fields';
import { failureToast } from './assemblees-errors';
import {
  useAjouterPiecesJointesMutation,
  useEtape1AssembleeQuery,
  useModifierInfoGeneralesMutation,
  useSupprimerPieceJointeMutation,
  type FichierAssemblee,
} from './assemblees-api';
import { EtapeFrame, EtapeLoading, NextEtapeLink, PdfUpload, useEtapeLock } from './parts';
import { etapePath, ordreDuJourPath } from './paths';
import { assembleeBody, assembleeSchema, emptyAssemblee, type AssembleeValues } from './schemas';

/** One item of the step's checklist, checked or not. */
export function ChecklistItem({
  done,
  title,
  icon,
  children,
  testId,
}: {
  done: boolean;
  title: string;
  icon?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card data-testid={testId} data-done={done}>
      <CardContent className="grid gap-4 p-4 sm:p-6">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          {done ? (
            <CheckCircle2 aria-hidden="true" className="size-5 text-success" />
          ) : (
            <Circle aria-hidden="true" className="size-5 text-muted-foreground" />
          )}
          {icon}
          {title}
        </h2>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * /syndic/assemblees/{id}/etapes/1 (spec 3 §2.5 "Step 1"): the general information (an inline
 * form), the agenda (its page; checked once it has a point) and the attached PDFs (checked once
 * there is one). "Passer aux convocations" needs an agenda. Everything is read only once the
 * meeting is convened, and for anyone but the president.
 */
export function Etape1Page() {
  const { t } = useTranslation(['assemblees', 'common']);
  const id = useIdParam('assembleeId') ?? 0;
  const { data, isError, refetch } = useEtape1AssembleeQuery(id);
  const assemblee = data?.info_generales;
  const lock = useEtapeLock(assemblee, 1);
  const [modifier] = useModifierInfoGeneralesMutation();
  const [ajouter, { isLoading: uploading }] = useAjouterPiecesJointesMutation();
  const [supprimer, { isLoading: deleting }] = useSupprimerPieceJointeMutation();
  const [toDelete, setToDelete] = useState<FichierAssemblee | null>(null);

  async function save(values: AssembleeValues, helpers: FormikHelpers<AssembleeValues>) {
    try {
      await modifier({ id, ...assembleeBody(values) }).unwrap();
      toast.success(t('assemblees:toast.updated'));
    } catch (error) {
      if (applyServerErrors(error, helpers.setErrors, Object.keys(emptyAssemblee))) return;
      toast.error(...failureToast('assemblees:toast.update_error', error));
    }
  }

  async function upload(docs: File[]) {
    try {
      await ajouter({ assembleeId: id, docs }).unwrap();
      toast.success(t('assemblees:etape1.piecesAjoutees', { count: docs.length }));
    } catch (error) {
      toast.error(...failureToast('assemblees:toast.update_error', error));
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await supprimer({ assembleeId: id, id: toDelete.id }).unwrap();
      toast.success(t('assemblees:etape1.pieceSupprimee'));
    } catch (error) {
      toast.error(...failureToast('assemblees:toast.docs_delete_error', error));
    }
    setToDelete(null);
  }

  if (!data || !assemblee)
    return (
      <EtapeFrame assembleeId={id} title={t('assemblees:etapes.noms.1')}>
        <EtapeLoading isError={isError} onRetry={() => void refetch()} />
      </EtapeFrame>
    );

  const agenda = data.ordre_du_jour;
  const pieces = data.pieces_jointes;
  const initial: AssembleeValues = {
    titre: assemblee.titre,
    lieu: assemblee.lieu,
    date: assemblee.date,
    heure: formatTime(assemblee.heure),
  };

  return (
    <EtapeFrame assembleeId={id} title={t('assemblees:etapes.noms.1')} titre={assemblee.titre} lock={lock}>
      <ChecklistItem done testId="etape1-infos" title={t('assemblees:etape1.infos')}>
        <Formik initialValues={initial} validationSchema={assembleeSchema} onSubmit={save} enableReinitialize>
          {({ isSubmitting, dirty }) => (
            <Form noValidate className="grid gap-4" aria-label={t('assemblees:etape1.infos')}>
              <AssembleeFields disabled={lock !== null} />
              <div className="flex justify-end">
                <DisabledReason reason={lock}>
                  <Button type="submit" disabled={lock !== null || isSubmitting || !dirty}>
                    {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
                    {t('common:actions.save')}
                  </Button>
                </DisabledReason>
              </div>
            </Form>
          )}
        </Formik>
      </ChecklistItem>

      <ChecklistItem
        done={agenda.length > 0}
        testId="etape1-ordre-du-jour"
        title={t('assemblees:etape1.ordreDuJour')}
        icon={<ListOrdered aria-hidden="true" className="size-5" />}
      >
        {agenda.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('assemblees:etape1.ordreDuJourVide')}</p>
        ) : (
          <ol className="grid gap-1 text-sm">
            {agenda.map((point) => (
              <li key={point.id} className="flex gap-2">
                <span className="tabular text-muted-foreground" dir="ltr">
                  {point.numero}.
                </span>
                <UserText>{point.titre}</UserText>
              </li>
            ))}
          </ol>
        )}
        <div>
          <Button asChild variant="outline">
            <Link to={ordreDuJourPath(id)} data-testid="ouvrir-ordre-du-jour">
              {lock === null ? t('assemblees:etape1.modifierOrdreDuJour') : t('assemblees:etape1.voirOrdreDuJour')}
            </Link>
          </Button>
        </div>
      </ChecklistItem>

      <ChecklistItem
        done={pieces.length > 0}
        testId="etape1-pieces"
        title={t('assemblees:etape1.pieces')}
        icon={<FileText aria-hidden="true" className="size-5" />}
      >
        {pieces.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('assemblees:etape1.piecesVide')}</p>
        ) : (
          <ul className="grid gap-2">
            {pieces.map((piece) => (
              <li key={piece.id} className="flex items-center gap-2 rounded-md border p-2" data-testid="piece-jointe">
                <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <a
                  href={piece.url}
                  target="_blank"
                  rel="noreferrer"
                  className="min-w-0 flex-1 truncate hover:underline"
                >
                  <UserText>{piece.titre}</UserText>
                </a>
                <DisabledReason reason={lock}>
                  <Button
                    variant="ghost"
                    size="icon"
                    disabled={lock !== null}
                    onClick={() => setToDelete(piece)}
                    aria-label={t('assemblees:etape1.supprimerPiece', { titre: piece.titre })}
                    className="text-muted-foreground hover:text-destructive"
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </DisabledReason>
              </li>
            ))}
          </ul>
        )}
        <PdfUpload
          label={t('assemblees:etape1.ajouterPieces')}
          multiple
          disabledReason={lock}
          pending={uploading}
          onFiles={(files) => void upload(files)}
          testId="pieces-jointes"
        />
      </ChecklistItem>

      <div className="flex justify-end">
        <NextEtapeLink
          to={etapePath(id, 2)}
          reason={agenda.length === 0 ? t('assemblees:etape1.ordreDuJourRequis') : null}
        >
          {t('assemblees:etape1.passerConvocations')}
        </NextEtapeLink>
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('assemblees:etape1.supprimerPieceTitle')}
        description={toDelete ? userText(toDelete.titre) : undefined}
        confirmLabel={t('assemblees:actions.supprimer')}
        onConfirm={() => void confirmDelete()}
        pending={deleting}
      />
    </EtapeFrame>
  );
}
