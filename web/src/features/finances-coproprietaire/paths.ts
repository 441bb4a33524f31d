import { generatePath } from 'react-router';

/** The co-owner's finance pages (spec 3 §2.3). */
export const financesPaths = {
  revenus: '/coproprietaire/revenus',
  revenuDetails: '/coproprietaire/revenus/:model/:modelId',
  charges: '/coproprietaire/charges',
  chargeDetails: '/coproprietaire/charges/:model/:modelId',
  travaux: '/coproprietaire/travaux',
  travauxDetails: '/coproprietaire/travaux/travaux-details/:modelId',
  travauxModel: '/coproprietaire/travaux/:model/:modelId',
  contratsRevenus: '/coproprietaire/contrats/revenus',
  contratRevenuDetails: '/coproprietaire/contrats/revenus/details/:contratId',
  contratsDepenses: '/coproprietaire/contrats/contrats-depenses',
  contratDepenseDetails: '/coproprietaire/contrats/contrats-depenses/details/:contratId',
} as const;

/** /coproprietaire/revenus/{model}/{modelId}. */
export function revenuDetailsPath(model: string, modelId: number | string): string {
  return generatePath(financesPaths.revenuDetails, { model, modelId: String(modelId) });
}

/** /coproprietaire/charges/{model}/{modelId}. */
export function chargeDetailsPath(model: string, modelId: number | string): string {
  return generatePath(financesPaths.chargeDetails, { model, modelId: String(modelId) });
}

/** /coproprietaire/travaux/travaux-details/{modelId}. */
export function travauxDetailsPath(modelId: number | string): string {
  return generatePath(financesPaths.travauxDetails, { modelId: String(modelId) });
}

/** /coproprietaire/contrats/revenus/details/{contratId} or …/contrats-depenses/details/{contratId}. */
export function contratDetailsPath(sens: 'revenus' | 'depenses', contratId: number | string): string {
  const path = sens === 'revenus' ? financesPaths.contratRevenuDetails : financesPaths.contratDepenseDetails;
  return generatePath(path, { contratId: String(contratId) });
}
