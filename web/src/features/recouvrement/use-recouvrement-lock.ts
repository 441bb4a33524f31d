import { useTranslation } from 'react-i18next';
import { selectUser } from '@/lib/auth/auth-slice';
import { useAppSelector } from '@/lib/store/hooks';

/**
 * Why the user may not send a reminder (an SMS, a letter, a group reminder), or null: the
 * treasurer and the president may (issue 16; the spec does not say), the other council members
 * see the buttons disabled with this reason.
 */
export function useRecouvrementLock(): string | null {
  const { t } = useTranslation('recouvrement');
  const user = useAppSelector(selectUser);
  return user?.is_finance === true || user?.is_president === true ? null : t('permissions.financeOuPresident');
}
