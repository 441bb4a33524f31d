import type { User } from '@/api/types';

/**
 * The paths of the app's frame (spec 1 §2, spec 3 §2): public pages, sign-in, the two spaces and
 * their dashboards (where a user lands). A feature module keeps its own paths in its folder
 * (`features/<module>/paths.ts`); features read this file for the frame's paths only.
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
  },
  coproprietaire: {
    root: '/coproprietaire',
    tableauDeBord: '/coproprietaire/tableau-de-bord',
    parametres: '/coproprietaire/parametres',
  },
} as const;

/** Where a user lands after login or when opening /login signed in (spec 1 §2). */
export function homePathFor(user: Pick<User, 'is_syndic'>): string {
  return user.is_syndic ? paths.syndic.tableauDeBord : paths.coproprietaire.tableauDeBord;
}
