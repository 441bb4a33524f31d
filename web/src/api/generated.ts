import { baseApi as api } from "./base-api";
export const addTagTypes = ["exercices"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getExercices: build.query<GetExercicesApiResponse, GetExercicesApiArg>({
        query: () => ({ url: `/api/exercices` }),
        providesTags: ["exercices"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as generatedApi };
export type GetExercicesApiResponse =
  /** status 200 The residence's fiscal years */ ExercicesResponse;
export type GetExercicesApiArg = void;
export type ExerciceDoc = {
  titre: string;
  type: string;
  url: string;
};
export type Exercice = {
  annee: number;
  /** Documents uploaded at closing. */
  docs: ExerciceDoc[];
  /** The exercice's id: its calendar year. */
  id: number;
  /** Years kept before the residence used Daftar (their books are not in the ledger). */
  is_before_daftar: boolean;
  is_closed: boolean;
  /** `actuel` (open and containing today), `ouvert` or `cloture`. */
  status: string;
  /** "Exercice 2026". */
  titre: string;
};
export type ExercicesResponse = {
  exercices: Exercice[];
  success: boolean;
};
export type ErrorCode =
  | "validation_failed"
  | "invalid_json"
  | "payload_too_large"
  | "not_found"
  | "method_not_allowed"
  | "unauthenticated"
  | "forbidden"
  | "finance_required"
  | "president_required"
  | "syndic_required"
  | "user_inactive"
  | "residence_inactive"
  | "csrf_token_mismatch"
  | "invalid_credentials"
  | "too_many_attempts"
  | "aucun_exercice_ouvert"
  | "exercice_cloture"
  | "exercice_deja_ouvert"
  | "exercice_deja_cloture"
  | "exercice_inconnu"
  | "annee_invalide"
  | "propriete_nom_existe"
  | "propriete_nom_invalide"
  | "surface_invalide"
  | "conflit_concurrent"
  | "internal_error";
export type FieldErrors = {
  [key: string]: string[];
};
export type ErrorBody = {
  code: ErrorCode;
  errors?: FieldErrors;
  message: string;
  /** Always `false`. */
  success: boolean;
};
export const { useGetExercicesQuery, useLazyGetExercicesQuery } =
  injectedRtkApi;
