import { Form, Formik, type FormikHelpers } from 'formik';
import { AlertCircle, Building2, Eye, EyeOff, Landmark, Loader2, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { afterSignInPath, paths, signInFrom } from '@/app/paths';
import { apiErrorCode } from '@/api/errors';
import { Brand } from '@/components/brand';
import { LanguageSwitch } from '@/components/language-switch';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { applyServerErrors } from '@/lib/form-errors';
import { useAppDispatch } from '@/lib/store/hooks';
import { authApi, useGetCsrfCookieMutation, useLoginMutation } from './auth-api';
import { loginErrorKey, type LoginErrorKey } from './login-errors';
import { loginSchema, type LoginValues } from './login-schema';

const initialValues: LoginValues = { tel: '', password: '' };

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // The page a guard sent the visitor here from: signing in goes back to it.
  const from = signInFrom(useLocation().state);
  const [getCsrfCookie] = useGetCsrfCookieMutation();
  const [login] = useLoginMutation();
  const [serverError, setServerError] = useState<LoginErrorKey | null>(null);
  const [showPassword, setShowPassword] = useState(false);

  async function submit(values: LoginValues, helpers: FormikHelpers<LoginValues>) {
    setServerError(null);
    try {
      // The CSRF cookie must exist before the POST: the server rejects it without the header.
      await getCsrfCookie().unwrap();
      const { user } = await login({ tel: values.tel.trim(), password: values.password }).unwrap();
      // Ask for the session once more: it is the call that reports an inactive user or
      // residence, and the guards then send the user to /inactive instead of the dashboard.
      await dispatch(authApi.endpoints.getAuthStatus.initiate(undefined, { forceRefetch: true, subscribe: false }));
      await navigate(afterSignInPath(user, from), { replace: true });
    } catch (error) {
      if (apiErrorCode(error) === 'validation_failed' && applyServerErrors(error, helpers.setErrors)) return;
      setServerError(loginErrorKey(error));
    }
  }

  return (
    <div className="relative flex min-h-screen flex-col bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_60%)]">
      <header className="flex items-center justify-between gap-4 px-6 py-4">
        <Brand className="lg:invisible" />
        <LanguageSwitch />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-12">
        <div className="grid w-full max-w-4xl overflow-hidden rounded-2xl border bg-card shadow-xl lg:grid-cols-[1fr_1.1fr]">
          <aside className="relative hidden flex-col justify-between gap-10 bg-sidebar p-10 text-sidebar-foreground lg:flex">
            {/* Faint ruled lines: the page of a ledger. */}
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-0 opacity-[0.07] [background-image:repeating-linear-gradient(to_bottom,transparent_0,transparent_31px,currentColor_31px,currentColor_32px)]"
            />
            <Brand inverted className="relative" />
            <div className="relative space-y-6">
              <h2 className="text-2xl leading-snug font-semibold">{t('auth:login.brandTitle')}</h2>
              <ul className="space-y-4 text-sm text-sidebar-foreground/85">
                {[
                  { icon: Landmark, text: t('auth:login.brandPoint1') },
                  { icon: Users, text: t('auth:login.brandPoint2') },
                  { icon: Building2, text: t('auth:login.brandPoint3') },
                ].map(({ icon: Icon, text }) => (
                  <li key={text} className="flex items-start gap-3">
                    <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-md bg-sidebar-accent text-highlight">
                      <Icon aria-hidden="true" className="size-4" />
                    </span>
                    <span className="pt-1">{text}</span>
                  </li>
                ))}
              </ul>
            </div>
            <p className="relative text-xs text-sidebar-muted">{t('common:tagline')}</p>
          </aside>

          <section className="p-8 sm:p-10">
            <h1 className="text-2xl font-semibold tracking-tight">{t('auth:login.title')}</h1>
            <p className="mt-1.5 text-sm text-muted-foreground">{t('auth:login.subtitle')}</p>

            <Formik initialValues={initialValues} validationSchema={loginSchema} onSubmit={submit}>
              {({ isSubmitting }) => (
                <Form noValidate className="mt-8 grid gap-5" aria-label={t('auth:login.title')}>
                  {serverError && (
                    <Alert variant="destructive" data-testid="login-error">
                      <AlertCircle aria-hidden="true" />
                      <span>{t(serverError)}</span>
                    </Alert>
                  )}
                  <FormField
                    name="tel"
                    label={t('auth:login.tel')}
                    placeholder={t('auth:login.telPlaceholder')}
                    inputMode="numeric"
                    autoComplete="username"
                    dir="ltr"
                    className="[&_input]:rtl:text-end"
                  />
                  <FormField
                    name="password"
                    type={showPassword ? 'text' : 'password'}
                    label={t('auth:login.password')}
                    autoComplete="current-password"
                    endAdornment={
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8 text-muted-foreground"
                        aria-label={showPassword ? t('auth:login.hidePassword') : t('auth:login.showPassword')}
                        aria-pressed={showPassword}
                        onClick={() => setShowPassword((shown) => !shown)}
                      >
                        {showPassword ? <EyeOff /> : <Eye />}
                      </Button>
                    }
                  />
                  <Button type="submit" size="lg" className="mt-2 w-full" disabled={isSubmitting}>
                    {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
                    {isSubmitting ? t('auth:login.submitting') : t('auth:login.submit')}
                  </Button>
                  <p className="text-center text-xs text-muted-foreground">{t('auth:login.help')}</p>
                </Form>
              )}
            </Formik>
          </section>
        </div>
      </main>
      <footer className="flex justify-center gap-6 pb-6 text-xs text-muted-foreground">
        <Link className="hover:text-foreground hover:underline" to={paths.politiqueConfidentialite}>
          {t('common:legal.privacy')}
        </Link>
        <Link className="hover:text-foreground hover:underline" to={paths.conditionsUtilisation}>
          {t('common:legal.terms')}
        </Link>
      </footer>
    </div>
  );
}
