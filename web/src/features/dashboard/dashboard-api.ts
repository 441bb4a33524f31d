import { generatedApi } from '@/api/generated';

export type {
  AnnonceVote,
  AssembleeDashboard,
  CategorieDepense,
  CoproprietaireDashboardResponse,
  CoproSolde,
  FactureDashboard,
  MoisMontant,
  PanneDashboard,
  ProprieteCoproprietaire,
  SyndicDashboardResponse,
} from '@/api/generated';

/** The chart's periods (spec 3 §9), the first one the default. */
export const PERIODES = ['3m', '6m', 'ytd'] as const;
export type Periode = (typeof PERIODES)[number];

/**
 * Everything a dashboard shows follows the money records: the books (`comptabilite`), the
 * collections and dues (`cotisations`), the bank (`banque`, `remises-cheques`), the charges and
 * works, salaries and contracts, the categories' titles and the fiscal years. The generator tags
 * the dashboards `dashboard` only: they provide these tags too, so that any change refetches them.
 */
const FOLLOWS = [
  'dashboard',
  'comptabilite',
  'cotisations',
  'banque',
  'remises-cheques',
  'RemisesCheques',
  'charges',
  'travaux',
  'salaires',
  'charges-patronales',
  'contrats-depenses',
  'contrats-revenus',
  'revenus-exceptionnels',
  'categories',
  'exercices',
  'proprietes',
] as const;

/**
 * The dashboards' cache (spec 3 §9): an answer is fresh for 5 minutes (`refetchOnMountOrArgChange`
 * in the pages), and collected 10 minutes after its last reader left.
 */
export const DASHBOARD_FRESH_SECONDS = 5 * 60;
const DASHBOARD_KEPT_SECONDS = 10 * 60;

export const dashboardApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getSyndicDashboard: { providesTags: [...FOLLOWS], keepUnusedDataFor: DASHBOARD_KEPT_SECONDS },
    getCoproprietaireDashboard: { providesTags: [...FOLLOWS], keepUnusedDataFor: DASHBOARD_KEPT_SECONDS },
  },
});

export const { useGetSyndicDashboardQuery, useGetCoproprietaireDashboardQuery } = dashboardApi;
