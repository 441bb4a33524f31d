import { apiErrorCode } from '@/api/errors';
import { refusalText } from '@/lib/api-error-message';
import type { MessageKey } from '@/lib/validation';

/**
 * The online payment's refusals (docs/api-paiement-en-ligne.md) said in the user's language, by
 * code. Keyed by string: the codes join the generated catalogue with the server's routes. The
 * closed-year, finance-only and validation refusals are common codes (lib/api-error-message).
 */
const PAIEMENT_EN_LIGNE_CODES: Record<string, MessageKey> = {
  paiement_en_ligne_indisponible: 'paiementEnLigne:errors.paiement_en_ligne_indisponible',
  paiement_en_ligne_en_cours: 'paiementEnLigne:errors.paiement_en_ligne_en_cours',
  passerelle_indisponible: 'paiementEnLigne:errors.passerelle_indisponible',
  montant_du_deja_paye: 'paiementEnLigne:errors.montant_du_deja_paye',
  // A due that is not the co-owner's, or no longer exists (404, whichever code names it).
  montant_du_inconnu: 'paiementEnLigne:errors.montant_du_inconnu',
  not_found: 'paiementEnLigne:errors.montant_du_inconnu',
  paiement_en_ligne_inconnu: 'paiementEnLigne:errors.paiement_inconnu',
  compte_inconnu: 'paiementEnLigne:errors.compte_inconnu',
};

/** The message of a failed online payment call, by code; `fallback` for anything unexpected. */
export function paiementEnLigneErrorText(error: unknown, fallback: MessageKey = 'errors:general_error'): string {
  return refusalText(error, PAIEMENT_EN_LIGNE_CODES, fallback);
}

/** Whether the refusal says the list the co-owner sees is stale (a due paid meanwhile). */
export function listeAJour(error: unknown): boolean {
  return apiErrorCode(error) === ('montant_du_deja_paye' as never);
}
