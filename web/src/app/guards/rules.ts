import type { AuthState } from '@/lib/auth/auth-slice';
import { paths } from '../paths';

/**
 * Guard decisions as pure functions of the session (spec 1 §2 "Guards", spec 3 §2.1).
 * Each returns the path to redirect to, or null to let the page render. Inactivity is checked
 * first: a deactivated user has no user object (the server answers 403 without one).
 */
type Session = Pick<AuthState, 'user' | 'userInactive' | 'residenceInactive'>;

function isInactive(session: Session): boolean {
  return session.userInactive || session.residenceInactive;
}

/** Access guard: every signed-in page of both spaces and /informations-generales. */
export function accessRedirect(session: Session, pathname: string): string | null {
  if (isInactive(session)) return paths.inactive;
  if (!session.user) return paths.login;
  const onFirstLoginPage = pathname === paths.informationsGenerales;
  if (!session.user.is_registration_finalized && !onFirstLoginPage) return paths.informationsGenerales;
  if (session.user.is_registration_finalized && onFirstLoginPage) return paths.coproprietaire.tableauDeBord;
  return null;
}

/** Syndic area: council members only. */
export function syndicRedirect(session: Session): string | null {
  if (isInactive(session)) return paths.inactive;
  if (!session.user) return paths.login;
  if (!session.user.is_syndic) return paths.unauthorized;
  return null;
}

/** Finance-only pages (for example closing a fiscal year). */
export function financeRedirect(session: Session): string | null {
  if (!session.user) return paths.login;
  if (!session.user.is_finance) return paths.unauthorized;
  return null;
}

/**
 * Pages of the treasurer or the president (spec 2 §6: employees are created, edited and deleted
 * by either). Signed-out visitors go to /login, other users to /unauthorized.
 */
export function financeOrPresidentRedirect(session: Session): string | null {
  if (isInactive(session)) return paths.inactive;
  if (!session.user) return paths.login;
  if (!session.user.is_finance && !session.user.is_president) return paths.unauthorized;
  return null;
}

/**
 * President-only pages (spec 2 §2 "Council", §6: the council page and the occupation forms).
 * Signed-out visitors go to /login, other users to /unauthorized.
 */
export function presidentRedirect(session: Session): string | null {
  if (isInactive(session)) return paths.inactive;
  if (!session.user) return paths.login;
  if (!session.user.is_president) return paths.unauthorized;
  return null;
}
