import { generatedApi } from '@/api/generated';

export type {
  Budget,
  ChargeBudget,
  ElementBudget,
  ElementRequest,
  ModifierBudgetRequest,
  TypeApprobateurApi,
} from '@/api/generated';

/*
 * The budgets' endpoints (spec 2 §7 "Budgets and fiscal years"; docs/api-exercices.md
 * "Budgets"), generated from the server's OpenAPI document, with the cache tags the generator
 * cannot know: an element's spend is read from the current charges and its title from the
 * categories, so the budgets refetch when either changes (a category's deletion also removes its
 * zero elements). Kept 5 minutes (spec 2 §9: "reconciliation and budgets 5 to 10 minutes").
 */
const SHOWN_WITH_BUDGETS = ['budgets', 'charges', 'categories'] as const;

export const budgetsApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getBudgets: { providesTags: [...SHOWN_WITH_BUDGETS], keepUnusedDataFor: 300 },
    getBudgetDetails: { providesTags: [...SHOWN_WITH_BUDGETS], keepUnusedDataFor: 300 },
    getCoproprietaireBudgets: { providesTags: [...SHOWN_WITH_BUDGETS], keepUnusedDataFor: 300 },
    modifierBudget: { invalidatesTags: ['budgets'] },
  },
});

export const {
  useGetBudgetsQuery,
  useGetBudgetDetailsQuery,
  useGetCoproprietaireBudgetsQuery,
  useModifierBudgetMutation,
  // The categories an element may name, and the assemblies and votes that may approve.
  useGetChargesFournisseursCategoriesQuery,
  useGetTravauxAgsVotesQuery,
} = budgetsApi;
