import { baseApi } from '@/api/base-api';

/*
 * The reconciliation's endpoints (spec 2 §7 "Banking", docs/api-banque.md "Reconciliation"),
 * written by hand until the server's OpenAPI document has them.
 *
 * Tags: the reconciliation provides `Rapprochement` (invalidated by every bank change: pointing,
 * cheque deposits, operations, transfers, accounts), `banque` (the bank lists' tag) and
 * `cotisations` (a collection by transfer or deposit is a movement of the account, spec 2 §4).
 * Pointing and creating an operation invalidate the reconciliation and the bank lists (an
 * operation's bank date shows there).
 */

/** An account as the selectors list it: the main account first, then by libellé. */
export interface CompteChoix {
  id: number;
  libelle: string;
  is_main: boolean;
}

/** Where a movement comes from; `solde` is a grey balance line, never pointable. */
export type TableMouvement =
  'encaissement' | 'operation' | 'transfert_sortie' | 'transfert_entree' | 'remise' | 'solde';

export interface LigneRapprochement {
  id: number;
  table: TableMouvement;
  libelle: string;
  /** Signed: money in positive, money out negative. */
  montant: number;
  date: string;
  /** Set when pointed. */
  date_banque: string | null;
  reference: string | null;
  is_closed: boolean;
  pointable: boolean;
}

export interface TotauxRapprochement {
  pointe: number;
  non_pointe: number;
  solde_livres: number;
  solde_banque: number;
  date_dernier_pointage: string | null;
}

export interface ExerciceChoix {
  annee: number;
  is_closed: boolean;
}

export interface RapprochementAnswer {
  success: boolean;
  has_bank: boolean;
  comptes: CompteChoix[];
  compte_id: number | null;
  exercice: number;
  exercices: ExerciceChoix[];
  is_closed: boolean;
  rapprochements: LigneRapprochement[];
  totaux: TotauxRapprochement;
}

export interface PointerRequest {
  id: number;
  table: TableMouvement;
  /** Null unpoints. */
  date_banque: string | null;
}

export type TypeOperation = 'frais' | 'interets' | 'retrait' | 'depot';

export interface OperationRequest {
  libelle: string;
  type: TypeOperation;
  montant: string;
  date: string;
  date_banque: string | null;
  commentaire: string | null;
  compte: number;
}

export const rapprochementApi = baseApi.enhanceEndpoints({ addTagTypes: ['cotisations'] }).injectEndpoints({
  endpoints: (build) => ({
    getRapprochement: build.query<RapprochementAnswer, { id?: number; exercice?: number }>({
      query: ({ id, exercice }) => ({
        url: '/banque/rapprochement',
        params: { ...(id === undefined ? {} : { id }), ...(exercice === undefined ? {} : { exercice }) },
      }),
      providesTags: ['Rapprochement', 'banque', 'cotisations'],
    }),
    pointerMouvement: build.mutation<
      { success: boolean; operation: LigneRapprochement; table: string },
      PointerRequest
    >({
      query: (body) => ({ url: '/banque/pointer', method: 'POST', body }),
      invalidatesTags: ['Rapprochement', 'banque'],
    }),
    creerOperationRapprochement: build.mutation<{ success: boolean }, OperationRequest>({
      query: (body) => ({ url: '/banque/operations/creer', method: 'POST', body }),
      invalidatesTags: ['Rapprochement', 'banque'],
    }),
  }),
});

export const { useGetRapprochementQuery, usePointerMouvementMutation, useCreerOperationRapprochementMutation } =
  rapprochementApi;
