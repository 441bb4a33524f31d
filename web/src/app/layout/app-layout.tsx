import { PanelLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { Button } from '@/components/ui/button';
import { selectUser } from '@/lib/auth/auth-slice';
import type { Space } from '@/lib/auth/roles';
import { useAppSelector } from '@/lib/store/hooks';
import { modules } from '../modules';
import { paths } from '../paths';
import { AppSidebar } from './app-sidebar';
import { Breadcrumbs } from './breadcrumbs';
import { ProfileMenu } from './profile-menu';
import { SidebarProvider, useSidebar } from './sidebar-context';

function SidebarTrigger() {
  const { t } = useTranslation('layout');
  const { toggle } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={toggle}
      data-testid="sidebar-toggle"
      aria-label={t('sidebar.toggle')}
      title={`${t('sidebar.toggle')} (${t('sidebar.shortcut')})`}
    >
      <PanelLeft className="rtl:-scale-x-100" />
    </Button>
  );
}

/** The signed-in frame of both spaces: sidebar, header, page. */
function AppLayout({ space }: { space: Space }) {
  const user = useAppSelector(selectUser);
  // The guards above only render this for a signed-in user; this keeps the types honest.
  if (!user) return <Navigate to={paths.login} replace />;
  return (
    <SidebarProvider>
      <AppSidebar user={user} space={space} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-10 flex h-14 items-center gap-2 border-b bg-background/90 px-3 backdrop-blur md:px-4">
          <SidebarTrigger />
          <span aria-hidden="true" className="h-5 w-px bg-border" />
          <Breadcrumbs />
          <div className="ms-auto flex items-center gap-1.5">
            <LanguageSwitch />
            {modules.map((module) => {
              const Widget = module.header;
              return Widget ? <Widget key={module.id} /> : null;
            })}
            <ProfileMenu user={user} />
          </div>
        </header>
        <main className="flex-1 p-4 md:p-6 lg:p-8" data-space={space}>
          <Outlet />
        </main>
      </div>
    </SidebarProvider>
  );
}

export function SyndicLayout() {
  return <AppLayout space="syndic" />;
}

export function CoproprietaireLayout() {
  return <AppLayout space="coproprietaire" />;
}
