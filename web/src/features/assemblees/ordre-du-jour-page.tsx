import { Form, Formik } from 'formik';
import { ArrowDown, ArrowUp, GripVertical, Loader2, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FREE_TEXT, UserText } from '@/components/user-text';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ComboboxField } from '@/components/ui/combobox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toaster';
import { DisabledReason } from '@/components/ui/tooltip';
import { useIdParam } from '@/lib/use-id-param';
import { failureToast } from './assemblees-errors';
import {
  useBibliothequePointsQuery,
  useEtape1AssembleeQuery,
  useEnregistrerOrdreDuJourMutation,
  type PointOrdreDuJour,
} from './assemblees-api';
import { EtapeFrame, EtapeLoading, useEtapeLock } from './parts';
import { etapePath } from './paths';
import { pointSchema, type PointValues } from './schemas';

/** A point of the agenda being edited; `key` keeps its row while it moves. */
export interface PointEdite {
  key: string;
  titre: string;
  projet_resolution: string;
}

/** The list with the point at `from` moved to `to` (the numbers follow the order). */
export function deplacer<T>(points: readonly T[], from: number, to: number): T[] {
  if (from === to || to < 0 || to >= points.length) return [...points];
  const result = [...points];
  const [moved] = result.splice(from, 1);
  result.splice(to, 0, moved as T);
  return result;
}

function fromServer(points: readonly PointOrdreDuJour[]): PointEdite[] {
  return [...points]
    .sort((a, b) => a.numero - b.numero)
    .map((point) => ({
      key: `p${point.id}`,
      titre: point.titre,
      projet_resolution: point.resolutions[0]?.resolution ?? '',
    }));
}

let nextKey = 0;

const emptyPoint: PointValues = { mode: 'bibliotheque', bibliotheque: '', titre: '' };

/** The add dialog (spec 3 §2.5 "Agenda page"): a point of the library, or a title of one's own. */
function AjouterPointDialog({
  open,
  onOpenChange,
  onAdd,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdd: (point: Omit<PointEdite, 'key'>) => void;
}) {
  const { t } = useTranslation(['assemblees', 'common']);
  const bibliotheque = useBibliothequePointsQuery(undefined, { skip: !open });
  const options = useMemo(
    () =>
      (bibliotheque.data?.points ?? []).map((point) => ({
        value: String(point.id),
        label: point.titre,
        description: point.projet_resolution || undefined,
      })),
    [bibliotheque.data],
  );

  function submit(values: PointValues) {
    if (values.mode === 'bibliotheque') {
      const point = bibliotheque.data?.points.find((candidate) => String(candidate.id) === values.bibliotheque);
      if (!point) return;
      onAdd({ titre: point.titre, projet_resolution: point.projet_resolution });
    } else {
      onAdd({ titre: values.titre.trim(), projet_resolution: '' });
    }
    onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('assemblees:ordreDuJour.ajouterTitle')}</DialogTitle>
          <DialogDescription>{t('assemblees:ordreDuJour.ajouterDescription')}</DialogDescription>
        </DialogHeader>
        <Formik initialValues={emptyPoint} validationSchema={pointSchema} onSubmit={submit}>
          {({ values, setFieldValue }) => (
            <Form noValidate className="grid gap-4" aria-label={t('assemblees:ordreDuJour.ajouterTitle')}>
              <Tabs value={values.mode} onValueChange={(mode) => void setFieldValue('mode', mode)}>
                <TabsList className="w-full">
                  <TabsTrigger value="bibliotheque" className="flex-1">
                    {t('assemblees:ordreDuJour.modeBibliotheque')}
                  </TabsTrigger>
                  <TabsTrigger value="personnalise" className="flex-1">
                    {t('assemblees:ordreDuJour.modePersonnalise')}
                  </TabsTrigger>
                </TabsList>
              </Tabs>
              {values.mode === 'bibliotheque' ? (
                <>
                  <ComboboxField
                    name="bibliotheque"
                    label={t('assemblees:ordreDuJour.pointBibliotheque')}
                    placeholder={t('assemblees:ordreDuJour.pointBibliothequePlaceholder')}
                    options={options}
                  />
                  {bibliotheque.isError && (
                    <p className="text-sm font-medium text-destructive">
                      {t('assemblees:ordreDuJour.bibliothequeErreur')}
                    </p>
                  )}
                </>
              ) : (
                <FormField name="titre" label={t('assemblees:ordreDuJour.titrePoint')} required {...FREE_TEXT} />
              )}
              <DialogFooter className="pt-2">
                <Button variant="outline" onClick={() => onOpenChange(false)}>
                  {t('common:actions.cancel')}
                </Button>
                <Button type="submit">{t('assemblees:ordreDuJour.ajouter')}</Button>
              </DialogFooter>
            </Form>
          )}
        </Formik>
      </DialogContent>
    </Dialog>
  );
}

/** The agenda being edited, from the points the server has. */
function OrdreDuJourEditor({
  assembleeId: id,
  titre,
  initial,
  lock,
}: {
  assembleeId: number;
  titre: string;
  initial: PointEdite[];
  lock: string | null;
}) {
  const { t } = useTranslation(['assemblees', 'common']);
  const navigate = useNavigate();
  const [points, setPoints] = useState(initial);
  const [adding, setAdding] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const [enregistrer, { isLoading: saving }] = useEnregistrerOrdreDuJourMutation();
  const readOnly = lock !== null;

  async function save() {
    try {
      await enregistrer({
        assemblee_id: id,
        ordreDuJour: points.map((point, index) => ({
          numero: index + 1,
          point: point.titre,
          projet_resolution: point.projet_resolution.trim(),
        })),
      }).unwrap();
      toast.success(t('assemblees:ordreDuJour.enregistre'));
      await navigate(etapePath(id, 1));
    } catch (error) {
      toast.error(...failureToast('assemblees:toast.update_error', error));
    }
  }

  function onDrop(event: DragEvent, to: number) {
    event.preventDefault();
    if (dragged !== null) setPoints((current) => deplacer(current, dragged, to));
    setDragged(null);
  }

  return (
    <EtapeFrame
      assembleeId={id}
      title={t('assemblees:ordreDuJour.title')}
      titre={titre}
      backTo={etapePath(id, 1)}
      backLabel={t('assemblees:ordreDuJour.retour')}
      lock={lock}
      actions={
        <DisabledReason reason={lock}>
          <Button variant="outline" onClick={() => setAdding(true)} disabled={readOnly} data-testid="ajouter-point">
            <Plus aria-hidden="true" />
            {t('assemblees:ordreDuJour.ajouter')}
          </Button>
        </DisabledReason>
      }
    >
      {points.length === 0 ? (
        <p
          className="rounded-xl border border-dashed p-6 text-center text-muted-foreground"
          data-testid="ordre-du-jour-vide"
        >
          {t('assemblees:ordreDuJour.vide')}
        </p>
      ) : (
        <ol className="grid gap-3" aria-label={t('assemblees:ordreDuJour.title')}>
          {points.map((point, index) => (
            <li
              key={point.key}
              data-testid="point-ordre-du-jour"
              draggable={!readOnly}
              onDragStart={() => setDragged(index)}
              onDragOver={(event) => !readOnly && event.preventDefault()}
              onDrop={(event) => onDrop(event, index)}
              onDragEnd={() => setDragged(null)}
              className={dragged === index ? 'opacity-50' : undefined}
            >
              <Card>
                <CardContent className="flex gap-3 p-3 sm:p-4">
                  {!readOnly && (
                    <GripVertical
                      aria-hidden="true"
                      className="mt-1 size-5 shrink-0 cursor-grab text-muted-foreground"
                    />
                  )}
                  <span
                    className="tabular mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-sm font-semibold"
                    data-testid="point-numero"
                  >
                    {index + 1}
                  </span>
                  <div className="grid min-w-0 flex-1 gap-2">
                    <p className="font-medium" data-testid="point-titre">
                      <UserText>{point.titre}</UserText>
                    </p>
                    {readOnly ? (
                      // Convened: the whole draft reads as text (a disabled two-line box would cut it).
                      <div className="grid gap-1 text-sm">
                        <span className="text-muted-foreground">{t('assemblees:ordreDuJour.projetResolution')}</span>
                        <p dir="auto" className="whitespace-pre-line" data-testid="point-projet">
                          {point.projet_resolution || '—'}
                        </p>
                      </div>
                    ) : (
                      <label className="grid gap-1 text-sm">
                        <span className="text-muted-foreground">{t('assemblees:ordreDuJour.projetResolution')}</span>
                        <textarea
                          dir="auto"
                          rows={2}
                          value={point.projet_resolution}
                          onChange={(event) =>
                            setPoints((current) =>
                              current.map((candidate) =>
                                candidate.key === point.key
                                  ? { ...candidate, projet_resolution: event.target.value }
                                  : candidate,
                              ),
                            )
                          }
                          className="field-sizing-content min-h-16 w-full rounded-md border border-input bg-background px-3 py-2"
                        />
                      </label>
                    )}
                  </div>
                  {!readOnly && (
                    <div className="flex shrink-0 flex-col gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        disabled={index === 0}
                        onClick={() => setPoints(deplacer(points, index, index - 1))}
                        aria-label={t('assemblees:ordreDuJour.monter', { titre: point.titre })}
                      >
                        <ArrowUp aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        disabled={index === points.length - 1}
                        onClick={() => setPoints(deplacer(points, index, index + 1))}
                        aria-label={t('assemblees:ordreDuJour.descendre', { titre: point.titre })}
                      >
                        <ArrowDown aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        onClick={() => setPoints(points.filter((candidate) => candidate.key !== point.key))}
                        aria-label={t('assemblees:ordreDuJour.retirer', { titre: point.titre })}
                        className="text-muted-foreground hover:text-destructive"
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  )}
                </CardContent>
              </Card>
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={etapePath(id, 1)}>{t('common:actions.cancel')}</Link>
        </Button>
        <DisabledReason reason={lock}>
          <Button onClick={() => void save()} disabled={readOnly || saving} data-testid="ordre-du-jour-enregistrer">
            {saving && <Loader2 aria-hidden="true" className="animate-spin" />}
            {t('common:actions.save')}
          </Button>
        </DisabledReason>
      </div>
      {!readOnly && (
        <AjouterPointDialog
          open={adding}
          onOpenChange={setAdding}
          onAdd={(point) => {
            nextKey += 1;
            setPoints((current) => [...current, { key: `n${nextKey}`, ...point }]);
          }}
        />
      )}
    </EtapeFrame>
  );
}

/**
 * /syndic/assemblees/{id}/etapes/1/ordre-du-jour (spec 3 §2.5 "Agenda page"): the points in their
 * order, numbered from 1 as they move (dragged, or with the arrows from the keyboard), each with
 * its resolution draft, removable; points are added from the library or typed. Save sends the
 * whole agenda; save and cancel both go back to step 1.
 */
export function OrdreDuJourPage() {
  const { t } = useTranslation('assemblees');
  const id = useIdParam('assembleeId') ?? 0;
  const { data, isError, refetch } = useEtape1AssembleeQuery(id);
  const lock = useEtapeLock(data?.info_generales, 1);
  if (!data)
    return (
      <EtapeFrame
        assembleeId={id}
        title={t('ordreDuJour.title')}
        backTo={etapePath(id, 1)}
        backLabel={t('ordreDuJour.retour')}
      >
        <EtapeLoading isError={isError} onRetry={() => void refetch()} />
      </EtapeFrame>
    );
  return (
    <OrdreDuJourEditor
      assembleeId={id}
      titre={data.info_generales.titre}
      initial={fromServer(data.ordre_du_jour)}
      lock={lock}
    />
  );
}
