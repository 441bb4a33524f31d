import { isOptionalTel } from '@/lib/phone';
import { object, string } from '@/lib/validation';
import type { LettreType, SmsLangue } from './recouvrement-api';

/**
 * The debt recovery's forms (spec 1 §5 "Recovery"): an SMS's number is optional but, when given,
 * exactly 8 digits (shown with +216); a letter's type is relance or dernierRappel, relance by
 * default. Messages are catalogue keys.
 */

export interface SmsValues {
  /** Spaces are allowed while typing ("20 123 456"). */
  tel: string;
  langue: SmsLangue;
}

/** The digits of a typed number ("20 123 456" → "20123456"). */
export function telDigits(tel: string): string {
  return tel.replace(/\s+/g, '');
}

export const smsSchema = object({
  tel: string().test('tel', 'recouvrement:sms.telInvalide', (value) => isOptionalTel(telDigits(value ?? ''))),
  langue: string().oneOf(['fr', 'ar']).required(),
});

export interface LettreValues {
  lettre_type: LettreType;
  lang: SmsLangue;
}

export const emptyLettre: LettreValues = { lettre_type: 'relance', lang: 'fr' };

export const lettreSchema = object({
  lettre_type: string().oneOf(['relance', 'dernierRappel']).required(),
  lang: string().oneOf(['fr', 'ar']).required(),
});

const MONTANT = /^\d+([.,]\d{1,3})?$/;

export interface GroupeValues {
  montant_minimum: string;
}

export const groupeSchema = object({
  montant_minimum: string()
    .trim()
    .required('recouvrement:groupe.montantInvalide')
    .matches(MONTANT, 'recouvrement:groupe.montantInvalide'),
});

/** "12,5" → 12.5. */
export function montantOf(text: string): number {
  return Number(text.trim().replace(',', '.'));
}
