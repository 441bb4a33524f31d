import type { ReactNode } from 'react';
import { Dinars } from '@/components/dinars';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { MONEY_SPACE } from '@/lib/money';

/** A whole number grouped by thousands as amounts are (`1 250`). */
export function formatCount(value: number): string {
  const sign = value < 0 ? '-' : '';
  return sign + String(Math.abs(Math.round(value))).replace(/\B(?=(\d{3})+(?!\d))/g, MONEY_SPACE);
}

/**
 * An amount in a card (spec 1 §2: the encaissement statistics, the remaining-due card).
 * `undefined` while loading, `null` when it could not be fetched. Compact on a phone (smaller
 * padding, icon and figure), so that three cards do not push the list below the fold.
 *
 *   <div className="grid gap-3 sm:grid-cols-3 sm:gap-4">
 *     <StatCard icon={<Wallet />} label="Total encaissé" value={stats?.total_encaisse} testId="stat-total" />
 *   </div>
 *
 * `format="count"` shows a whole number instead of dinars (SMS credits: `1 250`); `action` puts a
 * button under the amount (`<Slot name="payerEnLigne" variant="carte" />`).
 */
export function StatCard({
  icon,
  label,
  value,
  hint,
  testId,
  format = 'dinars',
  action,
}: {
  icon: ReactNode;
  label: string;
  value: number | null | undefined;
  hint?: string;
  testId: string;
  format?: 'dinars' | 'count';
  /** An action about the amount, under it (the co-owner's "Payer en ligne" on his balance). */
  action?: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="flex items-center gap-3 p-3 sm:gap-4 sm:p-5">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary sm:size-11 [&_svg]:size-4 sm:[&_svg]:size-5">
          {icon}
        </span>
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
          {value === undefined ? (
            <Skeleton className="mt-1 h-6 w-32 sm:h-7" />
          ) : value === null ? (
            <p data-testid={testId} className="text-lg font-semibold text-muted-foreground sm:text-xl">
              —
            </p>
          ) : (
            <p data-testid={testId} className="text-lg font-semibold sm:text-xl">
              {format === 'count' ? (
                <span dir="ltr" className="tabular whitespace-nowrap">
                  {formatCount(value)}
                </span>
              ) : (
                <Dinars value={value} />
              )}
            </p>
          )}
          {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
          {action && <div className="mt-2 flex flex-wrap gap-2 empty:hidden">{action}</div>}
        </div>
      </CardContent>
    </Card>
  );
}
