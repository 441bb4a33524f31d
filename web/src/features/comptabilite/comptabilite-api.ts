import { generatedApi } from '@/api/generated';

export type {
  BalanceResponse,
  BanqueTresorerie,
  CompteBalance,
  CompteGrandLivre,
  Ecriture,
  ExerciceComptable,
  GrandLivreResponse,
  JournalResponse,
  LigneEcriture,
  MouvementGrandLivre,
  TresorerieResponse,
} from '@/api/generated';

/**
 * What the books follow (docs/domain.md "The books"): every money record posts to them, so they
 * are refetched when a cotisation, a collection (`cotisations`), a bank account, operation or
 * transfer (`banque`), a cheque deposit (`remises-cheques`, `RemisesCheques`) or a fiscal year
 * (`exercices`: the selector's list) changes. The generator tags them `comptabilite` only.
 */
const FOLLOWS = ['comptabilite', 'cotisations', 'banque', 'remises-cheques', 'RemisesCheques', 'exercices'] as const;

/**
 * The books' endpoints (GET /comptabilite/journal, /grand-livre, /balance, /tresorerie) with the
 * cache tags the generator cannot know. They only read: nothing here invalidates. Pages read them
 * through the hooks of this file, so the tags are set before the first request.
 */
export const comptabiliteApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getComptabiliteJournal: { providesTags: [...FOLLOWS] },
    getComptabiliteGrandLivre: { providesTags: [...FOLLOWS] },
    getComptabiliteBalance: { providesTags: [...FOLLOWS] },
    getComptabiliteTresorerie: { providesTags: [...FOLLOWS] },
  },
});

export const {
  useGetComptabiliteJournalQuery,
  useGetComptabiliteGrandLivreQuery,
  useGetComptabiliteBalanceQuery,
  useGetComptabiliteTresorerieQuery,
} = comptabiliteApi;
