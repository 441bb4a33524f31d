import { useTranslation } from 'react-i18next';
import { formatTel } from '@/lib/phone';

/**
 * A phone number with the +216 prefix (`+216 20 000 001`), kept left-to-right inside Arabic text;
 * a dash when there is none.
 */
export function PhoneNumber({ tel }: { tel: string | null | undefined }) {
  const { t } = useTranslation();
  const text = formatTel(tel);
  if (text === '') return <span className="text-muted-foreground">{t('empty')}</span>;
  return (
    <span dir="ltr" className="tabular whitespace-nowrap">
      {text}
    </span>
  );
}

/** A supplier's or client's phone grouped 2-3-3 ("20 123 456"), left to right; a dash when there is none. */
export function TelGroupe({ tel }: { tel: string | null }) {
  const { t } = useTranslation('common');
  if (!tel) return <span className="text-muted-foreground">{t('empty')}</span>;
  return (
    <span dir="ltr" className="tabular whitespace-nowrap">
      {telGroupe(tel)}
    </span>
  );
}

export function telGroupe(tel: string | null): string {
  if (!tel) return '';
  return /^\d{8}$/.test(tel) ? `${tel.slice(0, 2)} ${tel.slice(2, 5)} ${tel.slice(5)}` : tel;
}
