import { Form, Formik } from 'formik';
import { Eye, Loader2, Send } from 'lucide-react';
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
import {
  useRecouvrementApercuGroupeMutation,
  useRecouvrementEnvoyerGroupeMutation,
  type ApercuSmsGroupe,
} from './recouvrement-api';
import { recouvrementErrorText } from './recouvrement-errors';
import { groupeSchema, montantOf, type GroupeValues } from './schemas';
import { newIdempotencyKey } from './sms';

/**
 * The group reminder (issue 16, POST /recouvrement/envoyer-sms-groupe): a minimum amount, its
 * preview (how many debtors, the credits it will cost, the credits left: `apercu: true`), then the
 * sending (`apercu: false`), whose sent and failed counts a toast gives. A changed amount asks for
 * a new preview; one sending per opening (its Idempotency-Key).
 */
export function RelanceGroupeeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['recouvrement', 'common']);
  const [apercuGroupe, { isLoading: previewing }] = useRecouvrementApercuGroupeMutation();
  const [envoyerGroupe] = useRecouvrementEnvoyerGroupeMutation();
  const [apercu, setApercu] = useState<{ montant: string; result: ApercuSmsGroupe } | null>(null);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const sending = useRef(false);

  async function preview(values: GroupeValues) {
    try {
      const result = await apercuGroupe(montantOf(values.montant_minimum)).unwrap();
      setApercu({ montant: values.montant_minimum.trim(), result });
    } catch (error) {
      toast.error(t('recouvrement:groupe.error'), { description: recouvrementErrorText(error) });
    }
  }

  async function send(values: GroupeValues) {
    if (sending.current) return;
    sending.current = true;
    try {
      const result = await envoyerGroupe({
        montantMinimum: montantOf(values.montant_minimum),
        idempotencyKey,
      }).unwrap();
      toast.success(t('recouvrement:groupe.envoye'), {
        description: t('recouvrement:groupe.resultat', { envoyes: result.envoyes, echecs: result.echecs }),
      });
      onClose();
    } catch (error) {
      sending.current = false;
      toast.error(t('recouvrement:groupe.error'), { description: recouvrementErrorText(error) });
    }
  }

  const title = t('recouvrement:groupe.title');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{t('recouvrement:groupe.description')}</DialogDescription>
        </DialogHeader>
        <Formik<GroupeValues> initialValues={{ montant_minimum: '0' }} validationSchema={groupeSchema} onSubmit={send}>
          {({ values, isSubmitting, validateForm, setTouched }) => {
            const current = apercu !== null && apercu.montant === values.montant_minimum.trim() ? apercu.result : null;
            const insuffisant = current !== null && current.credits > current.credits_sms;
            const canSend = current !== null && current.destinataires > 0 && !insuffisant;
            return (
              <Form noValidate className="grid gap-4" aria-label={title}>
                <div className="flex items-start gap-2">
                  <FormField
                    name="montant_minimum"
                    label={t('recouvrement:groupe.montantMinimum')}
                    description={t('recouvrement:groupe.montantHint')}
                    inputMode="decimal"
                    autoComplete="off"
                    dir="ltr"
                    className="min-w-0 flex-1 [&_input]:rtl:text-end"
                  />
                  <Button
                    type="button"
                    variant="outline"
                    className="mt-6"
                    disabled={previewing}
                    onClick={() => {
                      void (async () => {
                        const errors = await validateForm();
                        if (errors.montant_minimum) {
                          await setTouched({ montant_minimum: true });
                          return;
                        }
                        await preview(values);
                      })();
                    }}
                  >
                    {previewing ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Eye aria-hidden="true" />}
                    {t('recouvrement:groupe.apercu')}
                  </Button>
                </div>
                {current ? (
                  <dl
                    className="grid grid-cols-3 gap-2 rounded-lg border bg-muted/40 p-3 text-sm"
                    data-testid="groupe-apercu"
                  >
                    <div className="grid gap-0.5">
                      <dt className="text-xs text-muted-foreground">{t('recouvrement:groupe.destinataires')}</dt>
                      <dd className="font-semibold tabular" data-testid="groupe-destinataires">
                        {formatCount(current.destinataires)}
                      </dd>
                    </div>
                    <div className="grid gap-0.5">
                      <dt className="text-xs text-muted-foreground">{t('recouvrement:groupe.credits')}</dt>
                      <dd className="font-semibold tabular" data-testid="groupe-credits">
                        {formatCount(current.credits)}
                      </dd>
                    </div>
                    <div className="grid gap-0.5">
                      <dt className="text-xs text-muted-foreground">{t('recouvrement:groupe.creditsSms')}</dt>
                      <dd className="font-semibold tabular" data-testid="groupe-credits-sms">
                        {formatCount(current.credits_sms)}
                      </dd>
                    </div>
                  </dl>
                ) : (
                  <p className="text-sm text-muted-foreground">{t('recouvrement:groupe.apercuAvant')}</p>
                )}
                {current && current.destinataires === 0 && (
                  <p className="text-sm text-muted-foreground">{t('recouvrement:groupe.aucun')}</p>
                )}
                {insuffisant && <Alert variant="destructive">{t('recouvrement:groupe.insuffisant')}</Alert>}
                <DialogFooter className="pt-2">
                  <Button type="button" variant="outline" onClick={onClose} disabled={isSubmitting}>
                    {t('common:actions.cancel')}
                  </Button>
                  <Button type="submit" disabled={!canSend || isSubmitting}>
                    {isSubmitting ? (
                      <Loader2 aria-hidden="true" className="animate-spin" />
                    ) : (
                      <Send aria-hidden="true" />
                    )}
                    {t('recouvrement:groupe.submit', { count: current?.destinataires ?? 0 })}
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
