import { baseApi as api } from "./base-api";
export const addTagTypes = [
  "conseil",
  "cotisations",
  "exercices",
  "compte",
  "health",
  "proprietes",
] as const;
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
      getRepartition: build.query<
        GetRepartitionApiResponse,
        GetRepartitionApiArg
      >({
        query: () => ({ url: `/api/cotisation-repartition` }),
        providesTags: ["cotisations"],
      }),
      modifierRepartition: build.mutation<
        ModifierRepartitionApiResponse,
        ModifierRepartitionApiArg
      >({
        query: (queryArg) => ({
          url: `/api/cotisation-repartition/modifier`,
          method: "POST",
          body: queryArg.modifierRepartitionRequest,
        }),
        invalidatesTags: ["cotisations"],
      }),
      getCotisations: build.query<
        GetCotisationsApiResponse,
        GetCotisationsApiArg
      >({
        query: () => ({ url: `/api/cotisations` }),
        providesTags: ["cotisations"],
      }),
      getCotisationAppartements: build.query<
        GetCotisationAppartementsApiResponse,
        GetCotisationAppartementsApiArg
      >({
        query: () => ({ url: `/api/cotisations/appartements` }),
        providesTags: ["cotisations"],
      }),
      getMesCotisations: build.query<
        GetMesCotisationsApiResponse,
        GetMesCotisationsApiArg
      >({
        query: () => ({ url: `/api/cotisations/coproprietaire` }),
        providesTags: ["cotisations"],
      }),
      getMesCotisationsSpec: build.query<
        GetMesCotisationsSpecApiResponse,
        GetMesCotisationsSpecApiArg
      >({
        query: () => ({ url: `/api/cotisations/coprorprietaire` }),
        providesTags: ["cotisations"],
      }),
      createCotisation: build.mutation<
        CreateCotisationApiResponse,
        CreateCotisationApiArg
      >({
        query: (queryArg) => ({
          url: `/api/cotisations/creer`,
          method: "POST",
          body: queryArg.cotisationRequest,
        }),
        invalidatesTags: ["cotisations"],
      }),
      getCotisationDetails: build.query<
        GetCotisationDetailsApiResponse,
        GetCotisationDetailsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/cotisations/details`,
          params: {
            id: queryArg.id,
          },
        }),
        providesTags: ["cotisations"],
      }),
      modifierEncaissement: build.mutation<
        ModifierEncaissementApiResponse,
        ModifierEncaissementApiArg
      >({
        query: (queryArg) => ({
          url: `/api/cotisations/encaissement/modifier`,
          method: "POST",
          body: queryArg.modifierEncaissementRequest,
        }),
        invalidatesTags: ["cotisations"],
      }),
      supprimerEncaissement: build.mutation<
        SupprimerEncaissementApiResponse,
        SupprimerEncaissementApiArg
      >({
        query: (queryArg) => ({
          url: `/api/cotisations/encaissement/supprimer`,
          method: "POST",
          body: queryArg.supprimerEncaissementRequest,
        }),
        invalidatesTags: ["cotisations"],
      }),
      encaisser: build.mutation<EncaisserApiResponse, EncaisserApiArg>({
        query: (queryArg) => ({
          url: `/api/cotisations/encaisser`,
          method: "POST",
          body: queryArg.encaisserRequest,
        }),
        invalidatesTags: ["cotisations"],
      }),
      getHistoriquePaiements: build.query<
        GetHistoriquePaiementsApiResponse,
        GetHistoriquePaiementsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/cotisations/historique-paiements`,
          params: {
            appartement_id: queryArg.appartementId,
          },
        }),
        providesTags: ["cotisations"],
      }),
      updateCotisation: build.mutation<
        UpdateCotisationApiResponse,
        UpdateCotisationApiArg
      >({
        query: (queryArg) => ({
          url: `/api/cotisations/modifier`,
          method: "PUT",
          body: queryArg.updateCotisationRequest,
        }),
        invalidatesTags: ["cotisations"],
      }),
      getCotisationModifierInfos: build.query<
        GetCotisationModifierInfosApiResponse,
        GetCotisationModifierInfosApiArg
      >({
        query: (queryArg) => ({
          url: `/api/cotisations/modifier-infos`,
          params: {
            id: queryArg.id,
          },
        }),
        providesTags: ["cotisations"],
      }),
      getProprietesSoldes: build.query<
        GetProprietesSoldesApiResponse,
        GetProprietesSoldesApiArg
      >({
        query: () => ({ url: `/api/cotisations/proprietes-soldes` }),
        providesTags: ["cotisations"],
      }),
      deleteCotisation: build.mutation<
        DeleteCotisationApiResponse,
        DeleteCotisationApiArg
      >({
        query: (queryArg) => ({
          url: `/api/cotisations/supprimer`,
          method: "DELETE",
          body: queryArg.supprimerCotisationRequest,
        }),
        invalidatesTags: ["cotisations"],
      }),
      getExercices: build.query<GetExercicesApiResponse, GetExercicesApiArg>({
        query: () => ({ url: `/api/exercices` }),
        providesTags: ["exercices"],
      }),
      firstLoginInfo: build.mutation<
        FirstLoginInfoApiResponse,
        FirstLoginInfoApiArg
      >({
        query: (queryArg) => ({
          url: `/api/first-login-info`,
          method: "POST",
          body: queryArg.firstLoginInfoRequest,
        }),
        invalidatesTags: ["compte"],
      }),
      getHealth: build.query<GetHealthApiResponse, GetHealthApiArg>({
        query: () => ({ url: `/api/health` }),
        providesTags: ["health"],
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
export type GetRepartitionApiResponse =
  /** status 200 The allocation table */ RepartitionResponse;
export type GetRepartitionApiArg = void;
export type ModifierRepartitionApiResponse =
  /** status 200 The new allocation table */ RepartitionResponse;
export type ModifierRepartitionApiArg = {
  modifierRepartitionRequest: ModifierRepartitionRequest;
};
export type GetCotisationsApiResponse =
  /** status 200 The residence's cotisations */ CotisationsResponse;
export type GetCotisationsApiArg = void;
export type GetCotisationAppartementsApiResponse =
  /** status 200 The residence's properties */ AppartementsResponse;
export type GetCotisationAppartementsApiArg = void;
export type GetMesCotisationsApiResponse =
  /** status 200 The caller's contributions */ MesCotisationsResponse;
export type GetMesCotisationsApiArg = void;
export type GetMesCotisationsSpecApiResponse =
  /** status 200 The caller's contributions */ MesCotisationsResponse;
export type GetMesCotisationsSpecApiArg = void;
export type CreateCotisationApiResponse =
  /** status 200 The launched cotisation */ CotisationResponse;
export type CreateCotisationApiArg = {
  cotisationRequest: CotisationRequest;
};
export type GetCotisationDetailsApiResponse =
  /** status 200 The cotisation and what remains due on it */ CotisationDetailsResponse;
export type GetCotisationDetailsApiArg = {
  /** The cotisation's id. */
  id: number;
};
export type ModifierEncaissementApiResponse =
  /** status 200 The corrected payment and its montant dû */ EncaissementResponse;
export type ModifierEncaissementApiArg = {
  modifierEncaissementRequest: ModifierEncaissementRequest;
};
export type SupprimerEncaissementApiResponse =
  /** status 200 Cancelled */ Success;
export type SupprimerEncaissementApiArg = {
  supprimerEncaissementRequest: SupprimerEncaissementRequest;
};
export type EncaisserApiResponse =
  /** status 200 The payment and the montant dû after it */ EncaissementResponse;
export type EncaisserApiArg = {
  encaisserRequest: EncaisserRequest;
};
export type GetHistoriquePaiementsApiResponse =
  /** status 200 The property's payments and unpaid dues */ HistoriquePaiementsResponse;
export type GetHistoriquePaiementsApiArg = {
  /** The property's id. */
  appartementId: number;
};
export type UpdateCotisationApiResponse =
  /** status 200 The corrected cotisation */ CotisationResponse;
export type UpdateCotisationApiArg = {
  updateCotisationRequest: UpdateCotisationRequest;
};
export type GetCotisationModifierInfosApiResponse =
  /** status 200 The cotisation as its form edits it */ CotisationModifierInfosResponse;
export type GetCotisationModifierInfosApiArg = {
  /** The cotisation's id. */
  id: number;
};
export type GetProprietesSoldesApiResponse =
  /** status 200 The properties with their balances */ ProprietesSoldesResponse;
export type GetProprietesSoldesApiArg = void;
export type DeleteCotisationApiResponse = /** status 200 Deleted */ Success;
export type DeleteCotisationApiArg = {
  supprimerCotisationRequest: SupprimerCotisationRequest;
};
export type GetExercicesApiResponse =
  /** status 200 The residence's fiscal years */ ExercicesResponse;
export type GetExercicesApiArg = void;
export type FirstLoginInfoApiResponse =
  /** status 200 Registration finalized: the updated user */ AuthUserResponse;
export type FirstLoginInfoApiArg = {
  firstLoginInfoRequest: FirstLoginInfoRequest;
};
export type GetHealthApiResponse =
  /** status 200 The projector's state */ HealthResponse;
export type GetHealthApiArg = void;
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
  | "aucun_paiement"
  | "aucune_propriete"
  | "membre_conseil_protege"
  | "inscription_deja_finalisee"
  | "conflit_concurrent"
  | "projection_en_echec"
  | "projection_en_rattrapage"
  | "internal_error"
  | "champ_obligatoire"
  | "valeur_invalide"
  | "date_invalide"
  | "fin_avant_debut"
  | "titre_trop_long"
  | "type_cotisation_invalide"
  | "repartition_invalide"
  | "methode_paiement_invalide"
  | "montant_positif"
  | "montant_negatif"
  | "montant_vide"
  | "montant_entier"
  | "montant_decimales"
  | "montant_trop_eleve"
  | "propriete_en_double"
  | "liste_invalide"
  | "personnalisation_incomplete"
  | "personnalisation_nulle"
  | "reference_trop_longue"
  | "autre_cotisation"
  | "date_naissance_invalide"
  | "cle_en_double"
  | "une_seule_ligne"
  | "sexe_invalide"
  | "type_occupation_invalide"
  | "occupant_different"
  | "mot_de_passe_obligatoire"
  | "tel_obligatoire"
  | "tel_chiffres"
  | "tel_longueur"
  | "caracteres_interdits"
  | "echeance_hors_plage";
export type FieldErrorMessages = {
  [key: string]: string[];
};
export type FieldErrorCodes = {
  [key: string]: ErrorCode[];
};
export type ErrorBody = {
  code: ErrorCode;
  errors?: FieldErrorMessages;
  field_codes?: FieldErrorCodes;
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
export type Dt = number;
export type TypePropriete = "appartement" | "parking" | "commerce" | "cellier";
export type LigneRepartition = {
  /** The property's id. */
  id: number;
  /** The property has a line (a `predefinie` cotisation needs one for every property; a line
    of 0 exempts it). */
  is_defined: boolean;
  /** DT per call (whole dinars); 0 when the property has no line. */
  montant: Dt;
  nom: string;
  type: TypePropriete;
};
export type RepartitionResponse = {
  /** Every property of the residence, in registration order. */
  data: LigneRepartition[];
  success: boolean;
};
export type RepartitionLine = {
  /** Whole dinars ≥ 0 (an integer or a string of digits). */
  montant: number;
  propriete_id: number;
};
export type ModifierRepartitionRequest = {
  /** The new table: it replaces the old one (a property left out has no line any more). */
  repartitions: RepartitionLine[];
};
export type Repartition = "egale" | "predefinie" | "personnalisee";
export type TypeCotisation =
  | "mensuelle"
  | "bimensuelle"
  | "trimestrielle"
  | "semestrielle"
  | "annuelle"
  | "exceptionnelle";
export type Cotisation = {
  date_debut: string;
  /** The first call's due date; a recurring cotisation's later calls fall due one period
    after another. */
  date_echeance: string;
  date_fin: string;
  /** A payment was collected on one of its calls: it can no longer be edited or deleted
    (`cotisation_avec_encaissements`). */
  has_encaissements: boolean;
  id: number;
  /** One of its due dates lies in a closed exercice: it can no longer be edited or deleted. */
  is_closed: boolean;
  repartition: Repartition;
  /** What remains to pay on all its calls, as a negative amount (`-120.5`); 0 when fully
    paid. */
  solde: Dt;
  titre: string;
  type: TypeCotisation;
};
export type CotisationsResponse = {
  data: Cotisation[];
  success: boolean;
};
export type Appartement = {
  id: number;
  nom: string;
  type: TypePropriete;
};
export type AppartementsResponse = {
  data: Appartement[];
  success: boolean;
};
export type CotisationPeriode = {
  /** Start of the period this call covers (a recurring cotisation's month, quarter…; an
    exceptional cotisation's whole period). */
  date_debut: string;
  /** End of the period this call covers. */
  date_fin: string;
  type: TypeCotisation;
};
export type ProprieteNom = {
  nom: string;
};
export type DialogData = {
  cotisation: CotisationPeriode;
  propriete: ProprieteNom;
};
export type EtatPaiement = "non_paye" | "partiel" | "complet";
export type ContributionDue = {
  date_echeance: string;
  dialogData: DialogData;
  /** `non_paye`, `partiel` or `complet`. */
  etat_paiement: EtatPaiement;
  /** The montant dû's id (the receipt is asked with it). */
  id: number;
  /** What the call asks of the property. */
  montant_total: Dt;
  restant_du: Dt;
  /** The cotisation's title. */
  titre: string;
};
export type MesCotisationsResponse = {
  /** Newest due date first. */
  cotisations: ContributionDue[];
  success: boolean;
};
export type CotisationResponse = {
  cotisation: Cotisation;
  success: boolean;
};
export type PersonalisationLine = {
  /** The property's name (informative, ignored). */
  appartement?: string | null;
  /** Whole dinars per call, ≥ 0 (0 exempts the property). */
  montant: number;
  propriete_id: number;
};
export type CotisationRequest = {
  /** `yyyy-MM-dd`: start of the first period. */
  date_debut: string;
  /** `yyyy-MM-dd`: the first call's due date, from 1 January of last year to 31 December of
    next year. */
  date_echeance: string;
  /** `yyyy-MM-dd`, not before `date_debut`: end of the last period. */
  date_fin: string;
  /** Whole dinars per property and per call (> 0, an integer or a string of digits): required
    for `egale`, empty (`null` or `""`) otherwise. */
  montant?: number | null;
  /** For `personnalisee`: every property with its amount. Ignored otherwise. */
  personalisation?: PersonalisationLine[] | null;
  repartition: Repartition;
  /** 1 to 200 characters. */
  titre: string;
  type: TypeCotisation;
};
export type RestantDu = {
  date_echeance: string;
  /** The due date is reached. */
  exigible: boolean;
  montant_du_id: number;
  /** The payer who owes it (the property's payer on its due date); `null` when the property
    had none. */
  occupant_nom: string | null;
  propriete_id: number;
  propriete_nom: string;
  restant_du: Dt;
};
export type CotisationDetails = Cotisation & {
  /** Unpaid montants dûs, oldest due date first. */
  restants_dus: RestantDu[];
};
export type CotisationDetailsResponse = {
  cotisation: CotisationDetails;
  success: boolean;
};
export type MethodePaiement = "espece" | "cheque" | "virement" | "versement";
export type EncaissementRecu = {
  date_paiement: string;
  id: number;
  methode_paiement: MethodePaiement;
  montant: Dt;
  reference_paiement: string | null;
  /** The receipt number, `YYYY-NNNNNN` (sequential per residence and year of payment, never
    reused). */
  reference_recu: string;
};
export type MontantDuPaye = {
  cotisation_id: number;
  cotisation_nom: string;
  date_echeance: string;
  etat_paiement: EtatPaiement;
  /** What the call asked of the property. */
  montant: Dt;
  montant_du_id: number;
  propriete_id: number;
  restant_du: Dt;
};
export type EncaissementResponse = {
  encaissement: EncaissementRecu;
  montant_du: MontantDuPaye;
  success: boolean;
};
export type ModifierEncaissementRequest = {
  date_paiement: string;
  encaissement_id: number;
  methode_paiement: MethodePaiement;
  /** Whole dinars > 0; can change only while its montant dû is not fully paid. */
  montant: number;
  reference_paiement?: string | null;
};
export type SupprimerEncaissementRequest = {
  encaissement_id: number;
};
export type EncaisserRequest = {
  /** When given, the cotisation of `montant_du_id`. */
  cotisation_id?: number | null;
  /** The cotisation's title as the sheet shows it (informative, ignored). */
  cotisation_nom?: string | null;
  /** `yyyy-MM-dd`, not after today, in an open exercice. */
  date_paiement: string;
  methode_paiement: MethodePaiement;
  /** Whole dinars > 0, not above the montant dû's restant dû. */
  montant: number;
  montant_du_id: number;
  /** Optional; kept only when the method is not `espece`. */
  reference_paiement?: string | null;
};
export type EtatEncaissement = "complet" | "partiel";
export type EncaissementLigne = {
  cotisation_id: number;
  cotisation_nom: string;
  /** Its montant dû's due date. */
  date_echeance: string;
  date_paiement: string;
  /** When it was recorded or last corrected (UTC, RFC 3339). */
  derniere_modification: string;
  etat_paiement: EtatEncaissement;
  id: number;
  /** Its payment date lies in a closed exercice: it can no longer be edited or cancelled. */
  is_closed: boolean;
  methode_paiement: MethodePaiement;
  montant: Dt;
  montant_du_id: number;
  /** Who owed the montant dû it pays. */
  occupant_nom: string | null;
  reference_paiement: string | null;
  reference_recu: string;
  /** What remains due on its montant dû. */
  restant_du: Dt;
};
export type MontantNonPaye = {
  cotisation_id: number;
  cotisation_nom: string;
  date_echeance: string;
  /** The due date is reached. */
  exigible: boolean;
  montant_du_id: number;
  /** Who owes it. */
  occupant_nom: string | null;
  restant_du: Dt;
};
export type HistoriquePaiementsResponse = {
  /** Live payments, newest first. */
  encaissements: EncaissementLigne[];
  /** Unpaid montants dûs, oldest due date first. */
  montants_non_payes: MontantNonPaye[];
  propriete_nom: string;
  success: boolean;
  /** What remains due on the exigible ones (the remaining-due card). */
  total_restants_du: Dt;
};
export type UpdateCotisationRequest = {
  date_debut: string;
  date_echeance: string;
  date_fin: string;
  /** The cotisation's id. */
  id: number;
  montant?: number | null;
  personalisation?: PersonalisationLine[] | null;
  /** Must be the cotisation's (`repartition_non_modifiable` otherwise). */
  repartition: Repartition;
  titre: string;
  type: TypeCotisation;
};
export type PersonalisationMontant = {
  /** The property's name. */
  appartement: string;
  /** DT per call (whole dinars); 0 when the property is exempt or was registered after the
    cotisation. */
  montant: Dt;
  propriete_id: number;
};
export type CotisationModifierInfos = {
  date_debut: string;
  date_echeance: string;
  date_fin: string;
  /** Something was collected on it: the edit would be refused
    (`cotisation_avec_encaissements`). */
  has_encaissements: boolean;
  id: number;
  /** A due date lies in a closed exercice: the edit would be refused (`exercice_cloture`). */
  is_closed: boolean;
  montant: null | Dt;
  /** Every property with its amount for `personnalisee`; empty otherwise. */
  personalisation: PersonalisationMontant[];
  /** Locked: an edit cannot change it. */
  repartition: Repartition;
  solde: Dt;
  titre: string;
  type: TypeCotisation;
};
export type CotisationModifierInfosResponse = {
  data: CotisationModifierInfos;
  success: boolean;
};
export type MontantDuOuvert = {
  cotisation_id: number;
  cotisation_nom: string;
  date_echeance: string;
  /** The due date is reached (only exigible dues count in `solde`). */
  exigible: boolean;
  montant_du_id: number;
  restant_du: Dt;
};
export type ProprieteSolde = {
  /** Every unpaid montant dû of the property (exigible or not), oldest due date first. */
  montants_dus: MontantDuOuvert[];
  /** Today's payer's name; `null` when the property is vacant. */
  proprietaire: string | null;
  /** Today's payer (an occupant id); `null` when the property is vacant. */
  proprietaire_id: number | null;
  propriete_id: number;
  propriete_nom: string;
  /** What remains due on its exigible montants dûs, as a negative amount; 0 when up to date. */
  solde: Dt;
};
export type StatistiquesEncaissement = {
  /** What was called by the montants dûs whose due date is reached. */
  cotisations_lancees: Dt;
  /** What remains due on them (`cotisations_lancees - total_encaisse`). */
  restant_du: Dt;
  /** What was collected on them. */
  total_encaisse: Dt;
};
export type ProprietesSoldesResponse = {
  data: ProprieteSolde[];
  message: string;
  stats: StatistiquesEncaissement;
  success: boolean;
};
export type SupprimerCotisationRequest = {
  /** The cotisation's id. */
  id: number;
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
export type ResidenceRef = {
  id: number;
  nom: string;
};
export type AuthUser = {
  /** `yyyy-mm-dd`. */
  birthday: string | null;
  email: string | null;
  /** Permission key → granted, e.g. `see.dashboard.tresorerie`. */
  features: {
    [key: string]: boolean;
  };
  /** `homme` or `femme`. */
  gender: string | null;
  id: number;
  is_finance: boolean;
  is_president: boolean;
  /** `false` until the first-login profile completion (`/informations-generales`) is done. */
  is_registration_finalized: boolean;
  is_syndic: boolean;
  nom: string;
  residence: ResidenceRef;
  tel: string;
};
export type AuthUserResponse = {
  /** Always `true`. */
  success: boolean;
  user: AuthUser;
};
export type Sexe = "homme" | "femme";
export type FirstLoginInfoRequest = {
  /** `yyyy-mm-dd`, after 1900-01-01 and not after today. */
  birthday: string;
  email: string;
  gender: Sexe;
};
export type ModeleEnRattrapage = {
  /** Events applied per second so far. */
  events_par_seconde: number;
  /** The journal's head when it started catching up. */
  head: number;
  model: string;
  /** The journal position it has applied. */
  position: number;
  /** Its estimate of the seconds left (absent before its first batch). */
  secondes_restantes: number | null;
};
export type ResidenceEnEchec = {
  /** When (UTC, RFC 3339). */
  failed_at: string;
  /** The read model that failed. */
  model: string;
  /** The journal position of the event it could not apply. */
  position: number;
  residence_id: number;
};
export type HealthStatus = "ok" | "degraded" | "catching_up";
export type HealthResponse = {
  modeles_en_rattrapage: ModeleEnRattrapage[];
  /** The journal position the read models reached on this server. */
  position: number;
  residences_en_echec: ResidenceEnEchec[];
  status: HealthStatus;
};
export type Occupant = {
  email: string | null;
  id: number;
  nom: string;
  sexe: Sexe;
  /** 8 digits. */
  tel: string | null;
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
  tel: string | null;
};
export type Propriete = {
  description: string | null;
  id: number;
  nom: string;
  payer_occupant: null | PayerOccupant;
  /** Square metres as a decimal string (`"95.5"`). */
  surface: string | null;
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
  date_fin: string | null;
  email: string | null;
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
  tel: string | null;
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
  useGetRepartitionQuery,
  useLazyGetRepartitionQuery,
  useModifierRepartitionMutation,
  useGetCotisationsQuery,
  useLazyGetCotisationsQuery,
  useGetCotisationAppartementsQuery,
  useLazyGetCotisationAppartementsQuery,
  useGetMesCotisationsQuery,
  useLazyGetMesCotisationsQuery,
  useGetMesCotisationsSpecQuery,
  useLazyGetMesCotisationsSpecQuery,
  useCreateCotisationMutation,
  useGetCotisationDetailsQuery,
  useLazyGetCotisationDetailsQuery,
  useModifierEncaissementMutation,
  useSupprimerEncaissementMutation,
  useEncaisserMutation,
  useGetHistoriquePaiementsQuery,
  useLazyGetHistoriquePaiementsQuery,
  useUpdateCotisationMutation,
  useGetCotisationModifierInfosQuery,
  useLazyGetCotisationModifierInfosQuery,
  useGetProprietesSoldesQuery,
  useLazyGetProprietesSoldesQuery,
  useDeleteCotisationMutation,
  useGetExercicesQuery,
  useLazyGetExercicesQuery,
  useFirstLoginInfoMutation,
  useGetHealthQuery,
  useLazyGetHealthQuery,
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
