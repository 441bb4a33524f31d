import { baseApi as api } from "./base-api";
export const addTagTypes = ["conseil", "exercices", "proprietes"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getConseil: build.query<GetConseilApiResponse, GetConseilApiArg>({
        query: () => ({ url: `/api/conseil-syndical` }),
        providesTags: ["conseil"],
      }),
      ajouterMembre: build.mutation<
        AjouterMembreApiResponse,
        AjouterMembreApiArg
      >({
        query: (queryArg) => ({
          url: `/api/conseil-syndical/ajouter`,
          method: "POST",
          body: queryArg.ajouterMembreRequest,
        }),
        invalidatesTags: ["conseil"],
      }),
      supprimerMembre: build.mutation<
        SupprimerMembreApiResponse,
        SupprimerMembreApiArg
      >({
        query: (queryArg) => ({
          url: `/api/conseil-syndical/supprimer`,
          method: "POST",
          body: queryArg.supprimerMembreRequest,
        }),
        invalidatesTags: ["conseil"],
      }),
      getCandidatsConseil: build.query<
        GetCandidatsConseilApiResponse,
        GetCandidatsConseilApiArg
      >({
        query: () => ({ url: `/api/conseil-syndical/users` }),
        providesTags: ["conseil"],
      }),
      getExercices: build.query<GetExercicesApiResponse, GetExercicesApiArg>({
        query: () => ({ url: `/api/exercices` }),
        providesTags: ["exercices"],
      }),
      getOccupants: build.query<GetOccupantsApiResponse, GetOccupantsApiArg>({
        query: () => ({ url: `/api/occupants` }),
        providesTags: ["proprietes"],
      }),
      createOccupant: build.mutation<
        CreateOccupantApiResponse,
        CreateOccupantApiArg
      >({
        query: (queryArg) => ({
          url: `/api/occupants/creer-dialog`,
          method: "POST",
          body: queryArg.createOccupantRequest,
        }),
        invalidatesTags: ["proprietes"],
      }),
      getProprietes: build.query<GetProprietesApiResponse, GetProprietesApiArg>(
        {
          query: () => ({ url: `/api/proprietes` }),
          providesTags: ["proprietes"],
        },
      ),
      getHistorique: build.query<GetHistoriqueApiResponse, GetHistoriqueApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/proprietes/historique`,
            params: {
              id: queryArg.id,
            },
          }),
          providesTags: ["proprietes"],
        },
      ),
      createOccupation: build.mutation<
        CreateOccupationApiResponse,
        CreateOccupationApiArg
      >({
        query: (queryArg) => ({
          url: `/api/proprietes/historique/creer`,
          method: "POST",
          body: queryArg.createOccupationRequest,
        }),
        invalidatesTags: ["proprietes"],
      }),
      updateOccupation: build.mutation<
        UpdateOccupationApiResponse,
        UpdateOccupationApiArg
      >({
        query: (queryArg) => ({
          url: `/api/proprietes/historique/modifier`,
          method: "POST",
          body: queryArg.updateOccupationRequest,
        }),
        invalidatesTags: ["proprietes"],
      }),
      deleteOccupation: build.mutation<
        DeleteOccupationApiResponse,
        DeleteOccupationApiArg
      >({
        query: (queryArg) => ({
          url: `/api/proprietes/historique/supprimer`,
          method: "POST",
          body: queryArg.deleteOccupationRequest,
        }),
        invalidatesTags: ["proprietes"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as generatedApi };
export type GetConseilApiResponse =
  /** status 200 The council members */ ConseilResponse;
export type GetConseilApiArg = void;
export type AjouterMembreApiResponse =
  /** status 200 The new member */ AjouterMembreResponse;
export type AjouterMembreApiArg = {
  ajouterMembreRequest: AjouterMembreRequest;
};
export type SupprimerMembreApiResponse = /** status 200 Removed */ Success;
export type SupprimerMembreApiArg = {
  supprimerMembreRequest: SupprimerMembreRequest;
};
export type GetCandidatsConseilApiResponse =
  /** status 200 The users who may be added */ CandidatsResponse;
export type GetCandidatsConseilApiArg = void;
export type GetExercicesApiResponse =
  /** status 200 The residence's fiscal years */ ExercicesResponse;
export type GetExercicesApiArg = void;
export type GetOccupantsApiResponse =
  /** status 200 The residence's occupants */ OccupantsResponse;
export type GetOccupantsApiArg = void;
export type CreateOccupantApiResponse =
  /** status 200 The created occupant */ OccupantResponse;
export type CreateOccupantApiArg = {
  createOccupantRequest: CreateOccupantRequest;
};
export type GetProprietesApiResponse =
  /** status 200 The residence's properties */ ProprietesResponse;
export type GetProprietesApiArg = void;
export type GetHistoriqueApiResponse =
  /** status 200 The property's occupancy history */ HistoriqueResponse;
export type GetHistoriqueApiArg = {
  /** The property's id. */
  id: number;
};
export type CreateOccupationApiResponse =
  /** status 200 The created line of the history */ OccupationResponse;
export type CreateOccupationApiArg = {
  createOccupationRequest: CreateOccupationRequest;
};
export type UpdateOccupationApiResponse =
  /** status 200 The corrected line of the history */ OccupationResponse;
export type UpdateOccupationApiArg = {
  updateOccupationRequest: UpdateOccupationRequest;
};
export type DeleteOccupationApiResponse = /** status 200 Removed */ Success;
export type DeleteOccupationApiArg = {
  deleteOccupationRequest: DeleteOccupationRequest;
};
export type ConseilPermission = "finance" | "president";
export type ConseilRole = "syndic";
export type MembreConseil = {
  id: number;
  nom: string;
  /** `finance` for the treasurer, `president` for the president. */
  permissions: ConseilPermission[];
  /** `["syndic"]`. */
  roles: ConseilRole[];
  tel: string;
};
export type ConseilResponse = {
  success: boolean;
  users: MembreConseil[];
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
  | "dates_occupation_invalides"
  | "payeur_manquant"
  | "occupation_payeur_non_supprimable"
  | "occupant_nom_invalide"
  | "tel_invalide"
  | "email_invalide"
  | "tel_deja_utilise"
  | "occupant_inconnu"
  | "propriete_inconnue"
  | "occupation_inconnue"
  | "deja_membre_conseil"
  | "titre_invalide"
  | "periode_invalide"
  | "trop_d_appels"
  | "montant_invalide"
  | "repartition_incomplete"
  | "repartition_non_modifiable"
  | "cotisation_avec_encaissements"
  | "cotisation_inconnue"
  | "montant_du_inconnu"
  | "encaissement_inconnu"
  | "montant_maximum_depasse"
  | "date_paiement_future"
  | "montant_non_modifiable"
  | "aucune_propriete"
  | "membre_conseil_protege"
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
export type AjouterMembreResponse = {
  success: boolean;
  user: MembreConseil;
};
export type AjouterMembreRequest = {
  /** The user's id. */
  user: number;
};
export type Success = {
  /** Always `true`. */
  success: boolean;
};
export type SupprimerMembreRequest = {
  user_id: number;
};
export type CandidatConseil = {
  id: number;
  nom: string;
  tel: string;
};
export type CandidatsResponse = {
  success: boolean;
  users: CandidatConseil[];
};
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
export type Sexe = "homme" | "femme";
export type Occupant = {
  email?: string | null;
  id: number;
  nom: string;
  sexe: Sexe;
  /** 8 digits. */
  tel?: string | null;
};
export type OccupantsResponse = {
  occupants: Occupant[];
  success: boolean;
};
export type OccupantResponse = {
  occupant: Occupant;
  success: boolean;
};
export type CreateOccupantRequest = {
  /** Empty or a valid address. */
  email?: string | null;
  nom: string;
  sexe: Sexe;
  /** Empty or exactly 8 digits. Gives a co-owner sign-in with this number. */
  tel?: string | null;
};
export type PayerOccupant = {
  /** The occupant's id. */
  id: number;
  nom: string;
  tel?: string | null;
};
export type TypePropriete = "appartement" | "parking" | "commerce" | "cellier";
export type Propriete = {
  description?: string | null;
  id: number;
  nom: string;
  payer_occupant?: null | PayerOccupant;
  /** Square metres as a decimal string (`"95.5"`). */
  surface?: string | null;
  type: TypePropriete;
};
export type ProprietesResponse = {
  proprietes: Propriete[];
  success: boolean;
};
export type TypeOccupation = "proprietaire" | "locataire";
export type OccupationLine = {
  date_debut: string;
  /** `null` while the occupation lasts. */
  date_fin?: string | null;
  email?: string | null;
  /** The occupant's id. */
  id: number;
  /** The occupation covers today. */
  is_current: boolean;
  /** The occupation is the one whose occupant pays the property's dues today. */
  is_current_payer: boolean;
  /** The occupation is designated payer (for its own period). */
  is_payer: boolean;
  nom: string;
  occupation_id: number;
  sexe: Sexe;
  tel?: string | null;
  type_occupation: TypeOccupation;
};
export type Historique = {
  /** Newest first. */
  occupants: OccupationLine[];
  proprieteNom: string;
};
export type HistoriqueResponse = {
  data: Historique;
  success: boolean;
};
export type OccupationResponse = {
  occupation: OccupationLine;
  success: boolean;
};
export type CreateOccupationRequest = {
  /** `yyyy-MM-dd`. */
  date_debut: string;
  /** `yyyy-MM-dd`, not before `date_debut`; empty or `null` while the occupation lasts. */
  date_fin?: string | null;
  /** Whether the occupant pays the property's dues during this occupation. Absent: yes when
    the property has no payer on `date_debut`, else no. */
  is_payer?: boolean | null;
  /** The occupant's id. */
  occupant: number;
  /** The property's id. */
  propriete: number;
  type_occupation: TypeOccupation;
};
export type UpdateOccupationRequest = {
  /** `yyyy-MM-dd`. */
  date_debut: string;
  /** `yyyy-MM-dd`, not before `date_debut`; empty or `null` while the occupation lasts. */
  date_fin?: string | null;
  /** Absent: unchanged. */
  is_payer?: boolean | null;
  /** Empty or a valid address. */
  occupant_email?: string | null;
  /** The occupation's occupant. */
  occupant_id: number;
  occupant_nom: string;
  occupant_sexe: Sexe;
  /** Empty or exactly 8 digits. Gives a co-owner sign-in with this number. */
  occupant_tel?: string | null;
  occupation_id: number;
  type_occupation: TypeOccupation;
};
export type DeleteOccupationRequest = {
  occupation_id: number;
};
export const {
  useGetConseilQuery,
  useLazyGetConseilQuery,
  useAjouterMembreMutation,
  useSupprimerMembreMutation,
  useGetCandidatsConseilQuery,
  useLazyGetCandidatsConseilQuery,
  useGetExercicesQuery,
  useLazyGetExercicesQuery,
  useGetOccupantsQuery,
  useLazyGetOccupantsQuery,
  useCreateOccupantMutation,
  useGetProprietesQuery,
  useLazyGetProprietesQuery,
  useGetHistoriqueQuery,
  useLazyGetHistoriqueQuery,
  useCreateOccupationMutation,
  useUpdateOccupationMutation,
  useDeleteOccupationMutation,
} = injectedRtkApi;
