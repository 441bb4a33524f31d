/** The cheque deposits' addresses (spec 2 §2 "Banking"). */
export const remisesChequesPaths = {
  remises: '/syndic/banque/remises-cheques',
  creer: '/syndic/banque/remises-cheques/creer',
} as const;
