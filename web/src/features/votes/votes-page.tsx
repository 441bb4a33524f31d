import { createColumnHelper } from '@tanstack/react-table';
import { ChartPie, Plus, Vote as VoteIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { LockedLink, RowActions } from '@/components/record-actions';
import { UserText, userText } from '@/components/user-text';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { toast } from '@/components/ui/toaster';
import { formatDate } from '@/lib/dates';
import { votePath, votesPaths } from './paths';
import { useEtatVote, useVoteLock } from './vote-labels';
import {
  useVotesCoproprietaireQuery,
  useVotesSupprimerMutation,
  useVotesSyndicQuery,
  type VoteCoproprietaire,
  type VoteSyndic,
} from './votes-api';
import { votesErrorText } from './votes-errors';

const syndicColumn = createColumnHelper<VoteSyndic>();
const dateSearch = { searchText: (value: string) => formatDate(value) };

/**
 * /syndic/votes (spec 3 §2.6): title, state badge, publication date, creator, and the results
 * (once the vote has started), edit and delete (the creator, until the first vote; otherwise
 * disabled with the reason).
 */
export function VotesPage() {
  const { t } = useTranslation('votes');
  const { data, isLoading, isError, error, refetch } = useVotesSyndicQuery();
  const etat = useEtatVote();
  const lockOf = useVoteLock();
  const [toDelete, setToDelete] = useState<VoteSyndic | null>(null);
  const [supprimer, { isLoading: deleting }] = useVotesSupprimerMutation();

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await supprimer(toDelete.id).unwrap();
      toast.success(t('deleteDialog.deleted'), { description: toDelete.titre });
    } catch (failure) {
      toast.error(votesErrorText(failure, 'votes:errors.deleted_error'));
    }
    setToDelete(null);
  }

  const columns = useMemo(
    () => [
      syndicColumn.accessor('titre', {
        header: t('columns.titre'),
        cell: (info) => <UserText className="font-medium">{info.getValue()}</UserText>,
        meta: { card: 'title' },
      }),
      syndicColumn.accessor((vote) => etat(vote.is_active).label, {
        id: 'etat',
        header: t('columns.etat'),
        cell: ({ row }) => {
          const { label, variant } = etat(row.original.is_active);
          return (
            <Badge variant={variant} data-testid="vote-etat">
              {label}
            </Badge>
          );
        },
        meta: { card: 'badge' },
      }),
      syndicColumn.accessor('date_debut', {
        header: t('columns.publication'),
        cell: (info) => <span className="tabular">{formatDate(info.getValue())}</span>,
        meta: dateSearch,
      }),
      syndicColumn.accessor((vote) => vote.creator.nom, {
        id: 'createur',
        header: t('columns.createur'),
        cell: (info) => <UserText>{info.getValue()}</UserText>,
        meta: { card: 'subtitle' },
      }),
      syndicColumn.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('columns.operations')}</span>,
        cell: ({ row }) => {
          const vote = row.original;
          const lock = lockOf(vote);
          return (
            <RowActions
              editTo={votePath('modifier', vote.id)}
              editLabel={t('list.editOf', { titre: vote.titre })}
              editLock={lock}
              onDelete={() => setToDelete(vote)}
              deleteLabel={t('list.deleteOf', { titre: vote.titre })}
              deleteLock={lock}
            >
              {vote.is_active !== 0 && (
                <Button asChild variant="outline" size="sm">
                  <Link to={votePath('resultats', vote.id)} aria-label={t('list.resultsOf', { titre: vote.titre })}>
                    <ChartPie aria-hidden="true" />
                    {t('list.results')}
                  </Link>
                </Button>
              )}
            </RowActions>
          );
        },
        meta: { card: 'action' },
      }),
    ],
    [t, etat, lockOf],
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('list.title')}
        description={t('list.subtitle')}
        actions={
          <LockedLink to={votesPaths.creer} lock={null} testId="vote-creer">
            <Plus aria-hidden="true" />
            {t('list.create')}
          </LockedLink>
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
        description={toDelete ? t('deleteDialog.description', { titre: userText(toDelete.titre) }) : undefined}
        confirmLabel={t('deleteDialog.confirm')}
        onConfirm={() => void confirmDelete()}
        pending={deleting}
      />
    </div>
  );
}

const coproColumn = createColumnHelper<VoteCoproprietaire>();

/** The co-owner's badge (spec 3 §4: voted green; not voted and running pending; otherwise not voted). */
function EtatVoteCoproprietaire({ vote }: { vote: VoteCoproprietaire }) {
  const { t } = useTranslation('votes');
  if (vote.is_voted)
    return (
      <Badge variant="success" data-testid="vote-etat">
        {t('coproprietaire.voted')}
      </Badge>
    );
  if (vote.is_active === 1)
    return (
      <Badge variant="warning" data-testid="vote-etat">
        {t('coproprietaire.pending')}
      </Badge>
    );
  return (
    <Badge variant="outline" data-testid="vote-etat">
      {vote.is_active === 2 ? t('coproprietaire.termine') : t('coproprietaire.pasVote')}
    </Badge>
  );
}

/** The co-owner's action: vote, modify their vote, or see the results once finished (spec 3 §4). */
function ActionVoteCoproprietaire({ vote }: { vote: VoteCoproprietaire }) {
  const { t } = useTranslation('votes');
  if (vote.is_active === 1) {
    const modifier = vote.is_voted;
    return (
      <Button asChild size="sm" variant={modifier ? 'outline' : 'default'}>
        <Link
          to={votePath(modifier ? 'modifierChoix' : 'voter', vote.id)}
          aria-label={t(modifier ? 'coproprietaire.modifierOf' : 'coproprietaire.voterOf', { titre: vote.titre })}
        >
          <VoteIcon aria-hidden="true" />
          {modifier ? t('coproprietaire.modifier') : t('coproprietaire.voter')}
        </Link>
      </Button>
    );
  }
  if (vote.is_active === 2)
    return (
      <Button asChild size="sm" variant="outline">
        <Link to={votePath('resultatsCoproprietaire', vote.id)} aria-label={t('list.resultsOf', { titre: vote.titre })}>
          <ChartPie aria-hidden="true" />
          {t('list.results')}
        </Link>
      </Button>
    );
  return <span className="text-sm text-muted-foreground">{t('coproprietaire.aVenir')}</span>;
}

/** /coproprietaire/votes (spec 3 §2.11 "Votes"): title, voted state, publication date, end date, action. */
export function CoproprietaireVotesPage() {
  const { t } = useTranslation('votes');
  const { data, isLoading, isError, error, refetch } = useVotesCoproprietaireQuery();

  const columns = useMemo(
    () => [
      coproColumn.accessor('titre', {
        header: t('columns.titre'),
        cell: (info) => <UserText className="font-medium">{info.getValue()}</UserText>,
        meta: { card: 'title' },
      }),
      coproColumn.display({
        id: 'etat',
        header: t('columns.etatCoproprietaire'),
        cell: ({ row }) => <EtatVoteCoproprietaire vote={row.original} />,
        meta: { card: 'badge' },
      }),
      coproColumn.accessor('date_debut', {
        header: t('columns.publication'),
        cell: (info) => <span className="tabular">{formatDate(info.getValue())}</span>,
        meta: dateSearch,
      }),
      coproColumn.accessor('date_fin', {
        header: t('columns.fin'),
        cell: (info) => <span className="tabular">{formatDate(info.getValue())}</span>,
        meta: dateSearch,
      }),
      coproColumn.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('columns.operations')}</span>,
        cell: ({ row }) => <ActionVoteCoproprietaire vote={row.original} />,
        meta: { card: 'action' },
      }),
    ],
    [t],
  );

  return (
    <div className="grid gap-6">
      <PageHeader title={t('list.title')} description={t('coproprietaire.subtitle')} />
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
    </div>
  );
}
