import { createColumnHelper } from '@tanstack/react-table';
import { Form, Formik, type FormikHelpers } from 'formik';
import { Loader2, Pencil, Plus, Trash2, Vote } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FREE_TEXT, UserText, userText } from '@/components/user-text';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toaster';
import { DisabledReason } from '@/components/ui/tooltip';
import { applyServerErrors } from '@/lib/form-errors';
import { useIdParam } from '@/lib/use-id-param';
import type { MessageKey } from '@/lib/validation';
import { failureToast } from './assemblees-errors';
import {
  useAjouterPointInfoMutation,
  useChangerTitrePointMutation,
  useRetirerPointInfoMutation,
  type PointEtape4,
} from './assemblees-api';
import { useEtape4 } from './etape4-page';
import { EtapeFrame, useEtapeLock } from './parts';
import { etapePath, pointPath } from './paths';
import { titrePointSchema } from './schemas';

export type EtatPoint = 'information' | 'termine' | 'pasEncore';

/** Information, Terminé once each of its resolutions has votes, else Pas encore (spec 3 §4). */
export function etatPoint(point: Pick<PointEtape4, 'is_info' | 'resolutions'>): EtatPoint {
  if (point.is_info) return 'information';
  const voted = point.resolutions.length > 0 && point.resolutions.every((resolution) => resolution.votes.length > 0);
  return voted ? 'termine' : 'pasEncore';
}

export function EtatPointBadge({ point }: { point: PointEtape4 }) {
  const { t } = useTranslation('assemblees');
  const etat = etatPoint(point);
  const variant = etat === 'termine' ? 'success' : etat === 'information' ? 'secondary' : 'outline';
  return <Badge variant={variant}>{t(`points.etats.${etat}`)}</Badge>;
}

/** A point's title: a new information point, or a point renamed. */
function TitreDialog({
  open,
  onOpenChange,
  title,
  initial,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  initial: string;
  onSubmit: (titre: string, helpers: FormikHelpers<{ titre: string }>) => Promise<void>;
}) {
  const { t } = useTranslation(['assemblees', 'common']);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="sr-only">{title}</DialogDescription>
        </DialogHeader>
        <Formik
          initialValues={{ titre: initial }}
          validationSchema={titrePointSchema}
          onSubmit={(values, helpers) => onSubmit(values.titre.trim(), helpers)}
        >
          {({ isSubmitting }) => (
            <Form noValidate className="grid gap-4" aria-label={title}>
              <FormField name="titre" label={t('assemblees:points.titre')} required {...FREE_TEXT} />
              <DialogFooter className="pt-2">
                <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
                  {t('common:actions.cancel')}
                </Button>
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
                  {t('common:actions.save')}
                </Button>
              </DialogFooter>
            </Form>
          )}
        </Formik>
      </DialogContent>
    </Dialog>
  );
}

const column = createColumnHelper<PointEtape4>();

/**
 * /syndic/assemblees/{id}/etapes/4/resolutions (spec 3 §2.5 "Points table"): the agenda's points
 * in their order (not sortable) with their state; a votable point opens to its resolutions ("Valider et Voter"), an information
 * point can be deleted; every point can be renamed, and information points added.
 */
export function ResolutionsPage() {
  const { t } = useTranslation('assemblees');
  const id = useIdParam('assembleeId') ?? 0;
  const { assemblee, etape4, isError, refetch } = useEtape4(id);
  const lock = useEtapeLock(assemblee, 4);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<PointEtape4 | null>(null);
  const [toDelete, setToDelete] = useState<PointEtape4 | null>(null);
  const [creer] = useAjouterPointInfoMutation();
  const [renommer] = useChangerTitrePointMutation();
  const [supprimer, { isLoading: deleting }] = useRetirerPointInfoMutation();

  async function submitTitre(
    action: () => Promise<unknown>,
    success: MessageKey,
    failure: MessageKey,
    helpers: FormikHelpers<{ titre: string }>,
    close: () => void,
  ) {
    try {
      await action();
      toast.success(t(success as never));
      close();
    } catch (error) {
      if (applyServerErrors(error, helpers.setErrors, ['titre'])) return;
      toast.error(...failureToast(failure, error));
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await supprimer({ assembleeId: id, pointId: toDelete.id }).unwrap();
      toast.success(t('points.supprime'));
    } catch (error) {
      toast.error(...failureToast('assemblees:toast.point_delete_error', error));
    }
    setToDelete(null);
  }

  const columns = useMemo(
    () => [
      column.accessor('numero', {
        header: t('points.columns.numero'),
        cell: (info) => <span className="tabular">{info.getValue()}</span>,
        enableSorting: false,
        meta: { card: 'detail' },
      }),
      column.accessor('titre', {
        header: t('points.columns.titre'),
        cell: (info) => <UserText className="font-medium">{info.getValue()}</UserText>,
        enableSorting: false,
        meta: { card: 'title' },
      }),
      column.accessor((point) => etatPoint(point), {
        id: 'etat',
        header: t('points.columns.etat'),
        cell: (info) => <EtatPointBadge point={info.row.original} />,
        enableSorting: false,
        meta: { card: 'badge' },
      }),
      column.display({
        id: 'operations',
        cell: ({ row }) => {
          const point = row.original;
          return (
            <div className="flex flex-wrap items-center justify-end gap-1">
              {point.is_info ? (
                <DisabledReason reason={lock}>
                  <Button
                    variant="ghost"
                    size="icon"
                    disabled={lock !== null}
                    onClick={() => setToDelete(point)}
                    aria-label={t('points.supprimer', { titre: point.titre })}
                    className="text-muted-foreground hover:text-destructive"
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </DisabledReason>
              ) : (
                <Button asChild size="sm">
                  <Link to={pointPath(id, point.id)} data-testid="valider-voter">
                    <Vote aria-hidden="true" />
                    {t('points.validerVoter')}
                  </Link>
                </Button>
              )}
              <DisabledReason reason={lock}>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={lock !== null}
                  onClick={() => setRenaming(point)}
                  aria-label={t('points.renommerLabel', { titre: point.titre })}
                >
                  <Pencil aria-hidden="true" />
                  {t('points.renommer')}
                </Button>
              </DisabledReason>
            </div>
          );
        },
        meta: { card: 'action' },
      }),
    ],
    [t, id, lock],
  );

  return (
    <EtapeFrame
      assembleeId={id}
      title={t('points.title')}
      titre={assemblee?.titre}
      backTo={etapePath(id, 4)}
      backLabel={t('etapes.retourEtape4')}
      lock={lock}
      actions={
        <DisabledReason reason={lock}>
          <Button variant="outline" onClick={() => setAdding(true)} disabled={lock !== null}>
            <Plus aria-hidden="true" />
            {t('points.ajouterInfo')}
          </Button>
        </DisabledReason>
      }
    >
      <DataTable
        columns={columns}
        data={etape4?.points}
        isLoading={!etape4 && !isError}
        isError={isError}
        onRetry={refetch}
        errorMessage={t('etapes.loadError')}
        skeletonRows={6}
        searchable={false}
        emptyMessage={t('points.vide')}
        getRowId={(row) => String(row.id)}
      />
      {adding && (
        <TitreDialog
          open
          onOpenChange={setAdding}
          title={t('points.ajouterInfo')}
          initial=""
          onSubmit={(titre, helpers) =>
            submitTitre(
              () => creer({ assemblee_id: id, titre }).unwrap(),
              'assemblees:points.cree',
              'assemblees:toast.point_created_error',
              helpers,
              () => setAdding(false),
            )
          }
        />
      )}
      {renaming && (
        <TitreDialog
          open
          onOpenChange={(open) => !open && setRenaming(null)}
          title={t('points.renommerTitle')}
          initial={renaming.titre}
          onSubmit={(titre, helpers) =>
            submitTitre(
              () => renommer({ assembleeId: id, id: renaming.id, titre }).unwrap(),
              'assemblees:points.modifie',
              'assemblees:toast.point_updated_error',
              helpers,
              () => setRenaming(null),
            )
          }
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('points.supprimerTitle')}
        description={toDelete ? userText(toDelete.titre) : undefined}
        confirmLabel={t('actions.supprimer')}
        onConfirm={() => void confirmDelete()}
        pending={deleting}
      />
    </EtapeFrame>
  );
}
