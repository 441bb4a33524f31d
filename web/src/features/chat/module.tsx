import { MessagesSquare } from 'lucide-react';
import type { FeatureModule } from '@/lib/feature-module';
import ar from './locales/ar/chat.json';
import fr from './locales/fr/chat.json';
import { chatPaths } from './paths';

const catalogues = { fr: { chat: fr }, ar: { chat: ar } };

/**
 * The chat between the co-owners and the council (spec 3 §2.9, §4 "Conversation"; issue 18): the
 * council's conversations (sidebar 70, after the bank) and the co-owner's own (50, after the
 * breakdowns), kept current by the real-time channel (lib/temps-reel).
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
