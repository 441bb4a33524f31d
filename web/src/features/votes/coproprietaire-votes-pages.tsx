import { createColumnHelper } from '@tanstack/react-table';
import { Form, Formik, useField } from 'formik';
import { ChartPie, Pencil, Vote as VoteIcon } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormActions } from '@/components/form-actions';
import { PageHeader } from '@/components/page-header';
import { BackLink, NotFound } from '@/components/page-parts';
import { UserText } from '@/components/user-text';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { useFieldError } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { useIdParam } from '@/lib/use-id-param';
import { votesPaths } from './paths';
import { bulletinSchema, type BulletinValues } from './schemas';
import { useChoixLabel } from './votes-labels';
import {
  useVotesCoproprietaireChangerMutation,
  useVotesCoproprietaireListeQuery,
  useVotesCoproprietaireVoterMutation,
  type VoteChoix,
  type VoteCoproprietaire,
} from './votes-api';
import { votesErrorText } from './votes-errors';

const column = createColumnHelper<VoteCoproprietaire>();

/** "Voté" (green) once voted; "En attente" while running and not voted; "Non voté" otherwise (spec 3 §4). */
function VoteEtatBadge({ vote }: { vote: VoteCoproprietaire }) {
  const { t } = useTranslation('votes');
  if (vote.is_voted) return <Badge variant="success">{t('coproprietaire.etat.voted')}</Badge>;
  if (vote.is_active === 1) return <Badge variant="warning">{t('coproprietaire.etat.pending')}</Badge>;
  return <Badge variant="secondary">{t('coproprietaire.etat.pas_vote')}</Badge>;
}

/** Vote, change one's vote, or read the results (spec 3 §4 "Co-owner side"). */
function VoteAction({ vote }: { vote: VoteCoproprietaire }) {
  const { t } = useTranslation('votes');
  if (vote.is_active === 1) {
    const voted = vote.is_voted;
    return (
      <Button asChild size="sm" variant={voted ? 'outline' : 'default'}>
        <Link to={voted ? votesPaths.modifierChoix(vote.id) : votesPaths.voter(vote.id)} data-testid="vote-action">
          {voted ? <Pencil aria-hidden="true" /> : <VoteIcon aria-hidden="true" />}
          {voted ? t('coproprietaire.modifier') : t('coproprietaire.voter')}
        </Link>
      </Button>
    );
  }
  if (vote.is_active === 2) {
    return (
      <Button asChild size="sm" variant="outline">
        <Link to={votesPaths.resultatsCoproprietaire(vote.id)} data-testid="vote-action">
          <ChartPie aria-hidden="true" />
          {t('coproprietaire.resultats')}
        </Link>
      </Button>
    );
  }
  return <span className="text-xs text-muted-foreground">{t('etat.pas_commence')}</span>;
}

/** /coproprietaire/votes (spec 3 §2.11): title, voted state, publication date, end date, action. */
export function CoproprietaireVotesPage() {
  const { t } = useTranslation('votes');
  const { data, isLoading, isError, error, refetch } = useVotesCoproprietaireListeQuery();
  const columns = useMemo(
    () => [
      column.accessor('titre', {
        header: t('columns.titre'),
        cell: (info) => <UserText className="font-medium">{info.getValue()}</UserText>,
        meta: { card: 'title' },
      }),
      column.display({
        id: 'etat',
        header: t('columns.etat'),
        cell: ({ row }) => <VoteEtatBadge vote={row.original} />,
        meta: { card: 'badge' },
      }),
      column.accessor('date_debut', {
        header: t('columns.publication'),
        cell: (info) => <span className="tabular">{formatDate(info.getValue())}</span>,
        meta: { searchText: (value: string) => formatDate(value) },
      }),
      column.accessor('date_fin', {
        header: t('columns.dateFin'),
        cell: (info) => <span className="tabular">{formatDate(info.getValue())}</span>,
        meta: { searchText: (value: string) => formatDate(value) },
      }),
      column.display({
        id: 'action',
        header: () => <span className="sr-only">{t('columns.operations')}</span>,
        cell: ({ row }) => <VoteAction vote={row.original} />,
        meta: { card: 'action' },
      }),
    ],
    [t],
  );
  return (
    <div className="grid gap-6">
      <PageHeader title={t('coproprietaire.title')} description={t('coproprietaire.subtitle')} />
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

/** The ballot's single-choice radio list (spec 3 §2.11), its error under it. */
function ChoixRadios({ choix }: { choix: VoteChoix[] }) {
  const { t } = useTranslation('votes');
  const label = useChoixLabel();
  const [field, , helpers] = useField<string>('vote_choix');
  const error = useFieldError('vote_choix');
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? 'vote-choix-error' : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{t('bulletin.choix')}</legend>
      <div role="radiogroup" aria-label={t('bulletin.choix')} className="grid gap-2">
        {choix.map((option) => {
          const checked = field.value === String(option.id);
          return (
            <label
              key={option.id}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg border px-4 py-3 text-sm transition-colors has-focus-visible:ring-2 has-focus-visible:ring-ring',
                checked ? 'border-primary bg-primary/5 font-medium' : 'hover:bg-muted',
              )}
            >
              <input
                type="radio"
                name="vote_choix"
                value={option.id}
                checked={checked}
                onChange={() => void helpers.setValue(String(option.id))}
                className="accent-primary"
              />
              <UserText>{label(option.choix)}</UserText>
            </label>
          );
        })}
      </div>
      {error && (
        <p id="vote-choix-error" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * /coproprietaire/votes/voter/{voteId} and /coproprietaire/votes/modifier/{voteId} (spec 3 §2.11,
 * §5, §8): the vote read from the co-owner's list, only while it runs (else "not found"); one
 * choice required; on success "Vote enregistré" and back to the list.
 */
function BulletinPage({ mode }: { mode: 'voter' | 'modifier' }) {
  const { t } = useTranslation('votes');
  const navigate = useNavigate();
  const id = useIdParam('voteId');
  const { data, isLoading, isError } = useVotesCoproprietaireListeQuery();
  const [voter] = useVotesCoproprietaireVoterMutation();
  const [changer] = useVotesCoproprietaireChangerMutation();
  const vote = data?.data.find((candidate) => candidate.id === id && candidate.is_active === 1);

  async function submit(values: BulletinValues) {
    if (!vote) return;
    const body = { id: vote.id, vote_choix: Number(values.vote_choix) };
    try {
      await (mode === 'voter' ? voter(body) : changer(body)).unwrap();
      toast.success(t('bulletin.voted_success'));
      await navigate(votesPaths.coproprietaire);
    } catch (error) {
      toast.error(votesErrorText(error, 'votes:bulletin.voted_error'));
    }
  }

  const selected = vote?.choix_voted_id ?? vote?.selected_vote ?? null;
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <PageHeader
        title={vote?.titre ?? t('bulletin.title')}
        description={mode === 'voter' ? t('bulletin.subtitle') : t('bulletin.subtitleModifier')}
      >
        <BackLink to={votesPaths.coproprietaire}>{t('resultats.back')}</BackLink>
      </PageHeader>
      {isLoading ? (
        <Skeleton className="h-64 w-full" />
      ) : isError || !vote ? (
        <NotFound testId="vote-introuvable">{t('errors.not_found')}</NotFound>
      ) : (
        <Card>
          <CardContent className="grid gap-5 p-4 sm:p-6">
            {vote.description && <UserText className="whitespace-pre-line">{vote.description}</UserText>}
            <p className="text-sm text-muted-foreground">
              {t('resultats.periode', { debut: formatDate(vote.date_debut), fin: formatDate(vote.date_fin) })}
            </p>
            <Formik<BulletinValues>
              initialValues={{ vote_choix: selected === null ? '' : String(selected) }}
              validationSchema={bulletinSchema}
              onSubmit={submit}
            >
              {({ isSubmitting }) => (
                <Form noValidate className="grid gap-5" aria-label={t('bulletin.title')}>
                  <ChoixRadios choix={vote.choix} />
                  <FormActions
                    cancelTo={votesPaths.coproprietaire}
                    submitLabel={t('bulletin.confirmer')}
                    submitting={isSubmitting}
                  />
                </Form>
              )}
            </Formik>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

export function VoterPage() {
  return <BulletinPage mode="voter" />;
}

export function ModifierChoixPage() {
  return <BulletinPage mode="modifier" />;
}
