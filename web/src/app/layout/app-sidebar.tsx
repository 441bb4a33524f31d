import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import type { User } from '@/api/types';
import { BrandMark } from '@/components/brand';
import { Badge } from '@/components/ui/badge';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import type { Space } from '@/lib/auth/roles';
import { navBySpace, visibleNav, type NavGroup, type NavLabelKey, type NavLink } from './nav-config';
import { useSidebar } from './sidebar-context';
import { SpaceSwitcher } from './space-switcher';

interface SidebarBodyProps {
  user: User;
  space: Space;
  /** Icon-only rendering (desktop collapsed). */
  collapsed: boolean;
  /** Called when a link is followed: the mobile drawer closes (spec 3 §2.4). */
  onNavigate?: () => void;
}

/**
 * A sidebar label's key for t(): `nav.x` is the layout catalogue's, `ns:key` a module's (i18next
 * reads the namespace from the key; typed as the layout's, since the module's keys are checked by
 * app/modules.test.ts).
 */
function navLabelKey(key: NavLink['labelKey']): `layout:${NavLabelKey}` {
  return (key.includes(':') ? key : `layout:${key}`) as `layout:${NavLabelKey}`;
}

function NavItemLink({
  link,
  collapsed,
  onNavigate,
  nested = false,
}: {
  link: NavLink;
  collapsed: boolean;
  onNavigate?: () => void;
  nested?: boolean;
}) {
  const { t, i18n } = useTranslation(['layout', 'common']);
  const label = t(navLabelKey(link.labelKey));
  const Icon = link.icon;
  const anchor = (
    <RouterNavLink
      to={link.to}
      onClick={onNavigate}
      data-testid={`nav-${link.id}`}
      className={({ isActive }) =>
        cn(
          'relative flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium text-sidebar-foreground/80 transition-colors outline-none hover:bg-sidebar-accent hover:text-sidebar-foreground focus-visible:ring-2 focus-visible:ring-highlight',
          isActive &&
            'bg-sidebar-accent text-sidebar-foreground before:absolute before:inset-y-1.5 before:start-0 before:w-0.5 before:rounded-full before:bg-highlight',
          nested && 'ps-9',
          collapsed && 'justify-center px-0',
        )
      }
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span className={cn('truncate', collapsed && 'sr-only')}>{label}</span>
      {link.isNew && !collapsed && (
        <Badge variant="warning" className="ms-auto px-1.5 py-0 text-[10px]">
          {t('layout:nav.new')}
        </Badge>
      )}
    </RouterNavLink>
  );
  if (!collapsed) return anchor;
  // Icon-only: the label moves into a tooltip on the reading side.
  return (
    <Tooltip>
      <TooltipTrigger asChild>{anchor}</TooltipTrigger>
      <TooltipContent side={i18n.dir() === 'rtl' ? 'left' : 'right'}>{label}</TooltipContent>
    </Tooltip>
  );
}

function NavItemGroup({
  group,
  collapsed,
  onNavigate,
}: {
  group: NavGroup;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation(['layout']);
  const { pathname } = useLocation();
  const containsActive = group.children.some((child) => pathname.startsWith(child.to));
  const [expanded, setExpanded] = useState(containsActive);
  const Icon = group.icon;
  if (collapsed) {
    return (
      <>
        {group.children.map((child) => (
          <NavItemLink key={child.id} link={child} collapsed onNavigate={onNavigate} />
        ))}
      </>
    );
  }
  return (
    <div>
      <button
        type="button"
        aria-expanded={expanded}
        onClick={() => setExpanded((shown) => !shown)}
        className="flex h-9 w-full cursor-pointer items-center gap-3 rounded-md px-2.5 text-sm font-medium text-sidebar-foreground/80 transition-colors outline-none hover:bg-sidebar-accent hover:text-sidebar-foreground focus-visible:ring-2 focus-visible:ring-highlight"
      >
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        <span className="truncate">{t(navLabelKey(group.labelKey))}</span>
        <ChevronDown
          aria-hidden="true"
          className={cn('ms-auto size-4 transition-transform', expanded && 'rotate-180')}
        />
      </button>
      {expanded && (
        <div className="mt-0.5 grid gap-0.5">
          {group.children.map((child) => (
            <NavItemLink key={child.id} link={child} collapsed={false} nested onNavigate={onNavigate} />
          ))}
        </div>
      )}
    </div>
  );
}

function SidebarBody({ user, space, collapsed, onNavigate }: SidebarBodyProps) {
  const { t } = useTranslation(['layout', 'common']);
  const entries = visibleNav(navBySpace[space], user);
  return (
    <div className="flex h-full flex-col bg-sidebar text-sidebar-foreground">
      <div className={cn('border-b border-sidebar-border p-2', collapsed && 'flex justify-center px-0')}>
        <SpaceSwitcher user={user} space={space} collapsed={collapsed} onNavigate={onNavigate} />
      </div>
      <nav aria-label={t('layout:sidebar.label')} className="flex-1 overflow-y-auto p-2">
        {!collapsed && (
          <p className="px-2.5 pt-2 pb-1.5 text-[11px] font-semibold tracking-wider text-sidebar-muted uppercase">
            {t(`common:spaces.${space}`)}
          </p>
        )}
        <div className="grid gap-0.5">
          {entries.map((entry) =>
            entry.kind === 'link' ? (
              <NavItemLink key={entry.id} link={entry} collapsed={collapsed} onNavigate={onNavigate} />
            ) : (
              <NavItemGroup key={entry.id} group={entry} collapsed={collapsed} onNavigate={onNavigate} />
            ),
          )}
        </div>
      </nav>
      <div
        className={cn('flex items-center gap-2 border-t border-sidebar-border p-3', collapsed && 'justify-center px-1')}
      >
        <BrandMark className="size-6" />
        {!collapsed && (
          <span className="text-sm font-semibold">
            {t('common:appName')} <span className="font-arabic text-highlight">{t('common:appNameArabic')}</span>
          </span>
        )}
      </div>
    </div>
  );
}

/**
 * Desktop: a fixed column on the reading-start side (left in French, right in Arabic), expanded
 * (16.5rem) or icon-only (3rem). Mobile: a drawer of 18rem that closes when a link is followed.
 */
export function AppSidebar({ user, space }: { user: User; space: Space }) {
  const { t } = useTranslation('layout');
  const { open, isMobile, openMobile, setOpenMobile } = useSidebar();

  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          side="start"
          showCloseButton={false}
          className="w-[var(--sidebar-width-mobile)] max-w-[85vw] border-sidebar-border p-0 sm:max-w-[var(--sidebar-width-mobile)]"
          data-testid="sidebar-mobile"
        >
          <SheetTitle className="sr-only">{t('sidebar.label')}</SheetTitle>
          <SheetDescription className="sr-only">{t('sidebar.label')}</SheetDescription>
          <SidebarBody user={user} space={space} collapsed={false} onNavigate={() => setOpenMobile(false)} />
        </SheetContent>
      </Sheet>
    );
  }

  const width = open ? 'var(--sidebar-width)' : 'var(--sidebar-width-icon)';
  return (
    <>
      {/* Reserves the sidebar's room in the page flow; the sidebar itself stays fixed on scroll. */}
      <div aria-hidden="true" className="shrink-0 transition-[width] duration-200" style={{ width }} />
      <aside
        data-testid="sidebar"
        data-state={open ? 'expanded' : 'collapsed'}
        className="fixed inset-y-0 start-0 z-20 overflow-hidden border-e border-sidebar-border transition-[width] duration-200"
        style={{ width }}
      >
        <SidebarBody user={user} space={space} collapsed={!open} />
      </aside>
    </>
  );
}
