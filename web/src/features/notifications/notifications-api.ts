import { generatedApi } from '@/api/generated';

/*
 * The notifications' endpoints (spec 3 §3 "Notification", §4 "Notifications", §7; issue 18),
 * written by hand while the server's routes are being built.
 *
 * Shapes the spec leaves open, chosen here (docs/decisions.md "Community screens (issue 18)"):
 * - `GET /notifications` answers `{ success, data }`, newest first, at most 50;
 * - `title_key` is a key of the client's `notifications:titres` catalogue (`vote_publie`…),
 *   translated on the client; `icon` one of the names in notification-bell.tsx; `time` an RFC 3339
 *   timestamp; `link` a path of the app (`/coproprietaire/votes`) or null;
 * - `POST /notifications/mark-all-read` answers `{ success }`.
 * Kept 5 minutes (spec 3 §9); read again when the real-time channel (lib/temps-reel) announces
 * one, and every 2 minutes while the frame is open (for a tab whose socket is down).
 */

export interface AppNotification {
  id: number;
  seen: boolean;
  icon: string;
  title_key: string;
  time: string;
  link: string | null;
}

export const NOTIFICATIONS_POLL_MS = 120_000;
const FIVE_MINUTES = 300;

export const notificationsApi = generatedApi.enhanceEndpoints({ addTagTypes: ['notifications'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /notifications. */
    notificationsListe: build.query<{ success: boolean; data: AppNotification[] }, void>({
      query: () => ({ url: '/api/notifications' }),
      providesTags: ['notifications'],
      keepUnusedDataFor: FIVE_MINUTES,
    }),
    /**
     * POST /notifications/mark-all-read: every notification is shown read at once and put back
     * unread if the server refuses (spec 3 §4 "Notifications").
     */
    notificationsMarkAllRead: build.mutation<{ success: boolean }, void>({
      query: () => ({ url: '/api/notifications/mark-all-read', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('notificationsListe', undefined, (draft) => {
            for (const notification of draft.data) notification.seen = true;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useNotificationsListeQuery, useNotificationsMarkAllReadMutation } = notificationsApi;
