import { DashboardSummary } from './dashboard-summary';

/** /syndic/tableau-de-bord. */
export function SyndicDashboardPage() {
  return <DashboardSummary space="syndic" />;
}
