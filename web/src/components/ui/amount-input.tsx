import { useField } from 'formik';
import { useId, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { currencyUnit } from '@/lib/money';

/**
 * A whole-dinar input inside a table row: the row names it (aria-label), its error shows under
 * it. Bound to Formik by name (`personalisation.2.montant`).
 */
export function AmountInput({
  name,
  label,
  className,
  ...props
}: { name: string; label: string } & Omit<ComponentProps<'input'>, 'name'>) {
  const { i18n } = useTranslation();
  const [field] = useField<string>(name);
  const error = useFieldError(name);
  const id = useId();
  return (
    <div className={cn('grid gap-1', className)}>
      {/* Digits and the unit read left to right in Arabic too, as on the receipts. */}
      <div className="relative" dir="ltr">
        <Input
          {...field}
          value={field.value ?? ''}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          inputMode="numeric"
          autoComplete="off"
          className="h-9 pe-10 text-end tabular"
          {...props}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute end-3 top-1/2 -translate-y-1/2 text-xs text-muted-foreground"
        >
          {currencyUnit(i18n.language)}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
