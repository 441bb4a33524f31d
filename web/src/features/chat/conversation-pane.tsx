import { Form, Formik, useField, type FormikHelpers } from 'formik';
import { ArrowLeft, Crown, Landmark, Loader2, Send, ShieldCheck, User } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UserText } from '@/components/user-text';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useFieldError } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { selectUser } from '@/lib/auth/auth-slice';
import { cn } from '@/lib/cn';
import { formatDateTime, formatTime } from '@/lib/dates';
import { useAppSelector } from '@/lib/store/hooks';
import { object, string } from '@/lib/validation';
import { useChatEnvoyerMutation, type ChatMessage, type ConversationKey, type PrimaryRole } from './chat-api';
import { chatErrorText } from './chat-errors';

/** The composer (spec 3 §5 "Chat"): an empty or blank message is not sent. */
export const messageSchema = object({ message: string().trim().required('chat:validation.message') });

export const MESSAGE_MAX_LENGTH = 2000;

const ROLE_ICONS: Record<PrimaryRole, typeof User> = {
  proprietaire: User,
  president: Crown,
  tresorier: Landmark,
  syndic: ShieldCheck,
};

/** The sender's role avatar (spec 3 §2.9: Propriétaire, Président, Trésorier, Syndic). */
function RoleAvatar({ role }: { role: PrimaryRole }) {
  const Icon = ROLE_ICONS[role] ?? User;
  return (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground"
    >
      <Icon className="size-4" />
    </span>
  );
}

function Bulle({ message, own, lastOwn }: { message: ChatMessage; own: boolean; lastOwn: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <li
      className={cn('flex items-end gap-2', own ? 'justify-end' : 'justify-start')}
      data-testid="chat-message"
      data-pending={message.pending ? 'true' : undefined}
    >
      {!own && <RoleAvatar role={message.user.primary_role} />}
      <div className={cn('grid max-w-[85%] gap-1 sm:max-w-[70%]', own && 'justify-items-end')}>
        {!own && (
          <p className="text-xs text-muted-foreground" data-testid="chat-sender">
            <UserText className="font-medium text-foreground">{message.user.nom}</UserText>
            {' · '}
            {t(`roles.${message.user.primary_role}`, { defaultValue: message.user.primary_role })}
          </p>
        )}
        <div
          className={cn(
            'rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-line',
            own ? 'bg-primary text-primary-foreground' : 'bg-muted',
            message.pending && 'opacity-70',
          )}
        >
          <UserText>{message.message}</UserText>
        </div>
        <p className="text-[11px] text-muted-foreground tabular" title={formatDateTime(message.created_at)}>
          {formatTime(message.created_at)}
          {lastOwn && (
            <span data-testid="chat-read-state">
              {' · '}
              {message.read_at === null ? t('nonLu') : t('vu', { time: formatTime(message.read_at) })}
            </span>
          )}
        </p>
      </div>
    </li>
  );
}

function Composer({ conversation }: { conversation: ConversationKey }) {
  const { t } = useTranslation('chat');
  const user = useAppSelector(selectUser);
  const [envoyer, { isLoading }] = useChatEnvoyerMutation();

  async function submit(values: { message: string }, helpers: FormikHelpers<{ message: string }>) {
    if (!user) return;
    const message = values.message.trim();
    helpers.resetForm();
    try {
      await envoyer({
        conversation,
        message,
        auteur: { id: user.id, nom: user.nom, primary_role: primaryRoleOf(user) },
      }).unwrap();
    } catch (error) {
      // The text comes back so that nothing typed is lost.
      await helpers.setFieldValue('message', message, false);
      toast.error(chatErrorText(error));
    }
  }

  return (
    <Formik initialValues={{ message: '' }} validationSchema={messageSchema} onSubmit={submit} validateOnBlur={false}>
      <Form noValidate className="flex items-start gap-2 border-t p-3" aria-label={t('composer.label')}>
        <MessageInput sending={isLoading} />
        <Button type="submit" size="icon" disabled={isLoading} aria-label={t('composer.send')}>
          {isLoading ? <Loader2 className="animate-spin" /> : <Send className="rtl:-scale-x-100" />}
        </Button>
      </Form>
    </Formik>
  );
}

function MessageInput({ sending }: { sending: boolean }) {
  const { t } = useTranslation('chat');
  const [field] = useField<string>('message');
  const error = useFieldError('message');
  return (
    <div className="grid flex-1 gap-1">
      <Input
        {...field}
        dir="auto"
        autoComplete="off"
        maxLength={MESSAGE_MAX_LENGTH}
        aria-label={t('composer.label')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'chat-message-error' : undefined}
        placeholder={sending ? t('composer.sending') : t('composer.placeholder')}
      />
      {error && (
        <p id="chat-message-error" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The role a user's messages carry (the server says it on each message; this is for the optimistic one). */
function primaryRoleOf(user: { is_syndic: boolean; is_president: boolean; is_finance: boolean }): PrimaryRole {
  if (user.is_president) return 'president';
  if (user.is_finance) return 'tresorier';
  return user.is_syndic ? 'syndic' : 'proprietaire';
}

/**
 * One conversation (spec 3 §2.9): messages oldest first, the others' with their name, role and
 * role avatar, one's own at the end of the line with "Non lu" or "Vu {time}" under the last one,
 * and the composer. `onBack` shows the back button of the phone layout.
 */
export function ConversationPane({
  conversation,
  titre,
  messages,
  isLoading,
  isError,
  onRetry,
  onBack,
}: {
  conversation: ConversationKey | null;
  titre: string;
  messages: ChatMessage[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  onBack?: () => void;
}) {
  const { t } = useTranslation('chat');
  const user = useAppSelector(selectUser);
  const scroller = useRef<HTMLDivElement>(null);
  const count = messages?.length ?? 0;
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [count]);

  const ownIds = (messages ?? []).filter((message) => message.user.id === user?.id).map((message) => message.id);
  const lastOwnId = ownIds[ownIds.length - 1];

  return (
    <section
      className="flex h-[calc(100dvh-11rem)] min-h-96 min-w-0 flex-col rounded-xl border bg-card"
      aria-label={titre}
      data-testid="chat-pane"
    >
      <header className="flex items-center gap-2 border-b px-3 py-2.5">
        {onBack && (
          <Button variant="ghost" size="icon" onClick={onBack} aria-label={t('back')} className="md:hidden">
            <ArrowLeft className="rtl:rotate-180" />
          </Button>
        )}
        <h2 className="truncate font-semibold">
          <UserText>{titre}</UserText>
        </h2>
      </header>
      <div ref={scroller} className="flex-1 overflow-y-auto p-3">
        {isLoading ? (
          <div className="grid gap-3">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className={cn('h-10 w-2/3', index % 2 === 1 && 'ms-auto')} />
            ))}
          </div>
        ) : isError ? (
          <Alert variant="destructive" className="items-center">
            <span className="flex-1">{t('errors.conversation')}</span>
            <Button variant="outline" size="sm" onClick={onRetry}>
              {t('retry')}
            </Button>
          </Alert>
        ) : count === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">{t('emptyConversation')}</p>
        ) : (
          <ul className="grid gap-3" aria-label={t('messages')}>
            {(messages ?? []).map((message) => (
              <Bulle
                key={message.id}
                message={message}
                own={message.user.id === user?.id}
                lastOwn={message.id === lastOwnId}
              />
            ))}
          </ul>
        )}
      </div>
      {conversation !== null && !isError && <Composer conversation={conversation} />}
    </section>
  );
}
