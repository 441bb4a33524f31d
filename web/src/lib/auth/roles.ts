import type { FeatureKey, User } from '@/api/types';

/** The two spaces of the product (spec 3 §1). */
export type Space = 'syndic' | 'coproprietaire';

/** Keys (namespace common) of the role labels shown in the sidebar header and dashboards. */
export type RoleLabelKey = 'roles.president' | 'roles.tresorier' | 'roles.membreConseil' | 'roles.proprietaire';

/**
 * Role label (spec 1 §1, spec 3 §1): in the syndic space the council role, Président first
 * because a president may also hold the finance flag; in the co-owner space everybody is a
 * Propriétaire.
 */
export function roleLabelKey(user: Pick<User, 'is_president' | 'is_finance'>, space: Space): RoleLabelKey {
  if (space === 'coproprietaire') return 'roles.proprietaire';
  if (user.is_president) return 'roles.president';
  if (user.is_finance) return 'roles.tresorier';
  return 'roles.membreConseil';
}

/** True only when the flag is present and true: a missing key means "not granted". */
export function hasFeature(user: Pick<User, 'features'> | null, feature: FeatureKey): boolean {
  return user?.features[feature] === true;
}
