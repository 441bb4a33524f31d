/**
 * The online payment's addresses (issue 21, docs/api-paiement-en-ligne.md). The return page is
 * the address the gateway sends the co-owner back to (the server hands it to Konnect as
 * successUrl and failUrl, which append `?payment_ref=`): it must not move.
 */
export const paiementEnLignePaths = {
  retour: '/coproprietaire/paiement-en-ligne/retour',
  syndic: '/syndic/banque/paiement-en-ligne',
  /** The co-owner's contributions (the cotisations module's page), spelled here: a feature does not import another's paths. */
  cotisations: '/coproprietaire/cotisations',
} as const;

/** The co-owner's receipt of a due (the cotisations module's endpoint, as its page downloads it). */
export function recuMontantDuPath(montantDuId: number): string {
  return `/api/cotisations/recu?montant_du_id=${encodeURIComponent(montantDuId)}`;
}
