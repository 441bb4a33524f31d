import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { homePathFor, paths } from '@/app/paths';
import { StatusPage } from '@/components/status-page';
import { Button } from '@/components/ui/button';
import { selectUser } from '@/lib/auth/auth-slice';
import { useAppSelector } from '@/lib/store/hooks';

/** /unauthorized: a signed-in user opened a space their role does not give access to. */
export function UnauthorizedPage() {
  const { t } = useTranslation('pages');
  const user = useAppSelector(selectUser);
  return (
    <StatusPage
      icon={<ShieldAlert />}
      code={t('unauthorized.code')}
      title={t('unauthorized.title')}
      actions={
        <Button asChild>
          <Link to={user ? homePathFor(user) : paths.login}>{t('unauthorized.backHome')}</Link>
        </Button>
      }
    >
      <p>{t('unauthorized.message')}</p>
    </StatusPage>
  );
}
