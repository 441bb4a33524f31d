import { generatePath } from 'react-router';
import type { DepenseKind } from './depenses-api';

/** The expenses' addresses (spec 2 §2 "Categories and suppliers", "Current charges", "Works"). */
export const depensesPaths = {
  categories: '/syndic/depenses/categories',
  fournisseurs: '/syndic/depenses/fournisseurs',
  fournisseurCreer: '/syndic/depenses/fournisseurs/creer',
  fournisseurModifier: '/syndic/depenses/fournisseurs/modifier/:fournisseurId',
  charges: '/syndic/depenses/charges',
  chargeCreer: '/syndic/depenses/charges/creer',
  chargeGerer: '/syndic/depenses/charges/gerer/:chargeId',
  chargeModifier: '/syndic/depenses/charges/modifier/:chargeId',
  travaux: '/syndic/depenses/travaux',
  travauxCreer: '/syndic/depenses/travaux/creer',
  travauxGerer: '/syndic/depenses/travaux/gerer/:travauxId',
  travauxModifier: '/syndic/depenses/travaux/modifier/:travauxId',
} as const;

/** /syndic/depenses/fournisseurs/modifier/{fournisseurId}. */
export function fournisseurModifierPath(fournisseurId: number | string): string {
  return generatePath(depensesPaths.fournisseurModifier, { fournisseurId: String(fournisseurId) });
}

/** The addresses of one kind of expense, and the name of its id in them. */
export const DEPENSE_PATHS: Record<
  DepenseKind,
  { list: string; creer: string; gerer: string; modifier: string; param: 'chargeId' | 'travauxId' }
> = {
  charges: {
    list: depensesPaths.charges,
    creer: depensesPaths.chargeCreer,
    gerer: depensesPaths.chargeGerer,
    modifier: depensesPaths.chargeModifier,
    param: 'chargeId',
  },
  travaux: {
    list: depensesPaths.travaux,
    creer: depensesPaths.travauxCreer,
    gerer: depensesPaths.travauxGerer,
    modifier: depensesPaths.travauxModifier,
    param: 'travauxId',
  },
};

/** /syndic/depenses/{charges|travaux}/gerer/{id}. */
export function depenseGererPath(kind: DepenseKind, id: number | string): string {
  const paths = DEPENSE_PATHS[kind];
  return generatePath(paths.gerer, { [paths.param]: String(id) });
}

/** /syndic/depenses/{charges|travaux}/modifier/{id}. */
export function depenseModifierPath(kind: DepenseKind, id: number | string): string {
  const paths = DEPENSE_PATHS[kind];
  return generatePath(paths.modifier, { [paths.param]: String(id) });
}
