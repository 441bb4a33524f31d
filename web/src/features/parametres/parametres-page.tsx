import { Form, Formik, type FormikHelpers } from 'formik';
import { BadgeCheck, Loader2, MailWarning, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode } from '@/api/errors';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { applyServerErrors } from '@/lib/form-errors';
import {
  useGetParametresQuery,
  useModifierEmailMutation,
  useModifierMotDePasseMutation,
  useSendVerificationEmailMutation,
} from './parametres-api';
import { failureMessage } from './parametres-errors';
import {
  PASSWORD_FIELDS,
  emailSchema,
  emptyPassword,
  passwordSchema,
  type EmailValues,
  type PasswordValues,
} from './schemas';

/** The warning of an unverified address, with the button that sends the mail again. */
function VerificationWarning() {
  const { t } = useTranslation('parametres');
  const [send, { isLoading }] = useSendVerificationEmailMutation();
  async function onSend() {
    try {
      await send().unwrap();
      toast.success(t('verification.sent'), { description: t('verification.sentHint') });
    } catch (error) {
      toast.error(failureMessage(error, 'parametres:verification.sendError'));
    }
  }
  return (
    <Alert
      data-testid="verification-warning"
      className="flex-col gap-3 border-highlight/40 bg-highlight/10 sm:flex-row sm:items-center"
    >
      <div className="flex flex-1 items-start gap-2">
        <MailWarning aria-hidden="true" className="text-accent-foreground" />
        <div className="grid gap-0.5">
          <p className="font-medium">{t('verification.title')}</p>
          <p className="text-muted-foreground">{t('verification.message')}</p>
        </div>
      </div>
      <Button size="sm" variant="outline" onClick={() => void onSend()} disabled={isLoading}>
        {isLoading ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : (
          <Send aria-hidden="true" className="rtl:-scale-x-100" />
        )}
        {t('verification.send')}
      </Button>
    </Alert>
  );
}

function EmailCard({ email, isVerified }: { email: string | null; isVerified: boolean }) {
  const { t } = useTranslation('parametres');
  const [modifierEmail] = useModifierEmailMutation();

  async function submit(values: EmailValues, helpers: FormikHelpers<EmailValues>) {
    try {
      const answer = await modifierEmail({ modifierEmailRequest: { email: values.email.trim() } }).unwrap();
      if (answer.updated) toast.success(t('email.updated'), { description: t('email.updatedHint') });
      else toast.info(t('email.unchanged'));
      helpers.resetForm({ values: { email: answer.email } });
    } catch (error) {
      if (apiErrorCode(error) === 'validation_failed' && applyServerErrors(error, helpers.setErrors, ['email'])) return;
      toast.error(failureMessage(error, 'parametres:email.error'));
    }
  }

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>{t('email.title')}</CardTitle>
          {email &&
            (isVerified ? (
              <Badge variant="success" data-testid="email-verified">
                <BadgeCheck aria-hidden="true" className="size-3.5" />
                {t('email.verified')}
              </Badge>
            ) : (
              <Badge variant="warning" data-testid="email-unverified">
                {t('email.unverified')}
              </Badge>
            ))}
        </div>
        <CardDescription>{email ? t('email.description') : t('email.none')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Formik<EmailValues>
          initialValues={{ email: email ?? '' }}
          enableReinitialize
          validationSchema={emailSchema}
          onSubmit={submit}
        >
          {({ isSubmitting }) => (
            <Form noValidate className="grid gap-4">
              <FormField
                name="email"
                type="email"
                label={t('email.label')}
                autoComplete="email"
                dir="ltr"
                className="[&_input]:rtl:text-end"
              />
              <div className="flex justify-end">
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
                  {t('email.submit')}
                </Button>
              </div>
            </Form>
          )}
        </Formik>
      </CardContent>
    </Card>
  );
}

function PasswordCard() {
  const { t } = useTranslation('parametres');
  const [modifierMotDePasse] = useModifierMotDePasseMutation();

  async function submit(values: PasswordValues, helpers: FormikHelpers<PasswordValues>) {
    try {
      await modifierMotDePasse({ modifierMotDePasseRequest: values }).unwrap();
      toast.success(t('password.updated'), { description: t('password.updatedHint') });
      helpers.resetForm();
    } catch (error) {
      if (apiErrorCode(error) === 'validation_failed' && applyServerErrors(error, helpers.setErrors, PASSWORD_FIELDS)) {
        return;
      }
      toast.error(failureMessage(error, 'parametres:password.error'));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('password.title')}</CardTitle>
        <CardDescription>{t('password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Formik<PasswordValues> initialValues={emptyPassword} validationSchema={passwordSchema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate className="grid gap-4">
              <FormField
                name="old_password"
                type="password"
                label={t('password.old')}
                autoComplete="current-password"
                dir="ltr"
                className="[&_input]:rtl:text-end"
              />
              <FormField
                name="new_password"
                type="password"
                label={t('password.new')}
                description={t('password.newHint')}
                autoComplete="new-password"
                dir="ltr"
                className="[&_input]:rtl:text-end"
              />
              <FormField
                name="new_password_confirmation"
                type="password"
                label={t('password.confirmation')}
                autoComplete="new-password"
                dir="ltr"
                className="[&_input]:rtl:text-end"
              />
              <div className="flex justify-end">
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
                  {t('password.submit')}
                </Button>
              </div>
            </Form>
          )}
        </Formik>
      </CardContent>
    </Card>
  );
}

/**
 * /coproprietaire/parametres: the account settings (spec 3 §2.13): the verification warning with
 * its send button while the address is not verified, the e-mail change and the password change.
 * Reached from the profile menu in either space.
 */
export function ParametresPage() {
  const { t } = useTranslation('parametres');
  const { data, isLoading, isError } = useGetParametresQuery();
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6" data-testid="parametres-page">
      <PageHeader title={t('title')} description={t('subtitle')} />
      {isError ? (
        <Alert variant="destructive" data-testid="parametres-error">
          {t('loadError')}
        </Alert>
      ) : isLoading || !data ? (
        <div className="grid gap-6">
          <Skeleton className="h-48 rounded-xl" />
          <Skeleton className="h-72 rounded-xl" />
        </div>
      ) : (
        <>
          {data.email && !data.is_verified && <VerificationWarning />}
          <EmailCard email={data.email ?? null} isVerified={data.is_verified} />
          <PasswordCard />
        </>
      )}
    </div>
  );
}
