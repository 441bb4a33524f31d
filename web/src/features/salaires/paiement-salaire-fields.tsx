import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/ui/date-field';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { FREE_TEXT } from '@/components/user-text';
import { dinarsText } from '@/lib/bidi';
import { startOfLastYear, todayIso } from '@/lib/dates';
import { currencyUnit } from '@/lib/money';
import { LTR_INPUT, useMethodeLabel, useMoisLabel } from './parts';
import type { PaiementSalaireRequest } from './salaires-api';
import { METHODES_SALAIRE, moisChoices, montantNumber, optionalText, type PaiementSalaireValues } from './schemas';

export const PAIEMENT_FIELDS = [
  'mois',
  'montant',
  'date_paiement',
  'methode_paiement',
  'reference_piece_justificative',
  'commentaire',
];

/** The request of a salary payment from the form. */
export function paiementSalaireRequest(salarieId: number, values: PaiementSalaireValues): PaiementSalaireRequest {
  return {
    salarie_id: salarieId,
    mois: values.mois,
    montant: montantNumber(values.montant),
    date_paiement: values.date_paiement,
    methode_paiement: values.methode_paiement as PaiementSalaireRequest['methode_paiement'],
    reference_piece_justificative: optionalText(values.reference_piece_justificative),
    commentaire: optionalText(values.commentaire),
  };
}

/**
 * A salary payment's fields (spec 2 §5 "Salary payment"): the month paid, the amount (at most
 * 9 999,999 DT; `salaire` is the employee's declared salary, a hint), the date (no later than
 * today), the method (cash, cheque or transfer), the supporting document's reference and a
 * comment.
 */
export function PaiementSalaireFields({ keepMois, salaire }: { keepMois?: string; salaire?: number | null }) {
  const { t, i18n } = useTranslation('salaires');
  const methodeLabel = useMethodeLabel();
  const moisLabel = useMoisLabel();
  const today = todayIso();
  return (
    <>
      <SelectField
        name="mois"
        label={t('paiement.mois')}
        placeholder={t('paiement.moisPlaceholder')}
        options={moisChoices(today, keepMois).map((value) => ({ value, label: moisLabel(value) }))}
      />
      <FormField
        name="montant"
        label={`${t('paiement.montant')} (${currencyUnit(i18n.language)})`}
        description={
          salaire ? t('paiement.montantHintSalaire', { montant: dinarsText(salaire) }) : t('paiement.montantHint')
        }
        inputMode="decimal"
        autoComplete="off"
        required
        {...LTR_INPUT}
      />
      <DateField
        name="date_paiement"
        label={t('paiement.datePaiement')}
        description={t('paiement.datePaiementHint')}
        min={startOfLastYear(today)}
        max={today}
        required
      />
      <SelectField
        name="methode_paiement"
        label={t('paiement.methode')}
        placeholder={t('paiement.methodePlaceholder')}
        options={METHODES_SALAIRE.map((value) => ({ value, label: methodeLabel(value) }))}
      />
      <FormField
        name="reference_piece_justificative"
        label={t('paiement.reference')}
        description={t('paiement.referenceHint')}
        autoComplete="off"
        {...FREE_TEXT}
      />
      <FormField name="commentaire" label={t('paiement.commentaire')} autoComplete="off" {...FREE_TEXT} />
    </>
  );
}
