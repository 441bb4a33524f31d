import { Form, Formik, type FormikHelpers } from 'formik';
import { Loader2 } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { toast } from '@/components/ui/toaster';
import { userText } from '@/components/user-text';
import { todayIso } from '@/lib/dates';
import { translateMessage } from '@/lib/translate-message';
import { PAIEMENT_FIELDS, PaiementSalaireFields, paiementSalaireRequest } from './paiement-salaire-fields';
import { salaireDeclare } from './parts';
import { usePayerSalaireMutation, type Salarie } from './salaires-api';
import { applySalairesServerErrors, salairesErrorKey } from './salaires-errors';
import { moisOf, montantText, paiementSalaireSchema, type PaiementSalaireValues } from './schemas';

/**
 * The "Payer" sheet of an employee (spec 2 §2, §5 "Salary payment"): this month, the declared
 * salary and today by default. The server's refusals (exercice_cloture 403, aucun_exercice_ouvert
 * 409, spec 2 §8) show their messages.
 */
export function PaiementSalaireSheet({ salarie, onClose }: { salarie: Salarie | null; onClose: () => void }) {
  const { t } = useTranslation('salaires');
  return (
    <Sheet open={salarie !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="end" className="w-full gap-0 overflow-y-auto sm:max-w-md">
        {salarie && (
          <>
            <SheetHeader className="border-b p-5 pe-12">
              <SheetTitle>{t('paiement.title', { nom: userText(salarie.nom) })}</SheetTitle>
              <SheetDescription>{t('paiement.description')}</SheetDescription>
            </SheetHeader>
            {/* Mounted with the sheet: every opening starts from the defaults. */}
            <PaiementForm salarie={salarie} onDone={onClose} />
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}

function PaiementForm({ salarie, onDone }: { salarie: Salarie; onDone: () => void }) {
  const { t } = useTranslation(['salaires', 'common']);
  const [payer] = usePayerSalaireMutation();
  const today = todayIso();
  const schema = useMemo(() => paiementSalaireSchema(today), [today]);
  const initialValues: PaiementSalaireValues = {
    mois: moisOf(today),
    montant: montantText(salaireDeclare(salarie)),
    date_paiement: today,
    methode_paiement: 'virement',
    reference_piece_justificative: '',
    commentaire: '',
  };

  async function submit(values: PaiementSalaireValues, helpers: FormikHelpers<PaiementSalaireValues>) {
    try {
      await payer(paiementSalaireRequest(salarie.id, values)).unwrap();
      toast.success(t('salaires:paiement.created'), { description: salarie.nom });
      onDone();
    } catch (error) {
      if (applySalairesServerErrors(error, helpers.setErrors, PAIEMENT_FIELDS)) return;
      toast.error(t('salaires:paiement.failed'), { description: translateMessage(salairesErrorKey(error)) });
    }
  }

  return (
    <Formik initialValues={initialValues} validationSchema={schema} onSubmit={submit}>
      {(formik) => (
        <Form noValidate className="flex min-h-0 flex-1 flex-col" aria-label={t('salaires:paiement.submit')}>
          <div className="grid gap-5 p-5">
            <PaiementSalaireFields salaire={salaireDeclare(salarie)} />
          </div>
          <SheetFooter className="border-t p-5 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onDone} disabled={formik.isSubmitting}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={formik.isSubmitting}>
              {formik.isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
              {formik.isSubmitting ? t('salaires:paiement.submitting') : t('salaires:paiement.submit')}
            </Button>
          </SheetFooter>
        </Form>
      )}
    </Formik>
  );
}
