import { createColumnHelper } from '@tanstack/react-table';
import { Megaphone, Plus, RotateCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { RowActions } from '@/components/record-actions';
import { UserText } from '@/components/user-text';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { formatDate, formatDateTime } from '@/lib/dates';
import { AnnonceCreationDialog, AnnonceEditionDialog } from './annonce-dialogs';
import {
  useAnnoncesActivesQuery,
  useAnnoncesArchiveesQuery,
  useAnnoncesSupprimerMutation,
  type Annonce,
} from './annonces-api';
import { annoncesErrorText } from './annonces-errors';
import { annoncesPaths } from './paths';

const column = createColumnHelper<Annonce>();

/** An announcement's text, shortened in its cell (the whole text is in the edit dialog). */
function DescriptionCell({ text }: { text: string }) {
  return <UserText className="line-clamp-3 whitespace-pre-line">{text}</UserText>;
}

function useColonnes() {
  const { t } = useTranslation('annonces');
  return useMemo(
    () => [
      column.accessor('description', {
        header: t('columns.description'),
        cell: (info) => <DescriptionCell text={info.getValue()} />,
        enableSorting: false,
        meta: { card: 'title' },
      }),
      column.accessor('nom', {
        header: t('columns.auteur'),
        // On one line in the table (a name, not a sentence: the announcement's column takes the
        // room); a phone's card lets a long name wrap.
        cell: (info) => <UserText className="lg:whitespace-nowrap">{info.getValue()}</UserText>,
        meta: { card: 'subtitle' },
      }),
      column.accessor('time', {
        header: t('columns.publiee'),
        cell: (info) => <span className="tabular whitespace-nowrap">{formatDateTime(info.getValue())}</span>,
        meta: { searchText: (value: string) => formatDateTime(value) },
      }),
      column.accessor('date_fin', {
        header: t('columns.dateFin'),
        cell: (info) => <span className="tabular">{formatDate(info.getValue())}</span>,
        meta: { searchText: (value: string) => formatDate(value) },
      }),
    ],
    [t],
  );
}

/** /syndic/annonces → the active list. */
export function AnnoncesIndexRedirect() {
  return <Navigate to={annoncesPaths.actives} replace />;
}

/**
 * /syndic/annonces/annonces_actives (spec 3 §2.8): the running announcements, created with a
 * duration in days and edited with an end date; each may be deleted after confirmation.
 */
export function AnnoncesActivesPage() {
  const { t } = useTranslation('annonces');
  const { data, isLoading, isError, error, refetch } = useAnnoncesActivesQuery();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Annonce | null>(null);
  const [toDelete, setToDelete] = useState<Annonce | null>(null);
  const [supprimer, { isLoading: deleting }] = useAnnoncesSupprimerMutation();
  const base = useColonnes();

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await supprimer(toDelete.id).unwrap();
      toast.success(t('deleteDialog.deleted'));
    } catch (failure) {
      toast.error(annoncesErrorText(failure, 'annonces:errors.deleted_error'));
    }
    setToDelete(null);
  }

  const columns = useMemo(
    () => [
      ...base,
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('columns.operations')}</span>,
        cell: ({ row }) => (
          <RowActions
            onEdit={() => setEditing(row.original)}
            editLabel={t('list.edit')}
            editLock={null}
            onDelete={() => setToDelete(row.original)}
            deleteLabel={t('list.delete')}
            deleteLock={null}
          />
        ),
        meta: { card: 'action' },
      }),
    ],
    [base, t],
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('list.actives')}
        description={t('list.activesSubtitle')}
        actions={
          <Button onClick={() => setCreating(true)} data-testid="annonce-creer">
            <Plus aria-hidden="true" />
            {t('list.create')}
          </Button>
        }
      />
      <DataTable
        columns={columns}
        data={data?.annonces}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        skeletonRows={6}
        searchPlaceholder={t('list.search')}
        emptyMessage={t('list.emptyActives')}
        getRowId={(row) => String(row.id)}
      />
      <AnnonceCreationDialog open={creating} onOpenChange={setCreating} />
      <AnnonceEditionDialog annonce={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('deleteDialog.title')}
        description={t('deleteDialog.description')}
        confirmLabel={t('deleteDialog.confirm')}
        onConfirm={() => void confirmDelete()}
        pending={deleting}
      />
    </div>
  );
}

/** /syndic/annonces/annonces_archivees (spec 3 §2.8): the announcements past their end date. */
export function AnnoncesArchiveesPage() {
  const { t } = useTranslation('annonces');
  const { data, isLoading, isError, error, refetch } = useAnnoncesArchiveesQuery();
  const columns = useColonnes();
  return (
    <div className="grid gap-6">
      <PageHeader title={t('list.archivees')} description={t('list.archiveesSubtitle')} />
      <DataTable
        columns={columns}
        data={data?.annonces}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        skeletonRows={6}
        searchPlaceholder={t('list.search')}
        emptyMessage={t('list.emptyArchivees')}
        getRowId={(row) => String(row.id)}
      />
    </div>
  );
}

/**
 * /coproprietaire/annonces (spec 3 §2.8): the active announcements as cards (text, author, time),
 * with skeletons while loading, an error with a retry, and an empty state.
 */
export function CoproprietaireAnnoncesPage() {
  const { t } = useTranslation('annonces');
  const { data, isLoading, isError, refetch } = useAnnoncesActivesQuery();
  const annonces = data?.annonces ?? [];
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={t('coproprietaire.title')} description={t('coproprietaire.subtitle')} />
      {isLoading ? (
        <div className="grid gap-3" data-testid="annonces-skeleton">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-24 w-full" />
          ))}
        </div>
      ) : isError ? (
        <Alert variant="destructive" className="items-center">
          <span className="flex-1">{t('coproprietaire.loadError')}</span>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            <RotateCw aria-hidden="true" />
            {t('coproprietaire.retry')}
          </Button>
        </Alert>
      ) : annonces.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-12 text-center text-sm text-muted-foreground">
          <Megaphone aria-hidden="true" className="size-6" />
          {t('coproprietaire.empty')}
        </div>
      ) : (
        <ul className="grid gap-3" aria-label={t('coproprietaire.title')}>
          {annonces.map((annonce) => (
            <li key={annonce.id} data-testid="annonce">
              <Card>
                <CardContent className="grid gap-2 p-4">
                  <UserText className="whitespace-pre-line">{annonce.description}</UserText>
                  <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                    <UserText className="font-medium">{annonce.nom}</UserText>
                    <span className="tabular">{formatDateTime(annonce.time)}</span>
                    <span>{t('coproprietaire.jusquAu', { date: formatDate(annonce.date_fin) })}</span>
                  </p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
