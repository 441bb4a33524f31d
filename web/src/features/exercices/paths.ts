import { generatePath } from 'react-router';

/**
 * The fiscal years' addresses (spec 2 §2 "Fiscal years and budgets", spec 3 §2.2 and §2.3): the
 * syndic's list, details and closing screen, and the co-owner's financial reports.
 */
export const exercicesPaths = {
  exercices: '/syndic/exercices-budgets/exercices',
  details: '/syndic/exercices-budgets/exercices/details/:exerciceId',
  cloture: '/syndic/exercices-budgets/exercices/cloture/:exerciceId',
  rapports: '/coproprietaire/rapports-financiers',
  rapportDetails: '/coproprietaire/rapports-financiers/details/:exerciceId',
} as const;

/** The two spaces that show the fiscal years: the syndic's screens and the co-owner's reports. */
export type ExercicesSpace = 'syndic' | 'coproprietaire';

/** The list of a space. */
export function exercicesListPath(space: ExercicesSpace): string {
  return space === 'syndic' ? exercicesPaths.exercices : exercicesPaths.rapports;
}

/** …/details/{exerciceId} of a space. */
export function exerciceDetailsPath(space: ExercicesSpace, id: number | string): string {
  return generatePath(space === 'syndic' ? exercicesPaths.details : exercicesPaths.rapportDetails, {
    exerciceId: String(id),
  });
}

/** /syndic/exercices-budgets/exercices/cloture/{exerciceId}. */
export function exerciceCloturePath(id: number | string): string {
  return generatePath(exercicesPaths.cloture, { exerciceId: String(id) });
}
