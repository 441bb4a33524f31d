/**
 * The donuts' five rotating colours (spec 3 §9), shared by the dashboards and the votes' results:
 * the slices take them in turn, the sixth slice the first colour again.
 */
export const DONUT_COLOURS = [
  'oklch(0.45 0.08 215)',
  'oklch(0.74 0.12 70)',
  'oklch(0.58 0.12 155)',
  'oklch(0.6 0.13 20)',
  'oklch(0.55 0.1 290)',
] as const;
