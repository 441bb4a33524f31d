import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { useListeExercicesQuery, type Exercice, type ExerciceStatus } from './exercices-api';

const STATUS_VARIANT: Record<ExerciceStatus, BadgeProps['variant']> = {
  actuel: 'success',
  ouvert: 'secondary',
  cloture: 'outline',
};

/** The label of a status (spec 2 §9: actuel, ouvert, cloture). */
export function useStatusLabel(): (status: ExerciceStatus) => string {
  const { t } = useTranslation('exercices');
  return useCallback((status: ExerciceStatus) => t(`status.${status}`, { defaultValue: status }), [t]);
}

/**
 * A fiscal year's name in the user's language ("Exercice 2025", "السنة المالية 2025"): the
 * server's `titre` is always French.
 */
export function useExerciceTitre(): (exercice: Pick<Exercice, 'annee'>) => string {
  const { t } = useTranslation('exercices');
  return useCallback((exercice: Pick<Exercice, 'annee'>) => t('titre', { annee: exercice.annee }), [t]);
}

/** A fiscal year's status badge. */
export function StatusBadge({ status }: { status: ExerciceStatus }) {
  const label = useStatusLabel();
  return (
    <Badge variant={STATUS_VARIANT[status] ?? 'outline'} data-testid="exercice-status">
      {label(status)}
    </Badge>
  );
}

/**
 * One fiscal year, read from the list (the API has no detail call): `exercice` is undefined while
 * loading, on a failure, or when the year does not exist (`missing`); a year kept outside Daftar
 * has no details either.
 */
export function useExercice(id: number | null) {
  const query = useListeExercicesQuery();
  const exercice: Exercice | undefined = query.data?.exercices.find(
    (candidate) => candidate.id === id && !candidate.is_before_daftar,
  );
  return {
    exercice,
    missing: query.isSuccess && exercice === undefined,
    isLoading: query.isLoading,
    isError: query.isError,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
