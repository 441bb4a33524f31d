import { Form, Formik, useField, type FormikHelpers } from 'formik';
import { CircleCheck, Loader2 } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { baseApi } from '@/api/base-api';
import { apiErrorBody, apiErrorCode } from '@/api/errors';
import { useFirstLoginInfoMutation } from '@/api/generated';
import { sessionLoaded } from '@/api/session-events';
import type { User } from '@/api/types';
import { BrandMark } from '@/components/brand';
import { LanguageSwitch } from '@/components/language-switch';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { DateField } from '@/components/ui/date-field';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField, useFieldError } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toaster';
import { currentLanguage } from '@/i18n';
import { errorMessageKey } from '@/lib/api-error-message';
import { cn } from '@/lib/cn';
import { todayIso } from '@/lib/dates';
import { applyServerErrors } from '@/lib/form-errors';
import { useAppDispatch } from '@/lib/store/hooks';
import { translateMessage } from '@/lib/translate-message';
import {
  BIRTHDAY_MIN,
  FIRST_LOGIN_FIELDS,
  GENDERS,
  emptyFirstLogin,
  firstLoginRequestOf,
  firstLoginSchema,
  sessionUserOf,
  type FirstLoginValues,
} from './first-login-schema';

/** A dashboard-shaped backdrop, blurred behind the dialog: no text, nothing to reach. */
function FakeDashboard() {
  const block = 'rounded-xl bg-muted';
  return (
    <div aria-hidden="true" inert className="pointer-events-none fixed inset-0 flex blur-[6px] select-none">
      <div className="hidden w-64 shrink-0 flex-col gap-3 bg-sidebar p-5 md:flex">
        <div className="mb-6 h-9 w-36 rounded-lg bg-sidebar-accent" />
        {Array.from({ length: 7 }, (_, index) => (
          <div key={index} className="h-7 rounded-md bg-sidebar-accent/70" />
        ))}
      </div>
      <div className="flex flex-1 flex-col">
        <div className="flex h-14 items-center gap-3 border-b px-4">
          <div className="h-6 w-40 rounded bg-muted" />
          <div className="ms-auto size-9 rounded-full bg-primary/60" />
        </div>
        <div className="grid gap-5 p-6 md:p-8">
          <div className="h-8 w-64 rounded bg-muted" />
          <div className="grid gap-4 sm:grid-cols-3">
            {Array.from({ length: 3 }, (_, index) => (
              <div key={index} className="flex h-28 items-center gap-4 rounded-xl border bg-card p-5">
                <div className="size-11 rounded-lg bg-primary/25" />
                <div className="grid flex-1 gap-2">
                  <div className="h-3 w-2/3 rounded bg-muted" />
                  <div className="h-6 w-1/2 rounded bg-foreground/20" />
                </div>
              </div>
            ))}
          </div>
          <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
            <div className={cn(block, 'flex h-72 items-end gap-3 p-6')}>
              {[40, 65, 50, 80, 55, 90, 70].map((height, index) => (
                <div key={index} className="flex-1 rounded-t bg-primary/30" style={{ height: `${height}%` }} />
              ))}
            </div>
            <div className={cn(block, 'h-72')} />
          </div>
        </div>
      </div>
    </div>
  );
}

/** Homme or femme, one choice (spec 3 §2.13), as two radio cards. */
function GenderField() {
  const { t } = useTranslation('pages');
  const [field, , helpers] = useField<string>('gender');
  const error = useFieldError('gender');
  return (
    <fieldset className="grid gap-1.5" aria-describedby={error ? 'gender-error' : undefined} data-testid="gender">
      <legend className={cn('mb-1.5 text-sm leading-none font-medium', error && 'text-destructive')}>
        {t('informationsGenerales.gender')}
      </legend>
      <div className="grid grid-cols-2 gap-3">
        {GENDERS.map((gender) => (
          <label
            key={gender}
            className={cn(
              'flex cursor-pointer items-center gap-2.5 rounded-md border bg-card px-3 py-2.5 text-sm font-medium transition-colors hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              error && 'border-destructive/60',
            )}
          >
            <input
              type="radio"
              name="gender"
              value={gender}
              checked={field.value === gender}
              onChange={() => void helpers.setValue(gender)}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              className="size-4 cursor-pointer accent-primary outline-none"
            />
            {t(`informationsGenerales.${gender}`)}
          </label>
        ))}
      </div>
      {error && (
        <p id="gender-error" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A link of the terms checkbox: opens the legal page in a new tab, keeping what was typed. */
function LegalLink({ to, children }: { to: string; children?: ReactNode }) {
  return (
    <a href={to} target="_blank" rel="noopener noreferrer" className="text-primary underline underline-offset-2">
      {children}
    </a>
  );
}

/**
 * What to say when the form could not be sent (spec 3 §8 "First-login failure: error toast with
 * the server's message field, or 'Une erreur est survenue'"): a code this client knows in the
 * user's language; otherwise the server's (French) message on a French screen, else the generic
 * text.
 */
function failureMessage(error: unknown): string {
  const key = errorMessageKey(error, { inscription_deja_finalisee: 'errors:inscription_deja_finalisee' });
  const message = apiErrorBody(error)?.message;
  if (key === 'errors:general_error' && message && currentLanguage() === 'fr') return message;
  return translateMessage(key);
}

/**
 * /informations-generales: the first-login dialog (spec 3 §2.13, §5), over a blurred dashboard.
 * The access guard sends every user whose registration is not finalized here. On success the
 * dialog confirms; its button stores the answered user in the session (the guard then lets the
 * user in) and opens the co-owner dashboard.
 */
export function InformationsGeneralesPage({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation(['pages', 'common']);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [firstLoginInfo] = useFirstLoginInfoMutation();
  const [done, setDone] = useState<User | null>(null);
  const schema = useMemo(() => firstLoginSchema(), []);

  async function submit(values: FirstLoginValues, helpers: FormikHelpers<FirstLoginValues>) {
    try {
      const { user } = await firstLoginInfo({ firstLoginInfoRequest: firstLoginRequestOf(values) }).unwrap();
      setDone(sessionUserOf(user));
    } catch (error) {
      if (
        apiErrorCode(error) === 'validation_failed' &&
        applyServerErrors(error, helpers.setErrors, FIRST_LOGIN_FIELDS)
      ) {
        return;
      }
      toast.error(failureMessage(error));
      // Already finalized (another tab): ask for the session again, the guard then moves on.
      if (apiErrorCode(error) === 'inscription_deja_finalisee') dispatch(baseApi.util.invalidateTags(['AuthStatus']));
    }
  }

  async function enter() {
    if (!done) return;
    dispatch(sessionLoaded(done));
    await navigate(paths.coproprietaire.tableauDeBord, { replace: true });
  }

  return (
    <div className="min-h-screen bg-background">
      <FakeDashboard />
      <Dialog open modal>
        <DialogContent
          showCloseButton={false}
          onEscapeKeyDown={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="max-h-[calc(100dvh-2rem)] overflow-y-auto p-5 sm:max-w-xl sm:p-7"
          data-testid="first-login-dialog"
        >
          <div className="flex items-center justify-between gap-3">
            <BrandMark className="size-8" />
            <LanguageSwitch />
          </div>
          {done ? (
            <div className="grid justify-items-center gap-3 py-4 text-center" data-testid="first-login-done">
              <div className="flex size-14 items-center justify-center rounded-full bg-success/10 text-success">
                <CircleCheck aria-hidden="true" className="size-8" />
              </div>
              <DialogTitle className="text-xl">{t('pages:informationsGenerales.done.title')}</DialogTitle>
              <DialogDescription className="max-w-sm text-base">
                {t('pages:informationsGenerales.done.message', { nom: done.nom })}
              </DialogDescription>
              <Button size="lg" className="mt-4" onClick={() => void enter()} autoFocus>
                {t('pages:informationsGenerales.done.toDashboard')}
              </Button>
            </div>
          ) : (
            <>
              <div className="grid gap-1.5">
                <DialogTitle className="text-xl">{t('pages:informationsGenerales.title')}</DialogTitle>
                <DialogDescription>{t('pages:informationsGenerales.message')}</DialogDescription>
              </div>
              <Formik initialValues={emptyFirstLogin} validationSchema={schema} onSubmit={submit}>
                {({ isSubmitting }) => (
                  <Form noValidate className="grid gap-5" aria-label={t('pages:informationsGenerales.title')}>
                    <FormField
                      name="email"
                      type="email"
                      label={t('pages:informationsGenerales.email')}
                      placeholder={t('pages:informationsGenerales.emailPlaceholder')}
                      autoComplete="email"
                      dir="ltr"
                      className="[&_input]:rtl:text-end"
                    />
                    <GenderField />
                    <DateField
                      name="birthday"
                      label={t('pages:informationsGenerales.birthday')}
                      description={t('pages:informationsGenerales.birthdayHint')}
                      autoComplete="bday"
                      min={BIRTHDAY_MIN}
                      max={todayIso()}
                    />
                    <CheckboxField
                      name="terms"
                      label={
                        <Trans
                          ns="pages"
                          i18nKey="informationsGenerales.terms"
                          components={{
                            terms: <LegalLink to={paths.conditionsUtilisation} />,
                            privacy: <LegalLink to={paths.politiqueConfidentialite} />,
                          }}
                        />
                      }
                    />
                    <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:items-center sm:justify-between">
                      <div>{actions}</div>
                      <Button type="submit" size="lg" disabled={isSubmitting}>
                        {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
                        {isSubmitting
                          ? t('pages:informationsGenerales.submitting')
                          : t('pages:informationsGenerales.submit')}
                      </Button>
                    </div>
                  </Form>
                )}
              </Formik>
            </>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
