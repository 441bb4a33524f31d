import { getIn, useFormikContext } from 'formik';
import { CalendarClock, Info, Lock } from 'lucide-react';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Appartement, CotisationRequest, Repartition, TypeCotisation } from '@/api/generated';
import { Alert } from '@/components/ui/alert';
import { AmountInput } from '@/components/ui/amount-input';
import { DateField } from '@/components/ui/date-field';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { ltrText } from '@/lib/bidi';
import { endOfNextYear, formatDate, isIsoDate, startOfLastYear, todayIso } from '@/lib/dates';
import { translateMessage } from '@/lib/translate-message';
import { wholeDinars } from '@/lib/money';
import { REPARTITIONS, TYPES_COTISATION, useRevenusLabels } from './labels';
import { cotisationsPaths } from './paths';
import type { CotisationFormValues, PersonalisationValue } from './schemas';

/** The form's field names, for the server's field errors. */
export const COTISATION_FIELDS = [
  'titre',
  'type',
  'repartition',
  'date_debut',
  'date_fin',
  'date_echeance',
  'montant',
  'personalisation',
];

/**
 * The request of the form's values (spec 1 §5): dates as yyyy-MM-dd, the amount only for an
 * equal split, the per-property list only for a custom one.
 */
export function cotisationRequestOf(values: CotisationFormValues): CotisationRequest {
  const repartition = values.repartition as Repartition;
  return {
    titre: values.titre.trim(),
    type: values.type as TypeCotisation,
    repartition,
    date_debut: values.date_debut,
    date_fin: values.date_fin,
    date_echeance: values.date_echeance,
    montant: repartition === 'egale' ? wholeDinars(values.montant) : null,
    personalisation:
      repartition === 'personnalisee'
        ? values.personalisation.map((line) => ({
            propriete_id: line.propriete_id,
            appartement: line.appartement,
            montant: wholeDinars(line.montant),
          }))
        : [],
  };
}

/**
 * Gives every property of the residence a line of the custom split, keeping what was typed for
 * the properties already listed.
 */
export function FillPersonalisation({ appartements }: { appartements: readonly Appartement[] | undefined }) {
  const { values, setFieldValue } = useFormikContext<CotisationFormValues>();
  // Reads the typed lines without following them: typing must not rebuild the list.
  const fill = useEffectEvent((properties: readonly Appartement[]) => {
    const typed = new Map(values.personalisation.map((line) => [line.propriete_id, line.montant]));
    const lines: PersonalisationValue[] = properties.map((a) => ({
      propriete_id: a.id,
      appartement: a.nom,
      montant: typed.get(a.id) ?? '',
    }));
    const same =
      lines.length === values.personalisation.length &&
      lines.every((line, i) => line.propriete_id === values.personalisation[i]?.propriete_id);
    if (!same) void setFieldValue('personalisation', lines, false);
  });
  // Only when the properties arrive.
  useEffect(() => {
    if (appartements) fill(appartements);
  }, [appartements]);
  return null;
}

/** The per-property amounts of a custom split. */
function PersonnaliseeTable({ loading, failed }: { loading: boolean; failed: boolean }) {
  const { t } = useTranslation('cotisations');
  const { values, errors, submitCount } = useFormikContext<CotisationFormValues>();
  const listError: unknown = getIn(errors, 'personalisation');
  return (
    <fieldset className="grid gap-2" data-testid="personalisation">
      <legend className="text-sm font-medium">{t('form.personnaliseeTitle')}</legend>
      <p className="text-xs text-muted-foreground">{t('form.personnaliseeHint')}</p>
      {failed ? (
        <p className="text-sm font-medium text-destructive">{t('form.appartementsError')}</p>
      ) : loading && values.personalisation.length === 0 ? (
        <div className="grid gap-2" aria-label={t('form.appartementsLoading')}>
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-9 w-full" />
          ))}
        </div>
      ) : (
        <div className="overflow-hidden rounded-lg border">
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{t('form.columns.propriete')}</TableHead>
                <TableHead className="w-40 text-end">{t('form.columns.montant')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {values.personalisation.map((line, index) => (
                <TableRow key={line.propriete_id}>
                  <TableCell className="font-medium">{line.appartement}</TableCell>
                  <TableCell className="py-1.5">
                    <AmountInput
                      name={`personalisation.${index}.montant`}
                      label={t('form.montantOf', { nom: line.appartement })}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {typeof listError === 'string' && submitCount > 0 && (
        <p className="text-xs font-medium text-destructive" role="alert">
          {translateMessage(listError)}
        </p>
      )}
    </fieldset>
  );
}

/** Where the first due date lies when it is outside the period, and whether it is already past. */
export interface EcheanceHorsPeriode {
  position: 'avant' | 'apres';
  /** The first due date is before today: the calls already due are overdue as soon as saved. */
  enRetard: boolean;
}

/**
 * The first due date outside `date_debut … date_fin` (docs/decisions.md "A first due date outside
 * its period"): the server accepts it, every call then falls due the same distance before (or
 * after) the period it covers, so the form says so before saving. Null when the dates are inside,
 * incomplete or invalid (their own rules speak then).
 */
export function echeanceHorsPeriode(
  values: Pick<CotisationFormValues, 'date_debut' | 'date_fin' | 'date_echeance'>,
  today: string = todayIso(),
): EcheanceHorsPeriode | null {
  const { date_debut: debut, date_fin: fin, date_echeance: echeance } = values;
  if (!isIsoDate(debut) || !isIsoDate(fin) || !isIsoDate(echeance) || fin < debut) return null;
  if (echeance >= debut && echeance <= fin) return null;
  return { position: echeance < debut ? 'avant' : 'apres', enRetard: echeance < today };
}

/** The warning under the due date when it lies outside the period (saving stays possible). */
function EcheanceHorsPeriodeWarning() {
  const { t } = useTranslation('cotisations');
  const { values } = useFormikContext<CotisationFormValues>();
  const hors = echeanceHorsPeriode(values);
  if (!hors) return null;
  const unique = values.type === 'exceptionnelle';
  const dates = {
    echeance: ltrText(formatDate(values.date_echeance)),
    debut: ltrText(formatDate(values.date_debut)),
    fin: ltrText(formatDate(values.date_fin)),
  };
  const consequence =
    hors.position === 'avant'
      ? unique
        ? t('form.echeanceHorsPeriode.avantUnique', dates)
        : t('form.echeanceHorsPeriode.avant', dates)
      : unique
        ? t('form.echeanceHorsPeriode.apresUnique', dates)
        : t('form.echeanceHorsPeriode.apres', dates);
  return (
    <Alert
      role="status"
      data-testid="echeance-hors-periode"
      data-position={hors.position}
      className="border-highlight/50 bg-highlight/10 text-foreground [&_svg]:text-highlight"
    >
      <CalendarClock aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-medium">{t('form.echeanceHorsPeriode.title')}</p>
        <p>{consequence}</p>
        {hors.enRetard && <p>{t('form.echeanceHorsPeriode.enRetard')}</p>}
        <p className="text-muted-foreground">{t('form.echeanceHorsPeriode.accepte')}</p>
      </div>
    </Alert>
  );
}

/** Lock shown beside the split of an edited cotisation, with the reason in a tooltip. */
function RepartitionLock() {
  const { t } = useTranslation('cotisations');
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span
          tabIndex={0}
          role="img"
          aria-label={t('form.repartitionLocked')}
          data-testid="repartition-lock"
          className="flex size-10 shrink-0 cursor-help items-center justify-center rounded-md border bg-muted text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Lock aria-hidden="true" className="size-4" />
        </span>
      </TooltipTrigger>
      <TooltipContent>{t('form.repartitionLocked')}</TooltipContent>
    </Tooltip>
  );
}

/**
 * The fields of the cotisation form (spec 1 §5), shared by the create and edit pages. The split
 * decides what else is asked: one amount (egale), one per property (personnalisee) or nothing
 * (predefinie: the allocation table).
 */
export function CotisationFields({
  repartitionLocked = false,
  appartementsLoading = false,
  appartementsFailed = false,
}: {
  repartitionLocked?: boolean;
  appartementsLoading?: boolean;
  appartementsFailed?: boolean;
}) {
  const { t } = useTranslation('cotisations');
  const labels = useRevenusLabels();
  const { values } = useFormikContext<CotisationFormValues>();
  const today = todayIso();
  return (
    <>
      <FormField name="titre" label={t('form.titre')} placeholder={t('form.titrePlaceholder')} autoComplete="off" />
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <SelectField
          name="type"
          label={t('form.type')}
          placeholder={t('form.typePlaceholder')}
          options={TYPES_COTISATION.map((value) => ({ value, label: labels.type(value) }))}
          description={values.type === 'exceptionnelle' ? t('form.typeHintExceptionnelle') : t('form.typeHint')}
        />
        <SelectField
          name="repartition"
          label={t('form.repartition')}
          placeholder={t('form.repartitionPlaceholder')}
          options={REPARTITIONS.map((value) => ({ value, label: labels.repartition(value) }))}
          disabled={repartitionLocked}
          action={repartitionLocked ? <RepartitionLock /> : undefined}
        />
      </div>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <DateField name="date_debut" label={t('form.dateDebut')} />
        <DateField name="date_fin" label={t('form.dateFin')} />
      </div>
      <DateField
        name="date_echeance"
        label={t('form.dateEcheance')}
        description={t('form.dateEcheanceHint')}
        min={startOfLastYear(today)}
        max={endOfNextYear(today)}
      />
      <EcheanceHorsPeriodeWarning />
      {values.repartition === 'egale' && (
        <FormField
          name="montant"
          label={t('form.montant')}
          description={t('form.montantHint')}
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          className="[&_input]:rtl:text-end"
        />
      )}
      {values.repartition === 'predefinie' && (
        <Alert variant="info" role="note" data-testid="predefinie-note">
          <Info aria-hidden="true" className="text-primary" />
          <p>
            {t('form.predefinieNote')}{' '}
            <Link
              to={cotisationsPaths.repartitionCotisations}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('form.predefinieLink')}
            </Link>
          </p>
        </Alert>
      )}
      {values.repartition === 'personnalisee' && (
        <PersonnaliseeTable loading={appartementsLoading} failed={appartementsFailed} />
      )}
    </>
  );
}
