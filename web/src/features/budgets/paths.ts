import { generatePath } from 'react-router';

/** The budgets' addresses (spec 2 §2 "Fiscal years and budgets", spec 3 §2.3). */
export const budgetsPaths = {
  budgets: '/syndic/exercices-budgets/budgets',
  modifier: '/syndic/exercices-budgets/budgets/modifier/:budgetId',
  coproprietaire: '/coproprietaire/budgets',
} as const;

/** /syndic/exercices-budgets/budgets/modifier/{budgetId}. */
export function budgetModifierPath(budgetId: number | string): string {
  return generatePath(budgetsPaths.modifier, { budgetId: String(budgetId) });
}
