import { useField } from 'formik';
import { ArrowLeft, Loader2, SearchX } from 'lucide-react';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useFieldError } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** A positive whole id of the address (`cotisationId`, `proprieteId`…), or null. */
export function useIdParam(name: string): number | null {
  const params = useParams();
  const id = Number(params[name]);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The back link above a page's title. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="mb-2 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {children}
    </Link>
  );
}

/** The item of the address does not exist. */
export function NotFound({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Alert variant="destructive" data-testid={testId}>
      <SearchX aria-hidden="true" />
      <span>{children}</span>
    </Alert>
  );
}

/** Cancel (a link back) and submit, at the bottom of the revenue forms. */
export function FormActions({
  cancelTo,
  submitLabel,
  submitting,
  disabled = false,
  children,
}: {
  cancelTo: string;
  submitLabel: string;
  submitting: boolean;
  disabled?: boolean;
  /** More actions, at the start of the bar (a delete button). */
  children?: ReactNode;
}) {
  const { t } = useTranslation(['cotisations', 'common']);
  return (
    <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:items-center sm:justify-end">
      {children && <div className="sm:me-auto">{children}</div>}
      <Button asChild variant="outline">
        <Link to={cancelTo}>{t('common:actions.cancel')}</Link>
      </Button>
      <Button type="submit" disabled={submitting || disabled}>
        {submitting && <Loader2 aria-hidden="true" className="animate-spin" />}
        {submitting ? t('cotisations:form.submitting') : submitLabel}
      </Button>
    </div>
  );
}

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
          DT
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
