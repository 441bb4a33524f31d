import { EyeOff } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { baseApi } from '@/api/base-api';
import { apiErrorCode } from '@/api/errors';
import type { FeatureKey } from '@/api/types';
import { Alert } from '@/components/ui/alert';
import { selectAuth } from '@/lib/auth/auth-slice';
import { hasFeature } from '@/lib/auth/roles';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';

/**
 * True when the server refused a co-owner's page because the council hid it from them
 * (403 `visibilite_refusee`, docs/api-visibilite.md).
 */
export function isVisibiliteRefusee(error: unknown): boolean {
  return apiErrorCode(error) === 'visibilite_refusee';
}

/**
 * A co-owner page the council hid from this co-owner (their finance pages, budgets, financial
 * reports): says so, and asks the server for the session again so that the sidebar drops the
 * entry (the right changed since the session was loaded).
 */
export function VisibiliteRefusee() {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(baseApi.util.invalidateTags(['AuthStatus']));
  }, [dispatch]);
  return (
    <Alert variant="destructive" data-testid="visibilite-refusee" className="max-w-xl">
      <EyeOff aria-hidden="true" />
      <div className="grid gap-1">
        <strong>{t('visibiliteRefusee.title')}</strong>
        <span>{t('visibiliteRefusee.message')}</span>
        <Link to="/coproprietaire/tableau-de-bord" className="font-medium underline underline-offset-4">
          {t('visibiliteRefusee.dashboard')}
        </Link>
      </div>
    </Alert>
  );
}

/**
 * A co-owner page behind one of the council's visibility rights: the refusal when the session
 * says the right is withdrawn (the server refuses the page's calls anyway), else the page.
 */
export function RequiresVisibilite({ feature, children }: { feature: FeatureKey; children: ReactNode }) {
  const { user } = useAppSelector(selectAuth);
  return hasFeature(user, feature) ? children : <VisibiliteRefusee />;
}
