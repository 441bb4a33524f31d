import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FileBrowserList, useCachedDownload, type FileBrowserEntry } from '@/components/file-browser';
import { PageHeader } from '@/components/page-header';
import { userText } from '@/components/user-text';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toaster';
import { selectUser } from '@/lib/auth/auth-slice';
import { formatDate } from '@/lib/dates';
import { useAppSelector } from '@/lib/store/hooks';
import { reglementsErrorText } from './reglements-errors';
import {
  reglementFilePath,
  useListeReglementsQuery,
  useRetirerReglementMutation,
  type ReglementNode,
} from './reglements-api';
import { reglementsPaths } from './paths';

/**
 * The rules browser (spec 3 §2.12 "Archive and rules browsers", §4 "Rules document"): the
 * residence's regulations as PDF files, the current one first with its "actuel" badge, each with
 * its comment under its title; a click downloads it (GET /reglements/{path}, kept per path). With
 * `manage` (the president in the syndic space) each file has a delete control (after a
 * confirmation) and the page a "Créer" button.
 */
function ReglementsBrowser({ manage }: { manage: boolean }) {
  const { t } = useTranslation('reglements');
  const { data, isLoading, isError, isFetching, refetch } = useListeReglementsQuery();
  const { download, pending } = useCachedDownload('reglements');
  const [supprimer, { isLoading: deleting }] = useRetirerReglementMutation();
  const [toDelete, setToDelete] = useState<ReglementNode | null>(null);

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await supprimer(toDelete.id).unwrap();
      toast.success(t('deleteDialog.deleted'), { description: toDelete.displayName });
    } catch (error) {
      toast.error(t('errors.deletion_failed'), {
        description: reglementsErrorText(error, 'reglements:errors.deletion_failed'),
      });
    }
    setToDelete(null);
  }

  const entries = (data?.reglements ?? []).map((reglement): FileBrowserEntry => {
    const url = reglementFilePath(reglement.path);
    const name = reglement.displayName || reglement.name;
    return {
      kind: 'file',
      key: reglement.path,
      name,
      format: reglement.format,
      badge: reglement.is_current ? (
        <Badge variant="success" data-testid="reglement-actuel">
          {t('list.actuel')}
        </Badge>
      ) : null,
      description: reglement.commentaire,
      detail: t('list.added', { date: formatDate(reglement.created_at) }),
      downloading: pending === url,
      onDownload: () => void download(url, reglement.name),
      actions: manage ? (
        <Button
          variant="ghost"
          size="icon"
          onClick={() => setToDelete(reglement)}
          aria-label={t('list.delete', { titre: name })}
          title={t('list.delete', { titre: name })}
          className="text-muted-foreground hover:text-destructive"
          data-testid="reglement-supprimer"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      ) : undefined,
    };
  });

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('list.title')}
        description={t('list.subtitle')}
        actions={
          manage ? (
            <Button asChild>
              <Link to={reglementsPaths.creer} data-testid="reglement-creer">
                <Plus aria-hidden="true" />
                {t('list.create')}
              </Link>
            </Button>
          ) : undefined
        }
      />
      <FileBrowserList
        entries={entries}
        label={t('list.label')}
        testId="reglement"
        isLoading={isLoading}
        loadError={isError && !data ? t('list.loadError') : null}
        onRetry={() => void refetch()}
        retrying={isFetching}
        emptyText={t('list.empty')}
        downloadsLocked={pending !== null}
      />
      {manage && (
        <ConfirmDialog
          open={toDelete !== null}
          onOpenChange={(open) => !open && setToDelete(null)}
          title={t('deleteDialog.title')}
          description={
            toDelete
              ? t('deleteDialog.description', { titre: userText(toDelete.displayName || toDelete.name) })
              : undefined
          }
          confirmLabel={t('deleteDialog.confirm')}
          onConfirm={() => void confirmDelete()}
          pending={deleting}
        />
      )}
    </div>
  );
}

/** /syndic/archive/reglements: the president manages, the other council members read. */
export function ReglementsPage() {
  const isPresident = useAppSelector(selectUser)?.is_president === true;
  return <ReglementsBrowser manage={isPresident} />;
}

/** /coproprietaire/reglements: read only (spec 3 §2.3). */
export function CoproprietaireReglementsPage() {
  return <ReglementsBrowser manage={false} />;
}
