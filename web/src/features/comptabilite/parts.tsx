import { ChevronDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dinars } from '@/components/dinars';
import { cn } from '@/lib/cn';

/** A labelled native select outside any form (the exercice and the ledger's account). */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  testId,
  className,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  testId?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('grid min-w-0 gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          data-testid={testId}
          className="flex h-10 w-full min-w-0 cursor-pointer appearance-none rounded-md border border-input bg-card ps-3 pe-9 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30"
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
      </div>
    </div>
  );
}

/** A debit or credit: the amount, or nothing for a zero (a line is on one side only). */
export function Montant({ value }: { value: number }) {
  if (value === 0) return null;
  return <Dinars value={value} />;
}

/**
 * A balance (debit − credit) as accountants read it: the amount without sign, followed by its
 * side, "débiteur" or "créditeur"; a zero balance has no side.
 */
export function Solde({ value, className }: { value: number; className?: string }) {
  const { t } = useTranslation('comptabilite');
  return (
    <span className={cn('inline-flex items-baseline gap-1.5 whitespace-nowrap', className)}>
      <Dinars value={Math.abs(value)} />
      {value !== 0 && (
        <span className="text-xs font-normal text-muted-foreground">
          {value > 0 ? t('sens.debiteur') : t('sens.crediteur')}
        </span>
      )}
    </span>
  );
}

/**
 * The account's number, prominent, then its title: cut with an ellipsis on one line (the
 * journal's stacked lines), or wrapped (`wrap`: a card, a heading).
 */
export function CompteNom({
  numero,
  intitule,
  wrap = false,
  className,
}: {
  numero: string;
  intitule: string;
  wrap?: boolean;
  className?: string;
}) {
  return (
    <span className={cn('inline-flex min-w-0 items-baseline gap-2', className)}>
      <span dir="ltr" className="tabular shrink-0 font-semibold" data-compte={numero}>
        {numero}
      </span>
      <span className={wrap ? 'min-w-0 break-words' : 'min-w-0 truncate'} title={wrap ? undefined : intitule}>
        {intitule}
      </span>
    </span>
  );
}

/**
 * The totals under a list (DataTable has no footer): its label, then labelled amounts two by two
 * (debit beside credit), one a line on a phone.
 */
export function Totaux({
  label,
  items,
  children,
  testId,
}: {
  label: string;
  items: readonly { label: string; value: ReactNode; testId?: string }[];
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <section
      aria-label={label}
      data-testid={testId}
      className="grid gap-2 rounded-lg border bg-muted/40 px-4 py-3 text-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{label}</span>
        {children}
      </div>
      <dl className="grid gap-x-10 gap-y-1 sm:grid-cols-2 lg:max-w-3xl">
        {items.map((item) => (
          <div key={item.label} className="flex flex-wrap items-baseline justify-between gap-x-3">
            <dt className="text-muted-foreground">{item.label}</dt>
            <dd className="ms-auto font-semibold" data-testid={item.testId}>
              {item.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** What a tab receives of its query: the answer for the chosen exercice, or its loading or error state. */
export interface BookQuery<T> {
  data: T | undefined;
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  onRetry: () => void;
}
