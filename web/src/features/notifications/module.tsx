import type { FeatureModule } from '@/lib/feature-module';
import { NotificationBell } from './notification-bell';
import ar from './locales/ar/notifications.json';
import fr from './locales/fr/notifications.json';

const catalogues = { fr: { notifications: fr }, ar: { notifications: ar } };

/**
 * Notifications (spec 3 §2.4 bell, §4; issue 18): no page of their own, the header's bell
 * (notification-bell.tsx, in the header of both spaces) and the catalogue of their titles.
 */
export const notificationsModule: FeatureModule<typeof catalogues> = {
  id: 'notifications',
  catalogues,
  header: NotificationBell,
};
