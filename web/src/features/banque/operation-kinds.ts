import { generatePath } from 'react-router';
import type { TypeOperation } from '@/api/generated';
import { banquePaths } from './paths';

/**
 * The four operation screens (spec 2 §2 "Banking": cash withdrawals, cash deposits, bank fees,
 * interest earned) are one list and one form parameterised by the operation's type: its
 * `categorie` on the wire, its address and its texts (`banque:operations.<type>.*`).
 */
export const OPERATION_TYPES = ['retrait', 'depot', 'frais', 'interets'] as const satisfies readonly TypeOperation[];
export type OperationType = TypeOperation;

/** The list's address of each type; `/{compteId}`, `/creer`, `/modifier/{operationId}` follow. */
export const OPERATION_BASE: Record<OperationType, string> = {
  retrait: banquePaths.retraits,
  depot: banquePaths.depots,
  frais: banquePaths.frais,
  interets: banquePaths.interets,
};

/** The route patterns under a type's list. */
export function operationRoutes(type: OperationType) {
  const base = OPERATION_BASE[type];
  return {
    list: base,
    listCompte: `${base}/:compteId`,
    creer: `${base}/creer`,
    modifier: `${base}/modifier/:operationId`,
  } as const;
}

/** The list, showing one account's operations when `compteId` is given. */
export function operationListPath(type: OperationType, compteId?: number | null): string {
  const base = OPERATION_BASE[type];
  return compteId ? generatePath(`${base}/:compteId`, { compteId: String(compteId) }) : base;
}

/** The creation form of an operation on account `compteId` (the list passes it: spec 2 §2). */
export function operationCreerPath(type: OperationType, compteId: number): string {
  return `${OPERATION_BASE[type]}/creer?compte=${compteId}`;
}

/** The edit form of an operation. */
export function operationModifierPath(type: OperationType, operationId: number): string {
  return generatePath(`${OPERATION_BASE[type]}/modifier/:operationId`, { operationId: String(operationId) });
}
