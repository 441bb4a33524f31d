import { Form, Formik, type FormikHelpers } from 'formik';
import { Loader2 } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { FREE_TEXT } from '@/components/user-text';
import { dinarsText } from '@/lib/bidi';
import { startOfLastYear, todayIso } from '@/lib/dates';
import { currencyUnit } from '@/lib/money';
import { isoDate, object, string } from '@/lib/validation';

/*
 * The payment sheet of a record paid in several times (spec 1 §5 "Contract payment", spec 2 §5
 * "Payment"): an expense, a revenue or expense contract. The amount (default: what remains; at
 * most `maximum`), the date (default today), the method among `methodes`, and the reference for
 * a cheque or a transfer only. The caller sends the payment and says what a refusal means:
 *
 *   <PaiementSheet open={target !== null} onClose={close} title="Paiement : Antenne"
 *     description="Reste à payer : 1 200,000 DT" maximum={1200} defaultMontant={1200}
 *     methodes={['espece', 'cheque', 'virement']} methodeLabel={(m) => t(`methodes.${m}`)}
 *     onSubmit={async (fields, helpers) => { await payer(fields); return true; }} />
 */

/** The methods whose reference is asked for and kept (spec 1 §5, spec 2 §5). */
export const METHODES_AVEC_REFERENCE: readonly string[] = ['cheque', 'virement'];

/** What the sheet's form holds, as typed. */
export interface PaiementSheetValues {
  montant: string;
  date_paiement: string;
  methode_paiement: string;
  reference_paiement: string;
}

/** A payment as the servers take it: DT with up to 3 decimals, `yyyy-MM-dd`, a reference or null. */
export interface PaiementFields<Methode extends string> {
  montant: number;
  date_paiement: string;
  methode_paiement: Methode;
  reference_paiement: string | null;
}

/** The payment being edited. */
export interface PaiementInitial<Methode extends string> {
  montant: number;
  date_paiement: string;
  methode_paiement: Methode;
  reference_paiement: string | null;
}

const DECIMAL_DINARS = /^\d+(\.\d{1,3})?$/;
const MAX_DINARS = 999_999_999;
const REFERENCE_MAX_LENGTH = 100;

/** The amount typed, spaces removed and a point for the decimals ("1 250,5" → "1250.5"). */
export function paiementMontantDecimal(text: string): string {
  return text.replace(/\s+/g, '').replace(',', '.');
}

const millimes = (value: number) => Math.round(value * 1000);

/** A payment of at most `maximum` DT, by one of `methodes`. */
export function paiementSheetSchema(maximum: number, methodes: readonly string[]) {
  return object({
    montant: string()
      .trim()
      .required('common:paiement.validation.montantRequired')
      .test('decimal', 'common:paiement.validation.montantDecimal', (value) => {
        if (!value) return true;
        const text = paiementMontantDecimal(value);
        return DECIMAL_DINARS.test(text) && Number(text) <= MAX_DINARS;
      })
      .test('positive', 'common:paiement.validation.montantPositif', (value) => {
        if (!value || !DECIMAL_DINARS.test(paiementMontantDecimal(value))) return true;
        return Number(paiementMontantDecimal(value)) > 0;
      })
      .test('maximum', 'common:paiement.validation.montantMaximum', (value) => {
        if (!value || !DECIMAL_DINARS.test(paiementMontantDecimal(value))) return true;
        return millimes(Number(paiementMontantDecimal(value))) <= millimes(maximum);
      }),
    date_paiement: isoDate().required('common:paiement.validation.datePaiementRequired'),
    methode_paiement: string()
      .required('common:paiement.validation.methodeRequired')
      .oneOf([...methodes], 'common:paiement.validation.methodeRequired'),
    reference_paiement: string().trim().max(REFERENCE_MAX_LENGTH, 'common:paiement.validation.referenceTropLongue'),
  });
}

interface PaiementSheetProps<Methode extends string> {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  /** The most that may be paid, in DT (what remains, plus the edited payment's own amount). */
  maximum: number;
  /** The amount proposed for a new payment, in DT. */
  defaultMontant: number;
  methodes: readonly Methode[];
  methodeLabel: (methode: Methode) => string;
  /** The payment being edited, if any. */
  initial?: PaiementInitial<Methode>;
  /**
   * Sends the payment; true closes the sheet. A refusal is the caller's to show (under a field
   * with `helpers.setErrors`, or in a toast).
   */
  onSubmit: (fields: PaiementFields<Methode>, helpers: FormikHelpers<PaiementSheetValues>) => Promise<boolean>;
}

export function PaiementSheet<Methode extends string>(props: PaiementSheetProps<Methode>) {
  const { open, onClose, title, description } = props;
  return (
    <Sheet open={open} onOpenChange={(next) => !next && onClose()}>
      <SheetContent side="end" className="w-full gap-0 overflow-y-auto sm:max-w-md">
        {open && (
          <>
            <SheetHeader className="border-b p-5 pe-12">
              <SheetTitle>{title}</SheetTitle>
              <SheetDescription>{description}</SheetDescription>
            </SheetHeader>
            {/* Mounted with the sheet: every opening starts from the defaults. */}
            <PaiementSheetForm {...props} />
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}

function PaiementSheetForm<Methode extends string>({
  onClose,
  maximum,
  defaultMontant,
  methodes,
  methodeLabel,
  initial,
  onSubmit,
}: PaiementSheetProps<Methode>) {
  const { t, i18n } = useTranslation('common');
  const today = todayIso();
  const schema = useMemo(() => paiementSheetSchema(maximum, methodes), [maximum, methodes]);
  const initialValues: PaiementSheetValues = initial
    ? {
        montant: String(initial.montant),
        date_paiement: initial.date_paiement,
        methode_paiement: initial.methode_paiement,
        reference_paiement: initial.reference_paiement ?? '',
      }
    : {
        montant: defaultMontant > 0 ? String(defaultMontant) : '',
        date_paiement: today,
        methode_paiement: methodes[0] ?? '',
        reference_paiement: '',
      };

  async function submit(values: PaiementSheetValues, helpers: FormikHelpers<PaiementSheetValues>) {
    const reference = values.reference_paiement.trim();
    const fields: PaiementFields<Methode> = {
      montant: Number(paiementMontantDecimal(values.montant)),
      date_paiement: values.date_paiement,
      methode_paiement: values.methode_paiement as Methode,
      reference_paiement:
        METHODES_AVEC_REFERENCE.includes(values.methode_paiement) && reference !== '' ? reference : null,
    };
    if (await onSubmit(fields, helpers)) onClose();
  }

  return (
    <Formik initialValues={initialValues} validationSchema={schema} onSubmit={submit}>
      {(formik) => (
        <Form noValidate className="flex min-h-0 flex-1 flex-col" aria-label={t('paiement.submit')}>
          <div className="grid gap-5 p-5">
            <FormField
              name="montant"
              label={`${t('paiement.montant')} (${currencyUnit(i18n.language)})`}
              description={t('paiement.montantHint', { montant: dinarsText(maximum) })}
              inputMode="decimal"
              autoComplete="off"
              dir="ltr"
              className="[&_input]:rtl:text-end"
              required
            />
            <DateField
              name="date_paiement"
              label={t('paiement.datePaiement')}
              min={startOfLastYear(today)}
              max={today}
              required
            />
            <SelectField
              name="methode_paiement"
              label={t('paiement.methode')}
              placeholder={t('paiement.methodePlaceholder')}
              options={methodes.map((value) => ({ value, label: methodeLabel(value) }))}
            />
            {METHODES_AVEC_REFERENCE.includes(formik.values.methode_paiement) && (
              <FormField
                name="reference_paiement"
                label={t('paiement.reference')}
                description={t('paiement.referenceHint')}
                {...FREE_TEXT}
                autoComplete="off"
              />
            )}
          </div>
          <SheetFooter className="border-t p-5 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose} disabled={formik.isSubmitting}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" disabled={formik.isSubmitting}>
              {formik.isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
              {formik.isSubmitting ? t('paiement.submitting') : t('paiement.submit')}
            </Button>
          </SheetFooter>
        </Form>
      )}
    </Formik>
  );
}
