import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Dinars } from '@/components/dinars';
import { ltrText } from '@/lib/bidi';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';

/** A statement's amount (money in positive): money out in red, a dash when there is none. */
export function Montant({ value, className }: { value: number | null | undefined; className?: string }) {
  if (value == null) return <span className="text-muted-foreground">—</span>;
  return <Dinars value={value} className={cn('font-medium', value < 0 && 'text-destructive', className)} />;
}

/** True for money out of the account. */
export function isDebit(montant: number): boolean {
  return montant < 0;
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
