import { generatePath } from 'react-router';

/** The debt recovery's addresses (spec 1 §2 "Revenue screens": recouvrement). */
export const recouvrementPaths = {
  smsLettres: '/syndic/recouvrement/sms-lettres',
  details: '/syndic/recouvrement/sms-lettres/details/:occupantId',
  achatsSms: '/syndic/recouvrement/achats-sms',
} as const;

/** /syndic/recouvrement/sms-lettres/details/{occupantId}: one debtor's reminders. */
export function recouvrementDetailsPath(occupantId: number | string): string {
  return generatePath(recouvrementPaths.details, { occupantId: String(occupantId) });
}
