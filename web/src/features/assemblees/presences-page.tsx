import { CheckCheck, Info, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { UserText } from '@/components/user-text';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { DisabledReason } from '@/components/ui/tooltip';
import { translateMessage } from '@/lib/translate-message';
import { useIdParam } from '@/lib/use-id-param';
import { failureToast } from './assemblees-errors';
import { useEnregistrerPresencesMutation, type EtatPresence, type Presence } from './assemblees-api';
import { useEtape4 } from './etape4-page';
import { EtapeFrame, EtapeLoading, useEtapeLock } from './parts';
import { etapePath } from './paths';
import { presencesProblems, type PresenceRow } from './schemas';

function rowsOf(presences: readonly Presence[]): PresenceRow[] {
  return presences.map((presence) => ({
    occupant_id: presence.occupant_id,
    occupant_nom: presence.occupant_nom,
    is_present: presence.is_present,
    representant: presence.representant ?? '',
  }));
}

/** Every co-owner present ("Tout Cocher"): the represented ones too, their representative dropped. */
export function toutCocher(rows: readonly PresenceRow[]): PresenceRow[] {
  return rows.map((row) => ({ ...row, is_present: 'present', representant: '' }));
}

function PresencesEditor({
  assembleeId,
  initial,
  lock,
}: {
  assembleeId: number;
  initial: PresenceRow[];
  lock: string | null;
}) {
  const { t } = useTranslation(['assemblees', 'common']);
  const navigate = useNavigate();
  const [rows, setRows] = useState(initial);
  const [problems, setProblems] = useState<{ key: string; nom?: string }[]>([]);
  const [enregistrer, { isLoading: saving }] = useEnregistrerPresencesMutation();
  const readOnly = lock !== null;

  function set(occupantId: number, change: Partial<PresenceRow>) {
    setRows((current) => current.map((row) => (row.occupant_id === occupantId ? { ...row, ...change } : row)));
  }

  function toggle(row: PresenceRow, etat: Exclude<EtatPresence, 'absent'>, checked: boolean) {
    // Present and represented exclude each other; unchecked is absent.
    set(row.occupant_id, {
      is_present: checked ? etat : 'absent',
      representant: etat === 'represente' && checked ? row.representant : '',
    });
  }

  async function save() {
    const found = presencesProblems(rows);
    setProblems(found);
    if (found.length > 0) return;
    try {
      await enregistrer({
        assemblee_id: assembleeId,
        records: rows.map((row) => ({
          occupant_id: row.occupant_id,
          is_present: row.is_present,
          representant: row.is_present === 'represente' ? row.representant.trim() : null,
        })),
      }).unwrap();
      toast.success(t('assemblees:presences.enregistrees'));
      await navigate(etapePath(assembleeId, 4));
    } catch (error) {
      toast.error(...failureToast('assemblees:toast.update_error', error));
    }
  }

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Info aria-hidden="true" className="size-4 shrink-0" />
          {t('assemblees:presences.noteAbsents')}
        </p>
        <DisabledReason reason={lock}>
          <Button variant="outline" onClick={() => setRows(toutCocher)} disabled={readOnly} data-testid="tout-cocher">
            <CheckCheck aria-hidden="true" />
            {t('assemblees:presences.toutCocher')}
          </Button>
        </DisabledReason>
      </div>
      {problems.length > 0 && (
        <Alert variant="destructive" data-testid="presences-erreurs">
          <ul className="grid gap-1">
            {problems.map((problem) => (
              <li key={problem.key + (problem.nom ?? '')}>
                {problem.nom === undefined
                  ? translateMessage(problem.key)
                  : t('assemblees:validation.representantRequis', { name: problem.nom })}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <ul className="grid gap-2" aria-label={t('assemblees:presences.title')}>
        {rows.map((row) => {
          const missing = row.is_present === 'represente' && row.representant.trim() === '' && problems.length > 0;
          return (
            <li key={row.occupant_id} data-testid="presence">
              <Card>
                <CardContent className="grid gap-3 p-3 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:p-4">
                  <p className="font-medium">
                    <UserText>{row.occupant_nom}</UserText>
                  </p>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={row.is_present === 'present'}
                      disabled={readOnly}
                      onChange={(event) => toggle(row, 'present', event.target.checked)}
                      aria-label={t('assemblees:presences.presentDe', { nom: row.occupant_nom })}
                      className="size-4 accent-primary"
                    />
                    {t('assemblees:presences.present')}
                  </label>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={row.is_present === 'represente'}
                      disabled={readOnly}
                      onChange={(event) => toggle(row, 'represente', event.target.checked)}
                      aria-label={t('assemblees:presences.representeDe', { nom: row.occupant_nom })}
                      className="size-4 accent-primary"
                    />
                    {t('assemblees:presences.represente')}
                  </label>
                  {row.is_present === 'represente' && (
                    <div className="grid gap-1 sm:col-span-3">
                      <Input
                        dir="auto"
                        value={row.representant}
                        disabled={readOnly}
                        placeholder={t('assemblees:presences.representantPlaceholder')}
                        onChange={(event) => set(row.occupant_id, { representant: event.target.value })}
                        aria-label={t('assemblees:presences.representantDe', { nom: row.occupant_nom })}
                        aria-invalid={missing ? true : undefined}
                      />
                    </div>
                  )}
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={etapePath(assembleeId, 4)}>{t('common:actions.cancel')}</Link>
        </Button>
        <DisabledReason reason={lock}>
          <Button onClick={() => void save()} disabled={readOnly || saving} data-testid="presences-enregistrer">
            {saving && <Loader2 aria-hidden="true" className="animate-spin" />}
            {t('common:actions.save')}
          </Button>
        </DisabledReason>
      </div>
    </>
  );
}

/**
 * /syndic/assemblees/{id}/etapes/4/presences (spec 3 §2.5 "Presences table", §5 "Presences"): per
 * co-owner present, represented (with the representative's name, required) or absent (unchecked);
 * "Tout Cocher" marks everyone present. At least one co-owner must be present or represented.
 */
export function PresencesPage() {
  const { t } = useTranslation('assemblees');
  const id = useIdParam('assembleeId') ?? 0;
  const { assemblee, etape4, isError, refetch } = useEtape4(id);
  const lock = useEtapeLock(assemblee, 4);
  return (
    <EtapeFrame
      assembleeId={id}
      title={t('presences.title')}
      titre={assemblee?.titre}
      backTo={etapePath(id, 4)}
      backLabel={t('etapes.retourEtape4')}
      lock={lock}
    >
      {!assemblee || !etape4 ? (
        <EtapeLoading isError={isError} onRetry={refetch} />
      ) : etape4.presences.length === 0 ? (
        <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground">{t('presences.aucun')}</p>
      ) : (
        <PresencesEditor assembleeId={id} initial={rowsOf(etape4.presences)} lock={lock} />
      )}
    </EtapeFrame>
  );
}
