import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/app/paths';
import { baseApi } from '@/api/base-api';
import { apiErrorBody, isNetworkError } from '@/api/errors';
import { sessionEnded } from '@/api/session-events';
import { useAppDispatch } from '@/lib/store/hooks';
import { useLogoutMutation } from './auth-api';

/**
 * Signs out (spec 1 §4, §8): POST /logout, then forget every cached answer (they belong to the
 * previous user) and go to /login. On failure the user stays signed in and sees why.
 */
export function useLogout() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout, { isLoading }] = useLogoutMutation();

  const run = useCallback(async () => {
    try {
      await logout().unwrap();
    } catch (error) {
      const description =
        apiErrorBody(error)?.message ?? (isNetworkError(error) ? t('logout.connectionLost') : t('logout.unknown'));
      toast.error(t('logout.failed'), { description });
      return;
    }
    dispatch(baseApi.util.resetApiState());
    dispatch(sessionEnded());
    await navigate(paths.login, { replace: true });
  }, [dispatch, logout, navigate, t]);

  return { logout: run, isLoggingOut: isLoading };
}
