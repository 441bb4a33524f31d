import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFinanceLock } from '@/components/record-actions';
import { Badge } from '@/components/ui/badge';
import { selectUser } from '@/lib/auth/auth-slice';
import { useAppSelector } from '@/lib/store/hooks';
import type { MethodePaiementChargePatronale, Salarie } from './salaires-api';

/*
 * The payroll screens' own small parts. The shared ones come from web/src/components/: the user's
 * text and free text fields (user-text.tsx), the grouped phone (phone-number.tsx), the locked
 * button and link, the row actions and the treasurer's lock (record-actions.tsx).
 */

/** Digits and amounts typed left to right, aligned with the page's other fields in Arabic. */
export const LTR_INPUT = { dir: 'ltr', className: '[&_input]:rtl:text-end' } as const;

/** An employee's state (spec 2 §4: active or inactive, `is_current`). */
export function ActifBadge({ actif }: { actif: boolean }) {
  const { t } = useTranslation('salaires');
  return (
    <Badge variant={actif ? 'success' : 'secondary'} data-testid="salarie-etat">
      {actif ? t('etat.actif') : t('etat.inactif')}
    </Badge>
  );
}

export function useActifLabel(): (actif: boolean) => string {
  const { t } = useTranslation('salaires');
  return useCallback((actif: boolean) => (actif ? t('etat.actif') : t('etat.inactif')), [t]);
}

export function useMethodeLabel(): (methode: MethodePaiementChargePatronale) => string {
  const { t } = useTranslation('salaires');
  return useCallback((methode: MethodePaiementChargePatronale) => t(`methodes.${methode}`), [t]);
}

/** `2026-03` → "mars 2026" / "مارس 2026" (Tunisian month names). */
export function useMoisLabel(): (mois: string) => string {
  const { t } = useTranslation('salaires');
  return useCallback(
    (mois: string) => {
      const match = /^(\d{4})-(\d{2})$/.exec(mois);
      if (!match) return mois;
      return t('moisLabel', { mois: t(`mois.${match[2] as MoisNumero}`), annee: match[1] });
    },
    [t],
  );
}

type MoisNumero = '01' | '02' | '03' | '04' | '05' | '06' | '07' | '08' | '09' | '10' | '11' | '12';

/**
 * "Only the treasurer or the president" for other members, else null (spec 2 §6: employees are
 * created, edited and deleted by either).
 */
export function useSalariesLock(): string | null {
  const { t } = useTranslation('salaires');
  const user = useAppSelector(selectUser);
  return user?.is_finance === true || user?.is_president === true ? null : t('permissions.financeOuPresident');
}

/** A payment's lock: only the treasurer, and nothing dated in a closed exercice. */
export function usePaiementLock(): (item: { is_closed: boolean }) => string | null {
  const { t } = useTranslation('common');
  const financeLock = useFinanceLock();
  return useCallback(
    (item: { is_closed: boolean }) => financeLock ?? (item.is_closed ? t('permissions.exerciceCloture') : null),
    [financeLock, t],
  );
}

/** The monthly salary the employee is declared with: the net one, or the gross one with charges. */
export function salaireDeclare(salarie: Salarie): number {
  return salarie.salaire_brut ?? salarie.salaire;
}
