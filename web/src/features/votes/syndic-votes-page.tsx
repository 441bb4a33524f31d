import { createColumnHelper } from '@tanstack/react-table';
import { ChartPie, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { RowActions } from '@/components/record-actions';
import { UserText } from '@/components/user-text';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { toast } from '@/components/ui/toaster';
import { formatDate } from '@/lib/dates';
import { votesPaths } from './paths';
import { ActiviteBadge, useVoteLock } from './votes-labels';
import { useVotesSyndicListeQuery, useVotesSyndicSupprimerMutation, type VoteSyndic } from './votes-api';
import { votesErrorText } from './votes-errors';

const column = createColumnHelper<VoteSyndic>();

/**
 * /syndic/votes (spec 3 §2.6): title, state, publication date, creator; the results once the vote
 * has started; edit and delete for its creator until a co-owner votes, otherwise disabled with the
 * reason.
 */
export function SyndicVotesPage() {
  const { t } = useTranslation('votes');
  const { data, isLoading, isError, error, refetch } = useVotesSyndicListeQuery();
  const [supprimer, { isLoading: deleting }] = useVotesSyndicSupprimerMutation();
  const [toDelete, setToDelete] = useState<VoteSyndic | null>(null);
  const lockOf = useVoteLock();

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await supprimer(toDelete.id).unwrap();
      toast.success(t('deleteDialog.deleted'));
    } catch (failure) {
      toast.error(votesErrorText(failure, 'votes:errors.deleted_error'));
    }
    setToDelete(null);
  }

  const columns = useMemo(
    () => [
      column.accessor('titre', {
        header: t('columns.titre'),
        cell: (info) => <UserText className="font-medium">{info.getValue()}</UserText>,
        meta: { card: 'title' },
      }),
      column.accessor('is_active', {
        header: t('columns.etat'),
        cell: (info) => <ActiviteBadge activite={info.getValue()} />,
        meta: {
          card: 'badge',
          searchText: (value: number) =>
            t(value === 0 ? 'etat.pas_commence' : value === 1 ? 'etat.en_cours' : 'etat.termine'),
        },
      }),
      column.accessor('date_debut', {
        header: t('columns.publication'),
        cell: (info) => <span className="tabular">{formatDate(info.getValue())}</span>,
        meta: { searchText: (value: string) => formatDate(value) },
      }),
      column.accessor((vote) => vote.creator.nom, {
        id: 'createur',
        header: t('columns.createur'),
        cell: (info) => <UserText>{info.getValue()}</UserText>,
        meta: { card: 'subtitle' },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('columns.operations')}</span>,
        cell: ({ row }) => {
          const vote = row.original;
          const lock = lockOf(vote);
          return (
            <RowActions
              editTo={votesPaths.modifier(vote.id)}
              editLabel={t('list.edit', { titre: vote.titre })}
              editLock={lock}
              onDelete={() => setToDelete(vote)}
              deleteLabel={t('list.delete', { titre: vote.titre })}
              deleteLock={lock}
            >
              {vote.is_active !== 0 && (
                <Button asChild variant="ghost" size="icon" className="size-8">
                  <Link
                    to={votesPaths.resultats(vote.id)}
                    aria-label={t('list.results', { titre: vote.titre })}
                    title={t('list.results', { titre: vote.titre })}
                  >
                    <ChartPie />
                  </Link>
                </Button>
              )}
            </RowActions>
          );
        },
        meta: { card: 'action' },
      }),
    ],
    [t, lockOf],
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('list.title')}
        description={t('list.subtitle')}
        actions={
          <Button asChild>
            <Link to={votesPaths.creer} data-testid="vote-creer">
              <Plus aria-hidden="true" />
              {t('list.create')}
            </Link>
          </Button>
        }
      />
      <DataTable
        columns={columns}
        data={data?.data}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        skeletonRows={6}
        searchPlaceholder={t('list.search')}
        emptyMessage={t('list.empty')}
        getRowId={(row) => String(row.id)}
      />
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
