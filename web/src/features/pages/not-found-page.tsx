import { ArrowLeft, FileQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { homePathFor, paths } from '@/app/paths';
import { StatusPage } from '@/components/status-page';
import { Button } from '@/components/ui/button';
import { selectUser } from '@/lib/auth/auth-slice';
import { useAppSelector } from '@/lib/store/hooks';

/**
 * Any unknown path for a visitor who is not signed in (spec 3 §2.1: "404 - Not Found"): a page of
 * its own, with the way to the login page.
 */
export function NotFoundPage() {
  const { t } = useTranslation('pages');
  const user = useAppSelector(selectUser);
  return (
    <StatusPage
      icon={<FileQuestion />}
      title={t('notFound.title')}
      actions={
        <Button asChild>
          {user ? (
            <Link to={homePathFor(user)}>{t('notFound.backHome')}</Link>
          ) : (
            <Link to={paths.login}>{t('notFound.toLogin')}</Link>
          )}
        </Button>
      }
    >
      <p>{t('notFound.message')}</p>
    </StatusPage>
  );
}

/**
 * Any unknown path for a signed-in user, inside the app layout (sidebar and header stay, so the
 * user can go on from there): a link back to the previous page (when the app has one: an address
 * opened directly has none) and one to the user's dashboard.
 * "Paramètres du compte" lands here until the settings page exists.
 */
export function NotFoundInLayout() {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  // The first entry of this tab's history in the app has the key 'default'.
  const canGoBack = useLocation().key !== 'default';
  const user = useAppSelector(selectUser);
  return (
    <section className="mx-auto flex w-full max-w-md flex-col items-center py-12 text-center" data-testid="not-found">
      <div className="mb-5 flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary [&_svg]:size-7">
        <FileQuestion aria-hidden="true" />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight">{t('notFound.title')}</h1>
      <p className="mt-3 text-muted-foreground">{t('notFound.message')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {canGoBack && (
          <Button variant="outline" onClick={() => void navigate(-1)}>
            <ArrowLeft aria-hidden="true" className="rtl:rotate-180" />
            {t('notFound.previous')}
          </Button>
        )}
        <Button asChild>
          <Link to={user ? homePathFor(user) : paths.home}>{t('notFound.backHome')}</Link>
        </Button>
      </div>
    </section>
  );
}
