import { useField } from 'formik';
import { CalendarDays } from 'lucide-react';
import { useId, useState, type CSSProperties, type ComponentProps, type ReactNode } from 'react';
import { DayPicker } from 'react-day-picker';
import { arTN, fr } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { useTranslation } from 'react-i18next';
import { formatDate, isIsoDate, parseTypedDate, todayIso } from '@/lib/dates';
import { FieldShell, describedBy, useFieldError } from './form-field';
import { Input } from './input';
import { Popover, PopoverAnchor, PopoverContent, PopoverTrigger } from './popover';

/** The range of a date picker when the field sets none (spec 1 §9: "other date pickers default 2010 to 2035"). */
export const DEFAULT_MIN_DATE = '2010-01-01';
export const DEFAULT_MAX_DATE = '2035-12-31';

export interface DateFieldProps extends Omit<
  ComponentProps<'input'>,
  'name' | 'value' | 'onChange' | 'onBlur' | 'type' | 'min' | 'max'
> {
  name: string;
  label: ReactNode;
  description?: ReactNode;
  /** First day the calendar offers, `yyyy-MM-dd` (the Yup schema still checks typed dates). */
  min?: string;
  /** Last day the calendar offers, `yyyy-MM-dd`. */
  max?: string;
}

/**
 * The placeholder laid out as a typed date reads. A date is digits, which run left to right even
 * on an Arabic page (05/03/2026, the day on the left); the Arabic placeholder's letters ("يي/شش/
 * سسسس") would run right to left and put the day on the right. In Arabic its parts are therefore
 * set in a left-to-right isolate, each slash held between left-to-right marks, so that the day's
 * letters sit where the day's digits will be.
 */
export function placeholderInDateOrder(text: string, rtl: boolean): string {
  return rtl ? `\u2066${text.split('/').join('\u200E/\u200E')}\u2069` : text;
}

/** `yyyy-MM-dd` → a local Date at midnight (what the calendar works with). */
function toDate(iso: string): Date {
  return new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
}

// The calendar's own stylesheet, themed with the app's colours.
const CALENDAR_STYLE = {
  '--rdp-accent-color': 'var(--color-primary)',
  '--rdp-accent-background-color': 'color-mix(in oklch, var(--color-primary) 12%, transparent)',
  '--rdp-day-height': '2.5rem',
  '--rdp-day-width': '2.5rem',
  '--rdp-day_button-height': '2.375rem',
  '--rdp-day_button-width': '2.375rem',
  '--rdp-nav-height': '2.5rem',
  fontSize: '0.875rem',
} as CSSProperties;

/**
 * A date typed as text (spec 1 §5) or picked in a calendar. Typed forms: ddmmyyyy, dd-mm-yyyy,
 * dd/mm/yyyy, dd.mm.yyyy or with a two-digit year. The Formik value is `yyyy-MM-dd` as soon as
 * the text is a date, otherwise the raw text, which the `isoDate()` Yup rule rejects; on blur the
 * text is rewritten as dd/mm/yyyy.
 *
 * The calendar icon opens a month calendar (react-day-picker): weeks start on Monday (spec 1 §9),
 * French or Tunisian Arabic month names, right to left in Arabic, and only the days from `min`
 * to `max` can be picked (2010–2035 unless the field says otherwise):
 *
 *   <DateField name="date_paiement" label="Date de paiement" min={startOfLastYear(today)} max={today} />
 */
export function DateField({ name, label, description, id, min, max, ...inputProps }: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const generatedId = useId();
  const inputId = id ?? `${name}-${generatedId}`;
  const [field, , helpers] = useField<string>(name);
  const error = useFieldError(name);
  const [open, setOpen] = useState(false);
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

  const from = min ?? DEFAULT_MIN_DATE;
  const to = max ?? DEFAULT_MAX_DATE;
  const value = field.value ?? '';
  const selected = isIsoDate(value) ? toDate(value) : undefined;
  // Open on the chosen day's month, else today's, kept inside the range.
  const today = todayIso();
  const shown = isIsoDate(value) ? value : today < from ? from : today > to ? to : today;
  const hint = description ?? t('form.dateHint');

  return (
    <FieldShell id={inputId} label={label} description={hint} error={error}>
      <Popover open={open} onOpenChange={setOpen}>
        <div className="relative">
          <PopoverAnchor asChild>
            <Input
              id={inputId}
              name={name}
              inputMode="numeric"
              autoComplete="off"
              placeholder={placeholderInDateOrder(t('form.datePlaceholder'), i18n.dir() === 'rtl')}
              value={text}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(inputId, error, hint)}
              className="pe-10 tabular"
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
          </PopoverAnchor>
          <PopoverTrigger asChild>
            <button
              type="button"
              disabled={inputProps.disabled}
              aria-label={t('form.openCalendar')}
              title={t('form.openCalendar')}
              data-testid={`${name}-calendar`}
              className="absolute end-1 top-1/2 flex size-8 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:pointer-events-none disabled:opacity-50"
            >
              <CalendarDays aria-hidden="true" className="size-4" />
            </button>
          </PopoverTrigger>
        </div>
        <PopoverContent align="end" className="p-2" aria-label={t('form.calendar')}>
          <DayPicker
            mode="single"
            selected={selected}
            defaultMonth={toDate(shown)}
            onSelect={(day) => {
              if (!day) return;
              const iso = todayIso(day);
              setText(formatDate(iso));
              void helpers.setValue(iso);
              void helpers.setTouched(true, false);
              setOpen(false);
            }}
            startMonth={toDate(from)}
            endMonth={toDate(to)}
            disabled={[{ before: toDate(from) }, { after: toDate(to) }]}
            weekStartsOn={1}
            locale={i18n.language === 'ar' ? arTN : fr}
            dir={i18n.dir()}
            captionLayout="dropdown"
            autoFocus
            style={CALENDAR_STYLE}
          />
        </PopoverContent>
      </Popover>
    </FieldShell>
  );
}
