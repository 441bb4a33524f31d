import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import type { StatutPanne } from './pannes-api';

const VARIANTS: Record<StatutPanne, 'secondary' | 'warning' | 'default' | 'success' | 'outline'> = {
  ouvert: 'secondary',
  analyse: 'warning',
  reparation: 'default',
  resolu: 'success',
  archive: 'outline',
};

/** A report's status as a badge (spec 3 §3: ouvert, analyse, reparation, resolu, archive). */
export function StatutBadge({ status }: { status: StatutPanne }) {
  const { t } = useTranslation('pannes');
  return (
    <Badge variant={VARIANTS[status]} data-testid="panne-statut">
      {t(`statut.${status}`)}
    </Badge>
  );
}

/** A report's date and time as the server wrote them (`dd/mm/yyyy`, `HH:mm`). */
export function DateHeure({ date, heure }: { date: string; heure: string }) {
  return (
    <span dir="ltr" className="tabular whitespace-nowrap">
      {date} {heure}
    </span>
  );
}
