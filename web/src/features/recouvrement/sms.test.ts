import { describe, expect, it } from 'vitest';
import { formatDateTime, newIdempotencyKey, smsCount, smsEtatKey } from './sms';

describe('SMS segments (GSM-7 160 / 153, UCS-2 70 / 67)', () => {
  it('counts a French text in GSM-7', () => {
    expect(smsCount('')).toEqual({ encoding: 'GSM-7', length: 0, segments: 1, credits: 1 });
    expect(smsCount('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', segments: 1, credits: 1 });
    expect(smsCount('a'.repeat(161))).toMatchObject({ segments: 2 });
    expect(smsCount('a'.repeat(306))).toMatchObject({ segments: 2 });
    expect(smsCount('a'.repeat(307))).toMatchObject({ segments: 3 });
    expect(smsCount('Échéance du 05/11/2026 : 115,000 DT à régler.')).toMatchObject({ encoding: 'GSM-7' });
  });

  it('counts the extension characters twice and never splits them (as api/src/sms/segments.rs)', () => {
    expect(smsCount('€')).toMatchObject({ encoding: 'GSM-7', length: 2 });
    expect(smsCount(`${'a'.repeat(158)}€`)).toMatchObject({ segments: 1 });
    expect(smsCount(`${'a'.repeat(159)}€`)).toMatchObject({ segments: 2 });
    expect(smsCount(`${'a'.repeat(152)}€${'a'.repeat(151)}`)).toMatchObject({ segments: 2 });
    expect(smsCount(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toMatchObject({ segments: 3 });
  });

  it('switches to UCS-2 for any character outside GSM-7', () => {
    expect(smsCount('مرحبا')).toMatchObject({ encoding: 'UCS-2', length: 5, segments: 1 });
    expect(smsCount('ب'.repeat(70))).toMatchObject({ segments: 1 });
    expect(smsCount('ب'.repeat(71))).toMatchObject({ segments: 2 });
    expect(smsCount('ب'.repeat(134))).toMatchObject({ segments: 2 });
    expect(smsCount('ب'.repeat(135))).toMatchObject({ segments: 3, credits: 3 });
    expect(smsCount(`${'a'.repeat(100)}ê`)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
    expect(smsCount(`${'a'.repeat(68)}ç`)).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    expect(smsCount(`${'a'.repeat(70)}ç`)).toMatchObject({ segments: 2 });
    // An emoji's two UTF-16 units stay in one part.
    expect(smsCount(`${'ب'.repeat(66)}😀${'ب'.repeat(10)}`)).toMatchObject({ length: 78, segments: 2 });
    expect(smsCount(`${'ب'.repeat(66)}😀${'ب'.repeat(66)}`)).toMatchObject({ segments: 3 });
  });
});

describe('SMS state labels (spec 1 §4)', () => {
  it('shows sent and delivered as sent, queued as in progress, other values raw', () => {
    expect(smsEtatKey('sent')).toBe('envoye');
    expect(smsEtatKey('delivered')).toBe('envoye');
    expect(smsEtatKey('failed')).toBe('echoue');
    expect(smsEtatKey('queued')).toBe('encours');
    expect(smsEtatKey('expired')).toBeNull();
  });
});

describe('helpers', () => {
  it('makes a new key each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('formats a timestamp', () => {
    expect(formatDateTime('2026-11-05T09:07:00')).toBe('05/11/2026 09:07');
  });
});
