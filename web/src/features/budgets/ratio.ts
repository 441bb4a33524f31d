import { dinarsToMillimes } from '@/lib/money';

/**
 * What was spent against what was budgeted (spec 2 §2 "Budget display"): the rounded percentage
 * (null when nothing is budgeted) and whether the spend is above the budget (highlighted),
 * compared in millimes so that no float decides it.
 */
export function spendRatio(budgete: number, depense: number): { percent: number | null; over: boolean } {
  const budget = dinarsToMillimes(budgete) ?? 0;
  const spent = dinarsToMillimes(depense) ?? 0;
  return {
    percent: budget > 0 ? Math.round((spent * 100) / budget) : null,
    over: spent > budget,
  };
}
