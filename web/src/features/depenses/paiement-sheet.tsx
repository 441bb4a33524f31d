import { Form, Formik, type FormikHelpers } from 'formik';
import { Loader2 } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { toast } from '@/components/ui/toaster';
import { dinarsText } from '@/lib/bidi';
import { startOfLastYear, todayIso } from '@/lib/dates';
import { currencyUnit } from '@/lib/money';
import { translateMessage } from '@/lib/translate-message';
import {
  useModifierPaiementDepense,
  usePayerDepense,
  type DepenseKind,
  type MethodePaiementDepense,
  type PaiementDepense,
} from './depenses-api';
import { applyDepensesServerErrors, depensesErrorKey } from './depenses-errors';
import { FREE_TEXT, useMethodeLabel, userText } from './parts';
import {
  METHODES_AVEC_REFERENCE,
  METHODES_PAIEMENT,
  montantNumber,
  montantText,
  paiementSchema,
  type PaiementValues,
} from './schemas';

const FIELDS = ['montant', 'date_paiement', 'methode_paiement', 'reference_paiement'];

/** What the sheet pays: a charge or works item, and the payment being edited if any. */
export interface PaiementTarget {
  depense: { id: number; titre: string; restant_du: number };
  paiement?: PaiementDepense;
}

/** The most that may be paid: the remaining due, plus the edited payment's own amount. */
export function paiementMaximum(target: PaiementTarget): number {
  return (Math.round(target.depense.restant_du * 1000) + Math.round((target.paiement?.montant ?? 0) * 1000)) / 1000;
}

/**
 * The payment sheet of a charge or works item (spec 2 §5 "Payment"), to pay or to edit a payment:
 * the amount (default: what remains; at most what remains, plus the payment's own amount on
 * edit), the date (default today), the method, and the reference for a cheque or a transfer only.
 * The server's refusals (montant_maximum_depasse, exercice_cloture, aucun_exercice_ouvert) show
 * their messages.
 */
export function PaiementSheet({
  kind,
  target,
  onClose,
}: {
  kind: DepenseKind;
  target: PaiementTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('depenses');
  return (
    <Sheet open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="end" className="w-full gap-0 overflow-y-auto sm:max-w-md">
        {target && (
          <>
            <SheetHeader className="border-b p-5 pe-12">
              <SheetTitle>
                {target.paiement
                  ? t('paiement.editTitle', { titre: userText(target.depense.titre) })
                  : t('paiement.title', { titre: userText(target.depense.titre) })}
              </SheetTitle>
              <SheetDescription>
                {t('paiement.description', { montant: dinarsText(target.depense.restant_du) })}
              </SheetDescription>
            </SheetHeader>
            {/* Mounted with the sheet: every opening starts from the defaults. */}
            <PaiementForm kind={kind} target={target} onDone={onClose} />
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}

function PaiementForm({ kind, target, onDone }: { kind: DepenseKind; target: PaiementTarget; onDone: () => void }) {
  const { t, i18n } = useTranslation(['depenses', 'common']);
  const methodeLabel = useMethodeLabel();
  const [payer] = usePayerDepense(kind);
  const [modifier] = useModifierPaiementDepense(kind);
  const today = todayIso();
  const maximum = paiementMaximum(target);
  const schema = useMemo(() => paiementSchema(maximum), [maximum]);
  const { paiement } = target;
  const initialValues: PaiementValues = paiement
    ? {
        montant: montantText(paiement.montant),
        date_paiement: paiement.date_paiement,
        methode_paiement: paiement.methode_paiement,
        reference_paiement: paiement.reference_paiement ?? '',
      }
    : {
        montant: montantText(target.depense.restant_du),
        date_paiement: today,
        methode_paiement: 'espece',
        reference_paiement: '',
      };

  async function submit(values: PaiementValues, helpers: FormikHelpers<PaiementValues>) {
    const methode = values.methode_paiement as MethodePaiementDepense;
    const reference = values.reference_paiement.trim();
    const fields = {
      montant: montantNumber(values.montant),
      date_paiement: values.date_paiement,
      methode_paiement: methode,
      reference_paiement: METHODES_AVEC_REFERENCE.includes(methode) && reference !== '' ? reference : null,
    };
    try {
      if (paiement) {
        await modifier({ ...fields, id: paiement.id, depenseId: target.depense.id }).unwrap();
        toast.success(t('depenses:paiement.updated'), { description: target.depense.titre });
      } else {
        await payer({ ...fields, id: target.depense.id }).unwrap();
        toast.success(t('depenses:paiement.created'), { description: target.depense.titre });
      }
      onDone();
    } catch (error) {
      if (applyDepensesServerErrors(error, helpers.setErrors, FIELDS)) return;
      toast.error(t('depenses:paiement.failed'), { description: translateMessage(depensesErrorKey(error)) });
    }
  }

  return (
    <Formik initialValues={initialValues} validationSchema={schema} onSubmit={submit}>
      {(formik) => (
        <Form noValidate className="flex min-h-0 flex-1 flex-col" aria-label={t('depenses:paiement.submit')}>
          <div className="grid gap-5 p-5">
            <FormField
              name="montant"
              label={`${t('depenses:paiement.montant')} (${currencyUnit(i18n.language)})`}
              description={t('depenses:paiement.montantHint', { montant: dinarsText(maximum) })}
              inputMode="decimal"
              autoComplete="off"
              dir="ltr"
              className="[&_input]:rtl:text-end"
              required
            />
            <DateField
              name="date_paiement"
              label={t('depenses:paiement.datePaiement')}
              min={startOfLastYear(today)}
              max={today}
              required
            />
            <SelectField
              name="methode_paiement"
              label={t('depenses:paiement.methode')}
              placeholder={t('depenses:paiement.methodePlaceholder')}
              options={METHODES_PAIEMENT.map((value) => ({ value, label: methodeLabel(value) }))}
            />
            {METHODES_AVEC_REFERENCE.includes(formik.values.methode_paiement) && (
              <FormField
                name="reference_paiement"
                label={t('depenses:paiement.reference')}
                description={t('depenses:paiement.referenceHint')}
                {...FREE_TEXT}
                autoComplete="off"
              />
            )}
          </div>
          <SheetFooter className="border-t p-5 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onDone} disabled={formik.isSubmitting}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={formik.isSubmitting}>
              {formik.isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
              {formik.isSubmitting ? t('depenses:paiement.submitting') : t('depenses:paiement.submit')}
            </Button>
          </SheetFooter>
        </Form>
      )}
    </Formik>
  );
}
