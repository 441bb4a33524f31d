import { DashboardSummary } from './dashboard-summary';

/** /coproprietaire/tableau-de-bord. */
export function CoproprietaireDashboardPage() {
  return <DashboardSummary space="coproprietaire" />;
}
