import { useFormikContext } from 'formik';
import { SelectField } from '@/components/ui/select-field';

/*
 * The approval of a record approved by an assembly or a vote (spec 2 §4 "Works approval"; works,
 * budgets; assemblies and votes next): two boxes, approved or refused, the same box ticked again
 * going back to undecided; then "approved by" an assembly or a vote, and a select of the
 * assemblies or of the votes according to that choice (disabled, saying so, when the list is
 * empty). The Formik fields are `is_approved` ('1' | '0' | ''), `approuve_par`
 * ('assemblee' | 'vote' | ''), `ag` and `vote` (an id as text). The caller gives the texts from
 * its own namespace and the lists (GET /travaux/ags-votes, from its feature's API):
 *
 *   const choix = useGetTravauxAgsVotesQuery();
 *   <ApprovalFields label={(key) => t(`form.${key}`)}
 *     ags={choix.data?.ags ?? []} votes={choix.data?.votes ?? []} />
 */

/** The values the block reads and writes in the caller's Formik form. */
export interface ApprovalValues {
  is_approved: '' | '0' | '1';
  approuve_par: '' | 'assemblee' | 'vote';
  ag: string;
  vote: string;
}

/** An assembly or a vote that may approve. */
export interface Approbateur {
  id: number;
  titre: string;
}

/** The texts the caller gives, by key. */
export type ApprovalLabelKey =
  | 'approbation'
  | 'approuve'
  | 'refuse'
  | 'approbationHint'
  | 'approuvePar'
  | 'approuveParPlaceholder'
  | 'assemblee'
  | 'vote'
  | 'ag'
  | 'agPlaceholder'
  | 'agEmpty'
  | 'voteChoix'
  | 'votePlaceholder'
  | 'voteEmpty';

export interface ApprovalFieldsProps {
  /** The text of each key (`(key) => t(\`form.${key}\`)`). */
  label: (key: ApprovalLabelKey) => string;
  ags: readonly Approbateur[];
  votes: readonly Approbateur[];
}

/** The two approval boxes, then who approved and which one. */
export function ApprovalFields({ label, ags, votes }: ApprovalFieldsProps) {
  const { values, setFieldValue } = useFormikContext<ApprovalValues>();
  const toggle = (value: '0' | '1') => void setFieldValue('is_approved', values.is_approved === value ? '' : value);
  return (
    <>
      <fieldset className="grid gap-2 rounded-md border bg-card p-3">
        <legend className="px-1 text-sm font-medium">{label('approbation')}</legend>
        <div className="flex flex-wrap gap-6">
          {(
            [
              ['1', label('approuve')],
              ['0', label('refuse')],
            ] as const
          ).map(([value, text]) => (
            <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={values.is_approved === value}
                onChange={() => toggle(value)}
                className="size-4 cursor-pointer accent-primary"
              />
              {text}
            </label>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">{label('approbationHint')}</p>
      </fieldset>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <SelectField
          name="approuve_par"
          label={label('approuvePar')}
          placeholder={label('approuveParPlaceholder')}
          options={[
            { value: 'assemblee', label: label('assemblee') },
            { value: 'vote', label: label('vote') },
          ]}
        />
        {values.approuve_par === 'assemblee' && (
          <SelectField
            name="ag"
            label={label('ag')}
            placeholder={ags.length === 0 ? label('agEmpty') : label('agPlaceholder')}
            options={ags.map((ag) => ({ value: String(ag.id), label: ag.titre }))}
            disabled={ags.length === 0}
          />
        )}
        {values.approuve_par === 'vote' && (
          <SelectField
            name="vote"
            label={label('voteChoix')}
            placeholder={votes.length === 0 ? label('voteEmpty') : label('votePlaceholder')}
            options={votes.map((vote) => ({ value: String(vote.id), label: vote.titre }))}
            disabled={votes.length === 0}
          />
        )}
      </div>
    </>
  );
}
