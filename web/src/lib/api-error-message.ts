import { apiErrorBody, apiErrorCode, isNetworkError, type ErrorCode } from '@/api/errors';
import { translateMessage } from './translate-message';
import type { MessageKey } from './validation';

/** Message keys by error code: a feature's own map, or the common one below. */
export type ErrorMessages = Partial<Record<ErrorCode, MessageKey>>;

/**
 * Codes every feature may get back and localises the same way (catalogue `errors`).
 * A feature passes its own codes on top (spec: the client branches on `code`, never on status).
 */
const COMMON_CODES: ErrorMessages = {
  president_required: 'errors:president_required',
  finance_required: 'errors:finance_required',
  forbidden: 'errors:forbidden',
  not_found: 'errors:not_found',
  validation_failed: 'errors:validation_failed',
  csrf_token_mismatch: 'errors:csrf_token_mismatch',
  too_many_attempts: 'errors:too_many_attempts',
  syndic_required: 'errors:syndic_required',
  // The ledger's guards, shared by every money module (spec 1 §8 "Other messages").
  exercice_cloture: 'errors:exercice_cloture',
  aucun_exercice_ouvert: 'errors:aucun_exercice_ouvert',
  conflit_concurrent: 'errors:conflit_concurrent',
  // The projector's answers: the residence's books set aside, or a read model catching up
  // with the journal after a release (503, try again shortly).
  projection_en_echec: 'errors:projection_en_echec',
  projection_en_rattrapage: 'errors:projection_en_rattrapage',
  // A co-owner's page or file the council hid from them (docs/api-visibilite.md).
  visibilite_refusee: 'errors:visibilite_refusee',
};

/**
 * The catalogue key of the message to show for a failed request: the feature's own message for
 * its codes, then the common ones, then "connection lost" or the generic failure.
 */
export function errorMessageKey(
  error: unknown,
  featureCodes: ErrorMessages = {},
  fallback: MessageKey = 'errors:general_error',
): MessageKey {
  const code = apiErrorCode(error);
  if (code !== undefined) {
    const key = featureCodes[code] ?? COMMON_CODES[code];
    if (key) return key;
  }
  if (isNetworkError(error)) return 'errors:network_error';
  return fallback;
}

/**
 * The text of a refusal for a toast: the feature's own text for its codes (keyed by string: a
 * feature's codes may join the generated catalogue only with the server's routes), then the
 * common ones, then the server's own message, then `fallback` (spec 3 §8: "the server message if
 * present, else …").
 */
export function refusalText(error: unknown, featureCodes: Record<string, MessageKey>, fallback: MessageKey): string {
  const code = apiErrorCode(error) as string | undefined;
  const own = code === undefined ? undefined : featureCodes[code];
  if (own) return translateMessage(own);
  const common = errorMessageKey(error, {}, fallback);
  if (common !== fallback && common !== 'errors:general_error') return translateMessage(common);
  // An unexpected failure's message is the server's opaque one: the action's own text says more.
  const body = apiErrorBody(error);
  return (body && body.code !== 'internal_error' && body.message) || translateMessage(fallback);
}
