import { createColumnHelper } from '@tanstack/react-table';
import { Form, Formik, type FormikHelpers } from 'formik';
import { Loader2, Plus, Settings2, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { UserText, userText } from '@/components/user-text';
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
import { toast } from '@/components/ui/toaster';
import { DisabledReason } from '@/components/ui/tooltip';
import { formatDate } from '@/lib/dates';
import { applyServerErrors } from '@/lib/form-errors';
import { formatTime } from '@/lib/heure';
import { AssembleeFields } from './assemblee-fields';
import { failureToast } from './assemblees-errors';
import {
  ETAPE_TERMINEE,
  useNouvelleAssembleeMutation,
  useListeAssembleesQuery,
  useEffacerAssembleeMutation,
  type Assemblee,
} from './assemblees-api';
import { usePresidentLock } from './parts';
import { etapesPath } from './paths';
import { assembleeBody, assembleeSchema, emptyAssemblee, type AssembleeValues } from './schemas';

/** A meeting may be deleted until it is convened (spec 3 §4: step below 3). */
export const ETAPE_CONVOQUEE = 3;

const column = createColumnHelper<Assemblee>();

/** "Étape n" while the meeting runs, "Terminé" once finished (spec 3 §2.5). */
export function EtatAssemblee({ step }: { step: number }) {
  const { t } = useTranslation('assemblees');
  return step >= ETAPE_TERMINEE ? (
    <Badge variant="success">{t('liste.termine')}</Badge>
  ) : (
    <Badge variant="secondary">{t('liste.etape', { n: step })}</Badge>
  );
}

function CreerAssembleeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation(['assemblees', 'common']);
  const [creer] = useNouvelleAssembleeMutation();

  async function submit(values: AssembleeValues, helpers: FormikHelpers<AssembleeValues>) {
    try {
      await creer(assembleeBody(values)).unwrap();
      toast.success(t('assemblees:toast.created'), { description: values.titre.trim() });
      onOpenChange(false);
    } catch (error) {
      if (applyServerErrors(error, helpers.setErrors, Object.keys(emptyAssemblee))) return;
      toast.error(...failureToast('assemblees:toast.created_error', error));
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('assemblees:creer.title')}</DialogTitle>
          <DialogDescription>{t('assemblees:creer.description')}</DialogDescription>
        </DialogHeader>
        <Formik initialValues={emptyAssemblee} validationSchema={assembleeSchema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate className="grid gap-4" aria-label={t('assemblees:creer.title')}>
              <AssembleeFields />
              <DialogFooter className="pt-2">
                <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
                  {t('common:actions.cancel')}
                </Button>
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
                  {t('assemblees:creer.submit')}
                </Button>
              </DialogFooter>
            </Form>
          )}
        </Formik>
      </DialogContent>
    </Dialog>
  );
}

/**
 * /syndic/assemblees (spec 3 §2.5 "List"): the meetings with their date, time and state; each
 * opens its steps. The president creates (title, place, date, time 19:30 by default) and deletes
 * a meeting not yet convened; the other council members see both disabled with the reason.
 */
export function AssembleesPage() {
  const { t } = useTranslation('assemblees');
  const { data, isLoading, isError, error, refetch } = useListeAssembleesQuery();
  const presidentLock = usePresidentLock();
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<Assemblee | null>(null);
  const [supprimer, { isLoading: deleting }] = useEffacerAssembleeMutation();

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await supprimer(toDelete.id).unwrap();
      toast.success(t('toast.deleted'));
    } catch (failure) {
      toast.error(...failureToast('assemblees:toast.delete_error', failure));
    }
    setToDelete(null);
  }

  const columns = useMemo(
    () => [
      column.accessor('titre', {
        header: t('liste.columns.titre'),
        cell: (info) => <UserText className="font-medium">{info.getValue()}</UserText>,
        meta: { card: 'title' },
      }),
      column.accessor('date', {
        header: t('liste.columns.date'),
        cell: (info) => formatDate(info.getValue()),
        meta: { card: 'subtitle' },
      }),
      column.accessor('heure', {
        header: t('liste.columns.heure'),
        cell: (info) => <span dir="ltr">{formatTime(info.getValue())}</span>,
      }),
      column.accessor('step', {
        header: t('liste.columns.etat'),
        cell: (info) => <EtatAssemblee step={info.getValue()} />,
        meta: { card: 'badge' },
      }),
      column.display({
        id: 'operations',
        cell: ({ row }) => {
          const assemblee = row.original;
          const deleteLock =
            presidentLock ?? (assemblee.step >= ETAPE_CONVOQUEE ? t('liste.suppressionImpossible') : null);
          return (
            <div className="flex items-center justify-end gap-1">
              <Button asChild variant="outline" size="sm">
                <Link to={etapesPath(assemblee.id)} data-testid="assemblee-gerer">
                  <Settings2 aria-hidden="true" />
                  {t('liste.gerer')}
                </Link>
              </Button>
              <DisabledReason reason={deleteLock}>
                <Button
                  variant="ghost"
                  size="icon"
                  disabled={deleteLock !== null}
                  onClick={() => setToDelete(assemblee)}
                  aria-label={t('liste.supprimer', { titre: assemblee.titre })}
                  className="text-muted-foreground hover:text-destructive"
                  data-testid="assemblee-supprimer"
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </DisabledReason>
            </div>
          );
        },
        meta: { card: 'action' },
      }),
    ],
    [t, presidentLock],
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('liste.title')}
        description={t('liste.subtitle')}
        actions={
          <DisabledReason reason={presidentLock}>
            <Button onClick={() => setCreating(true)} disabled={presidentLock !== null} data-testid="assemblee-creer">
              <Plus aria-hidden="true" />
              {t('liste.creer')}
            </Button>
          </DisabledReason>
        }
      />
      <DataTable
        columns={columns}
        data={data?.assemblees}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        skeletonRows={6}
        searchPlaceholder={t('liste.searchPlaceholder')}
        emptyMessage={t('liste.empty')}
        getRowId={(row) => String(row.id)}
      />
      {presidentLock === null && <CreerAssembleeDialog open={creating} onOpenChange={setCreating} />}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('supprimer.title')}
        description={toDelete ? t('supprimer.description', { titre: userText(toDelete.titre) }) : undefined}
        confirmLabel={t('supprimer.confirm')}
        onConfirm={() => void confirmDelete()}
        pending={deleting}
      />
    </div>
  );
}
