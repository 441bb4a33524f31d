import { useField } from 'formik';
import { ChevronDown } from 'lucide-react';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { FieldShell, describedBy, useFieldError } from './form-field';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<
  ComponentProps<'select'>,
  'name' | 'value' | 'onChange' | 'onBlur' | 'children'
> {
  name: string;
  label: ReactNode;
  options: readonly SelectOption[];
  /** Text of the empty first choice; the Formik value is '' while it is selected. */
  placeholder?: string;
  description?: ReactNode;
  /** Rendered beside the select (a "new item" button for example). */
  action?: ReactNode;
  /** Called after Formik has the new value (to update a field that depends on this one). */
  onValueChange?: (value: string) => void;
}

/**
 * A native select bound to Formik by name: keyboard, screen readers and mobile pickers work
 * without extra code, and the values stay strings (ids are converted when the form is sent).
 */
export function SelectField({
  name,
  label,
  options,
  placeholder,
  description,
  action,
  onValueChange,
  id,
  className,
  ...selectProps
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? `${name}-${generatedId}`;
  const [field] = useField<string>(name);
  const error = useFieldError(name);
  return (
    <FieldShell id={selectId} label={label} description={description} error={error} className={className}>
      <div className="flex items-center gap-2">
        <div className="relative min-w-0 flex-1">
          <select
            id={selectId}
            {...field}
            onChange={(event) => {
              field.onChange(event);
              onValueChange?.(event.target.value);
            }}
            value={field.value ?? ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(selectId, error, description)}
            className={cn(
              'flex h-10 w-full min-w-0 cursor-pointer appearance-none rounded-md border border-input bg-card ps-3 pe-9 text-sm shadow-xs transition-colors outline-none',
              'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30',
              'disabled:cursor-not-allowed disabled:opacity-50',
              'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
              field.value === '' && 'text-muted-foreground',
            )}
            {...selectProps}
          >
            {placeholder !== undefined && <option value="">{placeholder}</option>}
            {options.map((option) => (
              <option key={option.value} value={option.value} className="text-foreground">
                {option.label}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden="true"
            className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
        </div>
        {action}
      </div>
    </FieldShell>
  );
}
