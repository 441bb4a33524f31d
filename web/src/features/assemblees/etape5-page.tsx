import { FieldArray, Form, Formik, type FormikHelpers } from 'formik';
import { CheckCircle2, FileText, Loader2, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserText } from '@/components/user-text';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateField } from '@/components/ui/date-field';
import { TextareaField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/toaster';
import { DisabledReason } from '@/components/ui/tooltip';
import { applyServerErrors } from '@/lib/form-errors';
import { formatTime, parseTypedTime } from '@/lib/heure';
import { useIdParam } from '@/lib/use-id-param';
import { HeureField } from './assemblee-fields';
import { failureToast } from './assemblees-errors';
import {
  ETAPE_TERMINEE,
  useEnvoyerFichierSigneMutation,
  useEtape5AssembleeQuery,
  useEnregistrerInfosFinalesMutation,
  useCloturerAssembleeMutation,
  type AssembleeEtape5,
  type FichierAssemblee,
} from './assemblees-api';
import { ChecklistItem } from './etape1-page';
import { DocumentButton, EtapeFrame, EtapeLoading, PdfUpload, useEtapeLock } from './parts';
import { infosFinalesSchema, type InfosFinalesValues } from './schemas';

function initialInfos(assemblee: AssembleeEtape5): InfosFinalesValues {
  const of = (role: string) => assemblee.signataires.filter((signataire) => signataire.role === role);
  return {
    president: String(of('president')[0]?.occupant_id ?? ''),
    secretaire: String(of('secretaire')[0]?.occupant_id ?? ''),
    scrutateurs: of('scrutateur').map((signataire) => String(signataire.occupant_id)),
    date_fin: assemblee.date_fin ?? '',
    heure_fin: formatTime(assemblee.heure_fin),
    mot_intro: assemblee.mot_intro ?? '',
    mot_fin: assemblee.mot_fin ?? '',
  };
}

const FIELDS = ['president', 'secretaire', 'scrutateurs', 'date_fin', 'heure_fin', 'mot_intro', 'mot_fin'];

/** A signed file (the minutes or the attendance sheet): the one kept, and the upload replacing it. */
function FichierSigne({
  label,
  fichiers,
  kind,
  assembleeId,
  lock,
}: {
  label: string;
  fichiers: FichierAssemblee[];
  kind: 'pv' | 'presence';
  assembleeId: number;
  lock: string | null;
}) {
  const { t } = useTranslation('assemblees');
  const [envoyer, { isLoading }] = useEnvoyerFichierSigneMutation();
  const current = fichiers.at(-1);

  async function upload([file]: File[]) {
    if (!file) return;
    try {
      await envoyer({ assembleeId, kind, file }).unwrap();
      toast.success(t('etape5.fichierEnvoye'), { description: file.name });
    } catch (error) {
      toast.error(...failureToast('assemblees:toast.update_error', error));
    }
  }

  return (
    <ChecklistItem done={current !== undefined} title={label} testId={`signe-${kind}`}>
      {current ? (
        <a
          href={current.url}
          target="_blank"
          rel="noreferrer"
          className="flex items-center gap-2 text-sm hover:underline"
          data-testid={`signe-${kind}-fichier`}
        >
          <FileText aria-hidden="true" className="size-4 text-muted-foreground" />
          <UserText>{current.titre}</UserText>
        </a>
      ) : (
        <p className="text-sm text-muted-foreground">{t('etape5.aucunFichier')}</p>
      )}
      <PdfUpload
        label={current ? t('etape5.remplacer') : t('etape5.envoyer')}
        disabledReason={lock}
        pending={isLoading}
        onFiles={(files) => void upload(files)}
        testId={`upload-${kind}`}
      />
    </ChecklistItem>
  );
}

/**
 * /syndic/assemblees/{id}/etapes/5 (spec 3 §2.5 "Step 5"): the final information (president,
 * secretary and scrutineers among those present, end date and time, opening and closing words),
 * the minutes to download once the end time is known, the signed minutes and attendance sheet
 * (one PDF each, replacing the last), and "Marquer comme terminée" once both are there.
 */
export function Etape5Page() {
  const { t } = useTranslation(['assemblees', 'common']);
  const id = useIdParam('assembleeId') ?? 0;
  const { data, isError, refetch } = useEtape5AssembleeQuery(id);
  const assemblee = data?.assemblee;
  // The president's lock, then the finished meeting's: nothing changes after "terminer".
  const lock = useEtapeLock(assemblee, 5);
  const [modifier] = useEnregistrerInfosFinalesMutation();
  const [terminer, { isLoading: finishing }] = useCloturerAssembleeMutation();
  const [confirming, setConfirming] = useState(false);

  async function save(values: InfosFinalesValues, helpers: FormikHelpers<InfosFinalesValues>) {
    try {
      await modifier({
        id,
        president: Number(values.president),
        secretaire: Number(values.secretaire),
        scrutateurs: values.scrutateurs.map((occupantId) => ({ occupantId: Number(occupantId) })),
        date_fin: values.date_fin,
        heure_fin: parseTypedTime(values.heure_fin) ?? '',
        mot_intro: values.mot_intro.trim(),
        mot_fin: values.mot_fin.trim(),
      }).unwrap();
      toast.success(t('assemblees:toast.updated'));
    } catch (error) {
      if (applyServerErrors(error, helpers.setErrors, FIELDS)) return;
      toast.error(...failureToast('assemblees:toast.update_error', error));
    }
  }

  async function finish() {
    try {
      await terminer(id).unwrap();
      toast.success(t('assemblees:toast.cloturee'));
    } catch (error) {
      toast.error(...failureToast('assemblees:toast.update_error', error));
    }
    setConfirming(false);
  }

  if (!assemblee)
    return (
      <EtapeFrame assembleeId={id} title={t('assemblees:etapes.noms.5')}>
        <EtapeLoading isError={isError} onRetry={() => void refetch()} />
      </EtapeFrame>
    );

  const presents = assemblee.presences.map((presence) => ({
    value: String(presence.occupant.id),
    label: presence.occupant.nom,
  }));
  const signes = assemblee.pvsSignes.length > 0 && assemblee.presencesSignees.length > 0;
  const finishReason = signes ? lock : t('assemblees:etape5.fichiersRequis');
  const termine = assemblee.step >= ETAPE_TERMINEE;

  return (
    <EtapeFrame assembleeId={id} title={t('assemblees:etapes.noms.5')} titre={assemblee.titre} lock={lock}>
      <ChecklistItem done={Boolean(assemblee.heure_fin)} testId="etape5-infos" title={t('assemblees:etape5.infos')}>
        <Formik
          initialValues={initialInfos(assemblee)}
          validationSchema={infosFinalesSchema}
          onSubmit={save}
          enableReinitialize
        >
          {({ values, isSubmitting, dirty }) => (
            <Form noValidate className="grid gap-4" aria-label={t('assemblees:etape5.infos')}>
              <div className="grid items-start gap-4 sm:grid-cols-2">
                <SelectField
                  name="president"
                  label={t('assemblees:etape5.president')}
                  placeholder={t('assemblees:etape5.choisir')}
                  options={presents}
                  disabled={lock !== null}
                  required
                />
                <SelectField
                  name="secretaire"
                  label={t('assemblees:etape5.secretaire')}
                  placeholder={t('assemblees:etape5.choisir')}
                  options={presents}
                  disabled={lock !== null}
                  required
                />
              </div>
              <FieldArray name="scrutateurs">
                {(helpers) => (
                  <fieldset className="grid gap-2">
                    <legend className="mb-1 text-sm font-medium">{t('assemblees:etape5.scrutateurs')}</legend>
                    {values.scrutateurs.map((_, index) => (
                      <div key={index} className="flex items-end gap-2">
                        <SelectField
                          name={`scrutateurs.${index}`}
                          label={t('assemblees:etape5.scrutateurN', { n: index + 1 })}
                          placeholder={t('assemblees:etape5.choisir')}
                          options={presents}
                          disabled={lock !== null}
                          className="flex-1"
                        />
                        <Button
                          variant="ghost"
                          size="icon"
                          disabled={lock !== null}
                          onClick={() => helpers.remove(index)}
                          aria-label={t('assemblees:etape5.retirerScrutateur', { n: index + 1 })}
                        >
                          <X aria-hidden="true" />
                        </Button>
                      </div>
                    ))}
                    <div>
                      <Button variant="outline" size="sm" disabled={lock !== null} onClick={() => helpers.push('')}>
                        <Plus aria-hidden="true" />
                        {t('assemblees:etape5.ajouterScrutateur')}
                      </Button>
                    </div>
                  </fieldset>
                )}
              </FieldArray>
              <div className="grid items-start gap-4 sm:grid-cols-2">
                <DateField name="date_fin" label={t('assemblees:etape5.dateFin')} disabled={lock !== null} required />
                <HeureField name="heure_fin" label={t('assemblees:etape5.heureFin')} disabled={lock !== null} />
              </div>
              <TextareaField
                name="mot_intro"
                label={t('assemblees:etape5.motIntro')}
                rows={3}
                disabled={lock !== null}
                dir="auto"
              />
              <TextareaField
                name="mot_fin"
                label={t('assemblees:etape5.motFin')}
                rows={3}
                disabled={lock !== null}
                dir="auto"
              />
              <div className="flex justify-end">
                <DisabledReason reason={lock}>
                  <Button
                    type="submit"
                    disabled={lock !== null || isSubmitting || (!dirty && Boolean(assemblee.heure_fin))}
                  >
                    {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
                    {t('common:actions.save')}
                  </Button>
                </DisabledReason>
              </div>
            </Form>
          )}
        </Formik>
      </ChecklistItem>

      <Card>
        <CardContent className="flex flex-wrap gap-2 p-4 sm:p-6">
          <DocumentButton
            assembleeId={id}
            document="procesVerbal"
            label={t('assemblees:documents.procesVerbal')}
            disabledReason={assemblee.heure_fin ? null : t('assemblees:etape5.heureFinRequise')}
          />
          <DocumentButton
            assembleeId={id}
            document="feuillePresence"
            label={t('assemblees:documents.feuillePresence')}
          />
        </CardContent>
      </Card>

      <FichierSigne
        label={t('assemblees:etape5.pvSigne')}
        fichiers={assemblee.pvsSignes}
        kind="pv"
        assembleeId={id}
        lock={lock}
      />
      <FichierSigne
        label={t('assemblees:etape5.presenceSignee')}
        fichiers={assemblee.presencesSignees}
        kind="presence"
        assembleeId={id}
        lock={lock}
      />

      {termine ? (
        <p className="flex items-center justify-end gap-2 font-medium text-success" data-testid="assemblee-terminee">
          <CheckCircle2 aria-hidden="true" className="size-5" />
          {t('assemblees:etape5.terminee')}
        </p>
      ) : (
        <div className="flex justify-end">
          <DisabledReason reason={finishReason}>
            <Button onClick={() => setConfirming(true)} disabled={finishReason !== null} data-testid="marquer-terminee">
              <CheckCircle2 aria-hidden="true" />
              {t('assemblees:etape5.marquerTerminee')}
            </Button>
          </DisabledReason>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('assemblees:etape5.confirmerTitle')}
        description={t('assemblees:etape5.confirmerDescription')}
        confirmLabel={t('common:actions.confirm')}
        onConfirm={() => void finish()}
        pending={finishing}
        destructive={false}
      />
    </EtapeFrame>
  );
}
