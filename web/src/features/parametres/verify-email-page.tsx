import { CircleAlert, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { useAppDispatch } from '@/lib/store/hooks';
import { parametresApi, useLazyVerifyEmailQuery } from './parametres-api';
import { failureMessage } from './parametres-errors';
import { parametresPaths } from './paths';
import { verificationToken } from './schemas';

/**
 * /coproprietaire/verify-email?verify_url=…: where a verification mail's link lands (spec 3 §2.3,
 * §4 "Email verification"). The page opens `verify_url` with the session, once: on success it says
 * "Email verifié avec succès!" and goes to the dashboard; otherwise it shows why. A `verify_url`
 * that is not this server's verification address is not opened ("Invalid verification link.").
 */
export function VerifyEmailPage() {
  const { t } = useTranslation('parametres');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const token = verificationToken(params.get('verify_url'));
  const [verify] = useLazyVerifyEmailQuery();
  const [failure, setFailure] = useState<string | null>(null);
  const shown = token ? failure : t('verify.invalidLink');
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void (async () => {
      try {
        await verify({ token }, false).unwrap();
        dispatch(parametresApi.util.invalidateTags(['compte']));
        toast.success(t('verify.success'));
        await navigate(paths.coproprietaire.tableauDeBord, { replace: true });
      } catch (error) {
        setFailure(failureMessage(error, 'parametres:verify.failed'));
      }
    })();
  }, [token, verify, dispatch, navigate, t]);

  return (
    <div className="mx-auto grid w-full max-w-xl gap-4 py-6" data-testid="verify-email-page">
      {shown ? (
        <>
          <Alert variant="destructive" data-testid="verify-email-failure">
            <CircleAlert aria-hidden="true" />
            <span>{shown}</span>
          </Alert>
          <div>
            <Button asChild variant="outline">
              <Link to={parametresPaths.parametres}>{t('verify.toSettings')}</Link>
            </Button>
          </div>
        </>
      ) : (
        <p className="flex items-center gap-2 text-muted-foreground" role="status">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          {t('verify.pending')}
        </p>
      )}
    </div>
  );
}
