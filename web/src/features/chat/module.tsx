import { MessagesSquare } from 'lucide-react';
import type { FeatureModule } from '@/lib/feature-module';
import ar from './locales/ar/chat.json';
import fr from './locales/fr/chat.json';
import { chatPaths } from './paths';

const catalogues = { fr: { chat: fr }, ar: { chat: ar } };

/**
 * Chat (spec 3 §2.9, §4 "Conversation"; issue 18): the syndic's conversations with every co-owner,
 * the co-owner's one conversation with the syndic. Sidebar: syndic 70 (after banque), co-owner 50
 * (after pannes). Real time: use-conversation-live.ts.
 */
export const chatModule: FeatureModule<typeof catalogues> = {
  id: 'chat',
  catalogues,
  routes: {
    syndic: [
      {
        path: chatPaths.syndic,
        handle: { crumb: (t) => t('chat:nav.chat') },
        lazy: async () => ({ Component: (await import('./chat-pages')).SyndicChatPage }),
      },
    ],
    coproprietaire: [
      {
        path: chatPaths.coproprietaire,
        handle: { crumb: (t) => t('chat:nav.chat') },
        lazy: async () => ({ Component: (await import('./chat-pages')).CoproprietaireChatPage }),
      },
    ],
  },
  nav: {
    syndic: [
      { kind: 'link', order: 70, id: 'chat', labelKey: 'chat:nav.chat', to: chatPaths.syndic, icon: MessagesSquare },
    ],
    coproprietaire: [
      {
        kind: 'link',
        order: 50,
        id: 'chat',
        labelKey: 'chat:nav.chat',
        to: chatPaths.coproprietaire,
        icon: MessagesSquare,
      },
    ],
  },
};
