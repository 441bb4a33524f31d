import type { ReactNode } from 'react';
import { Dinars } from '@/components/dinars';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * An amount in a card (spec 1 §2: the encaissement statistics, the remaining-due card).
 * `undefined` while loading, `null` when it could not be fetched.
 */
export function StatCard({
  icon,
  label,
  value,
  hint,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: number | null | undefined;
  hint?: string;
  testId: string;
}) {
  return (
    <Card>
      <CardContent className="flex items-center gap-4 p-5">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-5">
          {icon}
        </span>
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
          {value === undefined ? (
            <Skeleton className="mt-1 h-7 w-32" />
          ) : value === null ? (
            <p data-testid={testId} className="text-xl font-semibold text-muted-foreground">
              —
            </p>
          ) : (
            <p data-testid={testId} className="text-xl font-semibold">
              <Dinars value={value} />
            </p>
          )}
          {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
        </div>
      </CardContent>
    </Card>
  );
}
