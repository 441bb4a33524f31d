import { generatePath } from 'react-router';
import type { ContratSide } from './contrats-api';

/**
 * The contracts' addresses (spec 1 §2 "Revenue screens": contracts, clients, exceptional revenues;
 * spec 2 §2 "Expense contracts").
 */
export const contratsPaths = {
  contratsRevenus: '/syndic/revenus/contrats',
  contratsDepenses: '/syndic/depenses/contrats-depenses',
  clients: '/syndic/revenus/clients',
  clientCreer: '/syndic/revenus/clients/creer',
  clientModifier: '/syndic/revenus/clients/modifier/:clientId',
  revenusExceptionnels: '/syndic/revenus/revenus-exceptionnels',
  revenuExceptionnelCreer: '/syndic/revenus/revenus-exceptionnels/creer',
} as const;

/** The addresses of one side's contracts (the id is `contratId` on both). */
export const CONTRAT_PATHS: Record<ContratSide, { list: string; creer: string; gerer: string; modifier: string }> = {
  revenus: {
    list: contratsPaths.contratsRevenus,
    creer: `${contratsPaths.contratsRevenus}/creer`,
    gerer: `${contratsPaths.contratsRevenus}/gerer/:contratId`,
    modifier: `${contratsPaths.contratsRevenus}/modifier/:contratId`,
  },
  depenses: {
    list: contratsPaths.contratsDepenses,
    creer: `${contratsPaths.contratsDepenses}/creer`,
    gerer: `${contratsPaths.contratsDepenses}/gerer/:contratId`,
    modifier: `${contratsPaths.contratsDepenses}/modifier/:contratId`,
  },
};

/** …/gerer/{contratId}. */
export function contratGererPath(side: ContratSide, id: number | string): string {
  return generatePath(CONTRAT_PATHS[side].gerer, { contratId: String(id) });
}

/** …/modifier/{contratId}. */
export function contratModifierPath(side: ContratSide, id: number | string): string {
  return generatePath(CONTRAT_PATHS[side].modifier, { contratId: String(id) });
}

/** /syndic/revenus/clients/modifier/{clientId}. */
export function clientModifierPath(clientId: number | string): string {
  return generatePath(contratsPaths.clientModifier, { clientId: String(clientId) });
}
