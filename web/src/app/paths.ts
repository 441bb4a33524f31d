import { generatePath } from 'react-router';
import type { User } from '@/api/types';

/**
 * Every route path of the app, in one place (spec 1 §2, spec 3 §2). Links, redirects, the router
 * and the sidebar all read from here, so that renaming a route is a one-line change.
 */
export const paths = {
  home: '/',
  login: '/login',
  inactive: '/inactive',
  unauthorized: '/unauthorized',
  loading: '/loading',
  language: '/language',
  informationsGenerales: '/informations-generales',
  politiqueConfidentialite: '/politique-confidentialite',
  conditionsUtilisation: '/conditions-utilisation',
  syndic: {
    root: '/syndic',
    tableauDeBord: '/syndic/tableau-de-bord',
    proprietes: '/syndic/administration/proprietes',
    historique: '/syndic/administration/proprietes/historique/:proprieteId',
    occupationCreer: '/syndic/administration/proprietes/historique/:proprieteId/creer',
    occupationModifier: '/syndic/administration/proprietes/historique/:proprieteId/modifier/:occupationId',
    conseil: '/syndic/administration/conseil',
    repartitionCotisations: '/syndic/administration/repartition-cotisations',
    cotisations: '/syndic/revenus/cotisations',
    cotisationCreer: '/syndic/revenus/cotisations/creer',
    cotisationGerer: '/syndic/revenus/cotisations/gerer/:cotisationId',
    cotisationModifier: '/syndic/revenus/cotisations/modifier/:cotisationId',
    encaissement: '/syndic/revenus/encaissement',
    encaissementHistorique: '/syndic/revenus/encaissement/historique/:proprieteId',
    encaissementGerer: '/syndic/revenus/encaissement/historique/:proprieteId/gerer/:encaissementId',
  },
  coproprietaire: {
    root: '/coproprietaire',
    tableauDeBord: '/coproprietaire/tableau-de-bord',
    parametres: '/coproprietaire/parametres',
    conseil: '/coproprietaire/conseil',
    cotisations: '/coproprietaire/cotisations',
  },
} as const;

/** Where a user lands after login or when opening /login signed in (spec 1 §2). */
export function homePathFor(user: Pick<User, 'is_syndic'>): string {
  return user.is_syndic ? paths.syndic.tableauDeBord : paths.coproprietaire.tableauDeBord;
}

/** /syndic/administration/proprietes/historique/{proprieteId}. */
export function historiquePath(proprieteId: number | string): string {
  return generatePath(paths.syndic.historique, { proprieteId: String(proprieteId) });
}

/** .../historique/{proprieteId}/creer. */
export function occupationCreerPath(proprieteId: number | string): string {
  return generatePath(paths.syndic.occupationCreer, { proprieteId: String(proprieteId) });
}

/** .../historique/{proprieteId}/modifier/{occupationId}. */
export function occupationModifierPath(proprieteId: number | string, occupationId: number | string): string {
  return generatePath(paths.syndic.occupationModifier, {
    proprieteId: String(proprieteId),
    occupationId: String(occupationId),
  });
}

/** /syndic/revenus/cotisations/gerer/{cotisationId}. */
export function cotisationGererPath(cotisationId: number | string): string {
  return generatePath(paths.syndic.cotisationGerer, { cotisationId: String(cotisationId) });
}

/** /syndic/revenus/cotisations/modifier/{cotisationId}. */
export function cotisationModifierPath(cotisationId: number | string): string {
  return generatePath(paths.syndic.cotisationModifier, { cotisationId: String(cotisationId) });
}

/** /syndic/revenus/encaissement/historique/{proprieteId}: a property's payments. */
export function encaissementHistoriquePath(proprieteId: number | string): string {
  return generatePath(paths.syndic.encaissementHistorique, { proprieteId: String(proprieteId) });
}

/** .../encaissement/historique/{proprieteId}/gerer/{encaissementId}. */
export function encaissementGererPath(proprieteId: number | string, encaissementId: number | string): string {
  return generatePath(paths.syndic.encaissementGerer, {
    proprieteId: String(proprieteId),
    encaissementId: String(encaissementId),
  });
}
