import { object, string } from '@/lib/validation';

/** Login rules (spec 1 §5, §9): phone digits only, 6 to 15 digits; password required. */
export const TEL_MIN_DIGITS = 6;
export const TEL_MAX_DIGITS = 15;

export const loginSchema = object({
  tel: string()
    .trim()
    .required('auth:validation.telRequired')
    .matches(/^\d+$/, 'auth:validation.telDigits')
    .min(TEL_MIN_DIGITS, 'auth:validation.telMin')
    .max(TEL_MAX_DIGITS, 'auth:validation.telMax'),
  password: string().required('auth:validation.passwordRequired'),
});

export interface LoginValues {
  tel: string;
  password: string;
}
