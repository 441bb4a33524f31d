import {
  generatedApi,
  type ChargePatronaleRequest,
  type PaiementSalaireRequest,
  type SalarieRequest,
} from '@/api/generated';

export type {
  ChargePatronale as ChargePatronalePaiement,
  ChargePatronaleRequest,
  ChargesPatronalesDeclarees as Declarations,
  MethodePaiementDepenseApi as MethodePaiementChargePatronale,
  MethodePaiementSalaireApi as MethodePaiementSalaire,
  PaiementSalaire,
  PaiementSalaireRequest,
  Salarie,
  SalarieDetail,
  SalarieRequest,
} from '@/api/generated';

/*
 * The payroll's endpoints (spec 2 §7 "Salaries and employer charges"; docs/api-salaires.md),
 * generated from the server's OpenAPI document, with the cache tags the generator cannot know.
 * Pages take every hook from here, so the tags are set before the first request.
 *
 * - An employee shows what its payments add up to (`total_paye`, `has_paiements`): the
 *   employees' list and detail provide `salaires` (the payments' tag) too.
 * - A payment posts to the books (`comptabilite`); one by cheque, transfer, card or online leaves
 *   the main bank account: its balance and reconciliation follow (`banque`, `Rapprochement`,
 *   spec 2 §4 "Invalidation"). Renaming an employee rewords its payments in the reconciliation.
 */

/** A payment: the bank's balances and reconciliation, and the books. */
const MONEY = ['banque', 'Rapprochement', 'comptabilite'] as const;

export const salairesApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getSalaries: { providesTags: ['salaries', 'salaires'] },
    getSalarieDetails: { providesTags: ['salaries', 'salaires'] },
    createSalarie: { invalidatesTags: ['salaries'] },
    modifierSalarie: { invalidatesTags: ['salaries', 'Rapprochement'] },
    supprimerSalarie: { invalidatesTags: ['salaries'] },
    payerSalaire: { invalidatesTags: ['salaires', ...MONEY] },
    modifierPaiementSalaire: { invalidatesTags: ['salaires', ...MONEY] },
    supprimerPaiementSalaire: { invalidatesTags: ['salaires', ...MONEY] },
    getChargesPatronales: { providesTags: ['charges-patronales'] },
    createChargePatronale: { invalidatesTags: ['charges-patronales', ...MONEY] },
    modifierChargePatronale: { invalidatesTags: ['charges-patronales', ...MONEY] },
    supprimerChargePatronale: { invalidatesTags: ['charges-patronales', ...MONEY] },
  },
});

const {
  useGetSalariesQuery,
  useGetSalarieDetailsQuery,
  useCreateSalarieMutation,
  useModifierSalarieMutation: useModifierSalarieGenerated,
  useSupprimerSalarieMutation: useSupprimerSalarieGenerated,
  usePayerSalaireMutation: usePayerSalaireGenerated,
  useModifierPaiementSalaireMutation: useModifierPaiementSalaireGenerated,
  useSupprimerPaiementSalaireMutation: useSupprimerPaiementSalaireGenerated,
  useGetChargesPatronalesQuery,
  useCreateChargePatronaleMutation,
  useModifierChargePatronaleMutation: useModifierChargePatronaleGenerated,
  useSupprimerChargePatronaleMutation: useSupprimerChargePatronaleGenerated,
} = salairesApi;

export { useGetSalariesQuery, useGetChargesPatronalesQuery };

/** One employee with its payments (GET /salaries/details?id=). */
export const useGetSalarieQuery = useGetSalarieDetailsQuery;

/** A mutation's trigger (the pages' argument shape) and whether it runs. */
type Trigger<Arg, Result> = [(arg: Arg) => { unwrap: () => Promise<Result> }, { isLoading: boolean }];

type Answer<Hook extends () => readonly [(...args: never[]) => { unwrap: () => Promise<unknown> }, unknown]> = Awaited<
  ReturnType<ReturnType<ReturnType<Hook>[0]>['unwrap']>
>;

/** POST /salaries/creer. */
export function useCreerSalarieMutation(): Trigger<SalarieRequest, Answer<typeof useCreateSalarieMutation>> {
  const [create, state] = useCreateSalarieMutation();
  return [(salarieRequest) => create({ salarieRequest }), state];
}

/** POST /salaries/modifier?id=. */
export function useModifierSalarieMutation(): Trigger<
  SalarieRequest & { id: number },
  Answer<typeof useModifierSalarieGenerated>
> {
  const [update, state] = useModifierSalarieGenerated();
  return [({ id, ...salarieRequest }) => update({ id, salarieRequest }), state];
}

/** POST /salaries/supprimer {id}. */
export function useSupprimerSalarieMutation(): Trigger<{ id: number }, unknown> {
  const [remove, state] = useSupprimerSalarieGenerated();
  return [(salaireIdRequest) => remove({ salaireIdRequest }), state];
}

/** POST /salaires/payer. */
export function usePayerSalaireMutation(): Trigger<PaiementSalaireRequest, Answer<typeof usePayerSalaireGenerated>> {
  const [payer, state] = usePayerSalaireGenerated();
  return [(paiementSalaireRequest) => payer({ paiementSalaireRequest }), state];
}

/** POST /salaires/paiement/modifier?id=. */
export function useModifierPaiementSalaireMutation(): Trigger<
  PaiementSalaireRequest & { id: number },
  Answer<typeof useModifierPaiementSalaireGenerated>
> {
  const [update, state] = useModifierPaiementSalaireGenerated();
  return [({ id, ...paiementSalaireRequest }) => update({ id, paiementSalaireRequest }), state];
}

/** POST /salaires/paiement/supprimer {id}. */
export function useSupprimerPaiementSalaireMutation(): Trigger<{ id: number }, unknown> {
  const [remove, state] = useSupprimerPaiementSalaireGenerated();
  return [(salaireIdRequest) => remove({ salaireIdRequest }), state];
}

/** POST /charges-patronales/creer. */
export function useCreerChargePatronaleMutation(): Trigger<
  ChargePatronaleRequest,
  Answer<typeof useCreateChargePatronaleMutation>
> {
  const [create, state] = useCreateChargePatronaleMutation();
  return [(chargePatronaleRequest) => create({ chargePatronaleRequest }), state];
}

/** POST /charges-patronales/modifier?id=. */
export function useModifierChargePatronaleMutation(): Trigger<
  ChargePatronaleRequest & { id: number },
  Answer<typeof useModifierChargePatronaleGenerated>
> {
  const [update, state] = useModifierChargePatronaleGenerated();
  return [({ id, ...chargePatronaleRequest }) => update({ id, chargePatronaleRequest }), state];
}

/** POST /charges-patronales/supprimer {id}. */
export function useSupprimerChargePatronaleMutation(): Trigger<{ id: number }, unknown> {
  const [remove, state] = useSupprimerChargePatronaleGenerated();
  return [(salaireIdRequest) => remove({ salaireIdRequest }), state];
}
