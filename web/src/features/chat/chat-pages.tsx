import { MessagesSquare, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { UserText } from '@/components/user-text';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/dates';
import { matchesSearch } from '@/lib/search';
import { useMediaQuery } from '@/lib/use-media-query';
import { useChatMarquerLuMutation, type ConversationResume } from './chat-api';
import { ConversationPane } from './conversation-pane';
import { useConversationLive, useConversationsLive, useCoproprietaireConversationLive } from './use-conversation-live';

/** Spec 3 §9: the phone layout below 768 px (one pane at a time, with a back button). */
const PHONE = '(max-width: 767px)';

/**
 * Opening a conversation that is not fully read marks it read on the server (and in the list at
 * once, spec 3 §4 "Conversation"); again whenever new messages of the other side arrive.
 */
function useMarkReadWhenOpen(conversationId: number | null, isAllRead: boolean | undefined) {
  const [marquerLu] = useChatMarquerLuMutation();
  useEffect(() => {
    if (conversationId !== null && isAllRead === false) void marquerLu(conversationId);
  }, [conversationId, isAllRead, marquerLu]);
}

function ConversationItem({
  conversation,
  selected,
  onSelect,
}: {
  conversation: ConversationResume;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation('chat');
  const unread = !conversation.is_all_read;
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        data-testid="conversation"
        className={cn(
          'grid w-full gap-0.5 rounded-lg px-3 py-2.5 text-start transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          selected && 'bg-accent',
        )}
      >
        <span className="flex items-center gap-2">
          <UserText className={cn('min-w-0 flex-1 truncate', unread ? 'font-semibold' : 'font-medium')}>
            {conversation.resident_name}
          </UserText>
          {unread && (
            <span className="size-2.5 shrink-0 rounded-full bg-primary" data-testid="conversation-unread">
              <span className="sr-only">{t('unread')}</span>
            </span>
          )}
        </span>
        {conversation.last_message && (
          <span className="flex items-center gap-2 text-xs text-muted-foreground">
            <UserText className="min-w-0 flex-1 truncate">{conversation.last_message.message}</UserText>
            <span className="shrink-0 tabular">{formatDateTime(conversation.last_message.created_at)}</span>
          </span>
        )}
      </button>
    </li>
  );
}

/**
 * /syndic/chat (spec 3 §2.9): the conversations with a search and an unread marker, and the
 * selected one's messages; on a phone one pane at a time with a back button. The selected
 * conversation is in the address (`?conversation=12`).
 */
export function SyndicChatPage() {
  const { t } = useTranslation('chat');
  const phone = useMediaQuery(PHONE);
  const [params, setParams] = useSearchParams();
  const [recherche, setRecherche] = useState('');
  const liste = useConversationsLive();
  const selectedId = Number(params.get('conversation')) || null;
  const messages = useConversationLive(selectedId);
  useMarkReadWhenOpen(selectedId, messages.data?.data.is_all_read);

  const conversations = liste.data?.conversations ?? [];
  const shown = conversations.filter((conversation) => matchesSearch(conversation.resident_name, recherche));
  const selected = conversations.find((conversation) => conversation.id === selectedId);
  const select = (id: number | null) => setParams(id === null ? {} : { conversation: String(id) });

  const list = (
    <section className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-3" aria-label={t('conversations')}>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute start-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          value={recherche}
          onChange={(event) => setRecherche(event.target.value)}
          placeholder={t('search')}
          aria-label={t('search')}
          className="ps-8"
        />
      </div>
      {liste.isLoading ? (
        <div className="grid gap-2">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-12 w-full" />
          ))}
        </div>
      ) : liste.isError ? (
        <Alert variant="destructive" className="items-center">
          <span className="flex-1">{t('errors.conversations')}</span>
          <Button variant="outline" size="sm" onClick={() => void liste.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : shown.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('emptyList')}</p>
      ) : (
        <ul className="grid gap-1 overflow-y-auto">
          {shown.map((conversation) => (
            <ConversationItem
              key={conversation.id}
              conversation={conversation}
              selected={conversation.id === selectedId}
              onSelect={() => select(conversation.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );

  const pane =
    selectedId === null ? (
      <div className="flex h-[calc(100dvh-11rem)] min-h-96 flex-col items-center justify-center gap-2 rounded-xl border border-dashed text-sm text-muted-foreground">
        <MessagesSquare aria-hidden="true" className="size-6" />
        {t('choose')}
      </div>
    ) : (
      <ConversationPane
        conversation={{ space: 'syndic', id: selectedId }}
        titre={selected?.resident_name ?? t('title')}
        messages={messages.data?.data.messages}
        isLoading={messages.isLoading}
        isError={messages.isError}
        onRetry={() => void messages.refetch()}
        onBack={phone ? () => select(null) : undefined}
      />
    );

  return (
    <div className="grid gap-6">
      <PageHeader title={t('title')} description={t('subtitle')} />
      {!phone ? (
        <div className="grid grid-cols-[minmax(14rem,20rem)_minmax(0,1fr)] gap-4">
          {list}
          {pane}
        </div>
      ) : selectedId === null ? (
        list
      ) : (
        pane
      )}
    </div>
  );
}

/** /coproprietaire/chat (spec 3 §2.9): the co-owner's one conversation with the syndic. */
export function CoproprietaireChatPage() {
  const { t } = useTranslation('chat');
  const conversation = useCoproprietaireConversationLive();
  const data = conversation.data?.data;
  useMarkReadWhenOpen(data?.id ?? null, data?.is_all_read);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={t('title')} description={t('subtitleCoproprietaire')} />
      <ConversationPane
        conversation={data ? { space: 'coproprietaire', id: data.id } : null}
        titre={t('avecSyndic')}
        messages={data?.messages}
        isLoading={conversation.isLoading}
        isError={conversation.isError}
        onRetry={() => void conversation.refetch()}
      />
    </div>
  );
}
