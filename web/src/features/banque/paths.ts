import { generatePath } from 'react-router';
import { BANK_ACCOUNTS_PATH } from '@/components/no-bank-alert';

/** The bank's addresses (spec 2 §2 "Banking"). */
export const banquePaths = {
  comptes: BANK_ACCOUNTS_PATH,
  compteCreer: '/syndic/banque/comptes/creer',
  compteModifier: '/syndic/banque/comptes/modifier/:compteId',
  retraits: '/syndic/banque/retraits-espece',
  depots: '/syndic/banque/depots-espece',
  frais: '/syndic/banque/frais-bancaires',
  interets: '/syndic/banque/interets-gagnes',
  transferts: '/syndic/banque/transferts-intercomptes',
  transfertCreer: '/syndic/banque/transferts-intercomptes/creer',
  transfertModifier: '/syndic/banque/transferts-intercomptes/modifier/:transfertId',
} as const;

/** /syndic/banque/comptes/modifier/{compteId}. */
export function compteModifierPath(compteId: number | string): string {
  return generatePath(banquePaths.compteModifier, { compteId: String(compteId) });
}

/** /syndic/banque/transferts-intercomptes/modifier/{transfertId}. */
export function transfertModifierPath(transfertId: number | string): string {
  return generatePath(banquePaths.transfertModifier, { transfertId: String(transfertId) });
}
