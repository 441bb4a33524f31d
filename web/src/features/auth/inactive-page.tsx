import { Ban } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '@/components/status-page';
import { selectAuth } from '@/lib/auth/auth-slice';
import { useAppSelector } from '@/lib/store/hooks';
import { LogoutButton } from './logout-button';

/** /inactive (spec 1 §2): three messages, each telling the user to contact support. */
export function InactivePage() {
  const { t } = useTranslation(['pages', 'common']);
  const { userInactive, residenceInactive } = useAppSelector(selectAuth);
  const reason = userInactive
    ? t('pages:inactive.userInactive')
    : residenceInactive
      ? t('pages:inactive.residenceInactive')
      : t('pages:inactive.default');
  return (
    <StatusPage
      icon={<Ban />}
      code="403"
      title={t('pages:inactive.title')}
      actions={
        // The session still exists on the server: let the user leave it (another account, a
        // shared device) instead of being stuck on this page.
        (userInactive || residenceInactive) && <LogoutButton />
      }
    >
      <p data-testid="inactive-reason" className="font-medium text-foreground">
        {reason}
      </p>
      <p>{t('pages:inactive.contactSupport')}</p>
    </StatusPage>
  );
}
