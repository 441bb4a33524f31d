import { Form, Formik, type FormikHelpers } from 'formik';
import { Loader2 } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode } from '@/api/errors';
import { useEncaisserMutation, type MethodePaiement, type MontantDuOuvert, type ProprieteSolde } from '@/api/generated';
import { Button } from '@/components/ui/button';
import { ComboboxField } from '@/components/ui/combobox';
import { DateField } from '@/components/ui/date-field';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { toast } from '@/components/ui/toaster';
import { Dinars } from '@/components/dinars';
import { dinarsText, ltrText } from '@/lib/bidi';
import { formatDate, startOfLastYear, todayIso } from '@/lib/dates';
import { applyServerErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/translate-message';
import { formatDinars, wholeDinars } from '@/lib/money';
import { METHODES_PAIEMENT, useRevenusLabels } from './labels';
import { applyPaiementFieldCode, revenusErrorKey } from './revenus-errors';
import { encaisserSchema, type EncaisserValues } from './schemas';
import { recuEncaissementPath, useReceiptDownload } from './use-receipt';

const FIELDS: readonly (keyof EncaisserValues)[] = [
  'montant_du_id',
  'montant',
  'date_paiement',
  'methode_paiement',
  'reference_paiement',
];

/** What may be collected on a line: its remaining due, floored to whole dinars (spec 1 §9). */
export function collectable(line: Pick<MontantDuOuvert, 'restant_du'>): number {
  return Math.floor(line.restant_du);
}

/**
 * A payment already known (a transfer read on a bank statement, issue 22): its amount in whole
 * dinars, its date, method and reference replace the sheet's defaults.
 */
export interface EncaissementPrefill {
  montant: string;
  date_paiement: string;
  methode_paiement: MethodePaiement;
  reference_paiement: string;
}

function initialValues(
  lines: readonly MontantDuOuvert[],
  today: string,
  prefill: EncaissementPrefill | undefined,
): EncaisserValues {
  const first = lines[0];
  return {
    montant_du_id: first ? String(first.montant_du_id) : '',
    montant: first ? String(collectable(first)) : '',
    date_paiement: today,
    methode_paiement: 'espece',
    reference_paiement: '',
    ...prefill,
  };
}

interface EncaisserSheetProps {
  /** The property being collected from; null when the sheet is closed. */
  propriete: ProprieteSolde | null;
  onClose: () => void;
  /** The payment's known values (a bank statement's line), else the defaults. */
  prefill?: EncaissementPrefill;
  /** Told the new collection's id once recorded (to point it with the statement's line). */
  onCollected?: (encaissementId: number) => void;
}

/**
 * The collection sheet (spec 1 §2, §5 "Collection sheet"): one payment against one of the
 * property's montants dûs. Defaults: the oldest montant dû, its remaining due, today, cash.
 * On success a toast gives the receipt number (spec 1 §8) and offers the receipt's download.
 */
export function EncaisserSheet({ propriete, onClose, prefill, onCollected }: EncaisserSheetProps) {
  const { t } = useTranslation(['cotisations', 'common']);
  // Held by the sheet, which stays mounted: the toast's download outlives the form.
  const { download } = useReceiptDownload();
  return (
    <Sheet open={propriete !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="end" className="w-full gap-0 overflow-y-auto sm:max-w-md">
        {propriete && (
          <>
            <SheetHeader className="border-b p-5 pe-12">
              <SheetTitle>{t('cotisations:sheet.title', { nom: propriete.propriete_nom })}</SheetTitle>
              <SheetDescription>
                {propriete.proprietaire
                  ? t('cotisations:sheet.description', { payeur: propriete.proprietaire })
                  : t('cotisations:sheet.descriptionNoPayer')}
              </SheetDescription>
            </SheetHeader>
            {/* Mounted with the sheet: every opening starts from the defaults. */}
            <EncaisserForm
              propriete={propriete}
              onDone={onClose}
              download={download}
              prefill={prefill}
              onCollected={onCollected}
            />
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}

function EncaisserForm({
  propriete,
  onDone,
  download,
  prefill,
  onCollected,
}: {
  propriete: ProprieteSolde;
  onDone: () => void;
  download: (key: string, path: string) => Promise<void>;
  prefill?: EncaissementPrefill;
  onCollected?: (encaissementId: number) => void;
}) {
  const { t } = useTranslation(['cotisations', 'common']);
  const labels = useRevenusLabels();
  const [encaisser] = useEncaisserMutation();
  const lines = propriete.montants_dus;
  const today = todayIso();
  const byId = useMemo(() => new Map(lines.map((line) => [String(line.montant_du_id), line])), [lines]);
  const schema = useMemo(
    () =>
      encaisserSchema((id) => {
        const line = byId.get(id);
        return line ? collectable(line) : undefined;
      }, today),
    [byId, today],
  );

  async function submit(values: EncaisserValues, helpers: FormikHelpers<EncaisserValues>) {
    const line = byId.get(values.montant_du_id);
    if (!line) return;
    const methode = values.methode_paiement as MethodePaiement;
    const reference = values.reference_paiement.trim();
    try {
      const answer = await encaisser({
        encaisserRequest: {
          cotisation_nom: line.cotisation_nom,
          montant: wholeDinars(values.montant),
          cotisation_id: line.cotisation_id,
          montant_du_id: line.montant_du_id,
          date_paiement: values.date_paiement,
          methode_paiement: methode,
          reference_paiement: methode === 'espece' || reference === '' ? null : reference,
        },
      }).unwrap();
      const { id, reference_recu: numero } = answer.encaissement;
      toast.success(t('cotisations:sheet.success'), {
        description: t('cotisations:sheet.successReceipt', { numero: ltrText(numero) }),
        action: {
          label: t('cotisations:sheet.downloadReceipt'),
          onClick: () => void download(String(id), recuEncaissementPath(id)),
        },
        // Long enough to reach the button.
        duration: 10_000,
      });
      onDone();
      onCollected?.(id);
    } catch (error) {
      if (applyPaiementFieldCode(error, helpers.setFieldError)) return;
      if (apiErrorCode(error) === 'validation_failed' && applyServerErrors(error, helpers.setErrors, FIELDS)) return;
      toast.error(t('cotisations:errors.collectFailed'), {
        description: translateMessage(revenusErrorKey(error, 'errors:general_error')),
      });
    }
  }

  // The amount stands apart at the end of each choice, never cut by a long title.
  const options = lines.map((line) => ({
    value: String(line.montant_du_id),
    label: line.cotisation_nom,
    description: line.exigible
      ? t('cotisations:sheet.optionEcheance', { date: ltrText(formatDate(line.date_echeance)) })
      : t('cotisations:sheet.optionAEchoir', { date: ltrText(formatDate(line.date_echeance)) }),
    amount: <Dinars value={line.restant_du} />,
    searchText: `${formatDate(line.date_echeance)} ${formatDinars(line.restant_du)}`,
  }));

  return (
    <Formik initialValues={initialValues(lines, today, prefill)} validationSchema={schema} onSubmit={submit}>
      {(formik) => {
        const chosen = byId.get(formik.values.montant_du_id);
        return (
          <Form
            noValidate
            className="flex min-h-0 flex-1 flex-col"
            aria-label={t('cotisations:sheet.title', { nom: propriete.propriete_nom })}
          >
            <div className="grid gap-5 p-5">
              <ComboboxField
                name="montant_du_id"
                label={t('cotisations:sheet.cotisation')}
                placeholder={t('cotisations:sheet.cotisationPlaceholder')}
                options={options}
                onValueChange={(value) => {
                  const line = byId.get(value);
                  // The default amount follows the chosen line (spec 1 §5).
                  void formik.setFieldValue('montant', line ? String(collectable(line)) : '');
                }}
              />
              <FormField
                name="montant"
                label={t('cotisations:sheet.montant')}
                description={
                  chosen
                    ? t('cotisations:sheet.montantHint', { montant: dinarsText(collectable(chosen)) })
                    : t('cotisations:sheet.montantHintEmpty')
                }
                inputMode="numeric"
                autoComplete="off"
                dir="ltr"
                className="[&_input]:rtl:text-end"
              />
              <DateField
                name="date_paiement"
                label={t('cotisations:sheet.datePaiement')}
                min={startOfLastYear(today)}
                max={today}
              />
              <SelectField
                name="methode_paiement"
                label={t('cotisations:sheet.methode')}
                placeholder={t('cotisations:sheet.methodePlaceholder')}
                options={METHODES_PAIEMENT.map((value) => ({ value, label: labels.methode(value) }))}
              />
              {formik.values.methode_paiement !== 'espece' && formik.values.methode_paiement !== '' && (
                <FormField
                  name="reference_paiement"
                  label={t('cotisations:sheet.reference')}
                  description={t('cotisations:sheet.referenceHint')}
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
                {formik.isSubmitting ? t('cotisations:form.submitting') : t('cotisations:sheet.submit')}
              </Button>
            </SheetFooter>
          </Form>
        );
      }}
    </Formik>
  );
}
