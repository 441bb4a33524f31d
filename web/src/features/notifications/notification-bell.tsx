import {
  Bell,
  BellOff,
  CalendarDays,
  Megaphone,
  MessageSquare,
  ReceiptText,
  Vote,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTimeTunis } from '@/lib/dates';
import { subscribeReconnexion, subscribeTempsReel } from '@/lib/temps-reel';
import {
  NOTIFICATIONS_POLL_MS,
  useNotificationsListeQuery,
  useNotificationsMarkAllReadMutation,
  type AppNotification,
} from './notifications-api';

/** The icons a notification may name; another name shows the bell. */
const ICONS: Record<string, LucideIcon> = {
  vote: Vote,
  annonce: Megaphone,
  panne: Wrench,
  message: MessageSquare,
  assemblee: CalendarDays,
  recu: ReceiptText,
};

const TITRES = [
  'vote_publie',
  'vote_programme',
  'annonce_publiee',
  'panne_signalee',
  'panne_statut',
  'panne_commentaire',
  'message_recu',
  'assemblee_convocation',
  'recu_disponible',
] as const;
type Titre = (typeof TITRES)[number];

function isTitre(key: string): key is Titre {
  return (TITRES as readonly string[]).includes(key);
}

function NotificationLine({ notification }: { notification: AppNotification }) {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const Icon = ICONS[notification.icon] ?? Bell;
  const titre = isTitre(notification.title_key) ? t(`titres.${notification.title_key}`) : t('titres.autre');
  const link = notification.link;
  return (
    <DropdownMenuItem
      className="items-start gap-3 rounded-none px-4 py-3"
      data-testid="notification"
      data-seen={notification.seen}
      onSelect={() => {
        if (link !== null) void navigate(link);
      }}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span className="grid gap-0.5">
        <span className={notification.seen ? 'text-muted-foreground' : 'font-medium'}>{titre}</span>
        <span className="text-xs text-muted-foreground tabular">{formatDateTimeTunis(notification.time)}</span>
      </span>
      {!notification.seen && (
        <span aria-label={t('unread')} className="ms-auto mt-1.5 size-2 shrink-0 rounded-full bg-primary" />
      )}
    </DropdownMenuItem>
  );
}

/**
 * The header's bell (spec 3 §2.4, §4 "Notifications"): the unread count on a badge, a dropdown of
 * at most 300 px listing the notifications (titles translated here from their keys), each leading
 * to its page; closing the dropdown while some were unread marks them all read. The list is read
 * again when the real-time channel says a notification was created, and every 2 minutes.
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const { data, isLoading, isError, refetch } = useNotificationsListeQuery(undefined, {
    pollingInterval: NOTIFICATIONS_POLL_MS,
  });
  // A notification created for this user arrives on the real-time channel: read the list again
  // at once (the 2-minute reading stays, for a tab whose socket is down).
  useEffect(() => {
    const read = () => void refetch();
    const stopNotifications = subscribeTempsReel('notification', read);
    const stopReconnexion = subscribeReconnexion(read);
    return () => {
      stopNotifications();
      stopReconnexion();
    };
  }, [refetch]);
  const [markAllRead] = useNotificationsMarkAllReadMutation();
  const notifications = data?.data ?? [];
  const unread = notifications.filter((notification) => !notification.seen).length;

  return (
    <DropdownMenu
      onOpenChange={(open) => {
        if (!open && unread > 0) void markAllRead();
      }}
    >
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          data-testid="notification-bell"
          aria-label={unread > 0 ? t('bellWithCount', { count: unread }) : t('bell')}
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
      <DropdownMenuContent align="end" className="w-[min(20rem,calc(100vw-1rem))] p-0">
        <DropdownMenuLabel className="px-4 py-3">{t('title')}</DropdownMenuLabel>
        <DropdownMenuSeparator className="mx-0 my-0" />
        <div className="max-h-[300px] overflow-y-auto" data-testid="notification-list">
          {isLoading ? (
            <div className="grid gap-2 p-4">
              {Array.from({ length: 3 }, (_, index) => (
                <Skeleton key={index} className="h-10 w-full" />
              ))}
            </div>
          ) : isError ? (
            <p className="px-4 py-10 text-center text-sm text-destructive">{t('error')}</p>
          ) : notifications.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-4 py-10 text-center text-sm text-muted-foreground">
              <BellOff aria-hidden="true" className="size-6" />
              {t('empty')}
            </div>
          ) : (
            notifications.map((notification) => <NotificationLine key={notification.id} notification={notification} />)
          )}
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
