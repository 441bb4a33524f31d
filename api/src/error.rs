//! The single table of API error codes and the error type every handler returns.
//!
//! Every failure the API reports has a stable `code` (the client branches on it, never on the
//! HTTP status: the specification reuses 403 and 409 for different causes), an HTTP status and a
//! French message. The table lives in one place, `error_codes!` below; `daftar schemas` writes it
//! to `schemas/errors.json` for the web client.
//!
//! Body of every error answer:
//! `{"success": false, "code": "...", "message": "...", "errors": {"field": ["..."]},
//! "field_codes": {"field": ["..."]}}` (`errors` and `field_codes` only for validation
//! failures). `errors` holds the French messages the specification's clients show;
//! `field_codes` the codes of the same messages, from this same table, so a client shows them in
//! the user's language.

use std::collections::BTreeMap;
use std::fmt;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::ToSchema;

/// Defines [`ErrorCode`] and its table from one list: variant => (code, status, message).
macro_rules! error_codes {
    ($( $(#[$doc:meta])* $variant:ident => ($code:literal, $status:literal, $message:literal), )+) => {
        /// A stable error code shared with the web client (see `schemas/errors.json`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, ToSchema)]
        #[serde(rename_all = "snake_case")]
        pub enum ErrorCode {
            $( $(#[$doc])* $variant, )+
        }

        impl ErrorCode {
            /// Every code, in table order.
            pub const ALL: &'static [ErrorCode] = &[ $( ErrorCode::$variant, )+ ];

            /// The stable code string, e.g. `invalid_credentials`.
            pub const fn code(self) -> &'static str {
                match self { $( ErrorCode::$variant => $code, )+ }
            }

            /// The HTTP status number answered with this code.
            pub const fn status_u16(self) -> u16 {
                match self { $( ErrorCode::$variant => $status, )+ }
            }

            /// The French message shown to the user.
            pub const fn message(self) -> &'static str {
                match self { $( ErrorCode::$variant => $message, )+ }
            }
        }
    };
}

error_codes! {
    /// Field validation failed; `errors` holds the messages per field.
    ValidationFailed => ("validation_failed", 422, "Les données envoyées sont invalides."),
    /// The body is not JSON (syntax error, truncated body, wrong content type).
    InvalidJson => ("invalid_json", 400, "Le corps de la requête n'est pas un JSON valide."),
    PayloadTooLarge => ("payload_too_large", 413, "La requête est trop volumineuse."),
    NotFound => ("not_found", 404, "Ressource introuvable."),
    MethodNotAllowed => ("method_not_allowed", 405, "Méthode non autorisée."),
    Unauthenticated => ("unauthenticated", 401, "Non authentifié."),
    Forbidden => ("forbidden", 403, "Action non autorisée."),
    FinanceRequired => ("finance_required", 403, "Seul le trésorier peut effectuer cette opération."),
    PresidentRequired => ("president_required", 403, "Seul le président peut effectuer cette opération."),
    /// The employees are the treasurer's or the president's (spec 2 §6).
    FinanceOuPresidentRequired => ("finance_ou_president_required", 403, "Seul le trésorier ou le président peut effectuer cette opération."),
    SyndicRequired => ("syndic_required", 403, "Seul un membre du conseil syndical peut effectuer cette opération."),
    /// The answer's `message` is the code itself (see [`ApiError`]).
    UserInactive => ("user_inactive", 403, "Votre compte est désactivé. Veuillez contacter le support."),
    /// The answer's `message` is the code itself (see [`ApiError`]).
    ResidenceInactive => ("residence_inactive", 403, "Votre résidence est désactivée. Veuillez contacter le support."),
    CsrfTokenMismatch => ("csrf_token_mismatch", 419, "Session expirée, veuillez réessayer."),
    InvalidCredentials => ("invalid_credentials", 422, "Identifiants invalides."),
    TooManyAttempts => ("too_many_attempts", 429, "Trop de tentatives. Réessayez plus tard."),
    AucunExerciceOuvert => ("aucun_exercice_ouvert", 409, "Action impossible : aucun exercice n'existe pour cette date."),
    ExerciceCloture => ("exercice_cloture", 403, "Cette action est impossible car la date correspond à un exercice clôturé"),
    ExerciceDejaOuvert => ("exercice_deja_ouvert", 409, "Cet exercice est déjà ouvert."),
    ExerciceDejaCloture => ("exercice_deja_cloture", 409, "Cet exercice est déjà clôturé."),
    ExerciceInconnu => ("exercice_inconnu", 404, "Cet exercice n'existe pas."),
    AnneeInvalide => ("annee_invalide", 422, "L'année de l'exercice est invalide."),
    ExerciceAnterieurCloture => ("exercice_anterieur_cloture", 409, "Un exercice ne peut pas être ouvert avant un exercice clôturé."),
    ExerciceNonTermine => ("exercice_non_termine", 409, "Cet exercice n'est pas terminé : il se clôture après le 31 décembre."),
    ExercicePrecedentOuvert => ("exercice_precedent_ouvert", 409, "L'exercice précédent doit être clôturé d'abord."),
    /// Never expected: every entry balances by construction.
    LivresDesequilibres => ("livres_desequilibres", 409, "Les écritures de cet exercice ne sont pas équilibrées : la clôture est impossible."),
    /// The server renders the pack again once before answering this.
    ExerciceModifiePendantCloture => ("exercice_modifie_pendant_cloture", 409, "Des écritures de l'exercice ont changé pendant la clôture. Réessayez."),
    ProprieteNomExiste => ("propriete_nom_existe", 422, "Une propriété porte déjà ce nom."),
    ProprieteNomInvalide => ("propriete_nom_invalide", 422, "Le nom de la propriété est obligatoire (100 caractères au plus)."),
    SurfaceInvalide => ("surface_invalide", 422, "La surface doit être un nombre positif."),
    DatesOccupationInvalides => ("dates_occupation_invalides", 422, "La date de fin ne peut pas précéder la date de début."),
    /// An occupied day would have nobody designated to pay the property's dues.
    PayeurManquant => ("payeur_manquant", 422, "Chaque jour où la propriété est occupée doit avoir un payeur."),
    OccupationPayeurNonSupprimable => ("occupation_payeur_non_supprimable", 422, "L'occupation du payeur ne peut pas être supprimée."),
    OccupantNomInvalide => ("occupant_nom_invalide", 422, "Le nom de l'occupant est obligatoire (100 caractères au plus)."),
    TelInvalide => ("tel_invalide", 422, "Le téléphone doit contenir exactement 8 chiffres."),
    EmailInvalide => ("email_invalide", 422, "L'adresse e-mail est invalide."),
    /// Another occupant of the residence, or a user of another residence, has this number.
    TelDejaUtilise => ("tel_deja_utilise", 422, "Ce numéro de téléphone est déjà utilisé."),
    OccupantInconnu => ("occupant_inconnu", 404, "Cet occupant n'existe pas."),
    ProprieteInconnue => ("propriete_inconnue", 404, "Cette propriété n'existe pas."),
    OccupationInconnue => ("occupation_inconnue", 404, "Cette occupation n'existe pas."),
    DejaMembreConseil => ("deja_membre_conseil", 422, "Cet utilisateur est déjà membre du conseil syndical."),
    TitreInvalide => ("titre_invalide", 422, "Le titre est obligatoire (200 caractères au plus)."),
    PeriodeInvalide => ("periode_invalide", 422, "La date de fin ne peut pas précéder la date de début."),
    TropDAppels => ("trop_d_appels", 422, "Cette cotisation produirait plus de 120 appels : vérifiez ses dates."),
    MontantInvalide => ("montant_invalide", 422, "Le montant doit être un nombre entier de dinars strictement positif."),
    RepartitionIncomplete => ("repartition_incomplete", 422, "La répartition doit donner un montant à chaque propriété."),
    RepartitionNonModifiable => ("repartition_non_modifiable", 422, "La répartition d'une cotisation ne peut pas être modifiée."),
    CotisationAvecEncaissements => ("cotisation_avec_encaissements", 422, "Cette cotisation a des encaissements associés : elle ne peut être ni modifiée ni supprimée."),
    CotisationInconnue => ("cotisation_inconnue", 404, "Cette cotisation n'existe pas."),
    MontantDuInconnu => ("montant_du_inconnu", 404, "Ce montant dû n'existe pas."),
    EncaissementInconnu => ("encaissement_inconnu", 404, "Cet encaissement n'existe pas."),
    MontantMaximumDepasse => ("montant_maximum_depasse", 422, "Le montant dépasse le restant dû."),
    DatePaiementFuture => ("date_paiement_future", 422, "La date de paiement ne peut pas être dans le futur."),
    MontantNonModifiable => ("montant_non_modifiable", 422, "Le montant d'un encaissement complet ne peut pas être modifié."),
    AucunPaiement => ("aucun_paiement", 422, "Aucun paiement n'a été enregistré pour ce montant dû : pas de reçu."),
    AucunePropriete => ("aucune_propriete", 422, "La résidence n'a aucune propriété."),
    /// The president and the treasurer are changed by support only.
    MembreConseilProtege => ("membre_conseil_protege", 422, "Seul un administrateur peut retirer le président ou le trésorier."),
    InscriptionDejaFinalisee => ("inscription_deja_finalisee", 409, "Votre inscription est déjà finalisée."),
    ConflitConcurrent => ("conflit_concurrent", 409, "L'opération a été modifiée en même temps par un autre utilisateur, veuillez réessayer."),
    /// The projector set the residence's books aside (an event it cannot apply): its answers
    /// would be incomplete until the read models are rebuilt after a fix.
    ProjectionEnEchec => ("projection_en_echec", 503, "Les comptes de votre résidence sont momentanément indisponibles : l'équipe technique est prévenue."),
    /// A read model this request needs is catching up with the journal after a release changed
    /// it (`Retry-After` says when to try again).
    ProjectionEnRattrapage => ("projection_en_rattrapage", 503, "Les comptes de votre résidence sont en cours de mise à jour après une nouvelle version : réessayez dans quelques instants."),
    InternalError => ("internal_error", 500, "Une erreur est survenue."),
    // Field codes: what is wrong with one field of a request (`field_codes`), with the French
    // message `errors` carries. Their status is that of `validation_failed`.
    ChampObligatoire => ("champ_obligatoire", 422, "Ce champ est obligatoire."),
    ValeurInvalide => ("valeur_invalide", 422, "Valeur invalide."),
    /// A dashboard's `periode` other than `3m`, `6m` or `ytd` (spec 3 §9).
    PeriodeTableauDeBordInvalide => ("periode_tableau_de_bord_invalide", 422, "La période doit être « 3m », « 6m » ou « ytd »."),
    DateInvalide => ("date_invalide", 422, "La date doit être une date valide au format AAAA-MM-JJ."),
    FinAvantDebut => ("fin_avant_debut", 422, "La date de fin ne peut pas précéder la date de début."),
    TitreTropLong => ("titre_trop_long", 422, "Le titre ne doit pas dépasser 200 caractères."),
    TypeCotisationInvalide => ("type_cotisation_invalide", 422, "Le type doit être mensuelle, bimensuelle, trimestrielle, semestrielle, annuelle ou exceptionnelle."),
    RepartitionInvalide => ("repartition_invalide", 422, "La répartition doit être « egale », « predefinie » ou « personnalisee »."),
    MethodePaiementInvalide => ("methode_paiement_invalide", 422, "La méthode de paiement doit être espece, cheque, virement ou versement."),
    MontantPositif => ("montant_positif", 422, "Le montant doit être supérieur à 0."),
    MontantNegatif => ("montant_negatif", 422, "Le montant ne peut pas être négatif."),
    MontantVide => ("montant_vide", 422, "Le montant doit rester vide sauf pour une répartition égale."),
    MontantEntier => ("montant_entier", 422, "Le montant doit être un nombre entier de dinars."),
    MontantDecimales => ("montant_decimales", 422, "Le montant a au plus trois décimales."),
    MontantTropEleve => ("montant_trop_eleve", 422, "Le montant est trop élevé."),
    ProprieteEnDouble => ("propriete_en_double", 422, "Cette propriété apparaît plusieurs fois."),
    ListeInvalide => ("liste_invalide", 422, "La liste des montants est invalide."),
    PersonnalisationIncomplete => ("personnalisation_incomplete", 422, "Chaque propriété doit avoir un montant."),
    PersonnalisationNulle => ("personnalisation_nulle", 422, "Au moins une propriété doit avoir un montant supérieur à 0."),
    ReferenceTropLongue => ("reference_trop_longue", 422, "La référence ne doit pas dépasser 100 caractères."),
    AutreCotisation => ("autre_cotisation", 422, "Ce montant dû n'appartient pas à cette cotisation."),
    DateNaissanceInvalide => ("date_naissance_invalide", 422, "La date de naissance doit être passée et postérieure au 01/01/1900."),
    /// The same key twice in one JSON object.
    CleEnDouble => ("cle_en_double", 422, "Ce champ apparaît plusieurs fois dans la requête."),
    /// A one-line text (title, name, reference) holds a line break or a tab.
    UneSeuleLigne => ("une_seule_ligne", 422, "Ce texte doit tenir sur une seule ligne."),
    SexeInvalide => ("sexe_invalide", 422, "Le sexe doit être « homme » ou « femme »."),
    TypeOccupationInvalide => ("type_occupation_invalide", 422, "Le type d'occupation doit être « proprietaire » ou « locataire »."),
    OccupantDifferent => ("occupant_different", 422, "Cet occupant n'est pas celui de l'occupation."),
    MotDePasseObligatoire => ("mot_de_passe_obligatoire", 422, "Le mot de passe est obligatoire."),
    TelObligatoire => ("tel_obligatoire", 422, "Le numéro de téléphone est obligatoire."),
    TelChiffres => ("tel_chiffres", 422, "Le numéro de téléphone ne doit contenir que des chiffres."),
    TelLongueur => ("tel_longueur", 422, "Le numéro de téléphone doit contenir entre 6 et 15 chiffres."),
    /// A text holds a control character (NUL, escape…): refused before anything is stored, so
    /// that no store can choke on it (PostgreSQL refuses NUL in text).
    CaracteresInterdits => ("caracteres_interdits", 422, "Ce texte contient des caractères non autorisés."),
    EcheanceHorsPlage => ("echeance_hors_plage", 422, "La date d'échéance doit être comprise entre le 1er janvier de l'an dernier et le 31 décembre de l'an prochain."),
    // Expense categories and suppliers (spec 2 §5 "Supplier", "Category", §8;
    // docs/api-depenses.md "Categories", "Suppliers").
    /// A supplier's name missing or longer than 200 characters (the domain's refusal; the API
    /// reports an empty name as `champ_obligatoire` on `nom`).
    NomInvalide => ("nom_invalide", 422, "Le nom est obligatoire (200 caractères au plus)."),
    /// A governorate id outside 1–24 (`GET /api/fournisseurs/gouvernorats`).
    GouvernoratInconnu => ("gouvernorat_inconnu", 422, "Ce gouvernorat n'existe pas."),
    TypeFournisseurInvalide => ("type_fournisseur_invalide", 422, "Le type doit être « particulier » ou « entreprise »."),
    CategorieInconnue => ("categorie_inconnue", 404, "Cette catégorie n'existe pas."),
    /// A charge or works item names it (budget lines join with issue 15).
    CategorieUtilisee => ("categorie_utilisee", 422, "Suppression impossible : cette catégorie est utilisée par une dépense."),
    FournisseurInconnu => ("fournisseur_inconnu", 404, "Ce fournisseur n'existe pas."),
    /// A charge or works item names it.
    FournisseurUtilise => ("fournisseur_utilise", 422, "Suppression impossible : ce fournisseur est utilisé par une dépense."),
    // The bank (spec 2 §8 "Banking").
    LibelleInvalide => ("libelle_invalide", 422, "Le libellé est obligatoire (200 caractères au plus)."),
    BanqueInvalide => ("banque_invalide", 422, "La banque est obligatoire (200 caractères au plus)."),
    RibInvalide => ("rib_invalide", 422, "Le RIB doit compter exactement 20 chiffres."),
    IbanInvalide => ("iban_invalide", 422, "L'IBAN doit s'écrire TN suivi de 22 chiffres."),
    CompteInconnu => ("compte_inconnu", 404, "Ce compte bancaire n'existe pas."),
    ComptePrincipalNonSupprimable => ("compte_principal_non_supprimable", 422, "Le compte principal ne peut pas être supprimé."),
    CompteAvecOperations => ("compte_avec_operations", 422, "Suppression impossible : ce compte a des opérations."),
    OperationInconnue => ("operation_inconnue", 404, "Cette opération n'existe pas."),
    TransfertInconnu => ("transfert_inconnu", 404, "Ce transfert n'existe pas."),
    ComptesIdentiques => ("comptes_identiques", 422, "Les comptes source et destination doivent être différents."),
    RemiseInconnue => ("remise_inconnue", 404, "Cette remise de chèques n'existe pas."),
    AucunCheque => ("aucun_cheque", 422, "Sélectionnez au moins un chèque."),
    ChequeIndisponible => ("cheque_indisponible", 422, "Ce chèque n'est plus en attente de remise."),
    RemiseAvantCheque => ("remise_avant_cheque", 422, "La date de la remise ne peut pas précéder la réception d'un chèque."),
    MouvementInconnu => ("mouvement_inconnu", 404, "Ce mouvement bancaire n'existe pas."),
    TypeCompteInvalide => ("type_compte_invalide", 422, "Le type de compte doit être « courant » ou « epargne »."),
    TypeOperationInvalide => ("type_operation_invalide", 422, "Le type d'opération doit être retrait, depot, frais ou interets."),
    /// The `table` of a pointing names no kind of bank movement.
    TableInvalide => ("table_invalide", 422, "Le type de mouvement doit être encaissement, operation, transfert_sortie, transfert_entree, remise, paiement_depense, paiement_salaire ou charge_patronale."),
    /// A payment that is a cheque already in a deposit (spec 2 §8: 409, the cheque-deposit
    /// message).
    ChequeRemis => ("cheque_remis", 409, "Ce paiement est un chèque déjà remis en banque : supprimez d'abord la remise de chèques."),
    // Charges and works (docs/api-depenses.md "Current charges", "Works").
    DepenseInconnue => ("depense_inconnue", 404, "Cette dépense n'existe pas."),
    /// Spec 2 §8 "Delete charge, works": the payment-exists error.
    DepenseAvecPaiements => ("depense_avec_paiements", 422, "Cette dépense a des paiements : supprimez-les d'abord."),
    MontantInferieurAuPaye => ("montant_inferieur_au_paye", 422, "Le montant ne peut pas être inférieur à ce qui est déjà payé."),
    PaiementInconnu => ("paiement_inconnu", 404, "Ce paiement n'existe pas."),
    DocumentInconnu => ("document_inconnu", 404, "Ce document n'existe pas."),
    /// A path of the financial archive that names no file of the residence.
    ArchiveIntrouvable => ("archive_introuvable", 404, "Ce fichier n'est pas dans l'archive."),
    /// Works approved by an assembly or a vote that does not exist (none does until those
    /// modules come).
    ApprobateurInconnu => ("approbateur_inconnu", 422, "L'assemblée ou le vote qui approuve ces travaux n'existe pas."),
    MethodePaiementDepenseInvalide => ("methode_paiement_depense_invalide", 422, "La méthode de paiement doit être espece, cheque, virement, tpe ou enligne."),
    ClientInconnu => ("client_inconnu", 404, "Ce client n'existe pas."),
    ClientUtilise => ("client_utilise", 422, "Suppression impossible : ce client est lié à un contrat ou à un revenu exceptionnel."),
    ContratInconnu => ("contrat_inconnu", 404, "Ce contrat n'existe pas."),
    ContratAvecPaiements => ("contrat_avec_paiements", 422, "Suppression impossible : ce contrat a des paiements."),
    /// Spec 1 §8 names 411 for a contract payment's edit refused because its cheque is deposited.
    ChequeRemisModification => ("cheque_remis_modification", 411, "Ce paiement est un chèque déjà remis en banque : supprimez d'abord la remise de chèques."),
    RevenuInconnu => ("revenu_inconnu", 404, "Ce revenu exceptionnel n'existe pas."),
    PeriodiciteInvalide => ("periodicite_invalide", 422, "La périodicité doit être mensuelle, bimensuelle, trimestrielle, semestrielle ou annuelle."),
    // Documents (docs/api-depenses.md "Documents"): codes on the field a file came in.
    /// Judged by its content: not a PDF, PNG or JPEG, or one that does not open.
    FichierInvalide => ("fichier_invalide", 422, "Le fichier doit être un PDF, une image PNG ou JPEG."),
    /// A PDF above 1 MB. Spelt as the specification's key.
    #[serde(rename = "pdfTooLarge")]
    PdfTooLarge => ("pdfTooLarge", 422, "Le PDF dépasse 1 Mo."),
    // Payroll (docs/api-salaires.md).
    SalarieInconnu => ("salarie_inconnu", 404, "Ce salarié n'existe pas."),
    /// Spec 2 §8 "Delete employee": the payment-exists error.
    SalarieAvecPaiements => ("salarie_avec_paiements", 422, "Ce salarié a des paiements : supprimez-les d'abord."),
    PosteInvalide => ("poste_invalide", 422, "Le poste est obligatoire (200 caractères au plus)."),
    CinInvalide => ("cin_invalide", 422, "Le CIN doit contenir exactement 8 chiffres."),
    /// A rate of employer charges: strictly between 0 and 100 %, at most two decimals.
    TauxInvalide => ("taux_invalide", 422, "Le taux doit être compris entre 0 et 100 % avec au plus deux décimales (ex. 16.57%)."),
    /// A birth date before 1930 or after today; an employment outside 1985–2035.
    DateHorsPlage => ("date_hors_plage", 422, "Cette date est hors de la plage autorisée."),
    MoisInvalide => ("mois_invalide", 422, "Le mois doit s'écrire AAAA-MM."),
    TexteTropLong => ("texte_trop_long", 422, "Ce texte ne doit pas dépasser 200 caractères."),
    MethodePaiementSalaireInvalide => ("methode_paiement_salaire_invalide", 422, "La méthode de paiement doit être espece, cheque ou virement."),
    // Budgets (docs/api-exercices.md "Budgets").
    BudgetInconnu => ("budget_inconnu", 404, "Ce budget n'existe pas."),
    /// An element names a category that does not exist.
    CategorieBudgetInconnue => ("categorie_budget_inconnue", 422, "Cette catégorie n'existe pas."),
    /// The same category twice in one budget (also a field code on `elements.N.categorie_id`).
    CategorieEnDouble => ("categorie_en_double", 422, "Cette catégorie apparaît plusieurs fois dans le budget."),
    ElementBudgetInconnu => ("element_budget_inconnu", 422, "Cet élément n'appartient pas à ce budget."),
    /// Spec 2 §8 "Delete category": used in a budget with an amount above zero.
    CategorieBudgetee => ("categorie_budgetee", 422, "Suppression impossible : cette catégorie est utilisée dans un budget avec des montants supérieurs à zéro."),
    /// Spec 2 §8 "Budget update": the response code of a number-format error (a comma, more
    /// than three decimals): the answer's `code`, and the field code of each such amount.
    /// Spelt as the specification's code.
    #[serde(rename = "INVALID_AMOUNT")]
    InvalidAmount => ("INVALID_AMOUNT", 422, "Le montant doit s'écrire avec un point et au plus trois décimales (ex. 120.500)."),
    // Regulations (docs/api-exercices.md "Regulations").
    ReglementIntrouvable => ("reglement_introuvable", 404, "Ce règlement n'existe pas."),
    /// A rules document that is not a PDF (judged by its content).
    PdfRequis => ("pdf_requis", 422, "Le document doit être un PDF."),
    CommentaireTropLong => ("commentaire_trop_long", 422, "Le commentaire ne doit pas dépasser 1000 caractères."),
    // Debt recovery (docs/api-recouvrement.md).
    /// The SMS (or the group) costs more credits than the residence has: nothing stored, nothing
    /// sent.
    CreditsSmsInsuffisants => ("credits_sms_insuffisants", 409, "Crédits SMS insuffisants : achetez des SMS avant d'envoyer ce rappel."),
    /// A reminder (SMS or letter) to an occupant who owes nothing today.
    AucunImpaye => ("aucun_impaye", 422, "Cet occupant n'a aucun impayé."),
    /// A delivery report without the gateway's shared secret.
    WebhookNonAutorise => ("webhook_non_autorise", 401, "Rapport de livraison non autorisé."),
    // Account settings and e-mail verification (spec 3 §5 "Change email", "Change password", §8
    // "Settings"; issue 19).
    /// The account has no e-mail yet (the first login records one).
    EmailManquant => ("email_manquant", 409, "Aucune adresse e-mail n'est enregistrée pour votre compte."),
    EmailDejaVerifie => ("email_deja_verifie", 409, "Votre adresse e-mail est déjà vérifiée."),
    /// The mail relay refused or did not answer.
    EnvoiEmailEchoue => ("envoi_email_echoue", 503, "Une erreur est survenue lors de l’envoi de l’email."),
    /// The address was changed, but its verification mail could not be sent.
    EmailModifieEnvoiEchoue => ("email_modifie_envoi_echoue", 503, "Votre adresse e-mail a été modifiée, mais l’email de vérification n’a pas pu être envoyé : renvoyez-le depuis vos paramètres."),
    LienVerificationInvalide => ("lien_verification_invalide", 404, "Ce lien de vérification est invalide."),
    /// The link was sent to another user than the one signed in.
    LienVerificationAutreUtilisateur => ("lien_verification_autre_utilisateur", 403, "Ce lien de vérification a été envoyé à un autre utilisateur : connectez-vous avec le compte concerné."),
    LienVerificationUtilise => ("lien_verification_utilise", 410, "Ce lien de vérification a déjà été utilisé."),
    LienVerificationExpire => ("lien_verification_expire", 410, "Ce lien de vérification a expiré : demandez un nouvel email de vérification."),
    /// The account's address changed after the link was sent.
    LienVerificationPerime => ("lien_verification_perime", 410, "Ce lien de vérification concerne une adresse qui n'est plus celle de votre compte."),
    // Field codes of the password change.
    MotDePasseIncorrect => ("mot_de_passe_incorrect", 422, "Le mot de passe actuel est incorrect."),
    MotDePasseTropCourt => ("mot_de_passe_trop_court", 422, "Le mot de passe doit comporter au moins 12 caractères"),
    MotsDePasseDifferents => ("mots_de_passe_differents", 422, "Les mots de passe ne correspondent pas"),
    // Visibility rights of the co-owners (spec 3 §2.12, §6; docs/api-visibilite.md).
    /// The co-owner's right on this page (`see.charges`…) is off: the council hid it.
    VisibiliteRefusee => ("visibilite_refusee", 403, "Le conseil syndical n'a pas rendu ces informations visibles pour vous."),
    /// No co-owner (a user of the residence who is not a council member) has this id.
    CoproprietaireInconnu => ("coproprietaire_inconnu", 404, "Ce copropriétaire n'existe pas."),
    // General assemblies (spec 3 §2.5, §4, §5, §8; docs/api-assemblees.md).
    AssembleeIntrouvable => ("assemblee_introuvable", 404, "Cette assemblée n'existe pas."),
    PointIntrouvable => ("point_introuvable", 404, "Ce point n'existe pas."),
    ResolutionIntrouvable => ("resolution_introuvable", 404, "Cette résolution n'existe pas."),
    PieceJointeIntrouvable => ("piece_jointe_introuvable", 404, "Ce document n'existe pas."),
    DateAssembleeHorsPlage => ("date_assemblee_hors_plage", 422, "La date doit être comprise entre le 1er janvier de l'année précédente et le 31 décembre de l'année suivante."),
    /// Spec 3 §2.5: the list's tooltip.
    AssembleeNonSupprimable => ("assemblee_non_supprimable", 422, "L'assemblée ne peut pas être supprimée une fois convoquée"),
    /// The convocation date locks step 1 (general information, agenda, documents).
    AssembleeConvoquee => ("assemblee_convoquee", 422, "L'assemblée est convoquée : sa préparation ne peut plus être modifiée."),
    /// Step 6: nothing of votes, resolutions or presences changes.
    AssembleeTerminee => ("assemblee_terminee", 422, "L'assemblée est terminée : elle ne peut plus être modifiée."),
    EtapeNonAtteinte => ("etape_non_atteinte", 422, "L'assemblée n'a pas encore atteint cette étape."),
    TitrePointInvalide => ("titre_point_invalide", 422, "Le titre est obligatoire (au moins 2 caractères)."),
    OrdreDuJourVide => ("ordre_du_jour_vide", 422, "L'ordre du jour est vide."),
    /// Spec 3 §5 "Presences".
    AucunPresent => ("aucun_present", 422, "Aucun résident n'est marqué comme présent."),
    OccupantNonCoproprietaire => ("occupant_non_coproprietaire", 422, "Cette personne n'est pas copropriétaire de la résidence à la date de l'assemblée."),
    PresencesNonEnregistrees => ("presences_non_enregistrees", 422, "Les présences ne sont pas encore enregistrées."),
    /// Spec 3 §5 "Assembly vote".
    VotesIncomplets => ("votes_incomplets", 422, "Chaque copropriétaire doit enregistrer un vote."),
    VoteInvalide => ("vote_invalide", 422, "Un vote n'est pas une des options de la résolution, ou vient d'un copropriétaire absent."),
    ChoixInvalides => ("choix_invalides", 422, "Veuillez remplir au moins deux choix."),
    PointInformation => ("point_information", 422, "Un point d'information ne se vote pas."),
    PointNonSupprimable => ("point_non_supprimable", 422, "Seul un point d'information peut être supprimé."),
    SignataireNonPresent => ("signataire_non_present", 422, "Les signataires sont choisis parmi les présents (les scrutateurs parmi les présents en personne)."),
    InfosFinalesManquantes => ("infos_finales_manquantes", 422, "Le président, le secrétaire et la date et l'heure de fin doivent être enregistrés."),
    PvSigneManquant => ("pv_signe_manquant", 422, "Le procès-verbal signé n'est pas déposé."),
    /// The minutes print once the end is recorded (council) or the meeting finished (co-owners).
    ProcesVerbalIndisponible => ("proces_verbal_indisponible", 422, "Le procès-verbal n'est pas encore disponible."),
    PresenceSigneeManquante => ("presence_signee_manquante", 422, "La feuille de présence signée n'est pas déposée."),
    // Field codes of the assemblies' forms (spec 3 §5).
    HeureInvalide => ("heure_invalide", 422, "L'heure doit s'écrire HH:MM."),
    RepresentantRequis => ("representant_requis", 422, "Le représentant est requis."),
    ResolutionRequise => ("resolution_requise", 422, "Le texte de la résolution est requis."),
    PresidentRequis => ("president_requis", 422, "Le Président est obligatoire."),
    SecretaireRequis => ("secretaire_requis", 422, "Le Sectrétaire est obligatoire."),
    TexteLongTropLong => ("texte_long_trop_long", 422, "Ce texte ne doit pas dépasser 5000 caractères."),
    // Announcements (docs/api-communaute.md "Announcements"; issue 18).
    AnnonceIntrouvable => ("annonce_introuvable", 404, "Cette annonce n'existe pas."),
    /// An announcement's text above 5000 characters.
    DescriptionTropLongue => ("description_trop_longue", 422, "La description ne doit pas dépasser 5000 caractères."),
    /// A duration that is not a whole number of days between 1 and 365.
    JoursInvalide => ("jours_invalide", 422, "La durée doit être un nombre entier de jours entre 1 et 365."),
    /// An end date before the residence's today.
    DateFinPassee => ("date_fin_passee", 422, "La date de fin ne peut pas être antérieure à aujourd'hui."),
    // Breakdown reports (docs/api-communaute.md "Breakdown reports"; issue 18).
    PanneIntrouvable => ("panne_introuvable", 404, "Cette panne n'existe pas ou a été supprimée."),
    CommentaireIntrouvable => ("commentaire_introuvable", 404, "Ce commentaire n'existe pas ou a été supprimé."),
    /// An archived report asked by someone who is not a council member.
    PanneArchivee => ("panne_archivee", 403, "Cette panne est archivée : seul le conseil syndical peut la consulter."),
    /// A report or a comment changed or withdrawn by someone else than its author.
    AuteurRequis => ("auteur_requis", 403, "Seul son auteur peut modifier ou supprimer cet élément."),
    /// Spec 3 §4 "A panne whose status has evolved cannot be deleted".
    PanneStatutEvolue => ("panne_statut_evolue", 422, "Cette panne ne peut plus être supprimée : son statut a évolué."),
    /// The status asked is already the report's.
    StatutIdentique => ("statut_identique", 422, "La panne a déjà ce statut."),
    /// A status other than ouvert, analyse, reparation, resolu, archive.
    StatutPanneInvalide => ("statut_panne_invalide", 422, "Le statut doit être ouvert, analyse, reparation, resolu ou archive."),
    /// A photo that is a PDF (judged by its content): only images are attached to reports.
    ImageRequise => ("image_requise", 422, "Seules les images (PNG ou JPEG) sont acceptées."),
    // Chat and its real-time channel (docs/api-communaute.md "Chat", "WebSocket"; issue 18).
    ConversationIntrouvable => ("conversation_introuvable", 404, "Cette conversation n'existe pas."),
    /// Another co-owner's conversation, or a council member asking for a co-owner's own.
    ConversationInterdite => ("conversation_interdite", 403, "Vous n'avez pas accès à cette conversation."),
    /// A blank message (spec 3 §5 "Chat").
    MessageVide => ("message_vide", 422, "Le message ne peut pas être vide."),
    MessageTropLong => ("message_trop_long", 422, "Le message ne doit pas dépasser 2000 caractères."),
    /// A WebSocket opened from another site's page.
    OrigineInterdite => ("origine_interdite", 403, "Cette connexion doit venir de l'application elle-même."),
    /// `/api/ws` asked without a WebSocket handshake.
    WebsocketRequis => ("websocket_requis", 400, "Cette adresse attend une connexion WebSocket."),
    /// The server does not hear the other servers' messages yet (PostgreSQL's LISTEN).
    TempsReelIndisponible => ("temps_reel_indisponible", 503, "Le temps réel est momentanément indisponible. Réessayez."),
    // Votes, the consultations outside assemblies (docs/api-communaute.md "Votes"; issue 18).
    VoteIntrouvable => ("vote_introuvable", 404, "Ce vote est introuvable."),
    /// Spec 3 §6: only the creator edits or deletes a vote.
    CreateurRequis => ("createur_requis", 403, "Seul le créateur du vote peut le modifier ou le supprimer."),
    /// Spec 3 §4: editable until a co-owner votes.
    VoteVerrouille => ("vote_verrouille", 422, "Modification verrouillée : un copropriétaire a déjà voté."),
    /// A finished vote never changes (neither the vote nor its answers).
    VoteTermine => ("vote_termine", 422, "Ce vote est terminé : il ne peut plus changer."),
    VoteNonOuvert => ("vote_non_ouvert", 422, "Ce vote n'est pas encore ouvert."),
    /// A custom vote has five choices at most (spec 3 §5, §9).
    TropDeChoix => ("trop_de_choix", 422, "Un vote propose cinq choix au plus."),
    ChoixEnDouble => ("choix_en_double", 422, "Deux choix ne peuvent pas être identiques."),
    /// The answer is not one of the vote's choices (an id of another vote's).
    ChoixInvalide => ("choix_invalide", 422, "Ce choix n'est pas une des réponses du vote."),
    /// A second `voter`: changing an answer goes through `modifier`.
    VoteDejaExprime => ("vote_deja_exprime", 409, "Vous avez déjà voté : modifiez votre vote."),
    VoteNonExprime => ("vote_non_exprime", 422, "Vous n'avez pas encore voté."),
    /// Only owners of a property of the residence answer a vote.
    ProprietaireRequis => ("proprietaire_requis", 403, "Seuls les propriétaires de la résidence votent."),
    /// A co-owner reads a vote's results once it is finished (spec 3 §4).
    ResultatsNonPublies => ("resultats_non_publies", 403, "Les résultats seront publiés à la fin du vote."),
    // Online payment through Konnect (docs/api-paiement-en-ligne.md; issue 21).
    /// Switched off, or no wallet or key stored.
    PaiementEnLigneIndisponible => ("paiement_en_ligne_indisponible", 403, "Le paiement en ligne n'est pas disponible pour cette résidence."),
    /// Nothing is left to pay on one of the dues asked.
    MontantDuDejaPaye => ("montant_du_deja_paye", 422, "Ce montant dû est déjà payé."),
    /// A pending, unexpired online payment request covers one of these dues.
    PaiementEnLigneEnCours => ("paiement_en_ligne_en_cours", 409, "Un paiement en ligne est déjà en cours pour ce montant dû. Réessayez dans quelques minutes."),
    /// The gateway did not answer in time, or answered an error: nothing was reserved.
    PasserelleIndisponible => ("passerelle_indisponible", 503, "La plateforme de paiement ne répond pas. Réessayez plus tard."),
    /// The gateway's payment reference is already recorded (answered only by the domain guard).
    PaiementEnLigneDejaEnregistre => ("paiement_en_ligne_deja_enregistre", 409, "Ce paiement en ligne est déjà enregistré."),
    ReferencePasserelleInvalide => ("reference_passerelle_invalide", 422, "La référence du paiement en ligne est invalide."),
    PaiementEnLigneInconnu => ("paiement_en_ligne_inconnu", 404, "Ce paiement en ligne n'existe pas."),
    /// Field codes of the settings form.
    WalletIdRequis => ("wallet_id_requis", 422, "L'identifiant du portefeuille Konnect est obligatoire."),
    CleApiRequise => ("cle_api_requise", 422, "La clé API Konnect est obligatoire."),
    MethodesPaiementEnLigneInvalides => ("methodes_paiement_en_ligne_invalides", 422, "Choisissez au moins un moyen de paiement parmi bank_card, e-DINAR, wallet et flouci."),
    CompteBancaireInvalide => ("compte_bancaire_invalide", 422, "Choisissez un compte bancaire de la résidence."),
    /// Field code of the settlement form: the fees are above the gross amount.
    FraisSuperieursAuBrut => ("frais_superieurs_au_brut", 422, "Les frais ne peuvent pas dépasser le montant brut."),
    // Bank statements (docs/api-releves.md): field codes on `fichier` and `mapping`, then refusals.
    /// Judged by its content: not CSV, XLSX, OFX or camt.053.
    ReleveFormatInconnu => ("releve_format_inconnu", 422, "Ce fichier n'est pas un relevé bancaire : CSV, XLSX, OFX ou camt.053."),
    /// A statement format, but broken (bad XML, no line, a workbook that does not open).
    ReleveIllisible => ("releve_illisible", 422, "Ce relevé est illisible ou ne contient aucune opération."),
    /// One line cannot be read: the answer says which (`ligne`) and why (`raison`).
    ReleveLigneInvalide => ("releve_ligne_invalide", 422, "Une ligne du relevé est illisible."),
    FichierTropVolumineux => ("fichier_trop_volumineux", 422, "Le fichier dépasse 5 Mo."),
    /// The mapping names a column the header row does not have.
    ColonneInconnue => ("colonne_inconnue", 422, "Cette colonne n'existe pas dans le fichier."),
    ReleveDejaImporte => ("releve_deja_importe", 409, "Ce relevé a déjà été importé pour ce compte."),
    ReleveInconnu => ("releve_inconnu", 404, "Ce relevé n'existe pas."),
    LigneReleveInconnue => ("ligne_releve_inconnue", 404, "Cette ligne du relevé n'existe pas."),
    DejaPointe => ("deja_pointe", 409, "Un de ces mouvements est déjà pointé."),
    MontantsDifferents => ("montants_differents", 422, "Les mouvements choisis ne font pas le montant de la ligne."),
    AucunMouvement => ("aucun_mouvement", 422, "Sélectionnez au moins un mouvement."),
    LigneDejaRapprochee => ("ligne_deja_rapprochee", 409, "Cette ligne du relevé est déjà rapprochée."),
    LigneNonRapprochee => ("ligne_non_rapprochee", 409, "Cette ligne du relevé n'est pas rapprochée."),
    /// Fees or a withdrawal for money in, interest or a deposit for money out.
    TypeIncompatible => ("type_incompatible", 422, "Ce type d'opération ne correspond pas au sens de la ligne."),
    ReleveVide => ("releve_vide", 422, "Ce relevé ne contient aucune opération."),
}

impl ErrorCode {
    /// The code whose string is `code`, if the table has it.
    pub fn from_code(code: &str) -> Option<ErrorCode> {
        ErrorCode::ALL
            .iter()
            .copied()
            .find(|candidate| candidate.code() == code)
    }

    /// The HTTP status answered with this code.
    pub fn status(self) -> StatusCode {
        StatusCode::from_u16(self.status_u16()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    /// The `message` field of the answer. For `user_inactive` and `residence_inactive` the
    /// specification's client reads `message` (not `code`) to pick the inactive page's variant
    /// (spec 1 §8 "Auth status"), so those two answer the code itself as their message; the
    /// French text of the table is still published in `errors.json` for the client to show.
    pub fn response_message(self) -> &'static str {
        match self {
            ErrorCode::UserInactive | ErrorCode::ResidenceInactive => self.code(),
            other => other.message(),
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// What is wrong with each field of a request: field name → codes of the one error table
/// (sorted by field). Answered as `errors` (the French messages) and `field_codes` (the codes).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldErrors(BTreeMap<String, Vec<FieldError>>);

/// One code on one field, with its French message when it names values (a date range) that the
/// table's generic text leaves out.
#[derive(Debug, Clone, PartialEq, Eq)]
struct FieldError {
    code: ErrorCode,
    message: Option<String>,
}

/// `errors` of a validation failure: the French message of each field code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(transparent)]
pub struct FieldErrorMessages(pub BTreeMap<String, Vec<String>>);

/// `field_codes` of a validation failure: the code of each message of `errors`, same keys and
/// order, for clients that show messages in the user's language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(transparent)]
pub struct FieldErrorCodes(pub BTreeMap<String, Vec<ErrorCode>>);

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records `code` against `field`.
    pub fn add(&mut self, field: impl Into<String>, code: ErrorCode) {
        let error = FieldError {
            code,
            message: None,
        };
        self.0.entry(field.into()).or_default().push(error);
    }

    /// Records `code` against `field` with a French message naming the values at stake; the
    /// code's text in the table stays the generic one that clients translate.
    pub fn add_detailed(&mut self, field: impl Into<String>, code: ErrorCode, message: String) {
        let error = FieldError {
            code,
            message: Some(message),
        };
        self.0.entry(field.into()).or_default().push(error);
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The codes recorded against `field` (empty when none).
    pub fn codes(&self, field: &str) -> Vec<ErrorCode> {
        self.0
            .get(field)
            .map_or_else(Vec::new, |errors| errors.iter().map(|e| e.code).collect())
    }

    /// Moves the errors of field `from` to field `to`.
    pub fn rename(&mut self, from: &str, to: &str) {
        if let Some(errors) = self.0.remove(from) {
            self.0.entry(to.to_owned()).or_default().extend(errors);
        }
    }

    /// How many fields have errors.
    pub fn count(&self) -> usize {
        self.0.len()
    }

    /// The fields that have errors, in order.
    pub fn fields(&self) -> impl Iterator<Item = &str> {
        self.0.keys().map(String::as_str)
    }

    /// `Ok(())` when nothing was recorded, else a `validation_failed` error carrying the fields.
    pub fn into_result(self) -> Result<(), ApiError> {
        if self.is_empty() {
            Ok(())
        } else {
            Err(ApiError::validation(self))
        }
    }

    fn messages(&self) -> FieldErrorMessages {
        FieldErrorMessages(
            self.0
                .iter()
                .map(|(field, errors)| {
                    let messages = errors.iter().map(|error| {
                        error
                            .message
                            .clone()
                            .unwrap_or_else(|| error.code.message().to_owned())
                    });
                    (field.clone(), messages.collect())
                })
                .collect(),
        )
    }

    fn field_codes(&self) -> FieldErrorCodes {
        FieldErrorCodes(
            self.0
                .iter()
                .map(|(field, errors)| (field.clone(), errors.iter().map(|e| e.code).collect()))
                .collect(),
        )
    }
}

/// The body of every error answer: `{success: false, code, message, errors?}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// Always `false`.
    pub success: bool,
    pub code: ErrorCode,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub errors: Option<FieldErrorMessages>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub field_codes: Option<FieldErrorCodes>,
    /// A bank statement's line that cannot be read: its 1-based line (row) number in the file.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub ligne: Option<u32>,
    /// Why that line cannot be read, in French ("montant illisible: 12,3,4").
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub raison: Option<String>,
}

/// The error type of every handler and extractor.
///
/// Build it from an [`ErrorCode`] (`ErrorCode::NotFound.into()`), from [`FieldErrors`]
/// ([`ApiError::validation`]), or from any unexpected failure (`?` on a `sqlx::Error` or an
/// `anyhow::Error`), which becomes an opaque 500 whose cause chain is logged, never sent.
pub struct ApiError {
    code: ErrorCode,
    errors: Option<FieldErrors>,
    source: Option<anyhow::Error>,
    /// Headers the answer carries (`Retry-After` of a 429).
    headers: Vec<(&'static str, String)>,
    /// The line of a file that cannot be read, and why (`ligne`, `raison` of the body).
    ligne: Option<(u32, String)>,
}

impl ApiError {
    pub fn new(code: ErrorCode) -> Self {
        Self {
            code,
            errors: None,
            source: None,
            headers: Vec::new(),
            ligne: None,
        }
    }

    /// A 422 `validation_failed` with messages per field.
    pub fn validation(errors: FieldErrors) -> Self {
        Self {
            code: ErrorCode::ValidationFailed,
            errors: Some(errors),
            source: None,
            headers: Vec::new(),
            ligne: None,
        }
    }

    /// A 422 with messages per field answered under another code than `validation_failed`
    /// (the budget's `INVALID_AMOUNT`, spec 2 §8).
    pub fn validation_with_code(code: ErrorCode, errors: FieldErrors) -> Self {
        Self {
            code,
            errors: Some(errors),
            source: None,
            headers: Vec::new(),
            ligne: None,
        }
    }

    /// A 422 `validation_failed` with one code on one field.
    pub fn field(field: impl Into<String>, code: ErrorCode) -> Self {
        let mut errors = FieldErrors::new();
        errors.add(field, code);
        Self::validation(errors)
    }

    /// An unexpected failure: logged with its cause chain, answered as an opaque 500.
    pub fn internal(source: impl Into<anyhow::Error>) -> Self {
        Self {
            code: ErrorCode::InternalError,
            errors: None,
            source: Some(source.into()),
            headers: Vec::new(),
            ligne: None,
        }
    }

    /// The answer also carries this header.
    pub fn with_header(mut self, name: &'static str, value: String) -> Self {
        self.headers.push((name, value));
        self
    }

    /// The answer also says which line of a file cannot be read, and why.
    pub fn with_ligne(mut self, ligne: u32, raison: String) -> Self {
        self.ligne = Some((ligne, raison));
        self
    }

    pub fn code(&self) -> ErrorCode {
        self.code
    }

    pub fn field_errors(&self) -> Option<&FieldErrors> {
        self.errors.as_ref()
    }

    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            success: false,
            code: self.code,
            message: self.code.response_message().to_owned(),
            errors: self.errors.as_ref().map(FieldErrors::messages),
            field_codes: self.errors.as_ref().map(FieldErrors::field_codes),
            ligne: self.ligne.as_ref().map(|(ligne, _)| *ligne),
            raison: self.ligne.as_ref().map(|(_, raison)| raison.clone()),
        }
    }
}

impl fmt::Debug for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = f.debug_struct("ApiError");
        s.field("code", &self.code);
        if let Some(errors) = &self.errors {
            s.field("errors", errors);
        }
        if let Some(source) = &self.source {
            s.field("source", &format_args!("{source:#}"));
        }
        s.finish()
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.source {
            Some(source) => write!(f, "{}: {source:#}", self.code),
            None => write!(f, "{}", self.code),
        }
    }
}

impl From<ErrorCode> for ApiError {
    fn from(code: ErrorCode) -> Self {
        Self::new(code)
    }
}

impl From<FieldErrors> for ApiError {
    fn from(errors: FieldErrors) -> Self {
        Self::validation(errors)
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(error: sqlx::Error) -> Self {
        Self::internal(error)
    }
}

impl From<anyhow::Error> for ApiError {
    fn from(error: anyhow::Error) -> Self {
        Self::internal(error)
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(error: actix_web::error::BlockingError) -> Self {
        Self::internal(anyhow::anyhow!("blocking task failed: {error}"))
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.code.status()
    }

    fn error_response(&self) -> HttpResponse {
        if let Some(source) = &self.source {
            // `{:#}` prints anyhow's whole cause chain on one line.
            tracing::error!(code = self.code.code(), error = %format_args!("{source:#}"), "request failed");
        }
        let mut response = HttpResponse::build(self.status_code());
        for (name, value) in &self.headers {
            response.insert_header((*name, value.as_str()));
        }
        response.json(self.body())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_serializes_as_its_table_string_and_has_a_valid_status() {
        for code in ErrorCode::ALL {
            let json = serde_json::to_value(code).unwrap();
            assert_eq!(json, serde_json::Value::String(code.code().to_owned()));
            assert!(StatusCode::from_u16(code.status_u16()).is_ok(), "{code}");
            assert!(!code.message().is_empty());
        }
    }

    #[test]
    fn codes_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for code in ErrorCode::ALL {
            assert!(seen.insert(code.code()), "duplicate {code}");
        }
    }

    #[test]
    fn inactive_codes_answer_their_code_as_message() {
        assert_eq!(ErrorCode::UserInactive.response_message(), "user_inactive");
        assert_eq!(
            ErrorCode::ResidenceInactive.response_message(),
            "residence_inactive"
        );
        assert_eq!(
            ErrorCode::NotFound.response_message(),
            "Ressource introuvable."
        );
    }

    #[test]
    fn a_field_error_answers_its_french_message_and_its_code() {
        let error = ApiError::field("montant", ErrorCode::MontantPositif);
        let body = serde_json::to_value(error.body()).unwrap();
        assert_eq!(body["code"], "validation_failed");
        assert_eq!(
            body["errors"]["montant"][0],
            "Le montant doit être supérieur à 0."
        );
        assert_eq!(body["field_codes"]["montant"][0], "montant_positif");
    }

    #[test]
    fn internal_errors_do_not_leak_their_cause() {
        let error = ApiError::internal(anyhow::anyhow!("secret database detail"));
        let body = serde_json::to_string(&error.body()).unwrap();
        assert!(!body.contains("secret"));
        assert!(body.contains("internal_error"));
    }
}
