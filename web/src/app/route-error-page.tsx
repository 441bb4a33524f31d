import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '@/components/status-page';
import { Button } from '@/components/ui/button';

/**
 * Shown when a page throws while rendering or its code cannot be loaded (typically a new
 * deployment removed the old chunk files): reloading fetches the current version.
 */
export function RouteErrorPage() {
  const { t } = useTranslation('pages');
  return (
    <StatusPage
      icon={<TriangleAlert />}
      title={t('routeError.title')}
      actions={<Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>}
    >
      <p>{t('routeError.message')}</p>
    </StatusPage>
  );
}
