import { Form, Formik, useField } from 'formik';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '@/components/form-actions';
import { PageHeader } from '@/components/page-header';
import { BackLink, NotFound } from '@/components/page-parts';
import { UserText } from '@/components/user-text';
import { Card, CardContent } from '@/components/ui/card';
import { useFieldError } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { useIdParam } from '@/lib/use-id-param';
import { votesPaths } from './paths';
import { ballotSchema } from './schemas';
import { useChoixLabel } from './vote-labels';
import {
  useVotesCoproprietaireQuery,
  useVotesModifierChoixMutation,
  useVotesVoterMutation,
  type ChoixVote,
} from './votes-api';
import { votesErrorText } from './votes-errors';

/** The vote's choices as a single-choice radio list (spec 3 §2.11). */
function ChoixRadios({ choix }: { choix: ChoixVote[] }) {
  const { t } = useTranslation('votes');
  const label = useChoixLabel();
  const [field, , helpers] = useField<string>('vote_choix');
  const error = useFieldError('vote_choix');
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? 'vote-choix-error' : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{t('ballot.choix')}</legend>
      {choix.map((option) => {
        const checked = field.value === String(option.id);
        return (
          <label
            key={option.id}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-md border bg-card p-3 has-focus-visible:ring-2 has-focus-visible:ring-ring',
              checked && 'border-primary bg-primary/5',
            )}
          >
            <input
              type="radio"
              name="vote_choix"
              value={String(option.id)}
              checked={checked}
              onChange={() => void helpers.setValue(String(option.id))}
              className="size-4 accent-primary"
            />
            <UserText className="text-sm font-medium">{label(option.choix)}</UserText>
          </label>
        );
      })}
      {error && (
        <p id="vote-choix-error" role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * /coproprietaire/votes/voter/{id} and /modifier/{id} (spec 3 §2.11, §4, §5, §8): the vote's
 * choices, one required; on success "Vote enregistré avec succès." and back to the list. A vote
 * the list does not have, or that is not running, says errors.not_found.
 */
function BallotPage({ mode }: { mode: 'voter' | 'modifier' }) {
  const { t } = useTranslation('votes');
  const navigate = useNavigate();
  const id = useIdParam('voteId');
  const { data, isLoading, isError } = useVotesCoproprietaireQuery();
  const [voter] = useVotesVoterMutation();
  const [modifier] = useVotesModifierChoixMutation();
  const vote = data?.data.find((candidate) => candidate.id === id && candidate.is_active === 1);

  async function submit(values: { vote_choix: string }) {
    if (!vote) return;
    const body = { id: vote.id, vote_choix: Number(values.vote_choix) };
    try {
      // A vote already cast is modified, whichever address was opened (an old link to /voter).
      await (vote.is_voted ? modifier(body) : voter(body)).unwrap();
      toast.success(t('ballot.voted_success'));
      await navigate(votesPaths.coproprietaire);
    } catch (error) {
      toast.error(votesErrorText(error, 'votes:ballot.voted_error'));
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <PageHeader
        title={vote ? <UserText>{vote.titre}</UserText> : t(mode === 'voter' ? 'ballot.title' : 'ballot.modifierTitle')}
        description={
          vote
            ? t('resultats.dates', { debut: formatDate(vote.date_debut), fin: formatDate(vote.date_fin) })
            : undefined
        }
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
            {vote.description && (
              <p className="text-sm whitespace-pre-line" dir="auto">
                {vote.description}
              </p>
            )}
            <Formik
              initialValues={{ vote_choix: vote.choix_voted_id === null ? '' : String(vote.choix_voted_id) }}
              validationSchema={ballotSchema}
              onSubmit={submit}
            >
              {(formik) => (
                <Form noValidate className="grid gap-5" aria-label={t('ballot.confirm')}>
                  <ChoixRadios choix={vote.choix} />
                  <FormActions
                    cancelTo={votesPaths.coproprietaire}
                    submitLabel={t('ballot.confirm')}
                    submitting={formik.isSubmitting}
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
  return <BallotPage mode="voter" />;
}

export function ModifierChoixPage() {
  return <BallotPage mode="modifier" />;
}
