/**
 * Times of day as forms take them (spec 3 §5: "Time HH:MM or HHMM"): `19:30`, or four digits
 * `1930` read as `19:30`; hours 00–23, minutes 00–59.
 */

const TYPED_TIME = /^(\d{2}):?(\d{2})$/;

/** `HH:MM` for a typed time, or null when it is not one. */
export function parseTypedTime(input: string): string | null {
  const match = TYPED_TIME.exec(input.trim());
  if (!match) return null;
  const [, hours, minutes] = match as unknown as [string, string, string];
  if (Number(hours) > 23 || Number(minutes) > 59) return null;
  return `${hours}:${minutes}`;
}

/** `HH:MM` from what a server sends (`19:30` or `19:30:00`). */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '';
  return /^\d{2}:\d{2}/.exec(value)?.[0] ?? value;
}
