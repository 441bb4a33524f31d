import { describe, expect, it } from 'vitest';
import { formatTime, parseTypedTime } from './heure';

describe('parseTypedTime', () => {
  it('keeps HH:MM and reads four digits as HH:MM', () => {
    expect(parseTypedTime('19:30')).toBe('19:30');
    expect(parseTypedTime(' 0805 ')).toBe('08:05');
  });

  it('refuses hours above 23, minutes above 59 and other shapes', () => {
    expect(parseTypedTime('24:00')).toBeNull();
    expect(parseTypedTime('12:60')).toBeNull();
    expect(parseTypedTime('9:30')).toBeNull();
    expect(parseTypedTime('19h30')).toBeNull();
    expect(parseTypedTime('')).toBeNull();
  });
});

describe('formatTime', () => {
  it('drops the seconds a server may send', () => {
    expect(formatTime('19:30:00')).toBe('19:30');
    expect(formatTime(null)).toBe('');
  });
});
