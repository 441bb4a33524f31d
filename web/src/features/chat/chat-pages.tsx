import { ArrowLeft, MessagesSquare, RotateCw, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { User } from '@/api/types';
import { PageHeader } from '@/components/page-header';
import { UserText } from '@/components/user-text';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { selectUser } from '@/lib/auth/auth-slice';
import { cn } from '@/lib/cn';
import { matchesSearch } from '@/lib/search';
import { useAppSelector } from '@/lib/store/hooks';
import { useMediaQuery } from '@/lib/use-media-query';
import {
  useChatConversationCoproprietaireQuery,
  useChatConversationMessagesQuery,
  useChatConversationsListeQuery,
  type ChatMessage,
  type ConversationResume,
} from './chat-api';
import { ConversationPane, momentText, RoleAvatar } from './chat-parts';
import { CONVERSATION_PARAM } from './paths';
import { useConversationLive, useNoteMessages } from './use-conversation-live';

/** Below this width one pane shows at a time (spec 3 §9: mobile breakpoint 768 px). */
const ONE_PANE_QUERY = '(max-width: 767px)';

/** The signed-in user as the author of a message about to be sent (replaced by the server's). */
function auteur(user: User, espace: 'syndic' | 'coproprietaire'): ChatMessage['user'] {
  const role =
    espace === 'coproprietaire'
      ? 'proprietaire'
      : user.is_president
        ? 'president'
        : user.is_finance
          ? 'tresorier'
          : 'syndic';
  return { id: user.id, nom: user.nom, primary_role: role };
}

function ConversationLine({
  resume,
  selected,
  onSelect,
}: {
  resume: ConversationResume;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation('chat');
  const last = resume.last_message;
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        data-testid="chat-conversation"
        data-unread={!resume.is_all_read}
        className={cn(
          'flex w-full items-start gap-3 px-4 py-3 text-start transition-colors hover:bg-muted focus-visible:bg-muted focus-visible:outline-none',
          selected && 'bg-muted',
        )}
      >
        <RoleAvatar nom={resume.resident_name} role="proprietaire" />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex items-baseline gap-2">
            <UserText className={cn('min-w-0 flex-1 truncate', !resume.is_all_read && 'font-semibold')}>
              {resume.resident_name}
            </UserText>
            {last && (
              <span className="shrink-0 text-[11px] text-muted-foreground tabular">{momentText(last.created_at)}</span>
            )}
          </span>
          <span className="flex items-center gap-2">
            <UserText className="min-w-0 flex-1 truncate text-xs text-muted-foreground">
              {last ? last.message : t('liste.aucunMessage')}
            </UserText>
            {!resume.is_all_read && (
              <span
                role="img"
                aria-label={t('liste.nonLu')}
                data-testid="chat-non-lu"
                className="size-2 shrink-0 rounded-full bg-primary"
              />
            )}
          </span>
        </span>
      </button>
    </li>
  );
}

/**
 * /syndic/chat (spec 3 §2.9): the residence's conversations (search, unread marker) beside the
 * selected one, kept in the address (`?conversation=12`). Below 768 px one pane shows at a time,
 * the conversation with a back button to the list.
 */
export function SyndicChatPage() {
  const { t } = useTranslation('chat');
  const user = useAppSelector(selectUser);
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const onePane = useMediaQuery(ONE_PANE_QUERY);
  const selectedId = Number(params.get(CONVERSATION_PARAM)) || null;
  useConversationLive(user, 'syndic');

  const liste = useChatConversationsListeQuery();
  const conversation = useChatConversationMessagesQuery(selectedId ?? 0, { skip: selectedId === null });
  useNoteMessages(conversation.data?.data);
  const conversations = useMemo(
    () =>
      (liste.data?.conversations ?? []).filter((resume) =>
        matchesSearch([resume.resident_name, resume.last_message?.message ?? ''], search),
      ),
    [liste.data, search],
  );
  const selected = liste.data?.conversations.find((resume) => resume.id === selectedId);

  const select = (id: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete(CONVERSATION_PARAM);
        else next.set(CONVERSATION_PARAM, String(id));
        return next;
      },
      { replace: id === null },
    );

  const showList = !onePane || selectedId === null;
  const showPane = !onePane || selectedId !== null;
  if (!user) return null;

  return (
    <div className="grid gap-6">
      <PageHeader title={t('liste.title')} description={t('liste.subtitle')} />
      <Card className="flex h-[calc(100dvh-14rem)] min-h-[26rem] flex-row gap-0 overflow-hidden p-0">
        {showList && (
          <aside
            className={cn('flex min-h-0 flex-col', onePane ? 'w-full' : 'w-80 shrink-0 border-e')}
            aria-label={t('liste.label')}
          >
            <div className="relative border-b p-3">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute start-5.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder={t('liste.search')}
                aria-label={t('liste.search')}
                className="ps-9"
              />
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto">
              {liste.isLoading ? (
                <div className="grid gap-2 p-4" data-testid="chat-liste-skeleton">
                  {Array.from({ length: 6 }, (_, index) => (
                    <Skeleton key={index} className="h-12 w-full" />
                  ))}
                </div>
              ) : liste.isError ? (
                <Alert variant="destructive" className="m-3 items-center">
                  <span className="flex-1">{t('liste.error')}</span>
                  <Button variant="outline" size="sm" onClick={() => void liste.refetch()}>
                    <RotateCw aria-hidden="true" />
                    {t('liste.retry')}
                  </Button>
                </Alert>
              ) : conversations.length === 0 ? (
                <p className="px-4 py-10 text-center text-sm text-muted-foreground">{t('liste.empty')}</p>
              ) : (
                <ul className="divide-y" aria-label={t('liste.label')}>
                  {conversations.map((resume) => (
                    <ConversationLine
                      key={resume.id}
                      resume={resume}
                      selected={resume.id === selectedId}
                      onSelect={() => select(resume.id)}
                    />
                  ))}
                </ul>
              )}
            </div>
          </aside>
        )}
        {showPane &&
          (selectedId === null ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 text-sm text-muted-foreground">
              <MessagesSquare aria-hidden="true" className="size-6" />
              {t('conversation.choisir')}
            </div>
          ) : (
            <ConversationPane
              conversation={conversation.data?.data}
              isLoading={conversation.isLoading}
              isError={conversation.isError}
              onRetry={() => void conversation.refetch()}
              me={auteur(user, 'syndic')}
              header={
                <header className="flex items-center gap-2 border-b px-3 py-2">
                  {onePane && (
                    <Button
                      variant="ghost"
                      size="icon"
                      onClick={() => select(null)}
                      aria-label={t('conversation.retour')}
                    >
                      <ArrowLeft className="rtl:rotate-180" />
                    </Button>
                  )}
                  <h2 className="truncate font-medium" data-testid="chat-titre">
                    <UserText>{selected?.resident_name ?? conversation.data?.data.resident_name ?? ''}</UserText>
                  </h2>
                </header>
              }
            />
          ))}
      </Card>
    </div>
  );
}

/** /coproprietaire/chat (spec 3 §2.9): the co-owner's single conversation with the syndic. */
export function CoproprietaireChatPage() {
  const { t } = useTranslation('chat');
  const user = useAppSelector(selectUser);
  useConversationLive(user, 'coproprietaire');
  const { data, isLoading, isError, refetch } = useChatConversationCoproprietaireQuery();
  useNoteMessages(data?.data);
  if (!user) return null;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader
        title={t('conversation.titleCoproprietaire')}
        description={t('conversation.subtitleCoproprietaire')}
      />
      <Card className="flex h-[calc(100dvh-14rem)] min-h-[26rem] flex-col gap-0 overflow-hidden p-0">
        <ConversationPane
          conversation={data?.data}
          isLoading={isLoading}
          isError={isError}
          onRetry={() => void refetch()}
          me={auteur(user, 'coproprietaire')}
        />
      </Card>
    </div>
  );
}
