/**
 * Tunisian RIB and IBAN as the account form checks them (spec 2 §5 "Bank account"; the server's
 * rules in domain/src/banque: a RIB is 20 digits, an IBAN TN and 22 digits, spaces ignored).
 */

/** The text without its spaces, as the server reads it. */
export function compact(text: string): string {
  return text.replace(/\s+/g, '');
}

/** 20 digits (spaces ignored). */
export function ribValide(rib: string): boolean {
  return /^\d{20}$/.test(compact(rib));
}

/**
 * Whether a RIB's two-digit key checks: key = 97 − ((89 × bank + 15 × branch + 3 × account) mod 97)
 * with bank the first 2 digits, branch the next 3, account the next 13. A RIB whose key does not
 * check is still accepted (a statement may be copied as printed): the form only warns.
 */
export function cleRibCorrecte(rib: string): boolean {
  const digits = compact(rib);
  if (!/^\d{20}$/.test(digits)) return false;
  // 3 × 13 digits stays below 2^53: plain numbers are exact here.
  const banque = Number(digits.slice(0, 2));
  const agence = Number(digits.slice(2, 5));
  const compte = Number(digits.slice(5, 18));
  const cle = Number(digits.slice(18, 20));
  return 97 - ((89 * banque + 15 * agence + 3 * compte) % 97) === cle;
}

/** TN and 22 digits (spaces ignored, any case). */
export function ibanValide(iban: string): boolean {
  return /^TN\d{22}$/.test(compact(iban).toUpperCase());
}
