import { generatePath } from 'react-router';

/** The revenue module's addresses (spec 1 §2, spec 3 §2.12). */
export const cotisationsPaths = {
  repartitionCotisations: '/syndic/administration/repartition-cotisations',
  cotisations: '/syndic/revenus/cotisations',
  cotisationCreer: '/syndic/revenus/cotisations/creer',
  cotisationGerer: '/syndic/revenus/cotisations/gerer/:cotisationId',
  cotisationModifier: '/syndic/revenus/cotisations/modifier/:cotisationId',
  encaissement: '/syndic/revenus/encaissement',
  encaissementHistorique: '/syndic/revenus/encaissement/historique/:proprieteId',
  encaissementGerer: '/syndic/revenus/encaissement/historique/:proprieteId/gerer/:encaissementId',
  /** The co-owner's own cotisations. */
  mesCotisations: '/coproprietaire/cotisations',
} as const;

/** /syndic/revenus/cotisations/gerer/{cotisationId}. */
export function cotisationGererPath(cotisationId: number | string): string {
  return generatePath(cotisationsPaths.cotisationGerer, { cotisationId: String(cotisationId) });
}

/** /syndic/revenus/cotisations/modifier/{cotisationId}. */
export function cotisationModifierPath(cotisationId: number | string): string {
  return generatePath(cotisationsPaths.cotisationModifier, { cotisationId: String(cotisationId) });
}

/** /syndic/revenus/encaissement/historique/{proprieteId}: a property's payments. */
export function encaissementHistoriquePath(proprieteId: number | string): string {
  return generatePath(cotisationsPaths.encaissementHistorique, { proprieteId: String(proprieteId) });
}

/** .../encaissement/historique/{proprieteId}/gerer/{encaissementId}. */
export function encaissementGererPath(proprieteId: number | string, encaissementId: number | string): string {
  return generatePath(cotisationsPaths.encaissementGerer, {
    proprieteId: String(proprieteId),
    encaissementId: String(encaissementId),
  });
}

/**
 * /syndic/recouvrement/sms-lettres/details/{occupantId}: the payer's reminders page, in the
 * recouvrement module (spec 1 §2: the encaissement screen's SMS button leads there with the
 * owner's id, proprietaire_id). Spelled here because a feature does not import another's paths;
 * the routing test follows the link to the page.
 */
export function relanceSmsPath(occupantId: number | string): string {
  return `/syndic/recouvrement/sms-lettres/details/${encodeURIComponent(String(occupantId))}`;
}
