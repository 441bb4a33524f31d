import { generatedApi } from '@/api/generated';

export type {
  ContratCopro,
  ContratCoproDetail,
  DetailFinancierResponse,
  Document,
  ElementFinancier,
  PaiementCopro,
  TravauxCopro,
} from '@/api/generated';

/*
 * The co-owner's finance pages (spec 3 §7 "Co-owner data"; docs/api-visibilite.md), generated
 * from the server's OpenAPI document, with the cache tags the generator cannot know: the items
 * are the council's records, so a council member who changes one (and reads the co-owner space)
 * sees the change. Kept 10 minutes (spec 3 §9 "most other lists 10 minutes").
 */
const SHOWN = [
  'coproprietaire-finances',
  'cotisations',
  'charges',
  'travaux',
  'contrats-revenus',
  'contrats-depenses',
  'revenus-exceptionnels',
  'salaries',
  'charges-patronales',
  'banque',
] as const;
const cached = { providesTags: [...SHOWN], keepUnusedDataFor: 600 };

export const financesApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getCoproprietaireRevenus: cached,
    getCoproprietaireRevenuDetails: cached,
    getCoproprietaireCharges: cached,
    getCoproprietaireChargeDetails: cached,
    getCoproprietaireTravaux: cached,
    getCoproprietaireTravauxDetails: cached,
    getCoproprietaireContratsRevenus: cached,
    getCoproprietaireContratRevenuDetails: cached,
    getCoproprietaireContratsDepenses: cached,
    getCoproprietaireContratDepenseDetails: cached,
  },
});

export const {
  useGetCoproprietaireRevenusQuery,
  useGetCoproprietaireRevenuDetailsQuery,
  useGetCoproprietaireChargesQuery,
  useGetCoproprietaireChargeDetailsQuery,
  useGetCoproprietaireTravauxQuery,
  useGetCoproprietaireTravauxDetailsQuery,
  useGetCoproprietaireContratsRevenusQuery,
  useGetCoproprietaireContratRevenuDetailsQuery,
  useGetCoproprietaireContratsDepensesQuery,
  useGetCoproprietaireContratDepenseDetailsQuery,
} = financesApi;
