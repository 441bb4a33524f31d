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
