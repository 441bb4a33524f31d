import { useField } from 'formik';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useFieldError } from './form-field';

export interface CheckboxFieldProps {
  name: string;
  label: ReactNode;
  description?: ReactNode;
  className?: string;
  disabled?: boolean;
  /**
   * `switch`: drawn as an on/off toggle (`role="switch"`), for a setting that turns something
   * on or off at once (online payment active, issue 21) rather than a choice among others.
   */
  variant?: 'checkbox' | 'switch';
}

/** A boolean Formik field: a checkbox (or a switch) with its label beside it and a help text below. */
export function CheckboxField({
  name,
  label,
  description,
  className,
  disabled,
  variant = 'checkbox',
}: CheckboxFieldProps) {
  const generatedId = useId();
  const inputId = `${name}-${generatedId}`;
  const [field, , helpers] = useField<boolean>(name);
  const error = useFieldError(name);
  const describedById = error ? `${inputId}-error` : description ? `${inputId}-description` : undefined;
  return (
    <div data-slot="form-field" className={cn('flex items-start gap-3 rounded-md border bg-card p-3', className)}>
      {variant === 'switch' ? (
        <label htmlFor={inputId} className="relative mt-0.5 inline-flex shrink-0 cursor-pointer">
          <input
            id={inputId}
            type="checkbox"
            role="switch"
            name={name}
            checked={field.value === true}
            onChange={(event) => void helpers.setValue(event.target.checked)}
            onBlur={field.onBlur}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedById}
            // Invisible but over the drawn switch: a click or a tap lands on the input itself.
            className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
          />
          <span
            aria-hidden="true"
            className="h-5 w-9 rounded-full bg-input transition-colors peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-50"
          />
          <span
            aria-hidden="true"
            className="absolute start-0.5 top-0.5 size-4 rounded-full bg-background shadow-sm transition-transform peer-checked:translate-x-4 rtl:peer-checked:-translate-x-4"
          />
        </label>
      ) : (
        <input
          id={inputId}
          type="checkbox"
          name={name}
          checked={field.value === true}
          onChange={(event) => void helpers.setValue(event.target.checked)}
          onBlur={field.onBlur}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedById}
          className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-input accent-primary disabled:cursor-not-allowed"
        />
      )}
      <div className="grid gap-1">
        <label
          htmlFor={inputId}
          className={cn('cursor-pointer text-sm leading-tight font-medium', error && 'text-destructive')}
        >
          {label}
        </label>
        {description && !error && (
          <p id={`${inputId}-description`} className="text-xs text-muted-foreground">
            {description}
          </p>
        )}
        {error && (
          <p id={`${inputId}-error`} className="text-xs font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
