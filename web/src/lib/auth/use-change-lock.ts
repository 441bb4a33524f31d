import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { selectUser } from '@/lib/auth/auth-slice';
import { useAppSelector } from '@/lib/store/hooks';

/** True for the treasurer: only the finance flag may create or change money items (spec 1 §6). */
export function useIsFinance(): boolean {
  return useAppSelector(selectUser)?.is_finance === true;
}

/**
 * Why the current user may not change a money item (a cotisation, a payment, an expense), or null
 * when they may: only the treasurer changes money items, and nothing dated in a closed exercice
 * changes.
 */
export function useChangeLock(): (item: { is_closed: boolean }) => string | null {
  const { t } = useTranslation('common');
  const isFinance = useIsFinance();
  return useCallback(
    (item: { is_closed: boolean }) => {
      if (!isFinance) return t('permissions.onlyFinancier');
      if (item.is_closed) return t('permissions.exerciceCloture');
      return null;
    },
    [isFinance, t],
  );
}
