import { Navigate, Outlet, useLocation } from 'react-router';
import { selectAuth } from '@/lib/auth/auth-slice';
import { useAppSelector } from '@/lib/store/hooks';
import { afterSignInPath, paths, signInFrom, type SignInState } from '../paths';
import {
  accessRedirect,
  financeOrPresidentRedirect,
  financeRedirect,
  presidentRedirect,
  syndicRedirect,
} from './rules';

/** Guards render inside SessionGate: the session is known when they decide. */

/**
 * Follows a guard's decision. A signed-out visitor sent to /login takes the page they asked for
 * with them, so that signing in brings them back to it.
 */
function Redirect({ to }: { to: string | null }) {
  const { pathname, search, hash } = useLocation();
  if (!to) return <Outlet />;
  const state: SignInState | undefined = to === paths.login ? { from: `${pathname}${search}${hash}` } : undefined;
  return <Navigate to={to} replace state={state} />;
}

export function AccessGuard() {
  const auth = useAppSelector(selectAuth);
  const { pathname } = useLocation();
  const to = accessRedirect(auth, pathname);
  return <Redirect to={to} />;
}

export function SyndicGuard() {
  const auth = useAppSelector(selectAuth);
  const to = syndicRedirect(auth);
  return <Redirect to={to} />;
}

export function FinanceGuard() {
  const auth = useAppSelector(selectAuth);
  const to = financeRedirect(auth);
  return <Redirect to={to} />;
}

export function FinanceOrPresidentGuard() {
  const auth = useAppSelector(selectAuth);
  const to = financeOrPresidentRedirect(auth);
  return <Redirect to={to} />;
}

export function PresidentGuard() {
  const auth = useAppSelector(selectAuth);
  const to = presidentRedirect(auth);
  return <Redirect to={to} />;
}

/** /login is only for signed-out users (spec 1 §2). */
export function GuestGuard() {
  const auth = useAppSelector(selectAuth);
  const { state } = useLocation();
  if (auth.userInactive || auth.residenceInactive) return <Navigate to={paths.inactive} replace />;
  if (auth.user) return <Navigate to={afterSignInPath(auth.user, signInFrom(state))} replace />;
  return <Outlet />;
}
