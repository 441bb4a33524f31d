import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { MONEY_SPACE, currencyUnit, formatDinars, formatDinarsAmount } from '@/lib/money';

/**
 * An amount in dinars, fr-FR with 3 decimals, never wrapped, with the language's unit ("DT", or
 * "د.ت" in Arabic). The number always reads left to right ("-40,000", not "40,000-"): it is
 * isolated with `dir="ltr"`; the unit follows it in the page's direction, so Arabic reads
 * "-40,000 د.ت" from the right. Inside a translated sentence or an <option>, use `dinarsText`
 * (lib/bidi) instead.
 */
export function Dinars({ value, className }: { value: number; className?: string }) {
  const { i18n } = useTranslation();
  if (i18n.dir() !== 'rtl') {
    // One text node, found whole by text ("40,000 DT").
    return (
      <span dir="ltr" className={cn('tabular whitespace-nowrap', className)}>
        {formatDinars(value)}
      </span>
    );
  }
  return (
    <span className={cn('tabular whitespace-nowrap', className)}>
      <span dir="ltr">{formatDinarsAmount(value)}</span>
      {MONEY_SPACE}
      {currencyUnit(i18n.language)}
    </span>
  );
}
