import { apiErrorCode, type ErrorCode } from '@/api/errors';
import { errorMessageKey, type ErrorMessages } from '@/lib/api-error-message';
import type { MessageKey } from '@/lib/validation';

/**
 * Codes of the revenue calls with a message of their own (server contract; spec 1 §8). The
 * ledger's guards (exercice_cloture, aucun_exercice_ouvert) and the permission codes are common
 * (lib/api-error-message).
 */
const REVENUS_CODES: ErrorMessages = {
  cotisation_avec_encaissements: 'cotisations:errors.cotisation_avec_encaissements',
  repartition_non_modifiable: 'cotisations:errors.repartition_non_modifiable',
  repartition_incomplete: 'cotisations:errors.repartition_incomplete',
  trop_d_appels: 'cotisations:errors.trop_d_appels',
  aucune_propriete: 'cotisations:errors.aucune_propriete',
  cotisation_inconnue: 'cotisations:errors.cotisation_inconnue',
  montant_du_inconnu: 'cotisations:errors.montant_du_inconnu',
  encaissement_inconnu: 'cotisations:errors.encaissement_inconnu',
  montant_maximum_depasse: 'cotisations:errors.montant_maximum_depasse',
  montant_non_modifiable: 'cotisations:errors.montant_non_modifiable',
  date_paiement_future: 'cotisations:errors.date_paiement_future',
  propriete_inconnue: 'cotisations:errors.propriete_inconnue',
  // A deposited cheque's payment changes only after its deposit is deleted (spec 2 §8, 409).
  cheque_remis: 'cotisations:errors.cheque_remis',
};

/** The message key of a failed revenue call, by code; `fallback` for anything unexpected. */
export function revenusErrorKey(error: unknown, fallback: MessageKey): MessageKey {
  return errorMessageKey(error, REVENUS_CODES, fallback);
}

/**
 * Refusals about one field of a payment form: shown under the field rather than in a toast
 * (the collection sheet and the encaissement edit share the field names).
 */
const FIELD_CODES: Partial<Record<ErrorCode, { field: 'montant' | 'date_paiement'; message: MessageKey }>> = {
  montant_maximum_depasse: { field: 'montant', message: 'cotisations:errors.montant_maximum_depasse' },
  montant_non_modifiable: { field: 'montant', message: 'cotisations:errors.montant_non_modifiable' },
  date_paiement_future: { field: 'date_paiement', message: 'cotisations:errors.date_paiement_future' },
};

/** Puts a payment refusal under its field; true when the error was shown this way. */
export function applyPaiementFieldCode(
  error: unknown,
  setFieldError: (field: string, message: string) => void,
): boolean {
  const code = apiErrorCode(error);
  const target = code === undefined ? undefined : FIELD_CODES[code];
  if (!target) return false;
  setFieldError(target.field, target.message);
  return true;
}
