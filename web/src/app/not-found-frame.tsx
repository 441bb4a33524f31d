import { NotFoundPage } from '@/features/pages/not-found-page';
import { selectAuth } from '@/lib/auth/auth-slice';
import { useAppSelector } from '@/lib/store/hooks';
import { CoproprietaireLayout, SyndicLayout } from './layout/app-layout';

/**
 * The frame of an unknown path outside both spaces (spec 3 §2.1 "any other path"): a signed-in
 * user sees the 404 inside the layout of their home space (its child route renders it), anyone
 * else the standalone page with the way to /login. A user who may not enter the spaces yet
 * (registration not finalized, deactivated) gets the standalone page too: its link leads where
 * the guards allow.
 */
export function NotFoundFrame() {
  const { user, userInactive, residenceInactive } = useAppSelector(selectAuth);
  if (!user || userInactive || residenceInactive || !user.is_registration_finalized) return <NotFoundPage />;
  return user.is_syndic ? <SyndicLayout /> : <CoproprietaireLayout />;
}
