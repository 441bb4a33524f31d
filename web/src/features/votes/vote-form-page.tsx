import { Form, Formik, useFormikContext, type FormikHelpers } from 'formik';
import { Lock } from 'lucide-react';
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
import { useIdParam } from '@/lib/use-id-param';
import { cn } from '@/lib/cn';
import { votesPaths } from './paths';
import {
  CHOIX_ERROR,
  CHOIX_SLOTS,
  emptyVote,
  TITRE_MAX_LENGTH,
  voteBody,
  voteSchema,
  voteValues,
  type VoteValues,
} from './schemas';
import { useVoteLock } from './vote-labels';
import { useVotesCreerMutation, useVotesModifierMutation, useVotesSyndicQuery, type TypeChoix } from './votes-api';
import { votesErrorText } from './votes-errors';

/** The type of the vote: simple (pour / contre / abstention) or custom choices, as radio buttons. */
function TypeChoixField() {
  const { t } = useTranslation('votes');
  const { values, setFieldValue } = useFormikContext<VoteValues>();
  const options: { value: TypeChoix; label: string; hint: string }[] = [
    { value: 'simple', label: t('form.simple'), hint: t('form.simpleHint') },
    { value: 'custom', label: t('form.custom'), hint: t('form.customHint') },
  ];
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium">{t('form.typeChoix')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-md border bg-card p-3 has-focus-visible:ring-2 has-focus-visible:ring-ring',
              values.type_choix === option.value && 'border-primary',
            )}
          >
            <input
              type="radio"
              name="type_choix"
              value={option.value}
              checked={values.type_choix === option.value}
              onChange={() => void setFieldValue('type_choix', option.value)}
              className="mt-0.5 size-4 accent-primary"
            />
            <span className="grid gap-0.5">
              <span className="text-sm font-medium">{option.label}</span>
              <span className="text-xs text-muted-foreground">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The five slots of a custom vote's choices; the error (fewer than two) under them. */
function ChoixFields() {
  const { t } = useTranslation('votes');
  const error = useFieldError(CHOIX_ERROR);
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? 'vote-choix-error' : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{t('form.choix')}</legend>
      <p className="text-xs text-muted-foreground">{t('form.choixHint')}</p>
      {Array.from({ length: CHOIX_SLOTS }, (_, index) => (
        <FormField
          key={index}
          name={`choix.${index}`}
          label={t('form.choixN', { n: index + 1 })}
          maxLength={TITRE_MAX_LENGTH}
          {...FREE_TEXT}
        />
      ))}
      {error && (
        <p id="vote-choix-error" role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function VoteForm({
  initialValues,
  submitLabel,
  onSubmit,
}: {
  initialValues: VoteValues;
  submitLabel: string;
  onSubmit: (values: VoteValues, helpers: FormikHelpers<VoteValues>) => Promise<void>;
}) {
  const { t } = useTranslation('votes');
  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        <Formik initialValues={initialValues} validationSchema={voteSchema} onSubmit={onSubmit}>
          {(formik) => (
            <Form noValidate className="grid gap-5" aria-label={submitLabel}>
              <FormField name="titre" label={t('form.titre')} maxLength={TITRE_MAX_LENGTH} required {...FREE_TEXT} />
              <TextareaField name="description" label={t('form.description')} rows={3} />
              <TypeChoixField />
              {formik.values.type_choix === 'custom' && <ChoixFields />}
              <div className="grid gap-4 sm:grid-cols-2">
                <DateField name="date_debut" label={t('form.dateDebut')} required />
                <DateField
                  name="date_fin"
                  label={t('form.dateFin')}
                  min={formik.values.date_debut || undefined}
                  required
                />
              </div>
              <FormActions cancelTo={votesPaths.syndic} submitLabel={submitLabel} submitting={formik.isSubmitting} />
            </Form>
          )}
        </Formik>
      </CardContent>
    </Card>
  );
}

/** /syndic/votes/creer (spec 3 §2.6, §5): a new vote, then back to the list with a toast. */
export function VoteCreatePage() {
  const { t } = useTranslation('votes');
  const navigate = useNavigate();
  const [creer] = useVotesCreerMutation();

  async function submit(values: VoteValues) {
    try {
      await creer(voteBody(values)).unwrap();
      toast.success(t('form.created'), { description: values.titre.trim() });
      await navigate(votesPaths.syndic);
    } catch (error) {
      toast.error(votesErrorText(error, 'votes:errors.created_error'));
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={t('form.createTitle')} description={t('form.subtitle')}>
        <BackLink to={votesPaths.syndic}>{t('form.back')}</BackLink>
      </PageHeader>
      <VoteForm initialValues={emptyVote} submitLabel={t('form.create')} onSubmit={submit} />
    </div>
  );
}

/**
 * /syndic/votes/modifier/{voteId} (spec 3 §4 "Vote"): the creator edits it until the first vote;
 * afterwards, or for another member, the page says why ("Modification verrouillée") instead of the
 * form. The vote is read from the list (there is no single-vote call).
 */
export function VoteEditPage() {
  const { t } = useTranslation('votes');
  const navigate = useNavigate();
  const id = useIdParam('voteId');
  const { data, isLoading, isError } = useVotesSyndicQuery();
  const [modifier] = useVotesModifierMutation();
  const lockOf = useVoteLock();
  const vote = data?.data.find((candidate) => candidate.id === id);

  async function submit(values: VoteValues) {
    if (!vote) return;
    try {
      await modifier({ ...voteBody(values), id: vote.id }).unwrap();
      toast.success(t('form.updated'), { description: values.titre.trim() });
      await navigate(votesPaths.syndic);
    } catch (error) {
      toast.error(votesErrorText(error, 'votes:errors.updated_error'));
    }
  }

  const lock = vote ? lockOf(vote) : null;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={t('form.editTitle')} description={t('form.subtitle')}>
        <BackLink to={votesPaths.syndic}>{t('form.back')}</BackLink>
      </PageHeader>
      {isLoading ? (
        <Skeleton className="h-96 w-full" />
      ) : isError || !vote ? (
        <NotFound testId="vote-introuvable">{t('errors.not_found')}</NotFound>
      ) : lock !== null ? (
        <Alert data-testid="vote-verrouille">
          <Lock aria-hidden="true" />
          <span>
            <strong className="block">{t('lock.title')}</strong>
            {lock}
          </span>
        </Alert>
      ) : (
        <VoteForm initialValues={voteValues(vote)} submitLabel={t('form.save')} onSubmit={submit} />
      )}
    </div>
  );
}
