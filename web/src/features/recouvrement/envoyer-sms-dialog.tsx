import { Form, Formik, type FormikHelpers } from 'formik';
import { Loader2, Send } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@/components/stat-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toaster';
import { userText } from '@/components/user-text';
import { ltrText } from '@/lib/bidi';
import { TEL_PATTERN, formatTel } from '@/lib/phone';
import { ChoiceField } from '@/components/ui/choice-field';
import { useRecouvrementEnvoyerSmsMutation, type OccupantDetailsResponse } from './recouvrement-api';
import { applyRecouvrementServerErrors, recouvrementErrorText } from './recouvrement-errors';
import { smsSchema, telDigits, type SmsValues } from './schemas';
import { newIdempotencyKey, smsCount } from './sms';

/**
 * The "Envoyer un SMS" dialog (spec 1 §2, §5 "Recovery"; issue 16): the number, prefilled with the
 * occupant's (optional; another must be 8 digits, shown with +216), the language choosing the
 * French or Arabic text the server filled, its preview with its segments and credits (counted as
 * the server does, ./sms.ts), and the sending with one Idempotency-Key per opening, so that a
 * double click is one message.
 */
export function EnvoyerSmsDialog({ details, onClose }: { details: OccupantDetailsResponse; onClose: () => void }) {
  const { t } = useTranslation(['recouvrement', 'common']);
  const [envoyerSms] = useRecouvrementEnvoyerSmsMutation();
  // Mounted per opening: one key per opening.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const sending = useRef(false);
  const { occupant } = details;

  async function submit(values: SmsValues, helpers: FormikHelpers<SmsValues>) {
    if (sending.current) return;
    sending.current = true;
    const tel = telDigits(values.tel);
    try {
      await envoyerSms({
        occupant_id: occupant.id,
        ...(tel === '' ? {} : { tel }),
        langue: values.langue,
        idempotencyKey,
      }).unwrap();
      toast.success(t('recouvrement:sms.sent'), { description: formatTel(tel || occupant.tel) });
      onClose();
    } catch (error) {
      sending.current = false;
      if (applyRecouvrementServerErrors(error, helpers.setErrors, ['tel', 'langue'])) return;
      toast.error(t('recouvrement:sms.error'), { description: recouvrementErrorText(error) });
    }
  }

  const title = t('recouvrement:sms.title');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{t('recouvrement:sms.description', { nom: userText(occupant.nom) })}</DialogDescription>
        </DialogHeader>
        <Formik<SmsValues>
          initialValues={{ tel: occupant.tel ?? '', langue: 'fr' }}
          validationSchema={smsSchema}
          onSubmit={submit}
        >
          {({ values, isSubmitting }) => {
            const texte = values.langue === 'ar' ? details.sms_template_ar : details.sms_template;
            const count = smsCount(texte);
            const digits = telDigits(values.tel);
            const destinataire = TEL_PATTERN.test(digits) ? digits : digits === '' ? occupant.tel : null;
            const insuffisants = count.credits > details.credits_sms;
            return (
              <Form noValidate className="grid gap-4" aria-label={title}>
                <FormField
                  name="tel"
                  label={t('recouvrement:sms.tel')}
                  description={
                    destinataire
                      ? t('recouvrement:sms.destinataire', { tel: ltrText(formatTel(destinataire)) })
                      : t('recouvrement:sms.telHint')
                  }
                  placeholder={t('recouvrement:sms.telPlaceholder')}
                  inputMode="numeric"
                  autoComplete="off"
                  dir="ltr"
                  className="[&_input]:rtl:text-end"
                />
                <ChoiceField
                  name="langue"
                  label={t('recouvrement:sms.langue')}
                  options={(['fr', 'ar'] as const).map((langue) => ({
                    value: langue,
                    label: t(`recouvrement:langues.${langue}`),
                  }))}
                />
                <div className="grid gap-1.5">
                  <span className="text-sm font-medium">{t('recouvrement:sms.apercu')}</span>
                  <p
                    dir={values.langue === 'ar' ? 'rtl' : 'ltr'}
                    lang={values.langue}
                    className="rounded-lg border bg-muted/40 p-3 text-sm whitespace-pre-wrap"
                    data-testid="sms-apercu"
                  >
                    {texte}
                  </p>
                  <p className="text-xs text-muted-foreground" data-testid="sms-compte">
                    {t('recouvrement:sms.compte', {
                      segments: count.segments,
                      credits: count.credits,
                      caracteres: count.length,
                    })}
                    {' · '}
                    {t('recouvrement:sms.disponibles', { solde: ltrText(formatCount(details.credits_sms)) })}
                  </p>
                </div>
                {insuffisants && <Alert variant="destructive">{t('recouvrement:sms.insuffisants')}</Alert>}
                <DialogFooter className="pt-2">
                  <Button type="button" variant="outline" onClick={onClose} disabled={isSubmitting}>
                    {t('common:actions.cancel')}
                  </Button>
                  <Button type="submit" disabled={isSubmitting} data-testid="sms-envoyer">
                    {isSubmitting ? (
                      <Loader2 aria-hidden="true" className="animate-spin" />
                    ) : (
                      <Send aria-hidden="true" />
                    )}
                    {t('recouvrement:sms.submit')}
                  </Button>
                </DialogFooter>
              </Form>
            );
          }}
        </Formik>
      </DialogContent>
    </Dialog>
  );
}
