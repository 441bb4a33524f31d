/**
 * Dates travel as `yyyy-MM-dd` (spec 1 §9) and are shown as `dd/MM/yyyy`.
 * Users may type a date in any of the forms of spec 1 §5: ddmmyyyy, dd-mm-yyyy, dd/mm/yyyy,
 * dd.mm.yyyy, and the same with a two-digit year (ddmmyy, dd/mm/yy, ...).
 */

/** Two-digit years below this value are in the 2000s (26 → 2026), others in the 1900s (85 → 1985). */
export const TWO_DIGIT_YEAR_PIVOT = 70;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this month (UTC avoids DST surprises).
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= lastDay;
}

function toIso(year: number, month: number, day: number): string | null {
  if (!isRealDate(year, month, day)) return null;
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

function expandYear(yearText: string): number {
  const year = Number(yearText);
  if (yearText.length === 2) {
    return year < TWO_DIGIT_YEAR_PIVOT ? 2000 + year : 1900 + year;
  }
  return year;
}

/** True when the text is a real calendar date written `yyyy-MM-dd`. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  return isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/**
 * Parses a date typed by a user and returns it as `yyyy-MM-dd`, or null when it is not a date.
 * Accepted: `05032026`, `050326`, `05-03-2026`, `05/03/2026`, `05.03.2026`, `5/3/26`, and an
 * already ISO `2026-03-05` (pasted from elsewhere).
 */
export function parseTypedDate(input: string): string | null {
  const text = input.trim();
  if (text === '') return null;

  if (ISO_DATE.test(text)) {
    return isIsoDate(text) ? text : null;
  }

  const compact = /^(\d{2})(\d{2})(\d{4}|\d{2})$/.exec(text);
  if (compact) {
    const [, day, month, year] = compact as unknown as [string, string, string, string];
    return toIso(expandYear(year), Number(month), Number(day));
  }

  // One separator kind per date: "05/03-2026" is more likely a typo than a date.
  const separated = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})$/.exec(text);
  if (separated) {
    const [, day, , month, year] = separated as unknown as [string, string, string, string, string];
    return toIso(expandYear(year), Number(month), Number(day));
  }

  return null;
}

/** Formats `yyyy-MM-dd` (or an ISO date-time, whose date part is used) as `dd/MM/yyyy`. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/** Today's date as `yyyy-MM-dd` in the user's local time zone (a Tunisian evening is still today). */
export function todayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`;
}

/** 1 January of last year: the earliest due date or payment date a form accepts (spec 1 §5, §9). */
export function startOfLastYear(today: string): string {
  return `${Number(today.slice(0, 4)) - 1}-01-01`;
}

/** 31 December of next year: the latest due date a form accepts (spec 1 §9). */
export function endOfNextYear(today: string): string {
  return `${Number(today.slice(0, 4)) + 1}-12-31`;
}

const pad2Time = (n: number) => String(n).padStart(2, '0');

/** An RFC 3339 timestamp as `dd/MM/yyyy HH:mm`, in the user's time zone. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${pad2Time(date.getDate())}/${pad2Time(date.getMonth() + 1)}/${date.getFullYear()} ${formatTime(value)}`;
}

/** An RFC 3339 timestamp's time as `HH:mm`, in the user's time zone. */
export function formatTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${pad2Time(date.getHours())}:${pad2Time(date.getMinutes())}`;
}

/** The residence's time zone: the server writes its times (mails, PDFs) in Tunisia's time. */
const TUNIS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Tunis',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * An RFC 3339 timestamp as `dd/MM/yyyy HH:mm` in Tunisia's time (Africa/Tunis), whatever the
 * browser's time zone, as the server writes times. A timestamp without an offset is taken as
 * already in Tunisia's time.
 */
export function formatDateTimeTunis(value: string): string {
  if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(value)) {
    const naive = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/.exec(value);
    return naive ? `${naive[3]}/${naive[2]}/${naive[1]} ${naive[4]}:${naive[5]}` : value;
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const parts = Object.fromEntries(TUNIS.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
