/**
 * Where the dashboard's lines lead: the pages of other modules, named here by their addresses (a
 * feature does not import another: features/recouvrement/paths.ts and features/depenses/paths.ts
 * define them).
 */
export const liens = {
  debiteurs: '/syndic/recouvrement/sms-lettres',
  debiteur: (occupantId: number) => `/syndic/recouvrement/sms-lettres/details/${occupantId}`,
  facture: (type: 'charge' | 'travaux', id: number) =>
    type === 'charge' ? `/syndic/depenses/charges/gerer/${id}` : `/syndic/depenses/travaux/gerer/${id}`,
  cotisations: '/coproprietaire/cotisations',
} as const;
