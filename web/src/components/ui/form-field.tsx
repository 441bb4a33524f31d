import { useField, useFormikContext } from 'formik';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { translateMessage } from '@/lib/translate-message';
import { Input } from './input';
import { Label } from './label';

/**
 * The error to show for a Formik field: Yup's (translated from its key) or the server's, once the
 * user has left the field or tried to submit, so that a pristine form is not covered in red.
 */
export function useFieldError(name: string): string | undefined {
  const [, meta] = useField(name);
  const { submitCount } = useFormikContext();
  // Subscribe to the language so a shown message is re-translated on switch.
  useTranslation();
  if (!meta.error || (!meta.touched && submitCount === 0)) return undefined;
  return translateMessage(meta.error);
}

interface FieldShellProps {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}

/** Label, control, help text and error, laid out the same way for every kind of control. */
export function FieldShell({ id, label, description, error, className, children }: FieldShellProps) {
  return (
    <div data-slot="form-field" className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id} className={cn(error && 'text-destructive')}>
        {label}
      </Label>
      {children}
      {description && !error && (
        <p id={`${id}-description`} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** Props a control needs to be described by its shell (accessible name, error, help text). */
export function describedBy(id: string, error: string | undefined, description: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  if (description) return `${id}-description`;
  return undefined;
}

export interface FormFieldProps extends Omit<ComponentProps<'input'>, 'name' | 'value' | 'onChange' | 'onBlur'> {
  name: string;
  label: ReactNode;
  description?: ReactNode;
  /** Rendered after the input, inside its frame (a show-password button for example). */
  endAdornment?: ReactNode;
}

/** A text input bound to Formik by name. */
export function FormField({ name, label, description, endAdornment, id, className, ...inputProps }: FormFieldProps) {
  const generatedId = useId();
  const inputId = id ?? `${name}-${generatedId}`;
  const [field] = useField<string>(name);
  const error = useFieldError(name);
  return (
    <FieldShell id={inputId} label={label} description={description} error={error} className={className}>
      <div className="relative">
        <Input
          id={inputId}
          {...field}
          value={field.value ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error, description)}
          className={cn(endAdornment && 'pe-10')}
          {...inputProps}
        />
        {endAdornment && <div className="absolute inset-y-0 end-0 flex items-center pe-1">{endAdornment}</div>}
      </div>
    </FieldShell>
  );
}

export interface TextareaFieldProps extends Omit<ComponentProps<'textarea'>, 'name' | 'value' | 'onChange' | 'onBlur'> {
  name: string;
  label: ReactNode;
  description?: ReactNode;
}

/**
 * A text on several lines bound to Formik by name (a comment), in the inputs' frame; its direction
 * follows what is typed:
 *
 *   <TextareaField name="commentaire" label="Commentaire" rows={4} />
 */
export function TextareaField({ name, label, description, id, className, rows = 4, ...props }: TextareaFieldProps) {
  const generatedId = useId();
  const inputId = id ?? `${name}-${generatedId}`;
  const [field] = useField<string>(name);
  const error = useFieldError(name);
  return (
    <FieldShell id={inputId} label={label} description={description} error={error} className={className}>
      <textarea
        id={inputId}
        {...field}
        value={field.value ?? ''}
        rows={rows}
        dir="auto"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, description)}
        data-slot="textarea"
        className={cn(
          'flex min-h-20 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs transition-colors outline-none placeholder:text-muted-foreground/70 rtl:text-right',
          'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30',
          'disabled:cursor-not-allowed disabled:opacity-50',
          'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
        )}
        {...props}
      />
    </FieldShell>
  );
}
