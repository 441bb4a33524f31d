import { BellRing, MessageSquareText, ShoppingCart } from 'lucide-react';
import type { FeatureModule } from '@/lib/feature-module';
import ar from './locales/ar/recouvrement.json';
import fr from './locales/fr/recouvrement.json';
import { recouvrementPaths } from './paths';

const catalogues = { fr: { recouvrement: fr }, ar: { recouvrement: ar } };

/**
 * Debt recovery (spec 1 §2 "recouvrement", issue 16): the debtors with a total-due card, one
 * debtor's unpaid amounts, SMS and letters (sending and letters for the treasurer or the
 * president, the others read), and the SMS packs bought. Its own sidebar group, after the
 * assemblies (130).
 */
export const recouvrementModule: FeatureModule<typeof catalogues> = {
  id: 'recouvrement',
  catalogues,
  routes: {
    syndic: [
      {
        path: recouvrementPaths.smsLettres,
        handle: { crumb: (t) => t('recouvrement:nav.smsLettres') },
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./sms-lettres-page')).SmsLettresPage }) },
          {
            path: recouvrementPaths.details,
            handle: { crumb: (t) => t('recouvrement:crumbs.details') },
            lazy: async () => ({ Component: (await import('./occupant-details-page')).OccupantDetailsPage }),
          },
        ],
      },
      {
        path: recouvrementPaths.achatsSms,
        handle: { crumb: (t) => t('recouvrement:nav.achatsSms') },
        lazy: async () => ({ Component: (await import('./achats-sms-page')).AchatsSmsPage }),
      },
    ],
  },
  nav: {
    syndic: [
      { kind: 'group', order: 130, id: 'recouvrement', labelKey: 'recouvrement:nav.group', icon: BellRing },
      {
        kind: 'link',
        group: 'recouvrement',
        order: 10,
        id: 'sms-lettres',
        labelKey: 'recouvrement:nav.smsLettres',
        to: recouvrementPaths.smsLettres,
        icon: MessageSquareText,
      },
      {
        kind: 'link',
        group: 'recouvrement',
        order: 20,
        id: 'achats-sms',
        labelKey: 'recouvrement:nav.achatsSms',
        to: recouvrementPaths.achatsSms,
        icon: ShoppingCart,
      },
    ],
  },
};
