/**
 * Tunisian phone numbers (spec 2 §9: exactly 8 digits in forms). They are stored without the
 * country code and shown with it, grouped as people read them: `+216 20 000 001`.
 */
export const TEL_PATTERN = /^\d{8}$/;

/** True for an empty value (the field is optional) or exactly 8 digits. */
export function isOptionalTel(value: string | null | undefined): boolean {
  const text = (value ?? '').trim();
  return text === '' || TEL_PATTERN.test(text);
}

/** `20000001` → `+216 20 000 001`; other shapes keep their digits after the prefix; empty → ''. */
export function formatTel(tel: string | null | undefined): string {
  const text = (tel ?? '').trim();
  if (text === '') return '';
  if (TEL_PATTERN.test(text)) return `+216 ${text.slice(0, 2)} ${text.slice(2, 5)} ${text.slice(5)}`;
  return `+216 ${text}`;
}

/** The value to send for an optional text field: null when the user left it empty. */
export function emptyToNull(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  return text === '' ? null : text;
}
