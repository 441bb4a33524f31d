import { generatePath } from 'react-router';

/** The properties module's addresses (spec 2 §2), under the syndic space. */
export const proprietesPaths = {
  proprietes: '/syndic/administration/proprietes',
  historique: '/syndic/administration/proprietes/historique/:proprieteId',
  occupationCreer: '/syndic/administration/proprietes/historique/:proprieteId/creer',
  occupationModifier: '/syndic/administration/proprietes/historique/:proprieteId/modifier/:occupationId',
} as const;

/** /syndic/administration/proprietes/historique/{proprieteId}. */
export function historiquePath(proprieteId: number | string): string {
  return generatePath(proprietesPaths.historique, { proprieteId: String(proprieteId) });
}

/** .../historique/{proprieteId}/creer. */
export function occupationCreerPath(proprieteId: number | string): string {
  return generatePath(proprietesPaths.occupationCreer, { proprieteId: String(proprieteId) });
}

/** .../historique/{proprieteId}/modifier/{occupationId}. */
export function occupationModifierPath(proprieteId: number | string, occupationId: number | string): string {
  return generatePath(proprietesPaths.occupationModifier, {
    proprieteId: String(proprieteId),
    occupationId: String(occupationId),
  });
}
