import { useTranslation } from 'react-i18next';
import { FREE_TEXT } from '@/components/user-text';
import { DateField } from '@/components/ui/date-field';
import { FormField } from '@/components/ui/form-field';
import { dateAssembleeBounds } from './schemas';

/**
 * A meeting's general information (spec 3 §2.5: title, place, date, time), in the create dialog
 * and in step 1's inline form. The time is typed HH:MM or HHMM.
 */
export function AssembleeFields({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation('assemblees');
  const { min, max } = dateAssembleeBounds();
  return (
    <>
      <FormField name="titre" label={t('form.titre')} required disabled={disabled} {...FREE_TEXT} />
      <FormField name="lieu" label={t('form.lieu')} required disabled={disabled} {...FREE_TEXT} />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <DateField name="date" label={t('form.date')} min={min} max={max} required disabled={disabled} />
        <HeureField name="heure" label={t('form.heure')} disabled={disabled} />
      </div>
    </>
  );
}

/** A time typed HH:MM or HHMM (spec 3 §5), left to right in Arabic too. */
export function HeureField({ name, label, disabled }: { name: string; label: string; disabled?: boolean }) {
  const { t } = useTranslation('assemblees');
  return (
    <FormField
      name={name}
      label={label}
      placeholder={t('form.heurePlaceholder')}
      description={t('form.heureExemples')}
      inputMode="numeric"
      autoComplete="off"
      dir="ltr"
      // The digits read left to right, placed at the start of the line of an Arabic page.
      className="[&_input]:rtl:text-right"
      maxLength={5}
      required
      disabled={disabled}
    />
  );
}
