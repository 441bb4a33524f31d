import { generatePath } from 'react-router';

/** The payroll's addresses (spec 2 §2 "Salaries and employer charges"). */
export const salairesPaths = {
  salaries: '/syndic/salaires/salaries',
  salarieCreer: '/syndic/salaires/salaries/creer',
  salarieGerer: '/syndic/salaires/salaries/gerer/:salarieId',
  salarieModifier: '/syndic/salaires/salaries/modifier/:salarieId',
  paiementModifier: '/syndic/salaires/salaries/gerer/:salarieId/modifier-paiement/:paiementId',
  chargesPatronales: '/syndic/salaires/charges-patronales',
  chargePatronaleCreer: '/syndic/salaires/charges-patronales/creer',
  chargePatronaleModifier: '/syndic/salaires/charges-patronales/modifier/:paiementId',
} as const;

/** /syndic/salaires/salaries/gerer/{salarieId}. */
export function salarieGererPath(salarieId: number | string): string {
  return generatePath(salairesPaths.salarieGerer, { salarieId: String(salarieId) });
}

/** /syndic/salaires/salaries/modifier/{salarieId}. */
export function salarieModifierPath(salarieId: number | string): string {
  return generatePath(salairesPaths.salarieModifier, { salarieId: String(salarieId) });
}

/** /syndic/salaires/salaries/gerer/{salarieId}/modifier-paiement/{paiementId}. */
export function paiementModifierPath(salarieId: number | string, paiementId: number | string): string {
  return generatePath(salairesPaths.paiementModifier, {
    salarieId: String(salarieId),
    paiementId: String(paiementId),
  });
}

/** /syndic/salaires/charges-patronales/modifier/{paiementId}. */
export function chargePatronaleModifierPath(paiementId: number | string): string {
  return generatePath(salairesPaths.chargePatronaleModifier, { paiementId: String(paiementId) });
}
