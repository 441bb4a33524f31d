import { CalendarRange } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useGetExercicesQuery, type Exercice } from '@/api/generated';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

const STATUS_VARIANT: Record<string, BadgeProps['variant']> = {
  actuel: 'success',
  ouvert: 'secondary',
  cloture: 'outline',
};

/**
 * The residence's fiscal years with their status badge (spec 2 §2 "Fiscal years": actuel,
 * ouvert, cloture), read from the ledger's exercices read model.
 */
export function ExercicesCard() {
  const { t } = useTranslation('dashboard');
  const { data, isLoading, isError } = useGetExercicesQuery();
  const exercices: Exercice[] = data?.exercices ?? [];
  return (
    <Card>
      <CardContent className="grid gap-3 p-5">
        <h2 className="flex items-center gap-2 text-sm font-semibold">
          <CalendarRange className="size-4 text-primary" aria-hidden />
          {t('exercices.title')}
        </h2>
        {isLoading && <Skeleton className="h-6 w-48" />}
        {isError && <p className="text-sm text-destructive">{t('exercices.error')}</p>}
        {!isLoading && !isError && exercices.length === 0 && (
          <p className="text-sm text-muted-foreground">{t('exercices.empty')}</p>
        )}
        <ul className="flex flex-wrap gap-2" data-testid="dashboard-exercices">
          {exercices.map((exercice) => (
            <li key={exercice.id} className="flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm">
              <span className="font-medium tabular-nums">{exercice.annee}</span>
              <Badge variant={STATUS_VARIANT[exercice.status] ?? 'outline'}>
                {t(`exercices.status.${exercice.status}`, { defaultValue: exercice.status })}
              </Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
