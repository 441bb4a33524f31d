import { useTranslation } from 'react-i18next';
import type { FeatureKey } from '@/api/types';

/** The dashboard's keys and the pages' keys, in the spec's order (spec 3 §3 "Visibility user"). */
export const DASHBOARD_KEYS = [
  'see.dashboard.tresorerie',
  'see.dashboard.repartition_charges',
  'see.dashboard.recettes_depenses',
] as const satisfies readonly FeatureKey[];

export const PAGE_KEYS = [
  'see.recettes',
  'see.charges',
  'see.travaux',
  'see.budgets',
  'see.rapports_financiers',
  'see.contrats.recettes',
  'see.contrats.depenses',
] as const satisfies readonly FeatureKey[];

export const ALL_KEYS: readonly FeatureKey[] = [...DASHBOARD_KEYS, ...PAGE_KEYS];

const SLUGS = {
  'see.dashboard.tresorerie': 'dashboardTresorerie',
  'see.dashboard.repartition_charges': 'dashboardRepartitionCharges',
  'see.dashboard.recettes_depenses': 'dashboardRecettesDepenses',
  'see.recettes': 'recettes',
  'see.charges': 'charges',
  'see.travaux': 'travaux',
  'see.budgets': 'budgets',
  'see.rapports_financiers': 'rapportsFinanciers',
  'see.contrats.recettes': 'contratsRecettes',
  'see.contrats.depenses': 'contratsDepenses',
} as const satisfies Record<FeatureKey, string>;

/** A key's label in the user's language. */
export function useKeyLabel(): (key: FeatureKey) => string {
  const { t } = useTranslation('visibilite');
  return (key) => t(`keys.${SLUGS[key]}`);
}
