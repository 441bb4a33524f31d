import { FileQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { StatusPage } from '@/components/status-page';
import { Button } from '@/components/ui/button';

/** Any unknown path (spec 3 §2.1: "404 - Not Found"). */
export function NotFoundPage() {
  const { t } = useTranslation('pages');
  return (
    <StatusPage
      icon={<FileQuestion />}
      title={t('notFound.title')}
      actions={
        <Button asChild>
          <Link to={paths.home}>{t('notFound.backHome')}</Link>
        </Button>
      }
    >
      <p>{t('notFound.message')}</p>
    </StatusPage>
  );
}
