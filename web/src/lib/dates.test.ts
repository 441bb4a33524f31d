import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  endOfNextYear,
  formatDate,
  formatDateTimeTunis,
  isIsoDate,
  parseTypedDate,
  startOfLastYear,
  todayIso,
} from './dates';

describe('parseTypedDate', () => {
  it.each([
    ['05032026', '2026-03-05'],
    ['05-03-2026', '2026-03-05'],
    ['05/03/2026', '2026-03-05'],
    ['05.03.2026', '2026-03-05'],
    ['050326', '2026-03-05'],
    ['05-03-26', '2026-03-05'],
    ['05/03/26', '2026-03-05'],
    ['05.03.26', '2026-03-05'],
    ['5/3/2026', '2026-03-05'],
    ['5.3.26', '2026-03-05'],
    [' 05/03/2026 ', '2026-03-05'],
    ['2026-03-05', '2026-03-05'],
  ])('reads %s as %s', (typed, iso) => {
    expect(parseTypedDate(typed)).toBe(iso);
  });

  it('puts two-digit years below 70 in the 2000s and the others in the 1900s', () => {
    expect(parseTypedDate('01/01/00')).toBe('2000-01-01');
    expect(parseTypedDate('01/01/69')).toBe('2069-01-01');
    expect(parseTypedDate('01/01/70')).toBe('1970-01-01');
    expect(parseTypedDate('12/04/85')).toBe('1985-04-12');
    expect(parseTypedDate('120485')).toBe('1985-04-12');
  });

  it('checks the calendar, leap years included', () => {
    expect(parseTypedDate('29/02/2024')).toBe('2024-02-29');
    expect(parseTypedDate('29/02/2026')).toBeNull();
    expect(parseTypedDate('31/04/2026')).toBeNull();
    expect(parseTypedDate('00/01/2026')).toBeNull();
    expect(parseTypedDate('01/13/2026')).toBeNull();
    expect(parseTypedDate('2026-02-30')).toBeNull();
  });

  it('rejects what is not a date', () => {
    expect(parseTypedDate('')).toBeNull();
    expect(parseTypedDate('   ')).toBeNull();
    expect(parseTypedDate('hier')).toBeNull();
    expect(parseTypedDate('0503202')).toBeNull();
    expect(parseTypedDate('05/03-2026')).toBeNull();
    expect(parseTypedDate('05/03/202')).toBeNull();
    expect(parseTypedDate('2026/03/05')).toBeNull();
  });
});

describe('formatDate', () => {
  it('shows yyyy-MM-dd as dd/MM/yyyy', () => {
    expect(formatDate('2026-03-05')).toBe('05/03/2026');
  });

  it('uses the date part of a date-time', () => {
    expect(formatDate('2026-03-05T10:20:00Z')).toBe('05/03/2026');
  });

  it('shows nothing for no date and leaves other text alone', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('bientôt')).toBe('bientôt');
  });
});

describe('isIsoDate and todayIso', () => {
  it('accepts only real yyyy-MM-dd dates', () => {
    expect(isIsoDate('2026-03-05')).toBe(true);
    expect(isIsoDate('2026-3-5')).toBe(false);
    expect(isIsoDate('2026-02-29')).toBe(false);
  });

  it('gives the local date', () => {
    expect(todayIso(new Date(2026, 0, 9, 23, 30))).toBe('2026-01-09');
  });

  it('bounds the pickers from 1 January of last year to 31 December of next year', () => {
    expect(startOfLastYear('2026-07-14')).toBe('2025-01-01');
    expect(endOfNextYear('2026-07-14')).toBe('2027-12-31');
  });
});

describe('formatDateTimeTunis', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  const zoneOffsets: Record<string, number> = { 'America/Los_Angeles': 480, 'Asia/Tokyo': -540, UTC: 0 };

  it("writes a UTC instant in Tunisia's time whatever the browser's time zone", () => {
    for (const browserZone of ['America/Los_Angeles', 'Asia/Tokyo', 'UTC']) {
      vi.stubEnv('TZ', browserZone);
      // The browser's own reading of the instant moves with its zone; ours does not.
      expect(new Date('2026-11-25T09:05:00Z').getTimezoneOffset()).toBe(zoneOffsets[browserZone]);
      // Tunisia is UTC+1 all year (no summer time).
      expect(formatDateTimeTunis('2026-11-25T09:05:00Z')).toBe('25/11/2026 10:05');
      expect(formatDateTimeTunis('2026-07-01T23:30:00+00:00')).toBe('02/07/2026 00:30');
    }
  });

  it('keeps a time without an offset as written (already Tunisian) and an unreadable one as is', () => {
    vi.stubEnv('TZ', 'Asia/Tokyo');
    expect(formatDateTimeTunis('2026-11-25T10:05:00')).toBe('25/11/2026 10:05');
    expect(formatDateTimeTunis('hier')).toBe('hier');
  });
});
