import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { DateField } from '@/components/ui/date-field';
import { SelectField } from '@/components/ui/select-field';

/** Type, dates and payer flag: the part of the occupation both forms share (spec 2 §5). */
export function OccupationFields() {
  const { t } = useTranslation('proprietes');
  return (
    <>
      <SelectField
        name="type_occupation"
        label={t('form.typeOccupation')}
        placeholder={t('form.typePlaceholder')}
        options={[
          { value: 'proprietaire', label: t('typeOccupation.proprietaire') },
          { value: 'locataire', label: t('typeOccupation.locataire') },
        ]}
      />
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <DateField name="date_debut" label={t('form.dateDebut')} />
        <DateField name="date_fin" label={t('form.dateFin')} description={t('form.dateFinHint')} />
      </div>
      <CheckboxField name="is_payer" label={t('form.isPayer')} description={t('form.isPayerHelp')} />
    </>
  );
}
