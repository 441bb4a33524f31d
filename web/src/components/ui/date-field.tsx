import { useField } from 'formik';
import { CalendarDays } from 'lucide-react';
import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, isIsoDate, parseTypedDate } from '@/lib/dates';
import { FieldShell, describedBy, useFieldError } from './form-field';
import { Input } from './input';

export interface DateFieldProps extends Omit<
  ComponentProps<'input'>,
  'name' | 'value' | 'onChange' | 'onBlur' | 'type'
> {
  name: string;
  label: ReactNode;
  description?: ReactNode;
}

/**
 * A date typed as text (spec 1 §5): ddmmyyyy, dd-mm-yyyy, dd/mm/yyyy, dd.mm.yyyy or with a
 * two-digit year. The Formik value is `yyyy-MM-dd` as soon as the text is a date, otherwise the
 * raw text, which the `isoDate()` Yup rule rejects; on blur the text is rewritten as dd/mm/yyyy.
 */
export function DateField({ name, label, description, id, ...inputProps }: DateFieldProps) {
  const { t } = useTranslation();
  const generatedId = useId();
  const inputId = id ?? `${name}-${generatedId}`;
  const [field, , helpers] = useField<string>(name);
  const error = useFieldError(name);
  const [text, setText] = useState(() =>
    isIsoDate(field.value ?? '') ? formatDate(field.value) : (field.value ?? ''),
  );

  // Follow changes made from outside (initial values loaded later, resetForm), but never rewrite
  // what the user is typing when it already means the same date. Adjusted while rendering, when
  // the value changes (https://react.dev/learn/you-might-not-need-an-effect), not in an effect
  // that would render the field twice.
  const [followedValue, setFollowedValue] = useState(field.value);
  if (field.value !== followedValue) {
    setFollowedValue(field.value);
    const value = field.value ?? '';
    if (isIsoDate(value)) {
      setText((current) => (parseTypedDate(current) === value ? current : formatDate(value)));
    } else if (value === '') {
      setText((current) => (current.trim() === '' || parseTypedDate(current) !== null ? '' : current));
    }
  }

  return (
    <FieldShell id={inputId} label={label} description={description ?? t('form.dateHint')} error={error}>
      <div className="relative">
        <Input
          id={inputId}
          name={name}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('form.datePlaceholder')}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error, description ?? t('form.dateHint'))}
          className="pe-9 tabular"
          onChange={(event) => {
            const typed = event.target.value;
            setText(typed);
            const iso = parseTypedDate(typed);
            void helpers.setValue(iso ?? typed.trim());
          }}
          onBlur={() => {
            const iso = parseTypedDate(text);
            if (iso) setText(formatDate(iso));
            void helpers.setTouched(true);
          }}
          {...inputProps}
        />
        <CalendarDays
          aria-hidden="true"
          className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
      </div>
    </FieldShell>
  );
}
