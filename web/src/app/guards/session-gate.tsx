import { ServerCrash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { StatusPage } from '@/components/status-page';
import { Button } from '@/components/ui/button';
import { useGetAuthStatusQuery } from '@/features/auth/auth-api';
import { selectAuth } from '@/lib/auth/auth-slice';
import { useAppSelector } from '@/lib/store/hooks';

/**
 * Asks the server who is signed in (GET /api/auth/status) before any guarded page renders, so
 * that a signed-in user reloading a page is not bounced to /login while the answer is on its way.
 */
export function SessionGate() {
  const { t } = useTranslation(['pages', 'common']);
  const auth = useAppSelector(selectAuth);
  const { refetch, isFetching } = useGetAuthStatusQuery();

  if (!auth.checked) return <LoadingScreen />;

  if (auth.checkFailed && !auth.user) {
    return (
      <StatusPage
        icon={<ServerCrash />}
        title={t('pages:sessionError.title')}
        actions={
          <Button onClick={() => void refetch()} disabled={isFetching}>
            {t('common:actions.retry')}
          </Button>
        }
      >
        <p>{t('pages:sessionError.message')}</p>
      </StatusPage>
    );
  }

  return <Outlet />;
}
