import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { NotFound } from '@/components/page-parts';
import { UserText } from '@/components/user-text';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toaster';
import { DisabledReason } from '@/components/ui/tooltip';
import { translateMessage } from '@/lib/translate-message';
import { useIdParam } from '@/lib/use-id-param';
import type { MessageKey } from '@/lib/validation';
import { failureToast } from './assemblees-errors';
import { useEnregistrerVoteMutation, type Presence, type Resolution, type TypeVote } from './assemblees-api';
import { useEtape4 } from './etape4-page';
import { EtapeFrame, EtapeLoading, useEtapeLock } from './parts';
import { pointPath, presencesPath } from './paths';
import { useChoixLabel } from './point-page';
import { CHOIX_MAX, choixRemplis, voteProblems, type VoteValues } from './schemas';

const SIMPLES = ['pour', 'contre', 'abstention'];

function initialValues(resolution: Resolution | undefined): VoteValues {
  const choix = (resolution?.choix ?? []).map((choice) => choice.choix);
  return {
    resolution: resolution?.resolution ?? '',
    type_vote: resolution?.type_vote ?? 'simple',
    choix: [...choix, ...Array<string>(CHOIX_MAX).fill('')].slice(0, CHOIX_MAX),
    votes: Object.fromEntries((resolution?.votes ?? []).map((vote) => [String(vote.occupant_id), vote.vote])),
  };
}

/** Everyone votes `option`, or, when everyone already does, nobody does ("Tous" / "Aucun"). */
export function basculerTous(
  votes: Record<string, string>,
  voterIds: readonly number[],
  option: string,
): Record<string, string> {
  const all = voterIds.every((id) => votes[String(id)] === option);
  const next = { ...votes };
  for (const id of voterIds) {
    if (all) delete next[String(id)];
    else next[String(id)] = option;
  }
  return next;
}

function VoteForm({
  assembleeId,
  pointId,
  resolution,
  voters,
  lock,
}: {
  assembleeId: number;
  pointId: number;
  resolution: Resolution | undefined;
  voters: Presence[];
  lock: string | null;
}) {
  const { t } = useTranslation(['assemblees', 'common']);
  const navigate = useNavigate();
  const choixLabel = useChoixLabel();
  const [values, setValues] = useState(() => initialValues(resolution));
  const [problems, setProblems] = useState<MessageKey[]>([]);
  const [voter, { isLoading: saving }] = useEnregistrerVoteMutation();
  const voterIds = voters.map((voter) => voter.occupant_id);
  const options = values.type_vote === 'simple' ? SIMPLES : choixRemplis(values.choix);
  const readOnly = lock !== null;

  function setType(type: TypeVote) {
    // The votes of one kind mean nothing in the other.
    setValues((current) => ({ ...current, type_vote: type, votes: {} }));
  }

  function setChoix(index: number, text: string) {
    setValues((current) => {
      const choix = current.choix.map((value, i) => (i === index ? text : value));
      const remaining = choixRemplis(choix);
      const votes = Object.fromEntries(Object.entries(current.votes).filter(([, vote]) => remaining.includes(vote)));
      return { ...current, choix, votes };
    });
  }

  async function submit() {
    const found = voteProblems(values, voterIds);
    setProblems(found);
    if (found.length > 0) return;
    try {
      await voter({
        assembleeId,
        pointId,
        resolutionId: resolution?.id ?? null,
        resolutionText: values.resolution.trim(),
        voteType: values.type_vote,
        votes: Object.fromEntries(voterIds.map((id) => [String(id), values.votes[String(id)] ?? ''])),
        choices: values.type_vote === 'multiple' ? choixRemplis(values.choix) : [],
      }).unwrap();
      toast.success(t('assemblees:vote.enregistre'));
      await navigate(pointPath(assembleeId, pointId));
    } catch (error) {
      toast.error(...failureToast('assemblees:toast.update_error', error));
    }
  }

  return (
    <>
      <Card>
        <CardContent className="grid gap-4 p-4 sm:p-6">
          <label className="grid gap-1.5">
            <span className="text-sm font-medium">{t('assemblees:vote.resolution')}</span>
            <textarea
              dir="auto"
              rows={3}
              value={values.resolution}
              disabled={readOnly}
              onChange={(event) => setValues((current) => ({ ...current, resolution: event.target.value }))}
              className="w-full rounded-md border border-input bg-background px-3 py-2 disabled:opacity-60"
              data-testid="vote-resolution"
            />
          </label>
          <div className="grid gap-1.5">
            <span className="text-sm font-medium">{t('assemblees:vote.type')}</span>
            <Tabs value={values.type_vote} onValueChange={(type) => !readOnly && setType(type as TypeVote)}>
              <TabsList>
                <TabsTrigger value="simple" disabled={readOnly}>
                  {t('assemblees:vote.types.simple')}
                </TabsTrigger>
                <TabsTrigger value="multiple" disabled={readOnly}>
                  {t('assemblees:vote.types.multiple')}
                </TabsTrigger>
              </TabsList>
            </Tabs>
          </div>
          {values.type_vote === 'multiple' && (
            <fieldset className="grid gap-2 sm:grid-cols-2">
              <legend className="mb-1 text-sm font-medium">{t('assemblees:vote.choix')}</legend>
              {values.choix.map((choix, index) => (
                <Input
                  key={index}
                  dir="auto"
                  value={choix}
                  disabled={readOnly}
                  onChange={(event) => setChoix(index, event.target.value)}
                  aria-label={t('assemblees:vote.choixN', { n: index + 1 })}
                  placeholder={t('assemblees:vote.choixN', { n: index + 1 })}
                />
              ))}
            </fieldset>
          )}
        </CardContent>
      </Card>

      {problems.length > 0 && (
        <Alert variant="destructive" data-testid="vote-erreurs">
          <ul className="grid gap-1">
            {problems.map((problem) => (
              <li key={problem}>{translateMessage(problem)}</li>
            ))}
          </ul>
        </Alert>
      )}

      <div className="overflow-x-auto rounded-xl border">
        <table className="w-full text-sm" aria-label={t('assemblees:vote.grille')}>
          <thead className="bg-muted/50">
            <tr>
              <th scope="col" className="p-2 text-start font-medium">
                {t('assemblees:vote.coproprietaire')}
              </th>
              {options.map((option) => (
                <th key={option} scope="col" className="p-2 text-center font-medium">
                  <div className="grid justify-items-center gap-1">
                    <UserText>{choixLabel(option)}</UserText>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="h-7 px-2 text-xs"
                      disabled={readOnly || voterIds.length === 0}
                      onClick={() =>
                        setValues((current) => ({ ...current, votes: basculerTous(current.votes, voterIds, option) }))
                      }
                      aria-label={t('assemblees:vote.tousLabel', { choix: choixLabel(option) })}
                    >
                      {voterIds.length > 0 && voterIds.every((id) => values.votes[String(id)] === option)
                        ? t('assemblees:vote.aucun')
                        : t('assemblees:vote.tous')}
                    </Button>
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {voters.length === 0 && (
              <tr className="border-t">
                <td
                  colSpan={options.length + 1}
                  className="p-4 text-center text-muted-foreground"
                  data-testid="vote-aucun-votant"
                >
                  {t('assemblees:vote.aucunVotant')}{' '}
                  <Link
                    to={presencesPath(assembleeId)}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {t('assemblees:vote.saisirPresences')}
                  </Link>
                </td>
              </tr>
            )}
            {voters.map((voter) => (
              <tr key={voter.occupant_id} className="border-t" data-testid="vote-ligne">
                <th scope="row" className="p-2 text-start font-normal">
                  <UserText>{voter.occupant_nom}</UserText>
                  {voter.is_present === 'represente' && voter.representant && (
                    <span className="block text-xs text-muted-foreground">
                      {/* The name is one block with its own direction: it moves whole to the next
                          line instead of being split around the Arabic label. */}
                      <Trans
                        ns="assemblees"
                        i18nKey="vote.representePar"
                        values={{ nom: voter.representant }}
                        components={{ nom: <bdi className="inline-block" /> }}
                      />
                    </span>
                  )}
                </th>
                {options.map((option) => (
                  <td key={option} className="p-2 text-center">
                    <input
                      type="radio"
                      name={`vote-${voter.occupant_id}`}
                      checked={values.votes[String(voter.occupant_id)] === option}
                      disabled={readOnly}
                      onChange={() =>
                        setValues((current) => ({
                          ...current,
                          votes: { ...current.votes, [String(voter.occupant_id)]: option },
                        }))
                      }
                      aria-label={t('assemblees:vote.voteDe', { nom: voter.occupant_nom, choix: choixLabel(option) })}
                      className="size-4 accent-primary"
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={pointPath(assembleeId, pointId)}>{t('common:actions.cancel')}</Link>
        </Button>
        <DisabledReason reason={lock}>
          <Button onClick={() => void submit()} disabled={readOnly || saving} data-testid="vote-enregistrer">
            {saving && <Loader2 aria-hidden="true" className="animate-spin" />}
            {t('assemblees:vote.enregistrer')}
          </Button>
        </DisabledReason>
      </div>
    </>
  );
}

/**
 * /syndic/assemblees/{id}/etapes/4/resolutions/{pointId}/vote[/{resolutionId}] (spec 3 §2.5 "Vote
 * form", §5 "Assembly vote"): the resolution's text, simple (pour / contre / abstention) or
 * multiple choice (2 to 4 choices), and each co-owner's vote (those not absent), with "Tous" /
 * "Aucun" per choice. Every listed co-owner must vote.
 */
export function VotePage() {
  const { t } = useTranslation('assemblees');
  const id = useIdParam('assembleeId') ?? 0;
  const pointId = useIdParam('pointId') ?? 0;
  const resolutionId = useIdParam('resolutionId');
  const { assemblee, etape4, isError, refetch } = useEtape4(id);
  const lock = useEtapeLock(assemblee, 4);
  const point = etape4?.points.find((candidate) => candidate.id === pointId);
  const resolution =
    resolutionId === null ? undefined : point?.resolutions.find((candidate) => candidate.id === resolutionId);
  const missing = etape4 && (!point || point.is_info || (resolutionId !== null && !resolution));
  const voters = (etape4?.presences ?? []).filter((presence) => presence.is_present !== 'absent');

  return (
    <EtapeFrame
      assembleeId={id}
      title={resolution ? t('vote.titleModifier', { n: resolution.numero }) : t('vote.titleNouvelle')}
      titre={point ? `${point.numero}. ${point.titre}` : assemblee?.titre}
      backTo={pointPath(id, pointId)}
      backLabel={t('vote.retour')}
      lock={lock}
    >
      {!etape4 ? (
        <EtapeLoading isError={isError} onRetry={refetch} />
      ) : missing ? (
        <NotFound testId="resolution-introuvable">{t('vote.introuvable')}</NotFound>
      ) : (
        <VoteForm
          key={resolution?.id ?? 'nouvelle'}
          assembleeId={id}
          pointId={pointId}
          resolution={resolution}
          voters={voters}
          lock={lock}
        />
      )}
    </EtapeFrame>
  );
}
