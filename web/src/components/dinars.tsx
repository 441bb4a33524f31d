import { formatDinars } from '@/lib/money';

/**
 * An amount in DT, fr-FR with 3 decimals, never wrapped. It reads left to right in Arabic too
 * ("-40,000 DT", not "DT 40,000-"): `dir` isolates it from the sentence around it. Inside a
 * translated sentence or an <option>, use `dinarsText` (lib/bidi) instead.
 */
export function Dinars({ value, className }: { value: number; className?: string }) {
  return (
    <span dir="ltr" className={['tabular whitespace-nowrap', className].filter(Boolean).join(' ')}>
      {formatDinars(value)}
    </span>
  );
}
