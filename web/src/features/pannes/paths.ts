import { generatePath } from 'react-router';

/**
 * The breakdown reports' addresses (spec 3 §2.2 pannes, §2.4 sidebar pannes/{pannes_actives,
 * pannes_archives}, §2.3 co-owner pannes and pannes/details/{panneId}). The syndic's details page
 * (where the status changes) mirrors the co-owner's.
 */
export const pannesPaths = {
  syndic: '/syndic/pannes',
  actives: '/syndic/pannes/pannes_actives',
  archives: '/syndic/pannes/pannes_archives',
  syndicDetails: '/syndic/pannes/details/:panneId',
  coproprietaire: '/coproprietaire/pannes',
  coproprietaireDetails: '/coproprietaire/pannes/details/:panneId',
} as const;

export type PannesSpace = 'syndic' | 'coproprietaire';

export function panneDetailsPath(space: PannesSpace, panneId: number): string {
  return generatePath(space === 'syndic' ? pannesPaths.syndicDetails : pannesPaths.coproprietaireDetails, {
    panneId: String(panneId),
  });
}

/** Where a details page goes back to. */
export function pannesListPath(space: PannesSpace): string {
  return space === 'syndic' ? pannesPaths.actives : pannesPaths.coproprietaire;
}
