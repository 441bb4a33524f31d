import { Loader2, RotateCw, SendHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UserText } from '@/components/user-text';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { refusalText } from '@/lib/api-error-message';
import { cn } from '@/lib/cn';
import { formatDate, formatDateTime, formatTime, todayIso } from '@/lib/dates';
import {
  useChatMarquerLuMutation,
  useChatMessageEnvoyerMutation,
  type ChatMessage,
  type Conversation,
} from './chat-api';

const ROLES = ['proprietaire', 'president', 'tresorier', 'syndic'] as const;
type Role = (typeof ROLES)[number];
const roleOf = (value: string): Role =>
  (ROLES as readonly string[]).includes(value) ? (value as Role) : 'proprietaire';

const ROLE_COLOURS: Record<Role, string> = {
  proprietaire: 'bg-secondary text-secondary-foreground',
  president: 'bg-highlight/25 text-accent-foreground',
  tresorier: 'bg-success/15 text-success',
  syndic: 'bg-primary/15 text-primary',
};

/** The local day of a timestamp, `yyyy-MM-dd`. */
function localDay(value: string): string {
  return todayIso(new Date(value));
}

/** HH:MM today, else dd/mm/yyyy HH:MM. */
export function momentText(value: string): string {
  return localDay(value) === todayIso() ? formatTime(value) : formatDateTime(value);
}

function initials(nom: string): string {
  const parts = nom.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** The author's initials in their role's colour (spec 3 §2.9 "role avatar"). */
export function RoleAvatar({ nom, role }: { nom: string; role: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
        ROLE_COLOURS[roleOf(role)],
      )}
    >
      {initials(nom)}
    </span>
  );
}

function MessageBubble({ message, own, statut }: { message: ChatMessage; own: boolean; statut: string | null }) {
  const { t } = useTranslation('chat');
  const role = roleOf(message.user.primary_role);
  return (
    <li
      className={cn('flex max-w-[85%] gap-2', own ? 'ms-auto flex-row-reverse' : 'me-auto')}
      data-testid="chat-message"
      data-own={own}
      data-pending={message.id < 0}
    >
      {!own && <RoleAvatar nom={message.user.nom} role={role} />}
      <div className={cn('grid gap-1', own && 'justify-items-end')}>
        {!own && (
          <p className="flex flex-wrap items-baseline gap-x-2 text-xs">
            <UserText className="font-medium">{message.user.nom}</UserText>
            <span className="text-muted-foreground" data-testid="chat-role">
              {t(`roles.${role}`)}
            </span>
          </p>
        )}
        <div
          className={cn(
            'rounded-2xl px-3.5 py-2 text-sm whitespace-pre-wrap break-words',
            own ? 'rounded-ee-sm bg-primary text-primary-foreground' : 'rounded-es-sm bg-muted',
            message.id < 0 && 'opacity-70',
          )}
        >
          <UserText>{message.message}</UserText>
        </div>
        <p className="flex gap-2 text-[11px] text-muted-foreground tabular">
          <span>{formatTime(message.created_at)}</span>
          {statut && <span data-testid="chat-statut">{statut}</span>}
        </p>
      </div>
    </li>
  );
}

/** The messages, a date line at each new day, "Non lu" / "Vu {time}" under the last own one. */
function MessageList({ conversation, meId }: { conversation: Conversation; meId: number }) {
  const { t } = useTranslation('chat');
  const end = useRef<HTMLDivElement>(null);
  const messages = conversation.messages;
  const lastOwnId = [...messages].reverse().find((message) => message.user.id === meId)?.id;
  useEffect(() => {
    const box = end.current?.parentElement;
    if (box) box.scrollTop = box.scrollHeight;
  }, [messages.length]);
  if (messages.length === 0) {
    return <p className="m-auto px-4 py-10 text-center text-sm text-muted-foreground">{t('conversation.vide')}</p>;
  }
  return (
    <>
      <ol className="grid gap-3" aria-label={t('conversation.messages')}>
        {messages.map((message, index) => {
          const own = message.user.id === meId;
          const day = localDay(message.created_at);
          const newDay = index === 0 || localDay(messages[index - 1]?.created_at ?? '') !== day;
          let statut: string | null = null;
          if (message.id === lastOwnId && message.id > 0) {
            statut = message.read_at
              ? t('conversation.vu', { time: momentText(message.read_at) })
              : t('conversation.nonLu');
          }
          return (
            <MessageDay key={message.id} day={newDay ? day : null}>
              <MessageBubble message={message} own={own} statut={statut} />
            </MessageDay>
          );
        })}
      </ol>
      <div ref={end} />
    </>
  );
}

function MessageDay({ day, children }: { day: string | null; children: React.ReactNode }) {
  return (
    <>
      {day && (
        <li className="my-1 text-center text-xs text-muted-foreground tabular" aria-hidden="true">
          {formatDate(day)}
        </li>
      )}
      {children}
    </>
  );
}

/**
 * The message field (spec 3 §2.9, §4, §5): a blank message is refused under the field; a sent one
 * leaves the field at once (its placeholder "Envoi en cours..." until the server answers) and is
 * put back in it if the server refuses.
 */
function Composer({ conversationId, me }: { conversationId: number; me: ChatMessage['user'] }) {
  const { t } = useTranslation('chat');
  const id = useId();
  const [text, setText] = useState('');
  const [blank, setBlank] = useState(false);
  const [envoyer, { isLoading: sending }] = useChatMessageEnvoyerMutation();

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (sending) return;
    const message = text.trim();
    if (message === '') {
      setBlank(true);
      return;
    }
    setBlank(false);
    setText('');
    try {
      await envoyer({ conversationId, message, auteur: me }).unwrap();
    } catch (error) {
      setText((current) => (current === '' ? text : current));
      toast.error(refusalText(error, {}, 'chat:saisie.error'));
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void send(event);
  }

  return (
    <form
      className="grid gap-1 border-t p-3"
      onSubmit={(event) => void send(event)}
      noValidate
      aria-label={t('saisie.label')}
    >
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          {t('saisie.label')}
        </label>
        <textarea
          id={id}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (blank && event.target.value.trim() !== '') setBlank(false);
          }}
          onKeyDown={onKeyDown}
          rows={1}
          required
          dir="auto"
          placeholder={sending ? t('saisie.envoi') : t('saisie.placeholder')}
          aria-invalid={blank || undefined}
          aria-describedby={blank ? `${id}-error` : undefined}
          className="max-h-32 min-h-10 flex-1 resize-none rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive"
        />
        <Button
          type="submit"
          size="icon"
          disabled={sending}
          aria-label={t('saisie.envoyer')}
          title={t('saisie.envoyer')}
        >
          {sending ? <Loader2 className="animate-spin" /> : <SendHorizontal className="rtl:rotate-180" />}
        </Button>
      </div>
      {blank && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {t('saisie.vide')}
        </p>
      )}
    </form>
  );
}

/**
 * A conversation's pane: its messages and the field. Opening a conversation that is not all read
 * marks it read (spec 3 §4 "Conversation"), as does a message arriving while it is open.
 */
export function ConversationPane({
  conversation,
  isLoading,
  isError,
  onRetry,
  me,
  header,
}: {
  conversation: Conversation | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  me: ChatMessage['user'];
  header?: React.ReactNode;
}) {
  const { t } = useTranslation('chat');
  const [marquerLu] = useChatMarquerLuMutation();
  const unreadId = conversation && !conversation.is_all_read ? conversation.id : null;
  useEffect(() => {
    if (unreadId !== null) void marquerLu(unreadId);
  }, [unreadId, marquerLu]);

  return (
    <section className="flex min-h-0 min-w-0 flex-1 flex-col" data-testid="chat-pane">
      {header}
      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto p-4">
        {isLoading ? (
          <div className="grid gap-3" data-testid="chat-skeleton">
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} className={cn('h-12 w-2/3', index % 2 === 1 && 'ms-auto')} />
            ))}
          </div>
        ) : isError || !conversation ? (
          <Alert variant="destructive" className="items-center">
            <span className="flex-1">{t('conversation.error')}</span>
            <Button variant="outline" size="sm" onClick={onRetry}>
              <RotateCw aria-hidden="true" />
              {t('liste.retry')}
            </Button>
          </Alert>
        ) : (
          <MessageList conversation={conversation} meId={me.id} />
        )}
      </div>
      {conversation && !isError && <Composer key={conversation.id} conversationId={conversation.id} me={me} />}
    </section>
  );
}
