import { Form, Formik, useFormikContext } from 'formik';
import { Lock } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '@/components/form-actions';
import { PageHeader } from '@/components/page-header';
import { BackLink, NotFound } from '@/components/page-parts';
import { FREE_TEXT } from '@/components/user-text';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { DateField } from '@/components/ui/date-field';
import { FormField, TextareaField, useFieldError } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { ChoiceField } from '@/components/ui/choice-field';
import { useIdParam } from '@/lib/use-id-param';
import { votesPaths } from './paths';
import {
  CHOIX_SLOTS,
  DESCRIPTION_MAX_LENGTH,
  emptyVote,
  TITRE_MAX_LENGTH,
  voteBody,
  voteSchema,
  voteValues,
  type VoteValues,
} from './schemas';
import { useVoteLock } from './votes-labels';
import { useVotesSyndicCreerMutation, useVotesSyndicListeQuery, useVotesSyndicModifierMutation } from './votes-api';
import { votesErrorText } from './votes-errors';

/** The five choice slots of a custom vote, blanks dropped when sent; the "at least two" error under them. */
function ChoixSlots() {
  const { t } = useTranslation('votes');
  const error = useFieldError('choix');
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? 'vote-choix-error' : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{t('form.choix')}</legend>
      {Array.from({ length: CHOIX_SLOTS }, (_, index) => (
        <FormField
          key={index}
          name={`choix.${index}`}
          label={t('form.choixN', { n: index + 1 })}
          maxLength={255}
          {...FREE_TEXT}
        />
      ))}
      {error && (
        <p id="vote-choix-error" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function VoteFields({ submitLabel }: { submitLabel: string }) {
  const { t } = useTranslation('votes');
  const { values, isSubmitting } = useFormikContext<VoteValues>();
  return (
    <>
      <FormField name="titre" label={t('form.titre')} maxLength={TITRE_MAX_LENGTH} required {...FREE_TEXT} />
      <TextareaField name="description" label={t('form.description')} rows={4} maxLength={DESCRIPTION_MAX_LENGTH} />
      <ChoiceField
        name="type_choix"
        label={t('form.type')}
        options={[
          { value: 'simple', label: t('form.typeSimple') },
          { value: 'custom', label: t('form.typeCustom') },
        ]}
      />
      {values.type_choix === 'simple' ? (
        <p className="text-sm text-muted-foreground">{t('form.simpleHint')}</p>
      ) : (
        <ChoixSlots />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField name="date_debut" label={t('form.dateDebut')} required />
        <DateField name="date_fin" label={t('form.dateFin')} min={values.date_debut || undefined} required />
      </div>
      <FormActions cancelTo={votesPaths.syndic} submitLabel={submitLabel} submitting={isSubmitting} />
    </>
  );
}

function VoteFormFrame({ title, subtitle, children }: { title: string; subtitle: string; children: React.ReactNode }) {
  const { t } = useTranslation('votes');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={title} description={subtitle}>
        <BackLink to={votesPaths.syndic}>{t('form.back')}</BackLink>
      </PageHeader>
      {children}
    </div>
  );
}

/** /syndic/votes/creer (spec 3 §5 "Community vote create/edit"). */
export function VoteCreerPage() {
  const { t } = useTranslation('votes');
  const navigate = useNavigate();
  const [creer] = useVotesSyndicCreerMutation();

  async function submit(values: VoteValues) {
    try {
      await creer(voteBody(values)).unwrap();
      toast.success(t('form.created'));
      await navigate(votesPaths.syndic);
    } catch (error) {
      toast.error(votesErrorText(error, 'votes:errors.created_error'));
    }
  }

  return (
    <VoteFormFrame title={t('form.createTitle')} subtitle={t('form.createSubtitle')}>
      <Card>
        <CardContent className="p-4 sm:p-6">
          <Formik initialValues={emptyVote} validationSchema={voteSchema} onSubmit={submit}>
            <Form noValidate className="grid gap-5" aria-label={t('form.createTitle')}>
              <VoteFields submitLabel={t('form.publish')} />
            </Form>
          </Formik>
        </CardContent>
      </Card>
    </VoteFormFrame>
  );
}

/**
 * /syndic/votes/modifier/{voteId}: the vote read from `GET /votes` (the spec has no single-vote
 * call); a vote its reader may not edit shows the reason instead of the form.
 */
export function VoteModifierPage() {
  const { t } = useTranslation('votes');
  const navigate = useNavigate();
  const id = useIdParam('voteId');
  const { data, isLoading, isError } = useVotesSyndicListeQuery();
  const [modifier] = useVotesSyndicModifierMutation();
  const lockOf = useVoteLock();
  const vote = data?.data.find((candidate) => candidate.id === id);
  const initialValues = useMemo(() => (vote ? voteValues(vote) : null), [vote]);

  async function submit(values: VoteValues) {
    if (!vote) return;
    try {
      await modifier({ ...voteBody(values), id: vote.id }).unwrap();
      toast.success(t('form.updated'));
      await navigate(votesPaths.syndic);
    } catch (error) {
      toast.error(votesErrorText(error, 'votes:errors.updated_error'));
    }
  }

  let body: React.ReactNode;
  if (isLoading) body = <Skeleton className="h-96 w-full" />;
  else if (isError || !vote || !initialValues)
    body = <NotFound testId="vote-introuvable">{t('errors.not_found')}</NotFound>;
  else {
    const lock = lockOf(vote);
    body =
      lock !== null ? (
        <Alert data-testid="vote-verrouille">
          <Lock aria-hidden="true" />
          <span>{lock}</span>
        </Alert>
      ) : (
        <Card>
          <CardContent className="p-4 sm:p-6">
            <Formik initialValues={initialValues} validationSchema={voteSchema} onSubmit={submit}>
              <Form noValidate className="grid gap-5" aria-label={t('form.editTitle')}>
                <VoteFields submitLabel={t('form.save')} />
              </Form>
            </Formik>
          </CardContent>
        </Card>
      );
  }

  return (
    <VoteFormFrame title={t('form.editTitle')} subtitle={vote?.titre ?? t('form.editSubtitle')}>
      {body}
    </VoteFormFrame>
  );
}
