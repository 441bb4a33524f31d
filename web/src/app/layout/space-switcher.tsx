import { ChevronsUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { User } from '@/api/types';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import { roleLabelKey, type Space } from '@/lib/auth/roles';
import { paths } from '../paths';

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

function UserBlock({ user, space, collapsed }: { user: User; space: Space; collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-md bg-highlight text-sm font-semibold text-sidebar"
      >
        {initialsOf(user.nom)}
      </span>
      <span className={cn('grid min-w-0 flex-1 text-start leading-tight', collapsed && 'md:hidden')}>
        <span data-testid="sidebar-user-name" className="truncate text-sm font-semibold">
          {user.nom}
        </span>
        <span data-testid="sidebar-role" className="truncate text-xs text-sidebar-muted">
          {t(roleLabelKey(user, space))}
        </span>
      </span>
    </>
  );
}

const spaceHome: Record<Space, string> = {
  syndic: paths.syndic.tableauDeBord,
  coproprietaire: paths.coproprietaire.tableauDeBord,
};

/**
 * Top of the sidebar: the user's name and role label (spec 1 §1). For a council member it is
 * also the menu that switches between the syndic and the co-owner space (spec 3 §1).
 */
export function SpaceSwitcher({
  user,
  space,
  collapsed,
  onNavigate,
}: {
  user: User;
  space: Space;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation(['common', 'layout']);
  const navigate = useNavigate();
  // Icon-only: just the initials, centred in the 3rem column.
  const blockClass = cn(
    'flex items-center gap-2.5 rounded-lg text-sidebar-foreground',
    collapsed ? 'p-1' : 'w-full p-2',
  );

  if (!user.is_syndic) {
    return (
      <div className={blockClass}>
        <UserBlock user={user} space={space} collapsed={collapsed} />
      </div>
    );
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        data-testid="space-switcher"
        aria-label={t('layout:sidebar.switchSpace')}
        className={cn(
          blockClass,
          'cursor-pointer transition-colors outline-none hover:bg-sidebar-accent focus-visible:ring-2 focus-visible:ring-highlight data-[state=open]:bg-sidebar-accent',
        )}
      >
        <UserBlock user={user} space={space} collapsed={collapsed} />
        <ChevronsUpDown
          aria-hidden="true"
          className={cn('size-4 shrink-0 text-sidebar-muted', collapsed && 'md:hidden')}
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-60">
        <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">
          {t('layout:sidebar.switchSpace')}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup
          value={space}
          onValueChange={(value) => {
            const target = value as Space;
            if (target !== space) {
              onNavigate?.();
              void navigate(spaceHome[target]);
            }
          }}
        >
          <DropdownMenuRadioItem value="syndic" data-testid="space-syndic">
            {t('common:spaces.syndic')}
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="coproprietaire" data-testid="space-coproprietaire">
            {t('common:spaces.coproprietaire')}
          </DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
