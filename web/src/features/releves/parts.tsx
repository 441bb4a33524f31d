import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Dinars } from '@/components/dinars';
import { ltrText } from '@/lib/bidi';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { dinarsToMillimes, MILLIMES_PER_DINAR } from '@/lib/money';

/** A statement's amount (a DT string, money in positive): money out in red. */
export function Montant({ value, className }: { value: string | null | undefined; className?: string }) {
  const millimes = value == null ? null : dinarsToMillimes(value);
  if (millimes === null) return <span className="text-muted-foreground">—</span>;
  return (
    <Dinars
      value={millimes / MILLIMES_PER_DINAR}
      className={cn('font-medium', millimes < 0 && 'text-destructive', className)}
    />
  );
}

/** True for money out of the account (a DT string starting with a minus). */
export function isDebit(montant: string): boolean {
  return (dinarsToMillimes(montant) ?? 0) < 0;
}

/** "du 01/10/2026 au 31/10/2026", or a dash when the statement has no line. */
export function usePeriode(): (du: string | null | undefined, au: string | null | undefined) => string {
  const { t } = useTranslation('releves');
  return useCallback(
    (du, au) =>
      du && au ? t('periode', { du: ltrText(formatDate(du)), au: ltrText(formatDate(au)) }) : t('periodeInconnue'),
    [t],
  );
}
