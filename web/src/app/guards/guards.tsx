import { Navigate, Outlet, useLocation } from 'react-router';
import { selectAuth } from '@/lib/auth/auth-slice';
import { useAppSelector } from '@/lib/store/hooks';
import { homePathFor, paths } from '../paths';
import {
  accessRedirect,
  financeOrPresidentRedirect,
  financeRedirect,
  presidentRedirect,
  syndicRedirect,
} from './rules';

/** Guards render inside SessionGate: the session is known when they decide. */

export function AccessGuard() {
  const auth = useAppSelector(selectAuth);
  const { pathname } = useLocation();
  const to = accessRedirect(auth, pathname);
  return to ? <Navigate to={to} replace /> : <Outlet />;
}

export function SyndicGuard() {
  const auth = useAppSelector(selectAuth);
  const to = syndicRedirect(auth);
  return to ? <Navigate to={to} replace /> : <Outlet />;
}

export function FinanceGuard() {
  const auth = useAppSelector(selectAuth);
  const to = financeRedirect(auth);
  return to ? <Navigate to={to} replace /> : <Outlet />;
}

export function FinanceOrPresidentGuard() {
  const auth = useAppSelector(selectAuth);
  const to = financeOrPresidentRedirect(auth);
  return to ? <Navigate to={to} replace /> : <Outlet />;
}

export function PresidentGuard() {
  const auth = useAppSelector(selectAuth);
  const to = presidentRedirect(auth);
  return to ? <Navigate to={to} replace /> : <Outlet />;
}

/** /login is only for signed-out users (spec 1 §2). */
export function GuestGuard() {
  const auth = useAppSelector(selectAuth);
  if (auth.userInactive || auth.residenceInactive) return <Navigate to={paths.inactive} replace />;
  if (auth.user) return <Navigate to={homePathFor(auth.user)} replace />;
  return <Outlet />;
}
