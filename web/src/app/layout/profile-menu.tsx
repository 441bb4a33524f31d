import { LogOut, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@/api/types';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useLogout } from '@/features/auth/use-logout';
import { paths } from '../paths';
import { initialsOf } from './space-switcher';

/** Header profile menu (spec 3 §2.4): account settings and logout. */
export function ProfileMenu({ user }: { user: User }) {
  const { t } = useTranslation('layout');
  const { logout, isLoggingOut } = useLogout();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        data-testid="profile-menu"
        aria-label={t('profile.menu')}
        className="flex size-9 cursor-pointer items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        {initialsOf(user.nom)}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid font-normal">
          <span className="truncate font-semibold">{user.nom}</span>
          <span className="truncate text-xs text-muted-foreground" dir="ltr">
            {user.tel}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.coproprietaire.parametres}>
            <Settings />
            {t('profile.settings')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          variant="destructive"
          data-testid="logout"
          disabled={isLoggingOut}
          onSelect={() => void logout()}
        >
          <LogOut className="rtl:rotate-180" />
          {t('profile.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
