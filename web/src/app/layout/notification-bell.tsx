import { Bell, BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { formatDate } from '@/lib/dates';

export interface NotificationItem {
  id: string | number;
  message: string;
  created_at: string;
  read_at: string | null;
}

/**
 * Header bell (spec 3 §2.4): unread-count badge and a dropdown of at most 300px. The list comes
 * from GET /api/notifications once the server has it; until then the layout passes an empty list.
 */
export function NotificationBell({ notifications }: { notifications: readonly NotificationItem[] }) {
  const { t } = useTranslation('layout');
  const unread = notifications.filter((notification) => notification.read_at === null).length;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          data-testid="notification-bell"
          aria-label={unread > 0 ? t('notifications.bellWithCount', { count: unread }) : t('notifications.bell')}
        >
          <Bell />
          {unread > 0 && (
            <span
              data-testid="notification-count"
              className="absolute -end-0.5 -top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold text-destructive-foreground tabular"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 p-0">
        <DropdownMenuLabel className="px-4 py-3">{t('notifications.title')}</DropdownMenuLabel>
        <DropdownMenuSeparator className="mx-0 my-0" />
        <div className="max-h-[300px] overflow-y-auto" data-testid="notification-list">
          {notifications.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-4 py-10 text-center text-sm text-muted-foreground">
              <BellOff aria-hidden="true" className="size-6" />
              {t('notifications.empty')}
            </div>
          ) : (
            <ul className="divide-y">
              {notifications.map((notification) => (
                <li key={notification.id} className="px-4 py-3 text-sm">
                  <p className={notification.read_at === null ? 'font-medium' : 'text-muted-foreground'}>
                    {notification.message}
                  </p>
                  <p className="mt-0.5 text-xs text-muted-foreground">{formatDate(notification.created_at)}</p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
