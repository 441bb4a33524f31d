/** The books' address (docs/api-banque.md "The books"), in the syndic's bank group. */
export const comptabilitePaths = {
  comptabilite: '/syndic/banque/comptabilite',
} as const;
