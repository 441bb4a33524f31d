import { Form, Formik, type FormikHelpers } from 'formik';
import { Loader2, Users, Vote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { toast } from '@/components/ui/toaster';
import { DisabledReason } from '@/components/ui/tooltip';
import { applyServerErrors } from '@/lib/form-errors';
import { formatTime, parseTypedTime } from '@/lib/heure';
import { useIdParam } from '@/lib/use-id-param';
import { HeureField } from './assemblee-fields';
import { failureToast } from './assemblees-errors';
import {
  useEtape2AssembleeQuery,
  useEtape4AssembleeQuery,
  useModifierHeureDebutMutation,
  type Etape4Response,
} from './assemblees-api';
import { ChecklistItem } from './etape1-page';
import { EtapeFrame, EtapeLoading, NextEtapeLink, useEtapeLock } from './parts';
import { etapePath, presencesPath, resolutionsPath } from './paths';
import { debutSchema, type DebutValues } from './schemas';

/** Presences were recorded once any co-owner's presence has a record (spec 3 §2.5 "Step 4"). */
export function presencesEnregistrees(etape4: Pick<Etape4Response, 'presences'>): boolean {
  return etape4.presences.some((presence) => presence.id !== null);
}

/** One meeting's step-4 answer and the meeting itself (its title, its step for the locks). */
export function useEtape4(id: number) {
  const meeting = useEtape2AssembleeQuery(id);
  const etape4 = useEtape4AssembleeQuery(id);
  return {
    assemblee: meeting.data?.info,
    etape4: etape4.data,
    isError: meeting.isError || etape4.isError,
    refetch: () => {
      void meeting.refetch();
      void etape4.refetch();
    },
  };
}

/**
 * /syndic/assemblees/{id}/etapes/4 (spec 3 §2.5 "Step 4"): the start date and time, the presences,
 * then the resolutions and votes (once presences exist). Closing the meeting needs a start time,
 * the presences and every vote.
 */
export function Etape4Page() {
  const { t } = useTranslation(['assemblees', 'common']);
  const id = useIdParam('assembleeId') ?? 0;
  const { assemblee, etape4, isError, refetch } = useEtape4(id);
  const lock = useEtapeLock(assemblee, 4);
  const [modifier] = useModifierHeureDebutMutation();

  async function save(values: DebutValues, helpers: FormikHelpers<DebutValues>) {
    try {
      await modifier({
        id,
        date_debut: values.date_debut,
        heure_debut: parseTypedTime(values.heure_debut) ?? '',
      }).unwrap();
      toast.success(t('assemblees:toast.updated'));
    } catch (error) {
      if (applyServerErrors(error, helpers.setErrors, ['date_debut', 'heure_debut'])) return;
      toast.error(...failureToast('assemblees:toast.update_error', error));
    }
  }

  if (!assemblee || !etape4)
    return (
      <EtapeFrame assembleeId={id} title={t('assemblees:etapes.noms.4')}>
        <EtapeLoading isError={isError} onRetry={refetch} />
      </EtapeFrame>
    );

  const aDebut = Boolean(etape4.heure_debut);
  const aPresences = presencesEnregistrees(etape4);
  const closeReason = !aDebut
    ? t('assemblees:etape4.debutRequis')
    : !aPresences
      ? t('assemblees:etape4.presencesRequises')
      : !etape4.is_voted
        ? t('assemblees:etape4.votesRequis')
        : null;
  const initial: DebutValues = {
    date_debut: etape4.date_debut ?? assemblee.date,
    heure_debut: formatTime(etape4.heure_debut),
  };

  return (
    <EtapeFrame assembleeId={id} title={t('assemblees:etapes.noms.4')} titre={assemblee.titre} lock={lock}>
      <ChecklistItem done={aDebut} testId="etape4-debut" title={t('assemblees:etape4.debut')}>
        <Formik initialValues={initial} validationSchema={debutSchema} onSubmit={save} enableReinitialize>
          {({ isSubmitting, dirty }) => (
            <Form
              noValidate
              className="grid items-start gap-4 sm:grid-cols-2"
              aria-label={t('assemblees:etape4.debut')}
            >
              <DateField name="date_debut" label={t('assemblees:etape4.dateDebut')} disabled={lock !== null} required />
              <HeureField name="heure_debut" label={t('assemblees:etape4.heureDebut')} disabled={lock !== null} />
              <div className="flex justify-end sm:col-span-2">
                <DisabledReason reason={lock}>
                  <Button type="submit" disabled={lock !== null || isSubmitting || (!dirty && aDebut)}>
                    {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
                    {t('common:actions.save')}
                  </Button>
                </DisabledReason>
              </div>
            </Form>
          )}
        </Formik>
      </ChecklistItem>

      <ChecklistItem
        done={aPresences}
        testId="etape4-presences"
        title={t('assemblees:etape4.presences')}
        icon={<Users aria-hidden="true" className="size-5" />}
      >
        <p className="text-sm text-muted-foreground">
          {aPresences
            ? t('assemblees:etape4.presentsCount', {
                count: etape4.presences.filter((presence) => presence.is_present !== 'absent').length,
              })
            : t('assemblees:etape4.presencesAFaire')}
        </p>
        <div>
          <Button asChild variant="outline">
            <Link to={presencesPath(id)} data-testid="ouvrir-presences">
              {t('assemblees:etape4.ouvrirPresences')}
            </Link>
          </Button>
        </div>
      </ChecklistItem>

      <ChecklistItem
        done={etape4.is_voted}
        testId="etape4-resolutions"
        title={t('assemblees:etape4.resolutions')}
        icon={<Vote aria-hidden="true" className="size-5" />}
      >
        <p className="text-sm text-muted-foreground">{t('assemblees:etape4.resolutionsExplication')}</p>
        <div>
          {aPresences ? (
            <Button asChild variant="outline">
              <Link to={resolutionsPath(id)} data-testid="ouvrir-resolutions">
                {t('assemblees:etape4.ouvrirResolutions')}
              </Link>
            </Button>
          ) : (
            <DisabledReason reason={t('assemblees:etape4.presencesRequises')}>
              <Button variant="outline" disabled data-testid="ouvrir-resolutions">
                {t('assemblees:etape4.ouvrirResolutions')}
              </Button>
            </DisabledReason>
          )}
        </div>
      </ChecklistItem>

      <div className="flex justify-end">
        <NextEtapeLink to={etapePath(id, 5)} reason={closeReason}>
          {t('assemblees:etape4.cloturerReunion')}
        </NextEtapeLink>
      </div>
    </EtapeFrame>
  );
}
