import { refusalText } from '@/lib/api-error-message';
import type { MessageKey } from '@/lib/validation';

/**
 * The breakdown reports' refusals (spec 3 §8 "Pannes": a delete refused with 422 says the status
 * prevents it; others a generic error).
 */
const PANNES_CODES: Record<string, MessageKey> = {
  panne_statut_evolue: 'pannes:lock.statutEvolue',
  panne_introuvable: 'pannes:errors.deleted',
  commentaire_introuvable: 'pannes:errors.commentaireIntrouvable',
  auteur_requis: 'pannes:lock.auteur',
};

export function pannesErrorText(error: unknown, fallback: MessageKey): string {
  return refusalText(error, PANNES_CODES, fallback);
}
