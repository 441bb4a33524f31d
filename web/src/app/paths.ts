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

/** Pages a signed-in user is never sent back to: the sign-in and the session's own stops. */
const notReturnable = [paths.login, paths.inactive, paths.unauthorized, paths.loading];

/**
 * Where a user goes after signing in: back to the page that asked them to sign in (`from`, the
 * path a guard recorded), when it is a page of this app they may open, else their home. A
 * co-owner is never sent back to the syndic's space (they would only meet /unauthorized).
 */
export function afterSignInPath(user: Pick<User, 'is_syndic'>, from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return homePathFor(user);
  const pathname = from.split(/[?#]/, 1)[0] ?? '';
  if (pathname === paths.home || notReturnable.includes(pathname as (typeof notReturnable)[number])) {
    return homePathFor(user);
  }
  const inSyndicSpace = pathname === paths.syndic.root || pathname.startsWith(`${paths.syndic.root}/`);
  if (inSyndicSpace && !user.is_syndic) return homePathFor(user);
  return from;
}

/** What a guard sending a signed-out visitor to /login records: the page they asked for. */
export interface SignInState {
  from: string;
}

/** The page recorded in a location's state by a guard, if any. */
export function signInFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const { from } = state as { from: unknown };
  return typeof from === 'string' ? from : null;
}
