import { baseApi as api } from "./base-api";
export const addTagTypes = [
  "recouvrement",
  "annonces",
  "exercices",
  "assemblees",
  "banque",
  "chat",
  "budgets",
  "categories",
  "charges",
  "charges-patronales",
  "clients",
  "comptabilite",
  "conseil",
  "contrats-depenses",
  "contrats-revenus",
  "coproprietaire-finances",
  "dashboard",
  "paiement-en-ligne",
  "votes",
  "cotisations",
  "documents",
  "compte",
  "fournisseurs",
  "health",
  "notifications",
  "proprietes",
  "pannes",
  "reglements",
  "remises-cheques",
  "revenus-exceptionnels",
  "salaires",
  "salaries",
  "travaux",
  "visibilite-finances",
] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getAchatsSms: build.query<GetAchatsSmsApiResponse, GetAchatsSmsApiArg>({
        query: () => ({ url: `/api/achats-sms` }),
        providesTags: ["recouvrement"],
      }),
      getAnnoncesActives: build.query<
        GetAnnoncesActivesApiResponse,
        GetAnnoncesActivesApiArg
      >({
        query: () => ({ url: `/api/annonces/actives` }),
        providesTags: ["annonces"],
      }),
      getAnnoncesArchivees: build.query<
        GetAnnoncesArchiveesApiResponse,
        GetAnnoncesArchiveesApiArg
      >({
        query: () => ({ url: `/api/annonces/archivees` }),
        providesTags: ["annonces"],
      }),
      creerAnnonce: build.mutation<CreerAnnonceApiResponse, CreerAnnonceApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/annonces/creer`,
            method: "POST",
            body: queryArg.creerAnnonceRequest,
          }),
          invalidatesTags: ["annonces"],
        },
      ),
      modifierAnnonce: build.mutation<
        ModifierAnnonceApiResponse,
        ModifierAnnonceApiArg
      >({
        query: (queryArg) => ({
          url: `/api/annonces/modifier`,
          method: "POST",
          body: queryArg.modifierAnnonceRequest,
        }),
        invalidatesTags: ["annonces"],
      }),
      supprimerAnnonce: build.mutation<
        SupprimerAnnonceApiResponse,
        SupprimerAnnonceApiArg
      >({
        query: (queryArg) => ({
          url: `/api/annonces/supprimer`,
          method: "POST",
          body: queryArg.supprimerAnnonceRequest,
        }),
        invalidatesTags: ["annonces"],
      }),
      getArchive: build.query<GetArchiveApiResponse, GetArchiveApiArg>({
        query: () => ({ url: `/api/archive` }),
        providesTags: ["exercices"],
      }),
      getAssemblees: build.query<GetAssembleesApiResponse, GetAssembleesApiArg>(
        {
          query: () => ({ url: `/api/assemblees` }),
          providesTags: ["assemblees"],
        },
      ),
      getBibliothequePoints: build.query<
        GetBibliothequePointsApiResponse,
        GetBibliothequePointsApiArg
      >({
        query: () => ({ url: `/api/assemblees/bibliotheque-points` }),
        providesTags: ["assemblees"],
      }),
      getAssembleesCoproprietaire: build.query<
        GetAssembleesCoproprietaireApiResponse,
        GetAssembleesCoproprietaireApiArg
      >({
        query: () => ({ url: `/api/assemblees/coproprietaire` }),
        providesTags: ["assemblees"],
      }),
      creerAssemblee: build.mutation<
        CreerAssembleeApiResponse,
        CreerAssembleeApiArg
      >({
        query: (queryArg) => ({
          url: `/api/assemblees/creer-dialog`,
          method: "POST",
          body: queryArg.infosGeneralesRequest,
        }),
        invalidatesTags: ["assemblees"],
      }),
      getAssembleeEtape1: build.query<
        GetAssembleeEtape1ApiResponse,
        GetAssembleeEtape1ApiArg
      >({
        query: (queryArg) => ({
          url: `/api/assemblees/etape1`,
          params: {
            id: queryArg.id,
          },
        }),
        providesTags: ["assemblees"],
      }),
      getAssembleeEtape2: build.query<
        GetAssembleeEtape2ApiResponse,
        GetAssembleeEtape2ApiArg
      >({
        query: (queryArg) => ({
          url: `/api/assemblees/etape2`,
          params: {
            id: queryArg.id,
          },
        }),
        providesTags: ["assemblees"],
      }),
      getAssembleeEtape4: build.query<
        GetAssembleeEtape4ApiResponse,
        GetAssembleeEtape4ApiArg
      >({
        query: (queryArg) => ({
          url: `/api/assemblees/etape4`,
          params: {
            id: queryArg.id,
          },
        }),
        providesTags: ["assemblees"],
      }),
      getAssembleeEtape5: build.query<
        GetAssembleeEtape5ApiResponse,
        GetAssembleeEtape5ApiArg
      >({
        query: (queryArg) => ({
          url: `/api/assemblees/etape5`,
          params: {
            id: queryArg.id,
          },
        }),
        providesTags: ["assemblees"],
      }),
      modifierInfosFinales: build.mutation<
        ModifierInfosFinalesApiResponse,
        ModifierInfosFinalesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/assemblees/infos-finales/modifier`,
          method: "POST",
          body: queryArg.infosFinalesRequest,
        }),
        invalidatesTags: ["assemblees"],
      }),
      modifierConvocation: build.mutation<
        ModifierConvocationApiResponse,
        ModifierConvocationApiArg
      >({
        query: (queryArg) => ({
          url: `/api/assemblees/modifier/date-methode`,
          method: "POST",
          body: queryArg.convocationRequest,
        }),
        invalidatesTags: ["assemblees"],
      }),
      modifierDebutAssemblee: build.mutation<
        ModifierDebutAssembleeApiResponse,
        ModifierDebutAssembleeApiArg
      >({
        query: (queryArg) => ({
          url: `/api/assemblees/modifier/heure-debut`,
          method: "POST",
          body: queryArg.debutRequest,
        }),
        invalidatesTags: ["assemblees"],
      }),
      modifierInfosGenerales: build.mutation<
        ModifierInfosGeneralesApiResponse,
        ModifierInfosGeneralesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/assemblees/modifier/info-generales`,
          method: "POST",
          body: queryArg.infosGeneralesRequest,
        }),
        invalidatesTags: ["assemblees"],
      }),
      modifierOrdreDuJour: build.mutation<
        ModifierOrdreDuJourApiResponse,
        ModifierOrdreDuJourApiArg
      >({
        query: (queryArg) => ({
          url: `/api/assemblees/modifier/ordre-du-jour`,
          method: "POST",
          body: queryArg.ordreDuJourRequest,
        }),
        invalidatesTags: ["assemblees"],
      }),
      modifierPresences: build.mutation<
        ModifierPresencesApiResponse,
        ModifierPresencesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/assemblees/modifier/presences`,
          method: "POST",
          body: queryArg.presencesRequest,
        }),
        invalidatesTags: ["assemblees"],
      }),
      renommerPoint: build.mutation<
        RenommerPointApiResponse,
        RenommerPointApiArg
      >({
        query: (queryArg) => ({
          url: `/api/assemblees/ordre-du-jour/titre/modifier`,
          method: "POST",
          body: queryArg.renommerPointRequest,
        }),
        invalidatesTags: ["assemblees"],
      }),
      supprimerPieceJointeAssemblee: build.mutation<
        SupprimerPieceJointeAssembleeApiResponse,
        SupprimerPieceJointeAssembleeApiArg
      >({
        query: (queryArg) => ({
          url: `/api/assemblees/pieces-jointes/supprimer`,
          method: "POST",
          body: queryArg.idAssembleesRequest,
        }),
        invalidatesTags: ["assemblees"],
      }),
      creerPointInfo: build.mutation<
        CreerPointInfoApiResponse,
        CreerPointInfoApiArg
      >({
        query: (queryArg) => ({
          url: `/api/assemblees/point-info/creer`,
          method: "POST",
          body: queryArg.pointInfoRequest,
        }),
        invalidatesTags: ["assemblees"],
      }),
      supprimerPointInfo: build.mutation<
        SupprimerPointInfoApiResponse,
        SupprimerPointInfoApiArg
      >({
        query: (queryArg) => ({
          url: `/api/assemblees/point-info/supprimer`,
          method: "POST",
          body: queryArg.pointIdRequest,
        }),
        invalidatesTags: ["assemblees"],
      }),
      supprimerAssemblee: build.mutation<
        SupprimerAssembleeApiResponse,
        SupprimerAssembleeApiArg
      >({
        query: (queryArg) => ({
          url: `/api/assemblees/supprimer`,
          method: "POST",
          body: queryArg.idAssembleesRequest,
        }),
        invalidatesTags: ["assemblees"],
      }),
      terminerAssemblee: build.mutation<
        TerminerAssembleeApiResponse,
        TerminerAssembleeApiArg
      >({
        query: (queryArg) => ({
          url: `/api/assemblees/terminer`,
          method: "POST",
          params: {
            assemblee_id: queryArg.assembleeId,
          },
        }),
        invalidatesTags: ["assemblees"],
      }),
      voterResolution: build.mutation<
        VoterResolutionApiResponse,
        VoterResolutionApiArg
      >({
        query: (queryArg) => ({
          url: `/api/assemblees/vote/creer`,
          method: "POST",
          body: queryArg.resolutionVoteRequest,
        }),
        invalidatesTags: ["assemblees"],
      }),
      getComptesBancaires: build.query<
        GetComptesBancairesApiResponse,
        GetComptesBancairesApiArg
      >({
        query: () => ({ url: `/api/banque/comptes` }),
        providesTags: ["banque"],
      }),
      createCompteBancaire: build.mutation<
        CreateCompteBancaireApiResponse,
        CreateCompteBancaireApiArg
      >({
        query: (queryArg) => ({
          url: `/api/banque/comptes/creer`,
          method: "POST",
          body: queryArg.compteRequest,
        }),
        invalidatesTags: ["banque"],
      }),
      modifierCompteBancaire: build.mutation<
        ModifierCompteBancaireApiResponse,
        ModifierCompteBancaireApiArg
      >({
        query: (queryArg) => ({
          url: `/api/banque/comptes/modifier`,
          method: "POST",
          body: queryArg.modifierCompteRequest,
        }),
        invalidatesTags: ["banque"],
      }),
      supprimerCompteBancaire: build.mutation<
        SupprimerCompteBancaireApiResponse,
        SupprimerCompteBancaireApiArg
      >({
        query: (queryArg) => ({
          url: `/api/banque/comptes/supprimer`,
          method: "POST",
          body: queryArg.supprimerCompteRequest,
        }),
        invalidatesTags: ["banque"],
      }),
      getOperationsBancaires: build.query<
        GetOperationsBancairesApiResponse,
        GetOperationsBancairesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/banque/operations`,
          params: {
            categorie: queryArg.categorie,
          },
        }),
        providesTags: ["banque"],
      }),
      createOperationBancaire: build.mutation<
        CreateOperationBancaireApiResponse,
        CreateOperationBancaireApiArg
      >({
        query: (queryArg) => ({
          url: `/api/banque/operations/creer`,
          method: "POST",
          body: queryArg.operationRequest,
        }),
        invalidatesTags: ["banque"],
      }),
      modifierOperationBancaire: build.mutation<
        ModifierOperationBancaireApiResponse,
        ModifierOperationBancaireApiArg
      >({
        query: (queryArg) => ({
          url: `/api/banque/operations/modifier`,
          method: "POST",
          body: queryArg.modifierOperationRequest,
        }),
        invalidatesTags: ["banque"],
      }),
      supprimerOperationBancaire: build.mutation<
        SupprimerOperationBancaireApiResponse,
        SupprimerOperationBancaireApiArg
      >({
        query: (queryArg) => ({
          url: `/api/banque/operations/supprimer`,
          method: "POST",
          body: queryArg.supprimerOperationRequest,
        }),
        invalidatesTags: ["banque"],
      }),
      getTransferts: build.query<GetTransfertsApiResponse, GetTransfertsApiArg>(
        {
          query: () => ({ url: `/api/banque/operations/transferts` }),
          providesTags: ["banque"],
        },
      ),
      pointerMouvement: build.mutation<
        PointerMouvementApiResponse,
        PointerMouvementApiArg
      >({
        query: (queryArg) => ({
          url: `/api/banque/pointer`,
          method: "POST",
          body: queryArg.pointerRequest,
        }),
        invalidatesTags: ["banque"],
      }),
      getRapprochement: build.query<
        GetRapprochementApiResponse,
        GetRapprochementApiArg
      >({
        query: (queryArg) => ({
          url: `/api/banque/rapprochement`,
          params: {
            id: queryArg.id,
            exercice: queryArg.exercice,
          },
        }),
        providesTags: ["banque"],
      }),
      getReleves: build.query<GetRelevesApiResponse, GetRelevesApiArg>({
        query: (queryArg) => ({
          url: `/api/banque/releves`,
          params: {
            compte: queryArg.compte,
          },
        }),
        providesTags: ["banque"],
      }),
      creerOperationLigneReleve: build.mutation<
        CreerOperationLigneReleveApiResponse,
        CreerOperationLigneReleveApiArg
      >({
        query: (queryArg) => ({
          url: `/api/banque/releves/creer-operation`,
          method: "POST",
          body: queryArg.creerOperationRequest,
        }),
        invalidatesTags: ["banque"],
      }),
      defaireLigneReleve: build.mutation<
        DefaireLigneReleveApiResponse,
        DefaireLigneReleveApiArg
      >({
        query: (queryArg) => ({
          url: `/api/banque/releves/defaire`,
          method: "POST",
          body: queryArg.ligneRequest,
        }),
        invalidatesTags: ["banque"],
      }),
      getReleve: build.query<GetReleveApiResponse, GetReleveApiArg>({
        query: (queryArg) => ({
          url: `/api/banque/releves/details`,
          params: {
            id: queryArg.id,
          },
        }),
        providesTags: ["banque"],
      }),
      rapprocherLigneReleve: build.mutation<
        RapprocherLigneReleveApiResponse,
        RapprocherLigneReleveApiArg
      >({
        query: (queryArg) => ({
          url: `/api/banque/releves/rapprocher`,
          method: "POST",
          body: queryArg.rapprocherRequest,
        }),
        invalidatesTags: ["banque"],
      }),
      createTransfert: build.mutation<
        CreateTransfertApiResponse,
        CreateTransfertApiArg
      >({
        query: (queryArg) => ({
          url: `/api/banque/transferts/creer`,
          method: "POST",
          body: queryArg.transfertRequest,
        }),
        invalidatesTags: ["banque"],
      }),
      modifierTransfert: build.mutation<
        ModifierTransfertApiResponse,
        ModifierTransfertApiArg
      >({
        query: (queryArg) => ({
          url: `/api/banque/transferts/modifier`,
          method: "POST",
          body: queryArg.modifierTransfertRequest,
        }),
        invalidatesTags: ["banque"],
      }),
      supprimerTransfert: build.mutation<
        SupprimerTransfertApiResponse,
        SupprimerTransfertApiArg
      >({
        query: (queryArg) => ({
          url: `/api/banque/transferts/supprimer`,
          method: "POST",
          body: queryArg.supprimerTransfertRequest,
        }),
        invalidatesTags: ["banque"],
      }),
      broadcastingAuth: build.mutation<
        BroadcastingAuthApiResponse,
        BroadcastingAuthApiArg
      >({
        query: (queryArg) => ({
          url: `/api/broadcasting/auth`,
          method: "POST",
          body: queryArg.broadcastingAuthRequest,
        }),
        invalidatesTags: ["chat"],
      }),
      getBudgets: build.query<GetBudgetsApiResponse, GetBudgetsApiArg>({
        query: () => ({ url: `/api/budgets` }),
        providesTags: ["budgets"],
      }),
      getBudgetDetails: build.query<
        GetBudgetDetailsApiResponse,
        GetBudgetDetailsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/budgets/details`,
          params: {
            id: queryArg.id,
          },
        }),
        providesTags: ["budgets"],
      }),
      modifierBudget: build.mutation<
        ModifierBudgetApiResponse,
        ModifierBudgetApiArg
      >({
        query: (queryArg) => ({
          url: `/api/budgets/modifier`,
          method: "POST",
          body: queryArg.modifierBudgetRequest,
        }),
        invalidatesTags: ["budgets"],
      }),
      getCategories: build.query<GetCategoriesApiResponse, GetCategoriesApiArg>(
        {
          query: () => ({ url: `/api/categories` }),
          providesTags: ["categories"],
        },
      ),
      createCategorie: build.mutation<
        CreateCategorieApiResponse,
        CreateCategorieApiArg
      >({
        query: (queryArg) => ({
          url: `/api/categories/creer`,
          method: "POST",
          body: queryArg.categorieRequest,
        }),
        invalidatesTags: ["categories"],
      }),
      modifierCategorie: build.mutation<
        ModifierCategorieApiResponse,
        ModifierCategorieApiArg
      >({
        query: (queryArg) => ({
          url: `/api/categories/modifier`,
          method: "POST",
          body: queryArg.modifierCategorieRequest,
        }),
        invalidatesTags: ["categories"],
      }),
      supprimerCategorie: build.mutation<
        SupprimerCategorieApiResponse,
        SupprimerCategorieApiArg
      >({
        query: (queryArg) => ({
          url: `/api/categories/supprimer`,
          method: "POST",
          body: queryArg.supprimerCategorieRequest,
        }),
        invalidatesTags: ["categories"],
      }),
      getCharges: build.query<GetChargesApiResponse, GetChargesApiArg>({
        query: () => ({ url: `/api/charges-courantes` }),
        providesTags: ["charges"],
      }),
      getCharge: build.query<GetChargeApiResponse, GetChargeApiArg>({
        query: (queryArg) => ({
          url: `/api/charges-courantes/details-files`,
          params: {
            id: queryArg.id,
          },
        }),
        providesTags: ["charges"],
      }),
      getChargesFournisseursCategories: build.query<
        GetChargesFournisseursCategoriesApiResponse,
        GetChargesFournisseursCategoriesApiArg
      >({
        query: () => ({
          url: `/api/charges-courantes/fournisseurs-categories`,
        }),
        providesTags: ["charges"],
      }),
      modifierPaiementCharge: build.mutation<
        ModifierPaiementChargeApiResponse,
        ModifierPaiementChargeApiArg
      >({
        query: (queryArg) => ({
          url: `/api/charges-courantes/modifier-paiement`,
          method: "POST",
          body: queryArg.modifierPaiementRequest,
        }),
        invalidatesTags: ["charges"],
      }),
      payerCharge: build.mutation<PayerChargeApiResponse, PayerChargeApiArg>({
        query: (queryArg) => ({
          url: `/api/charges-courantes/payer`,
          method: "POST",
          body: queryArg.payerRequest,
        }),
        invalidatesTags: ["charges"],
      }),
      supprimerCharge: build.mutation<
        SupprimerChargeApiResponse,
        SupprimerChargeApiArg
      >({
        query: (queryArg) => ({
          url: `/api/charges-courantes/supprimer`,
          method: "POST",
          body: queryArg.idRequest,
        }),
        invalidatesTags: ["charges"],
      }),
      supprimerPaiementCharge: build.mutation<
        SupprimerPaiementChargeApiResponse,
        SupprimerPaiementChargeApiArg
      >({
        query: (queryArg) => ({
          url: `/api/charges-courantes/supprimer-paiement`,
          method: "POST",
          body: queryArg.idRequest,
        }),
        invalidatesTags: ["charges"],
      }),
      getChargesPatronales: build.query<
        GetChargesPatronalesApiResponse,
        GetChargesPatronalesApiArg
      >({
        query: () => ({ url: `/api/charges-patronales` }),
        providesTags: ["charges-patronales"],
      }),
      createChargePatronale: build.mutation<
        CreateChargePatronaleApiResponse,
        CreateChargePatronaleApiArg
      >({
        query: (queryArg) => ({
          url: `/api/charges-patronales/creer`,
          method: "POST",
          body: queryArg.chargePatronaleRequest,
        }),
        invalidatesTags: ["charges-patronales"],
      }),
      modifierChargePatronale: build.mutation<
        ModifierChargePatronaleApiResponse,
        ModifierChargePatronaleApiArg
      >({
        query: (queryArg) => ({
          url: `/api/charges-patronales/modifier`,
          method: "POST",
          body: queryArg.chargePatronaleRequest,
          params: {
            id: queryArg.id,
          },
        }),
        invalidatesTags: ["charges-patronales"],
      }),
      supprimerChargePatronale: build.mutation<
        SupprimerChargePatronaleApiResponse,
        SupprimerChargePatronaleApiArg
      >({
        query: (queryArg) => ({
          url: `/api/charges-patronales/supprimer`,
          method: "POST",
          body: queryArg.salaireIdRequest,
        }),
        invalidatesTags: ["charges-patronales"],
      }),
      getClients: build.query<GetClientsApiResponse, GetClientsApiArg>({
        query: () => ({ url: `/api/clients` }),
        providesTags: ["clients"],
      }),
      createClient: build.mutation<CreateClientApiResponse, CreateClientApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/clients/creer`,
            method: "POST",
            body: queryArg.clientRequest,
          }),
          invalidatesTags: ["clients"],
        },
      ),
      createClientDialog: build.mutation<
        CreateClientDialogApiResponse,
        CreateClientDialogApiArg
      >({
        query: (queryArg) => ({
          url: `/api/clients/creer-dialog`,
          method: "POST",
          body: queryArg.clientDialogRequest,
        }),
        invalidatesTags: ["clients"],
      }),
      modifierClient: build.mutation<
        ModifierClientApiResponse,
        ModifierClientApiArg
      >({
        query: (queryArg) => ({
          url: `/api/clients/modifier`,
          method: "POST",
          body: queryArg.modifierClientRequest,
        }),
        invalidatesTags: ["clients"],
      }),
      supprimerClient: build.mutation<
        SupprimerClientApiResponse,
        SupprimerClientApiArg
      >({
        query: (queryArg) => ({
          url: `/api/clients/supprimer`,
          method: "POST",
          body: queryArg.supprimerClientRequest,
        }),
        invalidatesTags: ["clients"],
      }),
      getComptabiliteBalance: build.query<
        GetComptabiliteBalanceApiResponse,
        GetComptabiliteBalanceApiArg
      >({
        query: (queryArg) => ({
          url: `/api/comptabilite/balance`,
          params: {
            exercice: queryArg.exercice,
          },
        }),
        providesTags: ["comptabilite"],
      }),
      getComptabiliteGrandLivre: build.query<
        GetComptabiliteGrandLivreApiResponse,
        GetComptabiliteGrandLivreApiArg
      >({
        query: (queryArg) => ({
          url: `/api/comptabilite/grand-livre`,
          params: {
            exercice: queryArg.exercice,
            compte: queryArg.compte,
          },
        }),
        providesTags: ["comptabilite"],
      }),
      getComptabiliteJournal: build.query<
        GetComptabiliteJournalApiResponse,
        GetComptabiliteJournalApiArg
      >({
        query: (queryArg) => ({
          url: `/api/comptabilite/journal`,
          params: {
            exercice: queryArg.exercice,
          },
        }),
        providesTags: ["comptabilite"],
      }),
      getComptabiliteTresorerie: build.query<
        GetComptabiliteTresorerieApiResponse,
        GetComptabiliteTresorerieApiArg
      >({
        query: (queryArg) => ({
          url: `/api/comptabilite/tresorerie`,
          params: {
            date: queryArg.date,
          },
        }),
        providesTags: ["comptabilite"],
      }),
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
      getContratsDepenses: build.query<
        GetContratsDepensesApiResponse,
        GetContratsDepensesApiArg
      >({
        query: () => ({ url: `/api/contrats-depenses` }),
        providesTags: ["contrats-depenses"],
      }),
      getContratDepenseDetails: build.query<
        GetContratDepenseDetailsApiResponse,
        GetContratDepenseDetailsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/contrats-depenses/details-files`,
          params: {
            id: queryArg.id,
          },
        }),
        providesTags: ["contrats-depenses"],
      }),
      modifierPaiementContratDepense: build.mutation<
        ModifierPaiementContratDepenseApiResponse,
        ModifierPaiementContratDepenseApiArg
      >({
        query: (queryArg) => ({
          url: `/api/contrats-depenses/modifier-paiement`,
          method: "POST",
          body: queryArg.modifierPaiementContratRequest,
        }),
        invalidatesTags: ["contrats-depenses"],
      }),
      payerContratDepense: build.mutation<
        PayerContratDepenseApiResponse,
        PayerContratDepenseApiArg
      >({
        query: (queryArg) => ({
          url: `/api/contrats-depenses/payer`,
          method: "POST",
          body: queryArg.payerContratRequest,
        }),
        invalidatesTags: ["contrats-depenses"],
      }),
      supprimerContratDepense: build.mutation<
        SupprimerContratDepenseApiResponse,
        SupprimerContratDepenseApiArg
      >({
        query: (queryArg) => ({
          url: `/api/contrats-depenses/supprimer`,
          method: "POST",
          body: queryArg.contratIdRequest,
        }),
        invalidatesTags: ["contrats-depenses"],
      }),
      supprimerPaiementContratDepense: build.mutation<
        SupprimerPaiementContratDepenseApiResponse,
        SupprimerPaiementContratDepenseApiArg
      >({
        query: (queryArg) => ({
          url: `/api/contrats-depenses/supprimer-paiement`,
          method: "POST",
          body: queryArg.contratIdRequest,
        }),
        invalidatesTags: ["contrats-depenses"],
      }),
      supprimerDocumentContrat: build.mutation<
        SupprimerDocumentContratApiResponse,
        SupprimerDocumentContratApiArg
      >({
        query: (queryArg) => ({
          url: `/api/contrats-documents/supprimer`,
          method: "POST",
          body: queryArg.contratIdRequest,
        }),
        invalidatesTags: ["contrats-revenus"],
      }),
      getContratsRevenus: build.query<
        GetContratsRevenusApiResponse,
        GetContratsRevenusApiArg
      >({
        query: () => ({ url: `/api/contrats-revenus` }),
        providesTags: ["contrats-revenus"],
      }),
      getContratRevenuDetails: build.query<
        GetContratRevenuDetailsApiResponse,
        GetContratRevenuDetailsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/contrats-revenus/details-files`,
          params: {
            id: queryArg.id,
          },
        }),
        providesTags: ["contrats-revenus"],
      }),
      modifierPaiementContratRevenu: build.mutation<
        ModifierPaiementContratRevenuApiResponse,
        ModifierPaiementContratRevenuApiArg
      >({
        query: (queryArg) => ({
          url: `/api/contrats-revenus/modifier-paiement`,
          method: "POST",
          body: queryArg.modifierPaiementContratRequest,
        }),
        invalidatesTags: ["contrats-revenus"],
      }),
      payerContratRevenu: build.mutation<
        PayerContratRevenuApiResponse,
        PayerContratRevenuApiArg
      >({
        query: (queryArg) => ({
          url: `/api/contrats-revenus/payer`,
          method: "POST",
          body: queryArg.payerContratRequest,
        }),
        invalidatesTags: ["contrats-revenus"],
      }),
      supprimerContratRevenu: build.mutation<
        SupprimerContratRevenuApiResponse,
        SupprimerContratRevenuApiArg
      >({
        query: (queryArg) => ({
          url: `/api/contrats-revenus/supprimer`,
          method: "POST",
          body: queryArg.contratIdRequest,
        }),
        invalidatesTags: ["contrats-revenus"],
      }),
      supprimerPaiementContratRevenu: build.mutation<
        SupprimerPaiementContratRevenuApiResponse,
        SupprimerPaiementContratRevenuApiArg
      >({
        query: (queryArg) => ({
          url: `/api/contrats-revenus/supprimer-paiement`,
          method: "POST",
          body: queryArg.contratIdRequest,
        }),
        invalidatesTags: ["contrats-revenus"],
      }),
      getMaConversation: build.query<
        GetMaConversationApiResponse,
        GetMaConversationApiArg
      >({
        query: () => ({ url: `/api/conversation` }),
        providesTags: ["chat"],
      }),
      marquerConversationLue: build.mutation<
        MarquerConversationLueApiResponse,
        MarquerConversationLueApiArg
      >({
        query: (queryArg) => ({
          url: `/api/conversation/mark-all-read`,
          method: "POST",
          body: queryArg.marquerConversationLueRequest,
        }),
        invalidatesTags: ["chat"],
      }),
      getConversationMessages: build.query<
        GetConversationMessagesApiResponse,
        GetConversationMessagesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/conversation/messages`,
          params: {
            id: queryArg.id,
          },
        }),
        providesTags: ["chat"],
      }),
      getConversations: build.query<
        GetConversationsApiResponse,
        GetConversationsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/conversations/liste`,
          params: {
            search: queryArg.search,
          },
        }),
        providesTags: ["chat"],
      }),
      envoyerMessage: build.mutation<
        EnvoyerMessageApiResponse,
        EnvoyerMessageApiArg
      >({
        query: (queryArg) => ({
          url: `/api/conversations/${queryArg.id}/message`,
          method: "POST",
          body: queryArg.envoyerMessageRequest,
        }),
        invalidatesTags: ["chat"],
      }),
      getCoproprietaireBudgets: build.query<
        GetCoproprietaireBudgetsApiResponse,
        GetCoproprietaireBudgetsApiArg
      >({
        query: () => ({ url: `/api/coproprietaire/budgets` }),
        providesTags: ["budgets"],
      }),
      getCoproprietaireCharges: build.query<
        GetCoproprietaireChargesApiResponse,
        GetCoproprietaireChargesApiArg
      >({
        query: () => ({ url: `/api/coproprietaire/charges` }),
        providesTags: ["coproprietaire-finances"],
      }),
      getCoproprietaireChargeDetails: build.query<
        GetCoproprietaireChargeDetailsApiResponse,
        GetCoproprietaireChargeDetailsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/coproprietaire/charges-details`,
          params: {
            model: queryArg.model,
            model_id: queryArg.modelId,
          },
        }),
        providesTags: ["coproprietaire-finances"],
      }),
      getCoproprietaireContratsDepenses: build.query<
        GetCoproprietaireContratsDepensesApiResponse,
        GetCoproprietaireContratsDepensesApiArg
      >({
        query: () => ({ url: `/api/coproprietaire/contrats-depenses` }),
        providesTags: ["coproprietaire-finances"],
      }),
      getCoproprietaireContratDepenseDetails: build.query<
        GetCoproprietaireContratDepenseDetailsApiResponse,
        GetCoproprietaireContratDepenseDetailsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/coproprietaire/contrats-depenses/details`,
          params: {
            contrat_id: queryArg.contratId,
          },
        }),
        providesTags: ["coproprietaire-finances"],
      }),
      getCoproprietaireContratsRevenus: build.query<
        GetCoproprietaireContratsRevenusApiResponse,
        GetCoproprietaireContratsRevenusApiArg
      >({
        query: () => ({ url: `/api/coproprietaire/contrats-revenus` }),
        providesTags: ["coproprietaire-finances"],
      }),
      getCoproprietaireContratRevenuDetails: build.query<
        GetCoproprietaireContratRevenuDetailsApiResponse,
        GetCoproprietaireContratRevenuDetailsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/coproprietaire/contrats-revenus/details`,
          params: {
            contrat_id: queryArg.contratId,
          },
        }),
        providesTags: ["coproprietaire-finances"],
      }),
      getCoproprietaireDashboard: build.query<
        GetCoproprietaireDashboardApiResponse,
        GetCoproprietaireDashboardApiArg
      >({
        query: (queryArg) => ({
          url: `/api/coproprietaire/dashboard`,
          params: {
            periode: queryArg.periode,
          },
        }),
        providesTags: ["dashboard"],
      }),
      getPaiementEnLigneDisponible: build.query<
        GetPaiementEnLigneDisponibleApiResponse,
        GetPaiementEnLigneDisponibleApiArg
      >({
        query: () => ({ url: `/api/coproprietaire/paiement-en-ligne` }),
        providesTags: ["paiement-en-ligne"],
      }),
      demanderPaiementEnLigne: build.mutation<
        DemanderPaiementEnLigneApiResponse,
        DemanderPaiementEnLigneApiArg
      >({
        query: (queryArg) => ({
          url: `/api/coproprietaire/paiement-en-ligne/demander`,
          method: "POST",
          body: queryArg.demanderRequest,
        }),
        invalidatesTags: ["paiement-en-ligne"],
      }),
      getPaiementEnLigneRetour: build.query<
        GetPaiementEnLigneRetourApiResponse,
        GetPaiementEnLigneRetourApiArg
      >({
        query: (queryArg) => ({
          url: `/api/coproprietaire/paiement-en-ligne/retour`,
          params: {
            payment_ref: queryArg.paymentRef,
          },
        }),
        providesTags: ["paiement-en-ligne"],
      }),
      getCoproprietaireRevenus: build.query<
        GetCoproprietaireRevenusApiResponse,
        GetCoproprietaireRevenusApiArg
      >({
        query: () => ({ url: `/api/coproprietaire/revenus` }),
        providesTags: ["coproprietaire-finances"],
      }),
      getCoproprietaireRevenuDetails: build.query<
        GetCoproprietaireRevenuDetailsApiResponse,
        GetCoproprietaireRevenuDetailsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/coproprietaire/revenus-details`,
          params: {
            model: queryArg.model,
            model_id: queryArg.modelId,
          },
        }),
        providesTags: ["coproprietaire-finances"],
      }),
      getCoproprietaireTravaux: build.query<
        GetCoproprietaireTravauxApiResponse,
        GetCoproprietaireTravauxApiArg
      >({
        query: () => ({ url: `/api/coproprietaire/travaux` }),
        providesTags: ["coproprietaire-finances"],
      }),
      getCoproprietaireTravauxDetails: build.query<
        GetCoproprietaireTravauxDetailsApiResponse,
        GetCoproprietaireTravauxDetailsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/coproprietaire/travaux-details`,
          params: {
            travaux_id: queryArg.travauxId,
          },
        }),
        providesTags: ["coproprietaire-finances"],
      }),
      getVotesCoproprietaire: build.query<
        GetVotesCoproprietaireApiResponse,
        GetVotesCoproprietaireApiArg
      >({
        query: () => ({ url: `/api/coproprietaire/votes` }),
        providesTags: ["votes"],
      }),
      modifierBulletinVote: build.mutation<
        ModifierBulletinVoteApiResponse,
        ModifierBulletinVoteApiArg
      >({
        query: (queryArg) => ({
          url: `/api/coproprietaire/votes/modifier`,
          method: "POST",
          body: queryArg.bulletinRequest,
        }),
        invalidatesTags: ["votes"],
      }),
      getVoteResultats: build.query<
        GetVoteResultatsApiResponse,
        GetVoteResultatsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/coproprietaire/votes/resultats`,
          params: {
            id: queryArg.id,
          },
        }),
        providesTags: ["votes"],
      }),
      voterVote: build.mutation<VoterVoteApiResponse, VoterVoteApiArg>({
        query: (queryArg) => ({
          url: `/api/coproprietaire/votes/voter`,
          method: "POST",
          body: queryArg.bulletinRequest,
        }),
        invalidatesTags: ["votes"],
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
      getSyndicDashboard: build.query<
        GetSyndicDashboardApiResponse,
        GetSyndicDashboardApiArg
      >({
        query: (queryArg) => ({
          url: `/api/dashboard`,
          params: {
            periode: queryArg.periode,
          },
        }),
        providesTags: ["dashboard"],
      }),
      supprimerDevis: build.mutation<
        SupprimerDevisApiResponse,
        SupprimerDevisApiArg
      >({
        query: (queryArg) => ({
          url: `/api/devis/supprimer`,
          method: "POST",
          body: queryArg.idRequest,
        }),
        invalidatesTags: ["documents"],
      }),
      sendVerificationEmail: build.mutation<
        SendVerificationEmailApiResponse,
        SendVerificationEmailApiArg
      >({
        query: () => ({ url: `/api/email/send-verification`, method: "POST" }),
        invalidatesTags: ["compte"],
      }),
      verifyEmail: build.query<VerifyEmailApiResponse, VerifyEmailApiArg>({
        query: (queryArg) => ({ url: `/api/email/verify/${queryArg.token}` }),
        providesTags: ["compte"],
      }),
      getExercices: build.query<GetExercicesApiResponse, GetExercicesApiArg>({
        query: () => ({ url: `/api/exercices` }),
        providesTags: ["exercices"],
      }),
      getSoldesCloture: build.query<
        GetSoldesClotureApiResponse,
        GetSoldesClotureApiArg
      >({
        query: (queryArg) => ({
          url: `/api/exercices/soldes-cloture`,
          params: {
            id: queryArg.id,
          },
        }),
        providesTags: ["exercices"],
      }),
      supprimerFacture: build.mutation<
        SupprimerFactureApiResponse,
        SupprimerFactureApiArg
      >({
        query: (queryArg) => ({
          url: `/api/factures/supprimer`,
          method: "POST",
          body: queryArg.idRequest,
        }),
        invalidatesTags: ["documents"],
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
      getFournisseurs: build.query<
        GetFournisseursApiResponse,
        GetFournisseursApiArg
      >({
        query: () => ({ url: `/api/fournisseurs` }),
        providesTags: ["fournisseurs"],
      }),
      createFournisseur: build.mutation<
        CreateFournisseurApiResponse,
        CreateFournisseurApiArg
      >({
        query: (queryArg) => ({
          url: `/api/fournisseurs/creer`,
          method: "POST",
          body: queryArg.fournisseurRequest,
        }),
        invalidatesTags: ["fournisseurs"],
      }),
      createFournisseurDialog: build.mutation<
        CreateFournisseurDialogApiResponse,
        CreateFournisseurDialogApiArg
      >({
        query: (queryArg) => ({
          url: `/api/fournisseurs/creer-dialog`,
          method: "POST",
          body: queryArg.fournisseurDialogRequest,
        }),
        invalidatesTags: ["fournisseurs"],
      }),
      getGouvernorats: build.query<
        GetGouvernoratsApiResponse,
        GetGouvernoratsApiArg
      >({
        query: () => ({ url: `/api/fournisseurs/gouvernorats` }),
        providesTags: ["fournisseurs"],
      }),
      modifierFournisseur: build.mutation<
        ModifierFournisseurApiResponse,
        ModifierFournisseurApiArg
      >({
        query: (queryArg) => ({
          url: `/api/fournisseurs/modifier`,
          method: "POST",
          body: queryArg.modifierFournisseurRequest,
        }),
        invalidatesTags: ["fournisseurs"],
      }),
      supprimerFournisseur: build.mutation<
        SupprimerFournisseurApiResponse,
        SupprimerFournisseurApiArg
      >({
        query: (queryArg) => ({
          url: `/api/fournisseurs/supprimer`,
          method: "POST",
          body: queryArg.supprimerFournisseurRequest,
        }),
        invalidatesTags: ["fournisseurs"],
      }),
      getHealth: build.query<GetHealthApiResponse, GetHealthApiArg>({
        query: () => ({ url: `/api/health` }),
        providesTags: ["health"],
      }),
      getNotifications: build.query<
        GetNotificationsApiResponse,
        GetNotificationsApiArg
      >({
        query: () => ({ url: `/api/notifications` }),
        providesTags: ["notifications"],
      }),
      markAllNotificationsRead: build.mutation<
        MarkAllNotificationsReadApiResponse,
        MarkAllNotificationsReadApiArg
      >({
        query: () => ({
          url: `/api/notifications/mark-all-read`,
          method: "POST",
        }),
        invalidatesTags: ["notifications"],
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
      getPaiementEnLigneConfiguration: build.query<
        GetPaiementEnLigneConfigurationApiResponse,
        GetPaiementEnLigneConfigurationApiArg
      >({
        query: () => ({ url: `/api/paiement-en-ligne/configuration` }),
        providesTags: ["paiement-en-ligne"],
      }),
      enregistrerPaiementEnLigneConfiguration: build.mutation<
        EnregistrerPaiementEnLigneConfigurationApiResponse,
        EnregistrerPaiementEnLigneConfigurationApiArg
      >({
        query: (queryArg) => ({
          url: `/api/paiement-en-ligne/configuration`,
          method: "POST",
          body: queryArg.configurationRequest,
        }),
        invalidatesTags: ["paiement-en-ligne"],
      }),
      getPaiementsEnLigne: build.query<
        GetPaiementsEnLigneApiResponse,
        GetPaiementsEnLigneApiArg
      >({
        query: (queryArg) => ({
          url: `/api/paiement-en-ligne/paiements`,
          params: {
            statut: queryArg.statut,
          },
        }),
        providesTags: ["paiement-en-ligne"],
      }),
      enregistrerReglementPasserelle: build.mutation<
        EnregistrerReglementPasserelleApiResponse,
        EnregistrerReglementPasserelleApiArg
      >({
        query: (queryArg) => ({
          url: `/api/paiement-en-ligne/reglements`,
          method: "POST",
          body: queryArg.reglementRequest,
        }),
        invalidatesTags: ["paiement-en-ligne"],
      }),
      paiementEnLigneWebhook: build.query<
        PaiementEnLigneWebhookApiResponse,
        PaiementEnLigneWebhookApiArg
      >({
        query: (queryArg) => ({
          url: `/api/paiement-en-ligne/webhook`,
          params: {
            payment_ref: queryArg.paymentRef,
          },
        }),
        providesTags: ["paiement-en-ligne"],
      }),
      getPannes: build.query<GetPannesApiResponse, GetPannesApiArg>({
        query: () => ({ url: `/api/pannes` }),
        providesTags: ["pannes"],
      }),
      supprimerCommentairePanne: build.mutation<
        SupprimerCommentairePanneApiResponse,
        SupprimerCommentairePanneApiArg
      >({
        query: (queryArg) => ({
          url: `/api/pannes/commentaire/supprimer`,
          method: "POST",
          body: queryArg.supprimerCommentaireRequest,
        }),
        invalidatesTags: ["pannes"],
      }),
      getPanneDetails: build.query<
        GetPanneDetailsApiResponse,
        GetPanneDetailsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/pannes/details`,
          params: {
            panneId: queryArg.panneId,
          },
        }),
        providesTags: ["pannes"],
      }),
      modifierStatutPanne: build.mutation<
        ModifierStatutPanneApiResponse,
        ModifierStatutPanneApiArg
      >({
        query: (queryArg) => ({
          url: `/api/pannes/etat/modifier`,
          method: "POST",
          body: queryArg.statutPanneRequest,
        }),
        invalidatesTags: ["pannes"],
      }),
      modifierPanne: build.mutation<
        ModifierPanneApiResponse,
        ModifierPanneApiArg
      >({
        query: (queryArg) => ({
          url: `/api/pannes/modifier`,
          method: "POST",
          body: queryArg.modifierPanneRequest,
        }),
        invalidatesTags: ["pannes"],
      }),
      supprimerPanne: build.mutation<
        SupprimerPanneApiResponse,
        SupprimerPanneApiArg
      >({
        query: (queryArg) => ({
          url: `/api/pannes/supprimer`,
          method: "POST",
          body: queryArg.supprimerPanneRequest,
        }),
        invalidatesTags: ["pannes"],
      }),
      getParametres: build.query<GetParametresApiResponse, GetParametresApiArg>(
        {
          query: () => ({ url: `/api/parametres` }),
          providesTags: ["compte"],
        },
      ),
      modifierEmail: build.mutation<
        ModifierEmailApiResponse,
        ModifierEmailApiArg
      >({
        query: (queryArg) => ({
          url: `/api/parametres/modifier-email`,
          method: "POST",
          body: queryArg.modifierEmailRequest,
        }),
        invalidatesTags: ["compte"],
      }),
      modifierMotDePasse: build.mutation<
        ModifierMotDePasseApiResponse,
        ModifierMotDePasseApiArg
      >({
        query: (queryArg) => ({
          url: `/api/parametres/modifier-mdp`,
          method: "POST",
          body: queryArg.modifierMotDePasseRequest,
        }),
        invalidatesTags: ["compte"],
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
      getRecouvrementCoprosSoldes: build.query<
        GetRecouvrementCoprosSoldesApiResponse,
        GetRecouvrementCoprosSoldesApiArg
      >({
        query: () => ({ url: `/api/recouvrement/copros-soldes` }),
        providesTags: ["recouvrement"],
      }),
      envoyerSmsRecouvrement: build.mutation<
        EnvoyerSmsRecouvrementApiResponse,
        EnvoyerSmsRecouvrementApiArg
      >({
        query: (queryArg) => ({
          url: `/api/recouvrement/envoyer-sms`,
          method: "POST",
          body: queryArg.envoyerSmsRequest,
          headers: {
            "Idempotency-Key": queryArg["Idempotency-Key"],
          },
        }),
        invalidatesTags: ["recouvrement"],
      }),
      envoyerSmsGroupeRecouvrement: build.mutation<
        EnvoyerSmsGroupeRecouvrementApiResponse,
        EnvoyerSmsGroupeRecouvrementApiArg
      >({
        query: (queryArg) => ({
          url: `/api/recouvrement/envoyer-sms-groupe`,
          method: "POST",
          body: queryArg.envoyerSmsGroupeRequest,
        }),
        invalidatesTags: ["recouvrement"],
      }),
      getRecouvrementOccupantDetails: build.query<
        GetRecouvrementOccupantDetailsApiResponse,
        GetRecouvrementOccupantDetailsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/recouvrement/occupant-details`,
          params: {
            occupant_id: queryArg.occupantId,
          },
        }),
        providesTags: ["recouvrement"],
      }),
      rapportLivraisonSms: build.mutation<
        RapportLivraisonSmsApiResponse,
        RapportLivraisonSmsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/recouvrement/sms/rapport-livraison`,
          method: "POST",
          body: queryArg.rapportLivraisonRequest,
          headers: {
            "X-Daftar-Webhook-Secret": queryArg["X-Daftar-Webhook-Secret"],
          },
        }),
        invalidatesTags: ["recouvrement"],
      }),
      getReglements: build.query<GetReglementsApiResponse, GetReglementsApiArg>(
        {
          query: () => ({ url: `/api/reglements` }),
          providesTags: ["reglements"],
        },
      ),
      supprimerReglement: build.mutation<
        SupprimerReglementApiResponse,
        SupprimerReglementApiArg
      >({
        query: (queryArg) => ({
          url: `/api/reglements/supprimer`,
          method: "POST",
          body: queryArg.supprimerReglementRequest,
        }),
        invalidatesTags: ["reglements"],
      }),
      getRemisesCheques: build.query<
        GetRemisesChequesApiResponse,
        GetRemisesChequesApiArg
      >({
        query: () => ({ url: `/api/remises-cheques` }),
        providesTags: ["remises-cheques"],
      }),
      getChequesEnAttente: build.query<
        GetChequesEnAttenteApiResponse,
        GetChequesEnAttenteApiArg
      >({
        query: () => ({ url: `/api/remises-cheques/cheques` }),
        providesTags: ["remises-cheques"],
      }),
      createRemiseCheques: build.mutation<
        CreateRemiseChequesApiResponse,
        CreateRemiseChequesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/remises-cheques/creer`,
          method: "POST",
          body: queryArg.remiseRequest,
        }),
        invalidatesTags: ["remises-cheques"],
      }),
      supprimerRemiseCheques: build.mutation<
        SupprimerRemiseChequesApiResponse,
        SupprimerRemiseChequesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/remises-cheques/supprimer`,
          method: "DELETE",
          params: {
            id: queryArg.id,
          },
        }),
        invalidatesTags: ["remises-cheques"],
      }),
      getRevenusExceptionnels: build.query<
        GetRevenusExceptionnelsApiResponse,
        GetRevenusExceptionnelsApiArg
      >({
        query: () => ({ url: `/api/revenus-exceptionnels` }),
        providesTags: ["revenus-exceptionnels"],
      }),
      createRevenuExceptionnel: build.mutation<
        CreateRevenuExceptionnelApiResponse,
        CreateRevenuExceptionnelApiArg
      >({
        query: (queryArg) => ({
          url: `/api/revenus-exceptionnels/creer`,
          method: "POST",
          body: queryArg.revenuRequest,
        }),
        invalidatesTags: ["revenus-exceptionnels"],
      }),
      supprimerRevenuExceptionnel: build.mutation<
        SupprimerRevenuExceptionnelApiResponse,
        SupprimerRevenuExceptionnelApiArg
      >({
        query: (queryArg) => ({
          url: `/api/revenus-exceptionnels/supprimer`,
          method: "POST",
          body: queryArg.contratIdRequest,
        }),
        invalidatesTags: ["revenus-exceptionnels"],
      }),
      modifierPaiementSalaire: build.mutation<
        ModifierPaiementSalaireApiResponse,
        ModifierPaiementSalaireApiArg
      >({
        query: (queryArg) => ({
          url: `/api/salaires/paiement/modifier`,
          method: "POST",
          body: queryArg.paiementSalaireRequest,
          params: {
            id: queryArg.id,
          },
        }),
        invalidatesTags: ["salaires"],
      }),
      supprimerPaiementSalaire: build.mutation<
        SupprimerPaiementSalaireApiResponse,
        SupprimerPaiementSalaireApiArg
      >({
        query: (queryArg) => ({
          url: `/api/salaires/paiement/supprimer`,
          method: "POST",
          body: queryArg.salaireIdRequest,
        }),
        invalidatesTags: ["salaires"],
      }),
      payerSalaire: build.mutation<PayerSalaireApiResponse, PayerSalaireApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/salaires/payer`,
            method: "POST",
            body: queryArg.paiementSalaireRequest,
          }),
          invalidatesTags: ["salaires"],
        },
      ),
      getSalaries: build.query<GetSalariesApiResponse, GetSalariesApiArg>({
        query: () => ({ url: `/api/salaries` }),
        providesTags: ["salaries"],
      }),
      createSalarie: build.mutation<
        CreateSalarieApiResponse,
        CreateSalarieApiArg
      >({
        query: (queryArg) => ({
          url: `/api/salaries/creer`,
          method: "POST",
          body: queryArg.salarieRequest,
        }),
        invalidatesTags: ["salaries"],
      }),
      getSalarieDetails: build.query<
        GetSalarieDetailsApiResponse,
        GetSalarieDetailsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/salaries/details`,
          params: {
            id: queryArg.id,
          },
        }),
        providesTags: ["salaries"],
      }),
      modifierSalarie: build.mutation<
        ModifierSalarieApiResponse,
        ModifierSalarieApiArg
      >({
        query: (queryArg) => ({
          url: `/api/salaries/modifier`,
          method: "POST",
          body: queryArg.salarieRequest,
          params: {
            id: queryArg.id,
          },
        }),
        invalidatesTags: ["salaries"],
      }),
      supprimerSalarie: build.mutation<
        SupprimerSalarieApiResponse,
        SupprimerSalarieApiArg
      >({
        query: (queryArg) => ({
          url: `/api/salaries/supprimer`,
          method: "POST",
          body: queryArg.salaireIdRequest,
        }),
        invalidatesTags: ["salaries"],
      }),
      getSupport: build.query<GetSupportApiResponse, GetSupportApiArg>({
        query: () => ({ url: `/api/support` }),
        providesTags: ["compte"],
      }),
      getTravaux: build.query<GetTravauxApiResponse, GetTravauxApiArg>({
        query: () => ({ url: `/api/travaux` }),
        providesTags: ["travaux"],
      }),
      getTravauxAgsVotes: build.query<
        GetTravauxAgsVotesApiResponse,
        GetTravauxAgsVotesApiArg
      >({
        query: () => ({ url: `/api/travaux/ags-votes` }),
        providesTags: ["travaux"],
      }),
      getTravauxDetail: build.query<
        GetTravauxDetailApiResponse,
        GetTravauxDetailApiArg
      >({
        query: (queryArg) => ({
          url: `/api/travaux/details-files`,
          params: {
            id: queryArg.id,
          },
        }),
        providesTags: ["travaux"],
      }),
      modifierPaiementTravaux: build.mutation<
        ModifierPaiementTravauxApiResponse,
        ModifierPaiementTravauxApiArg
      >({
        query: (queryArg) => ({
          url: `/api/travaux/modifier-paiement`,
          method: "POST",
          body: queryArg.modifierPaiementRequest,
        }),
        invalidatesTags: ["travaux"],
      }),
      payerTravaux: build.mutation<PayerTravauxApiResponse, PayerTravauxApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/travaux/payer`,
            method: "POST",
            body: queryArg.payerRequest,
          }),
          invalidatesTags: ["travaux"],
        },
      ),
      supprimerTravaux: build.mutation<
        SupprimerTravauxApiResponse,
        SupprimerTravauxApiArg
      >({
        query: (queryArg) => ({
          url: `/api/travaux/supprimer`,
          method: "POST",
          body: queryArg.idRequest,
        }),
        invalidatesTags: ["travaux"],
      }),
      supprimerPaiementTravaux: build.mutation<
        SupprimerPaiementTravauxApiResponse,
        SupprimerPaiementTravauxApiArg
      >({
        query: (queryArg) => ({
          url: `/api/travaux/supprimer-paiement`,
          method: "POST",
          body: queryArg.idRequest,
        }),
        invalidatesTags: ["travaux"],
      }),
      getVisibiliteFinances: build.query<
        GetVisibiliteFinancesApiResponse,
        GetVisibiliteFinancesApiArg
      >({
        query: () => ({ url: `/api/visibilite-finances` }),
        providesTags: ["visibilite-finances"],
      }),
      bulkSyncVisibilite: build.mutation<
        BulkSyncVisibiliteApiResponse,
        BulkSyncVisibiliteApiArg
      >({
        query: (queryArg) => ({
          url: `/api/visibilite-finances/bulk-sync`,
          method: "POST",
          body: queryArg.bulkSyncRequest,
        }),
        invalidatesTags: ["visibilite-finances"],
      }),
      getVisibiliteHistorique: build.query<
        GetVisibiliteHistoriqueApiResponse,
        GetVisibiliteHistoriqueApiArg
      >({
        query: (queryArg) => ({
          url: `/api/visibilite-finances/historique`,
          params: {
            user_id: queryArg.userId,
          },
        }),
        providesTags: ["visibilite-finances"],
      }),
      syncVisibiliteUser: build.mutation<
        SyncVisibiliteUserApiResponse,
        SyncVisibiliteUserApiArg
      >({
        query: (queryArg) => ({
          url: `/api/visibilite-finances/sync-user`,
          method: "POST",
          body: queryArg.syncUserRequest,
        }),
        invalidatesTags: ["visibilite-finances"],
      }),
      getVotes: build.query<GetVotesApiResponse, GetVotesApiArg>({
        query: () => ({ url: `/api/votes` }),
        providesTags: ["votes"],
      }),
      creerVote: build.mutation<CreerVoteApiResponse, CreerVoteApiArg>({
        query: (queryArg) => ({
          url: `/api/votes/creer`,
          method: "POST",
          body: queryArg.voteRequest,
        }),
        invalidatesTags: ["votes"],
      }),
      modifierVote: build.mutation<ModifierVoteApiResponse, ModifierVoteApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/votes/modifier`,
            method: "PUT",
            body: queryArg.voteRequest,
          }),
          invalidatesTags: ["votes"],
        },
      ),
      supprimerVote: build.mutation<
        SupprimerVoteApiResponse,
        SupprimerVoteApiArg
      >({
        query: (queryArg) => ({
          url: `/api/votes/supprimer`,
          method: "POST",
          body: queryArg.supprimerVoteRequest,
        }),
        invalidatesTags: ["votes"],
      }),
      ouvrirTempsReel: build.query<
        OuvrirTempsReelApiResponse,
        OuvrirTempsReelApiArg
      >({
        query: (queryArg) => ({
          url: `/api/ws`,
          params: {
            apres: queryArg.apres,
          },
        }),
        providesTags: ["chat"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as generatedApi };
export type GetAchatsSmsApiResponse =
  /** status 200 The balance and the purchases */ AchatsSmsResponse;
export type GetAchatsSmsApiArg = void;
export type GetAnnoncesActivesApiResponse =
  /** status 200 The active announcements, newest first */ AnnoncesResponse;
export type GetAnnoncesActivesApiArg = void;
export type GetAnnoncesArchiveesApiResponse =
  /** status 200 The archived announcements, newest first */ AnnoncesResponse;
export type GetAnnoncesArchiveesApiArg = void;
export type CreerAnnonceApiResponse =
  /** status 200 The announcement published */ AnnonceResponse;
export type CreerAnnonceApiArg = {
  creerAnnonceRequest: CreerAnnonceRequest;
};
export type ModifierAnnonceApiResponse =
  /** status 200 Corrected */ AnnonceSuccesResponse;
export type ModifierAnnonceApiArg = {
  modifierAnnonceRequest: ModifierAnnonceRequest;
};
export type SupprimerAnnonceApiResponse =
  /** status 200 Withdrawn */ AnnonceSuccesResponse;
export type SupprimerAnnonceApiArg = {
  supprimerAnnonceRequest: SupprimerAnnonceRequest;
};
export type GetArchiveApiResponse =
  /** status 200 The archive's tree */ ArchiveResponse;
export type GetArchiveApiArg = void;
export type GetAssembleesApiResponse = /** status 200  */ AssembleesResponse;
export type GetAssembleesApiArg = void;
export type GetBibliothequePointsApiResponse =
  /** status 200  */ BibliothequeResponse;
export type GetBibliothequePointsApiArg = void;
export type GetAssembleesCoproprietaireApiResponse =
  /** status 200  */ CoproprietaireResponse;
export type GetAssembleesCoproprietaireApiArg = void;
export type CreerAssembleeApiResponse = /** status 200  */ AssembleeResponse;
export type CreerAssembleeApiArg = {
  infosGeneralesRequest: InfosGeneralesRequest;
};
export type GetAssembleeEtape1ApiResponse = /** status 200  */ Etape1Response;
export type GetAssembleeEtape1ApiArg = {
  id: number;
};
export type GetAssembleeEtape2ApiResponse = /** status 200  */ Etape2Response;
export type GetAssembleeEtape2ApiArg = {
  id: number;
};
export type GetAssembleeEtape4ApiResponse = /** status 200  */ Etape4Response;
export type GetAssembleeEtape4ApiArg = {
  id: number;
};
export type GetAssembleeEtape5ApiResponse = /** status 200  */ Etape5Response;
export type GetAssembleeEtape5ApiArg = {
  id: number;
};
export type ModifierInfosFinalesApiResponse =
  /** status 200  */ AssembleeResponse;
export type ModifierInfosFinalesApiArg = {
  infosFinalesRequest: InfosFinalesRequest;
};
export type ModifierConvocationApiResponse =
  /** status 200  */ AssembleeResponse;
export type ModifierConvocationApiArg = {
  convocationRequest: ConvocationRequest;
};
export type ModifierDebutAssembleeApiResponse =
  /** status 200  */ AssembleeResponse;
export type ModifierDebutAssembleeApiArg = {
  debutRequest: DebutRequest;
};
export type ModifierInfosGeneralesApiResponse =
  /** status 200  */ AssembleeResponse;
export type ModifierInfosGeneralesApiArg = {
  infosGeneralesRequest: InfosGeneralesRequest;
};
export type ModifierOrdreDuJourApiResponse =
  /** status 200  */ OrdreDuJourResponse;
export type ModifierOrdreDuJourApiArg = {
  ordreDuJourRequest: OrdreDuJourRequest;
};
export type ModifierPresencesApiResponse = /** status 200  */ PresencesResponse;
export type ModifierPresencesApiArg = {
  presencesRequest: PresencesRequest;
};
export type RenommerPointApiResponse = /** status 200  */ PointResponse;
export type RenommerPointApiArg = {
  renommerPointRequest: RenommerPointRequest;
};
export type SupprimerPieceJointeAssembleeApiResponse =
  /** status 200  */ Success;
export type SupprimerPieceJointeAssembleeApiArg = {
  idAssembleesRequest: IdAssembleesRequest;
};
export type CreerPointInfoApiResponse = /** status 200  */ PointResponse;
export type CreerPointInfoApiArg = {
  pointInfoRequest: PointInfoRequest;
};
export type SupprimerPointInfoApiResponse = /** status 200  */ Success;
export type SupprimerPointInfoApiArg = {
  pointIdRequest: PointIdRequest;
};
export type SupprimerAssembleeApiResponse = /** status 200  */ Success;
export type SupprimerAssembleeApiArg = {
  idAssembleesRequest: IdAssembleesRequest;
};
export type TerminerAssembleeApiResponse = /** status 200  */ StepResponse;
export type TerminerAssembleeApiArg = {
  assembleeId: number;
};
export type VoterResolutionApiResponse = /** status 200  */ ResolutionResponse;
export type VoterResolutionApiArg = {
  resolutionVoteRequest: ResolutionVoteRequest;
};
export type GetComptesBancairesApiResponse =
  /** status 200 The residence's bank accounts */ ComptesResponse;
export type GetComptesBancairesApiArg = void;
export type CreateCompteBancaireApiResponse =
  /** status 200 The new account */ CompteResponse;
export type CreateCompteBancaireApiArg = {
  compteRequest: CompteRequest;
};
export type ModifierCompteBancaireApiResponse =
  /** status 200 The account as it now is */ CompteResponse;
export type ModifierCompteBancaireApiArg = {
  modifierCompteRequest: ModifierCompteRequest;
};
export type SupprimerCompteBancaireApiResponse =
  /** status 200 Deleted */ Success;
export type SupprimerCompteBancaireApiArg = {
  supprimerCompteRequest: SupprimerCompteRequest;
};
export type GetOperationsBancairesApiResponse =
  /** status 200 Each account with its operations of the type asked */ OperationsResponse;
export type GetOperationsBancairesApiArg = {
  /** The type of the operations listed. */
  categorie: TypeOperation;
};
export type CreateOperationBancaireApiResponse =
  /** status 200 The new operation */ OperationResponse;
export type CreateOperationBancaireApiArg = {
  operationRequest: OperationRequest;
};
export type ModifierOperationBancaireApiResponse =
  /** status 200 The operation as it now is */ OperationResponse;
export type ModifierOperationBancaireApiArg = {
  modifierOperationRequest: ModifierOperationRequest;
};
export type SupprimerOperationBancaireApiResponse =
  /** status 200 Deleted */ Success;
export type SupprimerOperationBancaireApiArg = {
  supprimerOperationRequest: SupprimerOperationRequest;
};
export type GetTransfertsApiResponse =
  /** status 200 The residence's transfers */ TransfertsResponse;
export type GetTransfertsApiArg = void;
export type PointerMouvementApiResponse =
  /** status 200 The movement's row as it now is */ PointageResponse;
export type PointerMouvementApiArg = {
  pointerRequest: PointerRequest;
};
export type GetRapprochementApiResponse =
  /** status 200 The account's reconciliation for the year */ RapprochementResponse;
export type GetRapprochementApiArg = {
  /** The account's id; the main account when absent. */
  id?: number;
  /** The fiscal year; the current year when absent. */
  exercice?: number;
};
export type GetRelevesApiResponse =
  /** status 200 The account's statements */ RelevesResponse;
export type GetRelevesApiArg = {
  /** The account's id. */
  compte?: number;
};
export type CreerOperationLigneReleveApiResponse =
  /** status 200 Recorded and pointed; the statement as it now is */ ReleveActionResponse;
export type CreerOperationLigneReleveApiArg = {
  creerOperationRequest: CreerOperationRequest;
};
export type DefaireLigneReleveApiResponse =
  /** status 200 Unpointed; the statement as it now is */ ReleveActionResponse;
export type DefaireLigneReleveApiArg = {
  ligneRequest: LigneRequest;
};
export type GetReleveApiResponse = /** status 200 The statement */ Releve;
export type GetReleveApiArg = {
  /** The statement's id. */
  id?: number;
};
export type RapprocherLigneReleveApiResponse =
  /** status 200 Pointed; the statement as it now is */ ReleveActionResponse;
export type RapprocherLigneReleveApiArg = {
  rapprocherRequest: RapprocherRequest;
};
export type CreateTransfertApiResponse =
  /** status 200 The new transfer */ TransfertResponse;
export type CreateTransfertApiArg = {
  transfertRequest: TransfertRequest;
};
export type ModifierTransfertApiResponse =
  /** status 200 The transfer as it now is */ TransfertResponse;
export type ModifierTransfertApiArg = {
  modifierTransfertRequest: ModifierTransfertRequest;
};
export type SupprimerTransfertApiResponse = /** status 200 Deleted */ Success;
export type SupprimerTransfertApiArg = {
  supprimerTransfertRequest: SupprimerTransfertRequest;
};
export type BroadcastingAuthApiResponse =
  /** status 200 The caller may listen to this conversation */ BroadcastingAuthResponse;
export type BroadcastingAuthApiArg = {
  broadcastingAuthRequest: BroadcastingAuthRequest;
};
export type GetBudgetsApiResponse =
  /** status 200 The budgets, newest first, and the current year's */ BudgetsResponse;
export type GetBudgetsApiArg = void;
export type GetBudgetDetailsApiResponse =
  /** status 200 The budget */ BudgetResponse;
export type GetBudgetDetailsApiArg = {
  /** The budget's id (its year). */
  id: number;
};
export type ModifierBudgetApiResponse =
  /** status 200 The budget as it now is */ BudgetResponse;
export type ModifierBudgetApiArg = {
  modifierBudgetRequest: ModifierBudgetRequest;
};
export type GetCategoriesApiResponse =
  /** status 200 The residence's categories */ CategoriesResponse;
export type GetCategoriesApiArg = void;
export type CreateCategorieApiResponse =
  /** status 200 The new category */ CategorieResponse;
export type CreateCategorieApiArg = {
  categorieRequest: CategorieRequest;
};
export type ModifierCategorieApiResponse =
  /** status 200 The category as it now is */ CategorieResponse;
export type ModifierCategorieApiArg = {
  modifierCategorieRequest: ModifierCategorieRequest;
};
export type SupprimerCategorieApiResponse = /** status 200 Deleted */ Success;
export type SupprimerCategorieApiArg = {
  supprimerCategorieRequest: SupprimerCategorieRequest;
};
export type GetChargesApiResponse =
  /** status 200 The records */ ChargesResponse;
export type GetChargesApiArg = void;
export type GetChargeApiResponse =
  /** status 200 The record with its files and payments */ ChargeResponse;
export type GetChargeApiArg = {
  /** The charge's or works item's id. */
  id: number;
};
export type GetChargesFournisseursCategoriesApiResponse =
  /** status 200 Suppliers by name, categories by title */ FournisseursCategoriesResponse;
export type GetChargesFournisseursCategoriesApiArg = void;
export type ModifierPaiementChargeApiResponse =
  /** status 200 The payment and its record as they now are */ ChargePaiementResponse;
export type ModifierPaiementChargeApiArg = {
  modifierPaiementRequest: ModifierPaiementRequest;
};
export type PayerChargeApiResponse =
  /** status 200 The payment and the record as it now is */ ChargePaiementResponse;
export type PayerChargeApiArg = {
  payerRequest: PayerRequest;
};
export type SupprimerChargeApiResponse = /** status 200 Deleted */ Success;
export type SupprimerChargeApiArg = {
  idRequest: IdRequest;
};
export type SupprimerPaiementChargeApiResponse =
  /** status 200 The record as it now is */ ChargeResumeResponse;
export type SupprimerPaiementChargeApiArg = {
  idRequest: IdRequest;
};
export type GetChargesPatronalesApiResponse =
  /** status 200 The payments */ ChargesPatronalesResponse;
export type GetChargesPatronalesApiArg = void;
export type CreateChargePatronaleApiResponse =
  /** status 200 The payment */ ChargePatronaleResponse;
export type CreateChargePatronaleApiArg = {
  chargePatronaleRequest: ChargePatronaleRequest;
};
export type ModifierChargePatronaleApiResponse =
  /** status 200 The payment as it now is */ ChargePatronaleResponse;
export type ModifierChargePatronaleApiArg = {
  /** The record's id (the query string wins over the body's `id`). */
  id?: number;
  chargePatronaleRequest: ChargePatronaleRequest;
};
export type SupprimerChargePatronaleApiResponse =
  /** status 200 Deleted */ Success;
export type SupprimerChargePatronaleApiArg = {
  salaireIdRequest: SalaireIdRequest;
};
export type GetClientsApiResponse =
  /** status 200 The residence's clients */ ClientsResponse;
export type GetClientsApiArg = void;
export type CreateClientApiResponse =
  /** status 200 The new client */ ClientResponse;
export type CreateClientApiArg = {
  clientRequest: ClientRequest;
};
export type CreateClientDialogApiResponse =
  /** status 200 The new client */ ClientResponse;
export type CreateClientDialogApiArg = {
  clientDialogRequest: ClientDialogRequest;
};
export type ModifierClientApiResponse =
  /** status 200 The client as it now is */ ClientResponse;
export type ModifierClientApiArg = {
  modifierClientRequest: ModifierClientRequest;
};
export type SupprimerClientApiResponse = /** status 200 Deleted */ Success;
export type SupprimerClientApiArg = {
  supprimerClientRequest: SupprimerClientRequest;
};
export type GetComptabiliteBalanceApiResponse =
  /** status 200 The exercice's trial balance (empty for a year without entries) */ BalanceResponse;
export type GetComptabiliteBalanceApiArg = {
  /** The exercice (calendar year); the current year by default. */
  exercice?: number;
};
export type GetComptabiliteGrandLivreApiResponse =
  /** status 200 The exercice's general ledger (empty for a year without entries) */ GrandLivreResponse;
export type GetComptabiliteGrandLivreApiArg = {
  /** The exercice (calendar year); the current year by default. */
  exercice?: number;
  /** One account of the chart ("450", "512001"); every account by default. */
  compte?: string;
};
export type GetComptabiliteJournalApiResponse =
  /** status 200 The exercice's journal (empty for a year without entries) */ JournalResponse;
export type GetComptabiliteJournalApiArg = {
  /** The exercice (calendar year); the current year by default. */
  exercice?: number;
};
export type GetComptabiliteTresorerieApiResponse =
  /** status 200 The balances of the money accounts at the end of the day */ TresorerieResponse;
export type GetComptabiliteTresorerieApiArg = {
  /** `yyyy-MM-dd`: the balances at the end of that day; today by default. */
  date?: string;
};
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
export type GetContratsDepensesApiResponse =
  /** status 200 The contracts */ ContratsResponse;
export type GetContratsDepensesApiArg = void;
export type GetContratDepenseDetailsApiResponse =
  /** status 200 The contract with its files, payments and schedule */ ContratResponse;
export type GetContratDepenseDetailsApiArg = {
  /** The contract's id. */
  id: number;
};
export type ModifierPaiementContratDepenseApiResponse =
  /** status 200 The payment and the contract */ ContratPaiementResponse;
export type ModifierPaiementContratDepenseApiArg = {
  modifierPaiementContratRequest: ModifierPaiementContratRequest;
};
export type PayerContratDepenseApiResponse =
  /** status 200 The payment and the contract */ ContratPaiementResponse;
export type PayerContratDepenseApiArg = {
  payerContratRequest: PayerContratRequest;
};
export type SupprimerContratDepenseApiResponse =
  /** status 200 Deleted */ Success;
export type SupprimerContratDepenseApiArg = {
  contratIdRequest: ContratIdRequest;
};
export type SupprimerPaiementContratDepenseApiResponse =
  /** status 200 The contract as it now is */ ContratResumeResponse;
export type SupprimerPaiementContratDepenseApiArg = {
  contratIdRequest: ContratIdRequest;
};
export type SupprimerDocumentContratApiResponse =
  /** status 200 Removed */ Success;
export type SupprimerDocumentContratApiArg = {
  contratIdRequest: ContratIdRequest;
};
export type GetContratsRevenusApiResponse =
  /** status 200 The contracts */ ContratsResponse;
export type GetContratsRevenusApiArg = void;
export type GetContratRevenuDetailsApiResponse =
  /** status 200 The contract with its files, payments and schedule */ ContratResponse;
export type GetContratRevenuDetailsApiArg = {
  /** The contract's id. */
  id: number;
};
export type ModifierPaiementContratRevenuApiResponse =
  /** status 200 The payment and the contract */ ContratPaiementResponse;
export type ModifierPaiementContratRevenuApiArg = {
  modifierPaiementContratRequest: ModifierPaiementContratRequest;
};
export type PayerContratRevenuApiResponse =
  /** status 200 The payment and the contract */ ContratPaiementResponse;
export type PayerContratRevenuApiArg = {
  payerContratRequest: PayerContratRequest;
};
export type SupprimerContratRevenuApiResponse =
  /** status 200 Deleted */ Success;
export type SupprimerContratRevenuApiArg = {
  contratIdRequest: ContratIdRequest;
};
export type SupprimerPaiementContratRevenuApiResponse =
  /** status 200 The contract as it now is */ ContratResumeResponse;
export type SupprimerPaiementContratRevenuApiArg = {
  contratIdRequest: ContratIdRequest;
};
export type GetMaConversationApiResponse =
  /** status 200 The co-owner's conversation and its messages */ ConversationResponse;
export type GetMaConversationApiArg = void;
export type MarquerConversationLueApiResponse =
  /** status 200 Every message of the other side is read */ ConversationLueResponse;
export type MarquerConversationLueApiArg = {
  marquerConversationLueRequest: MarquerConversationLueRequest;
};
export type GetConversationMessagesApiResponse =
  /** status 200 The conversation and its messages */ ConversationResponse;
export type GetConversationMessagesApiArg = {
  /** The conversation's id. */
  id: number;
};
export type GetConversationsApiResponse =
  /** status 200 The conversations, the latest first */ ConversationsResponse;
export type GetConversationsApiArg = {
  /** Keeps the conversations whose co-owner's name contains it (case ignored). */
  search?: string;
};
export type EnvoyerMessageApiResponse =
  /** status 200 The message sent */ MessageEnvoyeResponse;
export type EnvoyerMessageApiArg = {
  /** The conversation's id */
  id: number;
  envoyerMessageRequest: EnvoyerMessageRequest;
};
export type GetCoproprietaireBudgetsApiResponse =
  /** status 200 The budgets, newest first, and the current year's */ BudgetsResponse;
export type GetCoproprietaireBudgetsApiArg = void;
export type GetCoproprietaireChargesApiResponse =
  /** status 200 The residence's charge items, newest first: `model` charges-courantes (`montant`: the invoice's total), contrats-depenses (what was paid so far), charges-patronales, salaires (one line per employee paid: what was paid so far, dated by the latest payment), banque-operation (bank fees) */ ChargesCoproResponse;
export type GetCoproprietaireChargesApiArg = void;
export type GetCoproprietaireChargeDetailsApiResponse =
  /** status 200 The item's details, payments (a salary's with `mois`; none for a bank fee) and files */ DetailFinancierResponse;
export type GetCoproprietaireChargeDetailsApiArg = {
  /** The record's kind, as its list line gives it. */
  model?: string;
  /** The record's id, as its list line gives it. */
  modelId?: number;
};
export type GetCoproprietaireContratsDepensesApiResponse =
  /** status 200 The expense contracts, newest start first */ ContratsCoproResponse;
export type GetCoproprietaireContratsDepensesApiArg = void;
export type GetCoproprietaireContratDepenseDetailsApiResponse =
  /** status 200 The contract */ ContratCoproResponse;
export type GetCoproprietaireContratDepenseDetailsApiArg = {
  contratId: number;
};
export type GetCoproprietaireContratsRevenusApiResponse =
  /** status 200 The revenue contracts, newest start first */ ContratsCoproResponse;
export type GetCoproprietaireContratsRevenusApiArg = void;
export type GetCoproprietaireContratRevenuDetailsApiResponse =
  /** status 200 The contract */ ContratCoproResponse;
export type GetCoproprietaireContratRevenuDetailsApiArg = {
  contratId: number;
};
export type GetCoproprietaireDashboardApiResponse =
  /** status 200 The co-owner dashboard (what a flag hides is `null`) */ CoproprietaireDashboardResponse;
export type GetCoproprietaireDashboardApiArg = {
  /** The chart's period: `3m` (default), `6m` or `ytd`. */
  periode?: string;
};
export type GetPaiementEnLigneDisponibleApiResponse =
  /** status 200 Whether online payment is offered */ DisponibiliteResponse;
export type GetPaiementEnLigneDisponibleApiArg = void;
export type DemanderPaiementEnLigneApiResponse =
  /** status 201 The request, and the gateway's page */ DemanderResponse;
export type DemanderPaiementEnLigneApiArg = {
  demanderRequest: DemanderRequest;
};
export type GetPaiementEnLigneRetourApiResponse =
  /** status 200 The payment as it now is */ RetourResponse;
export type GetPaiementEnLigneRetourApiArg = {
  /** The gateway's payment reference. */
  paymentRef?: string;
};
export type GetCoproprietaireRevenusApiResponse =
  /** status 200 The residence's revenue items, newest first: `model` cotisations (`montant`: what it calls in all), contrats-revenus (what it has paid so far), revenus-exceptionnels, interets */ RevenusCoproResponse;
export type GetCoproprietaireRevenusApiArg = void;
export type GetCoproprietaireRevenuDetailsApiResponse =
  /** status 200 The item's details, payments and files */ DetailFinancierResponse;
export type GetCoproprietaireRevenuDetailsApiArg = {
  /** The record's kind, as its list line gives it. */
  model?: string;
  /** The record's id, as its list line gives it. */
  modelId?: number;
};
export type GetCoproprietaireTravauxApiResponse =
  /** status 200 The works, newest invoice first */ TravauxCoproResponse;
export type GetCoproprietaireTravauxApiArg = void;
export type GetCoproprietaireTravauxDetailsApiResponse =
  /** status 200 The works item (`model`: travaux) */ DetailFinancierResponse;
export type GetCoproprietaireTravauxDetailsApiArg = {
  travauxId: number;
};
export type GetVotesCoproprietaireApiResponse =
  /** status 200  */ VotesCoproprietaireResponse;
export type GetVotesCoproprietaireApiArg = void;
export type ModifierBulletinVoteApiResponse =
  /** status 200  */ BulletinModifieResponse;
export type ModifierBulletinVoteApiArg = {
  bulletinRequest: BulletinRequest;
};
export type GetVoteResultatsApiResponse = /** status 200  */ ResultatsResponse;
export type GetVoteResultatsApiArg = {
  id: number;
};
export type VoterVoteApiResponse = /** status 200  */ BulletinResponse;
export type VoterVoteApiArg = {
  bulletinRequest: BulletinRequest;
};
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
export type GetSyndicDashboardApiResponse =
  /** status 200 The syndic dashboard */ SyndicDashboardResponse;
export type GetSyndicDashboardApiArg = {
  /** The chart's period: `3m` (default), `6m` or `ytd`. */
  periode?: string;
};
export type SupprimerDevisApiResponse = /** status 200 Removed */ Success;
export type SupprimerDevisApiArg = {
  idRequest: IdRequest;
};
export type SendVerificationEmailApiResponse =
  /** status 200 Sent */ MessageResponse;
export type SendVerificationEmailApiArg = void;
export type VerifyEmailApiResponse =
  /** status 200 Verified */ ParametresResponse;
export type VerifyEmailApiArg = {
  /** The link's token */
  token: string;
};
export type GetExercicesApiResponse =
  /** status 200 The residence's fiscal years */ ExercicesResponse;
export type GetExercicesApiArg = void;
export type GetSoldesClotureApiResponse =
  /** status 200 Cash, each bank account and the total at 31 December */ SoldesClotureResponse;
export type GetSoldesClotureApiArg = {
  /** The fiscal year's id: its calendar year. */
  id: number;
};
export type SupprimerFactureApiResponse = /** status 200 Removed */ Success;
export type SupprimerFactureApiArg = {
  idRequest: IdRequest;
};
export type FirstLoginInfoApiResponse =
  /** status 200 Registration finalized: the updated user */ AuthUserResponse;
export type FirstLoginInfoApiArg = {
  firstLoginInfoRequest: FirstLoginInfoRequest;
};
export type GetFournisseursApiResponse =
  /** status 200 The residence's suppliers */ FournisseursResponse;
export type GetFournisseursApiArg = void;
export type CreateFournisseurApiResponse =
  /** status 200 The new supplier */ FournisseurResponse;
export type CreateFournisseurApiArg = {
  fournisseurRequest: FournisseurRequest;
};
export type CreateFournisseurDialogApiResponse =
  /** status 200 The new supplier */ FournisseurResponse;
export type CreateFournisseurDialogApiArg = {
  fournisseurDialogRequest: FournisseurDialogRequest;
};
export type GetGouvernoratsApiResponse =
  /** status 200 The governorates */ GouvernoratsResponse;
export type GetGouvernoratsApiArg = void;
export type ModifierFournisseurApiResponse =
  /** status 200 The supplier as it now is */ FournisseurResponse;
export type ModifierFournisseurApiArg = {
  modifierFournisseurRequest: ModifierFournisseurRequest;
};
export type SupprimerFournisseurApiResponse = /** status 200 Deleted */ Success;
export type SupprimerFournisseurApiArg = {
  supprimerFournisseurRequest: SupprimerFournisseurRequest;
};
export type GetHealthApiResponse =
  /** status 200 The projector's state */ HealthResponse;
export type GetHealthApiArg = void;
export type GetNotificationsApiResponse =
  /** status 200 The user's notifications, newest first (at most 50) */ NotificationsResponse;
export type GetNotificationsApiArg = void;
export type MarkAllNotificationsReadApiResponse =
  /** status 200 Every notification is read */ MarquerLuResponse;
export type MarkAllNotificationsReadApiArg = void;
export type GetOccupantsApiResponse =
  /** status 200 The residence's occupants */ OccupantsResponse;
export type GetOccupantsApiArg = void;
export type CreateOccupantApiResponse =
  /** status 200 The created occupant */ OccupantResponse;
export type CreateOccupantApiArg = {
  createOccupantRequest: CreateOccupantRequest;
};
export type GetPaiementEnLigneConfigurationApiResponse =
  /** status 200 The settings */ ConfigurationResponse;
export type GetPaiementEnLigneConfigurationApiArg = void;
export type EnregistrerPaiementEnLigneConfigurationApiResponse =
  /** status 200 The settings saved */ ConfigurationResponse;
export type EnregistrerPaiementEnLigneConfigurationApiArg = {
  configurationRequest: ConfigurationRequest;
};
export type GetPaiementsEnLigneApiResponse =
  /** status 200 The online payments, newest first */ PaiementsResponse;
export type GetPaiementsEnLigneApiArg = {
  /** `en_attente`, `payee`, `echouee` or `expiree`; absent: all. */
  statut?: string;
};
export type EnregistrerReglementPasserelleApiResponse =
  /** status 201 Recorded */ ReglementPasserelleResponse;
export type EnregistrerReglementPasserelleApiArg = {
  reglementRequest: ReglementRequest;
};
export type PaiementEnLigneWebhookApiResponse =
  /** status 200 Received */ WebhookResponse;
export type PaiementEnLigneWebhookApiArg = {
  /** The gateway's payment reference. */
  paymentRef?: string;
};
export type GetPannesApiResponse =
  /** status 200 The reports, newest first */ PannesResponse;
export type GetPannesApiArg = void;
export type SupprimerCommentairePanneApiResponse =
  /** status 200 Withdrawn */ PanneSuccesResponse;
export type SupprimerCommentairePanneApiArg = {
  supprimerCommentaireRequest: SupprimerCommentaireRequest;
};
export type GetPanneDetailsApiResponse =
  /** status 200 The report and its comments */ PanneDetailsResponse;
export type GetPanneDetailsApiArg = {
  panneId: number;
};
export type ModifierStatutPanneApiResponse =
  /** status 200 The status set */ StatutPanneResponse;
export type ModifierStatutPanneApiArg = {
  statutPanneRequest: StatutPanneRequest;
};
export type ModifierPanneApiResponse =
  /** status 200 Corrected */ PanneSuccesResponse;
export type ModifierPanneApiArg = {
  modifierPanneRequest: ModifierPanneRequest;
};
export type SupprimerPanneApiResponse =
  /** status 200 Withdrawn */ PanneSuccesResponse;
export type SupprimerPanneApiArg = {
  supprimerPanneRequest: SupprimerPanneRequest;
};
export type GetParametresApiResponse =
  /** status 200 The user's e-mail */ ParametresResponse;
export type GetParametresApiArg = void;
export type ModifierEmailApiResponse =
  | /** status 200 The same address: nothing changed */ ModifierEmailResponse
  | /** status 201 Updated, unverified; a verification mail was sent */ ModifierEmailResponse;
export type ModifierEmailApiArg = {
  modifierEmailRequest: ModifierEmailRequest;
};
export type ModifierMotDePasseApiResponse =
  /** status 200 Changed; the user's other sessions are signed out */ MessageResponse;
export type ModifierMotDePasseApiArg = {
  modifierMotDePasseRequest: ModifierMotDePasseRequest;
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
export type GetRecouvrementCoprosSoldesApiResponse =
  /** status 200 The debtors, most owed first */ CoprosSoldesResponse;
export type GetRecouvrementCoprosSoldesApiArg = void;
export type EnvoyerSmsRecouvrementApiResponse =
  /** status 200 The message (new, or the one this submission already made) */ EnvoyerSmsResponse;
export type EnvoyerSmsRecouvrementApiArg = {
  /** One per dialog: the same key answers the same message */
  "Idempotency-Key"?: string;
  envoyerSmsRequest: EnvoyerSmsRequest;
};
export type EnvoyerSmsGroupeRecouvrementApiResponse =
  /** status 200 The preview, or the counts sent */ EnvoyerSmsGroupeResponse;
export type EnvoyerSmsGroupeRecouvrementApiArg = {
  envoyerSmsGroupeRequest: EnvoyerSmsGroupeRequest;
};
export type GetRecouvrementOccupantDetailsApiResponse =
  /** status 200 The occupant, his unpaid amounts, SMS and letters */ OccupantDetailsResponse;
export type GetRecouvrementOccupantDetailsApiArg = {
  occupantId: number;
};
export type RapportLivraisonSmsApiResponse = /** status 200 Recorded */ Success;
export type RapportLivraisonSmsApiArg = {
  /** The shared secret of the gateway */
  "X-Daftar-Webhook-Secret": string;
  rapportLivraisonRequest: RapportLivraisonRequest;
};
export type GetReglementsApiResponse =
  /** status 200 The documents, current first */ ReglementsResponse;
export type GetReglementsApiArg = void;
export type SupprimerReglementApiResponse =
  /** status 200 Withdrawn */ SuppressionResponse;
export type SupprimerReglementApiArg = {
  supprimerReglementRequest: SupprimerReglementRequest;
};
export type GetRemisesChequesApiResponse =
  /** status 200 The residence's cheque deposits */ RemisesResponse;
export type GetRemisesChequesApiArg = void;
export type GetChequesEnAttenteApiResponse =
  /** status 200 The pending cheques */ ChequesResponse;
export type GetChequesEnAttenteApiArg = void;
export type CreateRemiseChequesApiResponse =
  /** status 200 The new deposit */ RemiseResponse;
export type CreateRemiseChequesApiArg = {
  remiseRequest: RemiseRequest;
};
export type SupprimerRemiseChequesApiResponse =
  /** status 200 Deleted */ Success;
export type SupprimerRemiseChequesApiArg = {
  /** The deposit's id. */
  id: number;
};
export type GetRevenusExceptionnelsApiResponse =
  /** status 200 The exceptional revenues */ RevenusResponse;
export type GetRevenusExceptionnelsApiArg = void;
export type CreateRevenuExceptionnelApiResponse =
  /** status 200 The new revenue */ RevenuResponse;
export type CreateRevenuExceptionnelApiArg = {
  revenuRequest: RevenuRequest;
};
export type SupprimerRevenuExceptionnelApiResponse =
  /** status 200 Deleted */ Success;
export type SupprimerRevenuExceptionnelApiArg = {
  contratIdRequest: ContratIdRequest;
};
export type ModifierPaiementSalaireApiResponse =
  /** status 200 The payment as it now is */ PaiementSalaireResponse;
export type ModifierPaiementSalaireApiArg = {
  /** The record's id (the query string wins over the body's `id`). */
  id?: number;
  paiementSalaireRequest: PaiementSalaireRequest;
};
export type SupprimerPaiementSalaireApiResponse =
  /** status 200 Deleted */ Success;
export type SupprimerPaiementSalaireApiArg = {
  salaireIdRequest: SalaireIdRequest;
};
export type PayerSalaireApiResponse =
  /** status 200 The payment */ PaiementSalaireResponse;
export type PayerSalaireApiArg = {
  paiementSalaireRequest: PaiementSalaireRequest;
};
export type GetSalariesApiResponse =
  /** status 200 The residence's employees */ SalariesResponse;
export type GetSalariesApiArg = void;
export type CreateSalarieApiResponse =
  /** status 200 The new employee */ SalarieResponse;
export type CreateSalarieApiArg = {
  salarieRequest: SalarieRequest;
};
export type GetSalarieDetailsApiResponse =
  /** status 200 The employee and its payments */ SalarieResponse;
export type GetSalarieDetailsApiArg = {
  id: number;
};
export type ModifierSalarieApiResponse =
  /** status 200 The employee as it now is */ SalarieResponse;
export type ModifierSalarieApiArg = {
  /** The record's id (the query string wins over the body's `id`). */
  id?: number;
  salarieRequest: SalarieRequest;
};
export type SupprimerSalarieApiResponse = /** status 200 Deleted */ Success;
export type SupprimerSalarieApiArg = {
  salaireIdRequest: SalaireIdRequest;
};
export type GetSupportApiResponse =
  /** status 200 The support's contact */ SupportResponse;
export type GetSupportApiArg = void;
export type GetTravauxApiResponse =
  /** status 200 The records */ TravauxListeResponse;
export type GetTravauxApiArg = void;
export type GetTravauxAgsVotesApiResponse =
  /** status 200 The residence's assemblies and votes, newest first */ AgsVotesResponse;
export type GetTravauxAgsVotesApiArg = void;
export type GetTravauxDetailApiResponse =
  /** status 200 The record with its files and payments */ TravauxResponse;
export type GetTravauxDetailApiArg = {
  /** The charge's or works item's id. */
  id: number;
};
export type ModifierPaiementTravauxApiResponse =
  /** status 200 The payment and its record as they now are */ TravauxPaiementResponse;
export type ModifierPaiementTravauxApiArg = {
  modifierPaiementRequest: ModifierPaiementRequest;
};
export type PayerTravauxApiResponse =
  /** status 200 The payment and the record as it now is */ TravauxPaiementResponse;
export type PayerTravauxApiArg = {
  payerRequest: PayerRequest;
};
export type SupprimerTravauxApiResponse = /** status 200 Deleted */ Success;
export type SupprimerTravauxApiArg = {
  idRequest: IdRequest;
};
export type SupprimerPaiementTravauxApiResponse =
  /** status 200 The record as it now is */ TravauxResumeResponse;
export type SupprimerPaiementTravauxApiArg = {
  idRequest: IdRequest;
};
export type GetVisibiliteFinancesApiResponse =
  /** status 200 The co-owners and the keys */ VisibiliteResponse;
export type GetVisibiliteFinancesApiArg = void;
export type BulkSyncVisibiliteApiResponse =
  /** status 200 Every co-owner as they now are */ VisibiliteUsersResponse;
export type BulkSyncVisibiliteApiArg = {
  bulkSyncRequest: BulkSyncRequest;
};
export type GetVisibiliteHistoriqueApiResponse =
  /** status 200 The changes, newest first */ HistoriqueVisibiliteResponse;
export type GetVisibiliteHistoriqueApiArg = {
  userId?: number;
};
export type SyncVisibiliteUserApiResponse =
  /** status 200 The co-owner as they now are */ VisibiliteUserResponse;
export type SyncVisibiliteUserApiArg = {
  syncUserRequest: SyncUserRequest;
};
export type GetVotesApiResponse = /** status 200  */ VotesResponse;
export type GetVotesApiArg = void;
export type CreerVoteApiResponse = /** status 200  */ VoteCreeResponse;
export type CreerVoteApiArg = {
  voteRequest: VoteRequest;
};
export type ModifierVoteApiResponse = /** status 200  */ VoteCreeResponse;
export type ModifierVoteApiArg = {
  voteRequest: VoteRequest;
};
export type SupprimerVoteApiResponse = /** status 200  */ Success;
export type SupprimerVoteApiArg = {
  supprimerVoteRequest: SupprimerVoteRequest;
};
export type OuvrirTempsReelApiResponse = unknown;
export type OuvrirTempsReelApiArg = {
  /** The highest message id the client holds: the messages after it are sent first. */
  apres?: number;
};
export type Dt = number;
export type AchatSms = {
  date_facture: string;
  id: number;
  /** Excluding tax. */
  total_ht: Dt;
  /** Including Tunisian VAT (19 %). */
  total_ttc: Dt;
  units: number;
};
export type AchatsSmsResponse = {
  /** Newest invoice first. */
  achats_sms: AchatSms[];
  /** Units bought less the credits of the messages sent (failed ones given back). */
  solde: number;
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
  | "finance_ou_president_required"
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
  | "exercice_anterieur_cloture"
  | "exercice_non_termine"
  | "exercice_precedent_ouvert"
  | "livres_desequilibres"
  | "exercice_modifie_pendant_cloture"
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
  | "periode_tableau_de_bord_invalide"
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
  | "echeance_hors_plage"
  | "nom_invalide"
  | "gouvernorat_inconnu"
  | "type_fournisseur_invalide"
  | "categorie_inconnue"
  | "categorie_utilisee"
  | "fournisseur_inconnu"
  | "fournisseur_utilise"
  | "libelle_invalide"
  | "banque_invalide"
  | "rib_invalide"
  | "iban_invalide"
  | "compte_inconnu"
  | "compte_principal_non_supprimable"
  | "compte_avec_operations"
  | "operation_inconnue"
  | "transfert_inconnu"
  | "comptes_identiques"
  | "remise_inconnue"
  | "aucun_cheque"
  | "cheque_indisponible"
  | "remise_avant_cheque"
  | "mouvement_inconnu"
  | "type_compte_invalide"
  | "type_operation_invalide"
  | "table_invalide"
  | "cheque_remis"
  | "depense_inconnue"
  | "depense_avec_paiements"
  | "montant_inferieur_au_paye"
  | "paiement_inconnu"
  | "document_inconnu"
  | "archive_introuvable"
  | "approbateur_inconnu"
  | "methode_paiement_depense_invalide"
  | "client_inconnu"
  | "client_utilise"
  | "contrat_inconnu"
  | "contrat_avec_paiements"
  | "cheque_remis_modification"
  | "revenu_inconnu"
  | "periodicite_invalide"
  | "fichier_invalide"
  | "pdfTooLarge"
  | "salarie_inconnu"
  | "salarie_avec_paiements"
  | "poste_invalide"
  | "cin_invalide"
  | "taux_invalide"
  | "date_hors_plage"
  | "mois_invalide"
  | "texte_trop_long"
  | "methode_paiement_salaire_invalide"
  | "budget_inconnu"
  | "categorie_budget_inconnue"
  | "categorie_en_double"
  | "element_budget_inconnu"
  | "categorie_budgetee"
  | "INVALID_AMOUNT"
  | "reglement_introuvable"
  | "pdf_requis"
  | "commentaire_trop_long"
  | "credits_sms_insuffisants"
  | "aucun_impaye"
  | "webhook_non_autorise"
  | "email_manquant"
  | "email_deja_verifie"
  | "envoi_email_echoue"
  | "email_modifie_envoi_echoue"
  | "lien_verification_invalide"
  | "lien_verification_autre_utilisateur"
  | "lien_verification_utilise"
  | "lien_verification_expire"
  | "lien_verification_perime"
  | "mot_de_passe_incorrect"
  | "mot_de_passe_trop_court"
  | "mots_de_passe_differents"
  | "visibilite_refusee"
  | "coproprietaire_inconnu"
  | "assemblee_introuvable"
  | "point_introuvable"
  | "resolution_introuvable"
  | "piece_jointe_introuvable"
  | "date_assemblee_hors_plage"
  | "assemblee_non_supprimable"
  | "assemblee_convoquee"
  | "assemblee_terminee"
  | "etape_non_atteinte"
  | "titre_point_invalide"
  | "ordre_du_jour_vide"
  | "aucun_present"
  | "occupant_non_coproprietaire"
  | "presences_non_enregistrees"
  | "votes_incomplets"
  | "vote_invalide"
  | "choix_invalides"
  | "point_information"
  | "point_non_supprimable"
  | "signataire_non_present"
  | "infos_finales_manquantes"
  | "pv_signe_manquant"
  | "proces_verbal_indisponible"
  | "presence_signee_manquante"
  | "heure_invalide"
  | "representant_requis"
  | "resolution_requise"
  | "president_requis"
  | "secretaire_requis"
  | "texte_long_trop_long"
  | "annonce_introuvable"
  | "description_trop_longue"
  | "jours_invalide"
  | "date_fin_passee"
  | "panne_introuvable"
  | "commentaire_introuvable"
  | "panne_archivee"
  | "auteur_requis"
  | "panne_statut_evolue"
  | "statut_identique"
  | "statut_panne_invalide"
  | "image_requise"
  | "conversation_introuvable"
  | "conversation_interdite"
  | "message_vide"
  | "message_trop_long"
  | "origine_interdite"
  | "websocket_requis"
  | "temps_reel_indisponible"
  | "vote_introuvable"
  | "createur_requis"
  | "vote_verrouille"
  | "vote_termine"
  | "vote_non_ouvert"
  | "trop_de_choix"
  | "choix_en_double"
  | "choix_invalide"
  | "vote_deja_exprime"
  | "vote_non_exprime"
  | "proprietaire_requis"
  | "resultats_non_publies"
  | "paiement_en_ligne_indisponible"
  | "montant_du_deja_paye"
  | "paiement_en_ligne_en_cours"
  | "passerelle_indisponible"
  | "paiement_en_ligne_deja_enregistre"
  | "reference_passerelle_invalide"
  | "paiement_en_ligne_inconnu"
  | "wallet_id_requis"
  | "cle_api_requise"
  | "methodes_paiement_en_ligne_invalides"
  | "compte_bancaire_invalide"
  | "frais_superieurs_au_brut"
  | "releve_format_inconnu"
  | "releve_illisible"
  | "releve_ligne_invalide"
  | "fichier_trop_volumineux"
  | "colonne_inconnue"
  | "releve_deja_importe"
  | "releve_inconnu"
  | "ligne_releve_inconnue"
  | "deja_pointe"
  | "montants_differents"
  | "aucun_mouvement"
  | "ligne_deja_rapprochee"
  | "ligne_non_rapprochee"
  | "type_incompatible"
  | "releve_vide";
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
  /** A bank statement's line that cannot be read: its 1-based line (row) number in the file. */
  ligne?: number;
  message: string;
  /** Why that line cannot be read, in French ("montant illisible: 12,3,4"). */
  raison?: string;
  /** Always `false`. */
  success: boolean;
};
export type AnnonceDto = {
  /** Its last day shown (`yyyy-MM-dd`, included): archived the day after. */
  date_fin: string;
  description: string;
  id: number;
  /** Its author's name. */
  nom: string;
  /** When it was published (UTC, RFC 3339). */
  time: string;
};
export type AnnoncesResponse = {
  /** Newest first. */
  annonces: AnnonceDto[];
  success: boolean;
};
export type AnnonceResponse = {
  annonce: AnnonceDto;
  success: boolean;
};
export type CreerAnnonceRequest = {
  /** Instead of `jours`, its last day (`yyyy-MM-dd`, not before today). Not both. */
  date_fin?: string | null;
  /** Required, 5000 characters at most, several lines allowed. */
  description?: string | null;
  /** How many days after today it stays active (its last day is today plus `jours`): a whole
    number from 1 to 365, as a number or digits; absent, 14. */
  jours?: number | null;
};
export type AnnonceSuccesResponse = {
  success: boolean;
};
export type ModifierAnnonceRequest = {
  /** Its last day, `yyyy-MM-dd`, not before today. */
  date_fin?: string | null;
  /** Required, 5000 characters at most. */
  description?: string | null;
  id?: number | null;
};
export type SupprimerAnnonceRequest = {
  id?: number | null;
};
export type ArchiveNode = {
  children: ArchiveNode[];
  displayName: string;
  /** A file's extension, lower case; null for a folder. */
  format: string | null;
  name: string;
  path: string;
  /** `folder` or `file`. */
  type: string;
};
export type ArchiveResponse = {
  archive: ArchiveNode[];
  success: boolean;
};
export type AssembleeDto = {
  date: string;
  date_convocation: string | null;
  date_debut: string | null;
  date_fin: string | null;
  heure: string;
  heure_debut: string | null;
  heure_fin: string | null;
  id: number;
  lieu: string;
  /** `en_main` or `lettre_recommendee`. */
  methode_convocation: string | null;
  mot_fin: string | null;
  mot_intro: string | null;
  /** 1 to 5; 6 = finished. */
  step: number;
  titre: string;
};
export type AssembleesResponse = {
  /** Newest date first. */
  assemblees: AssembleeDto[];
  success: boolean;
};
export type PointBibliothequeDto = {
  id: number;
  projet_resolution: string;
  titre: string;
};
export type BibliothequeResponse = {
  points: PointBibliothequeDto[];
  success: boolean;
};
export type UrlDto = {
  url: string;
};
export type AssembleeCoproprietaire = AssembleeDto & {
  is_presence_available: boolean;
  is_pv_available: boolean;
  presencesSignees: UrlDto[];
  /** `realise` (finished) or `upcoming`. */
  status: string;
};
export type CoproprietaireResponse = {
  assemblees: AssembleeCoproprietaire[];
  success: boolean;
};
export type AssembleeResponse = {
  assemblee: AssembleeDto;
  success: boolean;
};
export type InfosGeneralesRequest = {
  /** `yyyy-MM-dd`, from 1 January of last year to 31 December of next year. */
  date?: string | null;
  /** `HH:MM` or `HHMM`; 19:30 when absent on creation. */
  heure?: string | null;
  /** Absent on creation. */
  id?: number | null;
  lieu?: string | null;
  titre?: string | null;
};
export type ProjetResolution = {
  resolution: string;
};
export type PointOrdreDuJourDto = {
  id: number;
  numero: number;
  projet_resolution: string;
  /** The draft resolution as the spec's list: one item. */
  resolutions: ProjetResolution[];
  titre: string;
};
export type DocumentAssemblee = {
  id: number;
  sha256: string;
  taille: number;
  titre: string;
  url: string;
};
export type Etape1Response = {
  info_generales: AssembleeDto;
  ordre_du_jour: PointOrdreDuJourDto[];
  pieces_jointes: DocumentAssemblee[];
  success: boolean;
};
export type Etape2Response = {
  info: AssembleeDto;
  success: boolean;
};
export type ResolutionChoixDto = {
  choix: string;
};
export type ResolutionDecompteDto = {
  option: string;
  quote_parts: number;
  voix: number;
};
export type IssueDto = {
  choix: string | null;
  issue: string;
};
export type ReductionDto = {
  occupant_id: number;
  quote_part: number;
  retenue: number;
};
export type ResultatDto = {
  decomptes: ResolutionDecompteDto[];
  par_quote_part: IssueDto;
  par_tete: IssueDto;
  quote_parts_residence: number;
  reduction: null | ReductionDto;
  total_quote_parts: number;
  total_voix: number;
};
export type ResolutionVoteDto = {
  occupant_id: number;
  vote: string;
};
export type ResolutionDto = {
  choix: ResolutionChoixDto[];
  id: number;
  /** Every co-owner present or represented has voted ("Voté"; else "Pas encore"). */
  is_voted: boolean;
  numero: number;
  point_id: number;
  resolution: string;
  resultat: ResultatDto;
  /** `simple` or `multiple`. */
  type_vote: string;
  votes: ResolutionVoteDto[];
};
export type PointDto = {
  /** `information`, `termine` or `pas_encore` (spec 3 §2.5 step 4). */
  etat: string;
  id: number;
  is_info: boolean;
  numero: number;
  projet_resolution: string;
  resolutions: ResolutionDto[];
  titre: string;
};
export type PresenceDto = {
  id: number;
  /** `present`, `represente` or `absent` (a co-owner not recorded is absent). */
  is_present: string;
  occupant_id: number;
  occupant_nom: string;
  /** His share of the common parts (see docs/domain.md "Assemblies"). */
  quote_part: number;
  representant: string | null;
};
export type Etape4Response = {
  date_debut: string | null;
  heure_debut: string | null;
  /** Every votable point done. */
  is_voted: boolean;
  points: PointDto[];
  /** Every co-owner at the meeting's date, each with his attendance. */
  presences: PresenceDto[];
  step: number;
  success: boolean;
};
export type OccupantNom = {
  id: number;
  nom: string;
};
export type PresentDto = {
  id: number;
  /** `present` or `represente` (scrutineers are chosen among `present`). */
  is_present: string;
  occupant: OccupantNom;
};
export type SignataireDto = {
  nom: string;
  occupant_id: number;
  /** `president`, `secretaire` or `scrutateur`. */
  role: string;
};
export type AssembleeEtape5 = AssembleeDto & {
  presences: PresentDto[];
  presencesSignees: DocumentAssemblee[];
  pvsSignes: DocumentAssemblee[];
  signataires: SignataireDto[];
};
export type Etape5Response = {
  assemblee: AssembleeEtape5;
  step: number;
  success: boolean;
};
export type ScrutateurRequest = {
  occupantId?: number | null;
};
export type InfosFinalesRequest = {
  date_fin?: string | null;
  heure_fin?: string | null;
  id?: number | null;
  mot_fin?: string | null;
  mot_intro?: string | null;
  /** The chair's occupant id. */
  president?: number | null;
  scrutateurs?: ScrutateurRequest[] | null;
  /** The secretary's occupant id. */
  secretaire?: number | null;
};
export type ConvocationRequest = {
  date_convocation?: string | null;
  id?: number | null;
  /** `en_main` or `lettre_recommendee`. */
  methode_convocation?: string | null;
};
export type DebutRequest = {
  date_debut?: string | null;
  /** `HH:MM` or `HHMM`. */
  heure_debut?: string | null;
  id?: number | null;
};
export type OrdreDuJourResponse = {
  ordre_du_jour: PointOrdreDuJourDto[];
  success: boolean;
};
export type PointOrdreDuJourRequest = {
  /** The order wanted (points are renumbered from 1 in this order). */
  numero?: number | null;
  /** The point's title (at least 2 characters). */
  point?: string | null;
  projet_resolution?: string | null;
};
export type OrdreDuJourRequest = {
  assemblee_id?: number | null;
  ordreDuJour?: PointOrdreDuJourRequest[] | null;
};
export type PresencesResponse = {
  presences: PresenceDto[];
  success: boolean;
};
export type PresenceRequest = {
  /** `present`, `represente` or `absent`. */
  is_present?: string | null;
  occupant_id?: number | null;
  /** Required when `represente`. */
  representant?: string | null;
};
export type PresencesRequest = {
  assemblee_id?: number | null;
  records?: PresenceRequest[] | null;
};
export type PointResponse = {
  point: PointDto;
  success: boolean;
};
export type RenommerPointRequest = {
  id?: number | null;
  titre?: string | null;
};
export type Success = {
  /** Always `true`. */
  success: boolean;
};
export type IdAssembleesRequest = {
  id?: number | null;
};
export type PointInfoRequest = {
  assemblee_id?: number | null;
  titre?: string | null;
};
export type PointIdRequest = {
  point_id?: number | null;
};
export type StepResponse = {
  step: number;
  success: boolean;
};
export type ResolutionResponse = {
  resolution: ResolutionDto;
  success: boolean;
};
export type ResolutionVoteRequest = {
  assembleeId?: number | null;
  /** A multiple-choice vote's 2 to 4 choices. */
  choices?: string[] | null;
  pointId?: number | null;
  /** Absent: a new resolution; present: that resolution's text and votes are replaced. */
  resolutionId?: number | null;
  resolutionText?: string | null;
  /** `simple` or `multiple`. */
  voteType?: string | null;
  /** Occupant id → `pour` / `contre` / `abstention`, or one of `choices`. */
  votes?:
    | {
        [key: string]: string;
      }
    | {
        [key: string]: string;
      };
};
export type TypeCompte = "courant" | "epargne";
export type CompteBancaire = {
  adresse_agence: string | null;
  banque: string;
  commentaire: string | null;
  date_solde_initial: string;
  /** Something moved money on it: it cannot be deleted (`compte_avec_operations`). */
  has_operations: boolean;
  /** TN and 22 digits. */
  iban: string | null;
  id: number;
  /** The account later bank receipts attach to; exactly one account is main. */
  is_main: boolean;
  libelle: string;
  /** 20 digits. */
  rib: string | null;
  /** Whether the RIB's key checks (`null` without a RIB): the form warns when it does not,
    the server accepts it. */
  rib_cle_valide: boolean | null;
  /** The balance today: the opening balance plus the movements dated until today. */
  solde: Dt;
  /** The balance on `date_solde_initial`, when the books start following the account. */
  solde_initial: Dt;
  swift: string | null;
  type: TypeCompte;
};
export type CompteChoix = {
  id: number;
  is_main: boolean;
  libelle: string;
};
export type ComptesResponse = {
  /** The main account first, then by libellé. */
  comptes: CompteBancaire[];
  comptes_bancaires: CompteChoix[];
  /** Whether the residence has a bank account (the screens show the no-bank alert when not). */
  has_bank: boolean;
  success: boolean;
};
export type CompteResponse = {
  compte: CompteBancaire;
  success: boolean;
};
export type CompteRequest = {
  adresse_agence?: string | null;
  /** The bank's name: required, 200 characters at most. */
  banque: string;
  commentaire?: string | null;
  /** `yyyy-MM-dd`; today by default (on an edit: unchanged when absent). A non-zero opening
    balance is a posting on this date: its exercice must be open. */
  date_solde_initial?: string | null;
  /** TN and 22 digits, spaces ignored (`iban_invalide`). */
  iban?: string | null;
  /** A boolean or 0/1. The first account is main whatever is sent; declaring another
    account main moves the flag. */
  is_main?: boolean | null;
  /** Required, 200 characters at most. */
  libelle: string;
  /** 20 digits, spaces ignored (`rib_invalide`); a key that does not check is accepted. */
  rib?: string | null;
  solde_initial?: null | Dt;
  swift?: string | null;
  type: TypeCompte;
};
export type ModifierCompteRequest = {
  adresse_agence?: string | null;
  banque: string;
  commentaire?: string | null;
  date_solde_initial?: string | null;
  iban?: string | null;
  id: number;
  /** Unticking it on the main account keeps it main. */
  is_main?: boolean | null;
  libelle: string;
  rib?: string | null;
  solde_initial?: null | Dt;
  swift?: string | null;
  type: TypeCompte;
};
export type SupprimerCompteRequest = {
  compte_id: number;
};
export type TypeOperation = "retrait" | "depot" | "frais" | "interets";
export type OperationBancaire = {
  commentaire: string | null;
  compte_id: number;
  date: string;
  /** When the bank booked it (its pointing); `null` while not pointed. */
  date_banque: string | null;
  id: number;
  /** Its date lies in a closed exercice: it can no longer be changed (403 `exercice_cloture`). */
  is_closed: boolean;
  libelle: string;
  /** Positive whatever its direction (its type says it). */
  montant: Dt;
  type: TypeOperation;
};
export type CompteOperations = {
  id: number;
  is_main: boolean;
  libelle: string;
  /** Newest first. */
  operations: OperationBancaire[];
};
export type OperationsResponse = {
  /** Every account (the main one first, then by libellé), each with its operations. */
  comptes: CompteOperations[];
  has_bank: boolean;
  success: boolean;
};
export type OperationResponse = {
  operation: OperationBancaire;
  success: boolean;
};
export type OperationRequest = {
  commentaire?: string | null;
  /** The account's id. */
  compte: number;
  /** `yyyy-MM-dd`, in an open exercice. */
  date: string;
  /** `yyyy-MM-dd`: when the bank booked it (points it); empty: not pointed. */
  date_banque?: string | null;
  /** Required, 200 characters at most. */
  libelle: string;
  /** DT > 0, up to three decimals. */
  montant: Dt;
  type: TypeOperation;
};
export type ModifierOperationRequest = {
  commentaire?: string | null;
  date: string;
  date_banque?: string | null;
  id: number;
  libelle: string;
  montant: Dt;
  type: TypeOperation;
};
export type SupprimerOperationRequest = {
  operation_id: number;
};
export type CompteRef = {
  id: number;
  libelle: string;
};
export type Transfert = {
  commentaire: string | null;
  compte_destination: CompteRef;
  compte_source: CompteRef;
  date: string;
  id: number;
  /** Its date lies in a closed exercice: it can no longer be changed (403 `exercice_cloture`). */
  is_closed: boolean;
  montant: Dt;
  reference: string | null;
};
export type TransfertsResponse = {
  comptes_bancaires: CompteChoix[];
  has_bank: boolean;
  success: boolean;
  /** Newest first. */
  transferts: Transfert[];
};
export type DescriptionLigne =
  | {
      date: string;
      nature: "solde_reporte";
    }
  | {
      date: string;
      nature: "solde_initial";
    }
  | {
      nature: "remise";
      nombre_cheques: number;
    }
  | {
      compte_libelle: string;
      nature: "transfert_vers";
    }
  | {
      compte_libelle: string;
      nature: "transfert_depuis";
    }
  | {
      cotisation: string;
      nature: "encaissement";
      propriete: string;
    }
  | {
      libelle: string;
      nature: "operation";
    }
  | {
      depense: string;
      fournisseur: string;
      nature: "paiement_depense";
    }
  | {
      mois: string;
      nature: "paiement_salaire";
      salarie: string;
    }
  | {
      nature: "charge_patronale";
      titre: string;
    }
  | {
      contrat: string;
      nature: "paiement_contrat";
      partie: string;
    }
  | {
      nature: "revenu_exceptionnel";
      revenu: string;
    }
  | {
      nature: "reglement_passerelle";
      reference?: string | null;
    };
export type TableLigne =
  | "encaissement"
  | "operation"
  | "transfert_sortie"
  | "transfert_entree"
  | "remise"
  | "paiement_depense"
  | "paiement_salaire"
  | "charge_patronale"
  | "paiement_contrat"
  | "revenu_exceptionnel"
  | "reglement_passerelle"
  | "solde";
export type LigneRapprochement = {
  date: string;
  /** When the bank booked it: pointed rows have one (green), the others not (pink). */
  date_banque: string | null;
  /** What the row is, in parts a client words itself (the French is `libelle`). */
  description: DescriptionLigne;
  /** The record's id within its `table` (for `solde` rows, the account's id). */
  id: number;
  /** Its date lies in a closed exercice: its pointing can no longer change. */
  is_closed: boolean;
  /** What names the row, in French (`description` holds its parts, for other languages). */
  libelle: string;
  /** Signed: money in positive, money out negative. */
  montant: Dt;
  /** A movement (false for the grey `solde` rows). */
  pointable: boolean;
  reference: string | null;
  table: TableLigne;
};
export type PointageResponse = {
  /** The movement's row as it now is. */
  operation: LigneRapprochement;
  success: boolean;
  table: TableLigne;
};
export type TablePointage =
  | "encaissement"
  | "operation"
  | "transfert_sortie"
  | "transfert_entree"
  | "remise"
  | "paiement_depense"
  | "paiement_salaire"
  | "charge_patronale"
  | "paiement_contrat"
  | "revenu_exceptionnel"
  | "reglement_passerelle";
export type PointerRequest = {
  /** `yyyy-MM-dd`: when the bank booked it; `null` unpoints it. Required (absent is
    `champ_obligatoire`). */
  date_banque: string | null;
  /** The movement's id within its `table` (a reconciliation row's `id`). */
  id: number;
  table: TablePointage;
};
export type ExerciceChoix = {
  annee: number;
  is_closed: boolean;
};
export type TotauxRapprochement = {
  /** The latest bank date of the pointed movements; `null` when none is pointed. */
  date_dernier_pointage: string | null;
  /** The movements of the year not pointed yet. */
  non_pointe: Dt;
  /** The pointed movements of the year. */
  pointe: Dt;
  /** The balance the bank should show as of `date_dernier_pointage`: the balance rows and
    `pointe`. */
  solde_banque: Dt;
  /** The account's balance in the books after every movement of the year: the balance rows,
    `pointe` and `non_pointe`. */
  solde_livres: Dt;
};
export type RapprochementResponse = {
  /** The account reconciled; `null` when the residence has no account. */
  compte_id: number | null;
  /** The accounts for the selector (the main account first). */
  comptes: CompteChoix[];
  /** The fiscal year reconciled (a calendar year). */
  exercice: number;
  /** The residence's fiscal years for the selector, newest first. */
  exercices: ExerciceChoix[];
  has_bank: boolean;
  /** The year is closed: nothing can be pointed in it. */
  is_closed: boolean;
  /** The balance rows and the year's movements, by date. */
  rapprochements: LigneRapprochement[];
  success: boolean;
  totaux: TotauxRapprochement;
};
export type FormatReleveApi = "csv" | "xlsx" | "ofx" | "camt053";
export type ReleveResume = {
  au: string;
  compte: number;
  du: string;
  format: FormatReleveApi;
  id: number;
  importe_le: string;
  lignes: number;
  nom_fichier: string | null;
  pointees: number;
  proposees: number;
  sans_correspondance: number;
};
export type RelevesResponse = {
  releves: ReleveResume[];
  success: boolean;
};
export type CompteReleve = {
  id: number;
  nom: string;
};
export type ControleReleve = {
  ecart: null | Dt;
  /** The two agree; `null` without a closing balance. */
  equilibre: boolean | null;
  /** The account's bank balance at `au`: the balance carried into the year (and an opening
    balance dated in it), plus the movements pointed by then (the reconciliation's
    `solde_banque`). */
  solde_banque: Dt;
  solde_releve: null | Dt;
};
export type MouvementReleve = {
  date: string;
  id: number;
  libelle: string;
  /** Signed: money in positive. */
  montant: Dt;
  table: TableLigne;
};
export type StatutLigne = "pointee" | "proposee" | "sans_correspondance";
export type TypeSuggestion =
  "frais" | "interets" | "retrait" | "depot" | "encaissement";
export type Suggestion = {
  libelle: string;
  type: TypeSuggestion;
};
export type LigneDetail = {
  date: string;
  libelle: string;
  montant: Dt;
  /** The movements pointed with this line. */
  mouvements: MouvementReleve[];
  numero: number;
  /** Candidate sets, each making the line's amount, best first. */
  propositions: MouvementReleve[][];
  reference: string | null;
  statut: StatutLigne;
  suggestion: null | Suggestion;
};
export type Releve = {
  au: string;
  compte: CompteReleve;
  controle: ControleReleve;
  du: string;
  format: FormatReleveApi;
  id: number;
  importe_le: string;
  /** A line lies in a closed fiscal year: its pointing cannot change. */
  is_closed: boolean;
  lignes: LigneDetail[];
  nom_fichier: string | null;
  sha256: string;
  solde_cloture: null | Dt;
  solde_ouverture: null | Dt;
};
export type ReleveActionResponse = {
  releve: Releve;
  success: boolean;
};
export type CreerOperationRequest = {
  /** Required, 200 characters at most. */
  libelle: string;
  ligne: number;
  releve: number;
  /** `frais` or `retrait` for money out, `interets` or `depot` for money in. */
  type: TypeOperation;
};
export type LigneRequest = {
  ligne: number;
  releve: number;
};
export type MouvementRef = {
  id?: number | null;
  table: TablePointage;
};
export type RapprocherRequest = {
  ligne: number;
  mouvements?: MouvementRef[];
  releve: number;
};
export type TransfertResponse = {
  success: boolean;
  transfert: Transfert;
};
export type TransfertRequest = {
  commentaire?: string | null;
  /** The account the money reaches: another one (`comptes_identiques`). */
  compte_destination: number;
  /** The account the money leaves. */
  compte_source: number;
  /** `yyyy-MM-dd`, in an open exercice. */
  date: string;
  /** DT > 0, up to three decimals. */
  montant: Dt;
  reference?: string | null;
};
export type ModifierTransfertRequest = {
  commentaire?: string | null;
  compte_destination: number;
  compte_source: number;
  date: string;
  id: number;
  montant: Dt;
  reference?: string | null;
};
export type SupprimerTransfertRequest = {
  transfert_id: number;
};
export type BroadcastingAuthResponse = {
  /** Always `daftar`: the real-time channel is `/api/ws`, authorised by the session cookie. */
  auth: string;
};
export type BroadcastingAuthRequest = {
  /** `private-conversation.{id}`. */
  channel_name?: string | null;
  socket_id?: string | null;
};
export type TypeApprobateurApi = "assemblee" | "vote";
export type ChargeBudget = {
  date_facture: string;
  id: number;
  montant: Dt;
  titre: string;
};
export type ElementBudget = {
  categorie_id: number;
  categorie_titre: string;
  /** Those charges, oldest invoice first. */
  charges: ChargeBudget[];
  id: number;
  /** Budgeted. */
  montant: Dt;
  /** Σ of the current charges of the category invoiced (date_facture) in the budget's year. */
  montant_total_depense: Dt;
};
export type Budget = {
  annee_exercice: number;
  approvable_id: number | null;
  approvable_type: null | TypeApprobateurApi;
  commentaire: string | null;
  elements: ElementBudget[];
  /** Its id: the year of its fiscal year. */
  id: number;
  /** 1 approved, 0 refused, `null` undecided. */
  is_approved: number | null;
  /** Its year is closed: the budget can no longer be edited. */
  is_closed: boolean;
  /** Σ of the elements' amounts. */
  montant_total: Dt;
  /** Σ of the elements' spend. */
  montant_total_depense: Dt;
  titre: string;
};
export type BudgetsResponse = {
  /** Every budget, newest year first. */
  budgets: Budget[];
  currentBudget: null | Budget;
  success: boolean;
};
export type BudgetResponse = {
  currentBudget: Budget;
  success: boolean;
};
export type NombreOuTexte = number | string;
export type MontantSaisi = number | string;
export type ElementRequest = {
  categorie_id?: number | null;
  /** An existing element's id (absent for a new one). */
  id?: number | null;
  montant?: null | MontantSaisi;
};
export type ModifierBudgetRequest = {
  ag?: null | NombreOuTexte;
  /** `assemblee` (reads `ag`) or `vote` (reads `vote`); empty when no approver is named. */
  approuve_par?: string | null;
  commentaire?: string | null;
  /** The whole list of elements: an element left out is removed. */
  elements?: ElementRequest[];
  /** The budget's id: its year. */
  id?: number | null;
  is_approved?: null | NombreOuTexte;
  /** Required, 200 characters at most, one line. */
  titre?: string | null;
  vote?: null | NombreOuTexte;
};
export type Categorie = {
  description: string | null;
  id: number;
  titre: string;
  /** A charge or works item names it: it cannot be deleted (`categorie_utilisee`). */
  utilisee: boolean;
};
export type CategoriesResponse = {
  /** Sorted by title (accents ignored). */
  categories: Categorie[];
  success: boolean;
};
export type CategorieResponse = {
  categorie: Categorie;
  success: boolean;
};
export type CategorieRequest = {
  /** Optional; several lines allowed. */
  description?: string | null;
  /** Required, one line, 200 characters at most. */
  titre: string;
};
export type ModifierCategorieRequest = {
  description?: string | null;
  id: number;
  titre: string;
};
export type SupprimerCategorieRequest = {
  categorie_id: number;
};
export type NomRef = {
  id: number;
  nom: string;
};
export type EtatPaiementDepense = "impaye" | "partiel" | "complet";
export type Charge = {
  categorie: null | NomRef;
  commentaire: string | null;
  date_facture: string;
  etat_paiement: EtatPaiementDepense;
  fournisseur: NomRef;
  /** It has payments: it cannot be deleted (`depense_avec_paiements`). */
  has_paiements: boolean;
  id: number;
  /** Its invoice date is in a closed exercice (edit, delete, pay disabled). */
  is_closed: boolean;
  /** The sum of its payments. */
  montant_paye: Dt;
  montant_total: Dt;
  restant_du: Dt;
  titre: string;
};
export type ChargesResponse = {
  /** Newest invoice first. */
  charges: Charge[];
  success: boolean;
};
export type TypeDocument = "facture" | "devis" | "doc";
export type Document = {
  /** `application/pdf`, `image/png` or `image/jpeg`. */
  content_type: string;
  id: number;
  /** `/api/documents/{id}/miniature`: a PNG of at most 256 px. */
  miniature_url: string;
  /** Bytes as stored. */
  taille: number;
  /** The file's name as sent. */
  titre: string;
  type: TypeDocument;
  /** `/api/documents/{id}`. */
  url: string;
};
export type MethodePaiementDepenseApi =
  "espece" | "cheque" | "virement" | "tpe" | "enligne";
export type PaiementDepense = {
  /** The bank account it left (the main account when it was recorded); `null` for cash. */
  compte_id: number | null;
  date_paiement: string;
  id: number;
  /** Its date lies in a closed exercice: it can no longer be changed. */
  is_closed: boolean;
  methode_paiement: MethodePaiementDepenseApi;
  montant: Dt;
  /** Kept for `cheque` and `virement` only. */
  reference_paiement: string | null;
};
export type ChargeDetail = {
  categorie: null | NomRef;
  commentaire: string | null;
  date_facture: string;
  devis: Document[];
  etat_paiement: EtatPaiementDepense;
  factures: Document[];
  fournisseur: NomRef;
  has_paiements: boolean;
  id: number;
  is_closed: boolean;
  montant_paye: Dt;
  montant_total: Dt;
  /** By date. */
  paiements: PaiementDepense[];
  restant_du: Dt;
  titre: string;
};
export type ChargeResponse = {
  charge: ChargeDetail;
  success: boolean;
};
export type CategorieChoix = {
  id: number;
  titre: string;
};
export type FournisseursCategoriesResponse = {
  /** By title. */
  categories: CategorieChoix[];
  /** By name. */
  fournisseurs: NomRef[];
  success: boolean;
};
export type ChargePaiementResponse = {
  /** The record as it now is. */
  charge: Charge;
  paiement: PaiementDepense;
  success: boolean;
};
export type ModifierPaiementRequest = {
  /** The charge the payment pays (informative: the payment names it). */
  charge_id?: number | null;
  date_paiement: string;
  /** The payment's id. */
  id: number;
  methode_paiement: MethodePaiementDepenseApi;
  /** DT > 0, up to three decimals, at most `restant_du` plus the payment's own amount. */
  montant: Dt;
  reference_paiement?: string | null;
  /** The works item the payment pays (informative: the payment names it). */
  travaux_id?: number | null;
};
export type PayerRequest = {
  /** `yyyy-MM-dd`, in an open exercice. */
  date_paiement: string;
  /** The charge's or works item's id. */
  id: number;
  methode_paiement: MethodePaiementDepenseApi;
  /** DT > 0, up to three decimals, at most `restant_du`. */
  montant: Dt;
  /** Kept for `cheque` and `virement` only; 100 characters at most. */
  reference_paiement?: string | null;
};
export type IdRequest = {
  id: number;
};
export type ChargeResumeResponse = {
  charge: Charge;
  success: boolean;
};
export type ChargePatronale = {
  commentaire: string | null;
  /** The bank account it left (the main one when it was recorded); null for cash. */
  compte_id: number | null;
  date_paiement: string;
  id: number;
  /** Its date is in a closed exercice: it can no longer be edited or deleted. */
  is_closed: boolean;
  methode_paiement: MethodePaiementDepenseApi;
  montant: Dt;
  reference_piece_justificative: string | null;
  titre: string;
};
export type ChargesPatronalesResponse = {
  /** Newest first. */
  paiements: ChargePatronale[];
  success: boolean;
};
export type ChargePatronaleResponse = {
  charge_patronale_paiement: ChargePatronale;
  success: boolean;
};
export type ChargePatronaleRequest = {
  commentaire?: string | null;
  /** `yyyy-MM-dd`, in an open exercice. */
  date_paiement: string;
  /** `/modifier` only: the payment's id, when not in the query string. */
  id?: number | null;
  methode_paiement: MethodePaiementDepenseApi;
  /** DT > 0, up to three decimals, at most 99999.999. */
  montant: Dt;
  /** One line, 100 characters at most. */
  reference_piece_justificative?: string | null;
  /** Required, one line, 200 characters at most. */
  titre: string;
};
export type SalaireIdRequest = {
  id: number;
};
export type Gouvernorat = {
  id: number;
  nom: string;
};
export type Client = {
  activite: string | null;
  adresse: string | null;
  commentaire: string | null;
  email: string | null;
  gouvernorat: null | Gouvernorat;
  id: number;
  /** Free text, as typed. */
  matricule_fiscal: string | null;
  nom: string;
  /** 8 digits. */
  tel: string | null;
  /** A contract or an exceptional revenue names it: it cannot be deleted (`client_utilise`). */
  utilise: boolean;
  ville: string | null;
};
export type ClientsResponse = {
  /** Sorted by name (accents ignored). */
  clients: Client[];
  success: boolean;
};
export type ClientResponse = {
  client: Client;
  success: boolean;
};
export type ClientRequest = {
  activite?: string | null;
  adresse?: string | null;
  commentaire?: string | null;
  /** Empty or a valid address (`email_invalide`). */
  email?: string | null;
  /** A governorate's id, 1 to 24 (`gouvernorat_inconnu`), or null. */
  gouvernorat?: number | null;
  /** Free text (the form suggests the usual shape, `1234567/A/M/000`). */
  matricule_fiscal?: string | null;
  /** Required, one line, 200 characters at most (`nom_invalide` when longer). */
  nom: string;
  /** Empty or 8 digits, spaces ignored (`tel_invalide`). */
  tel?: string | null;
  ville?: string | null;
};
export type ClientDialogRequest = {
  nom: string;
  tel?: string | null;
};
export type ModifierClientRequest = ClientRequest & {
  id: number;
};
export type SupprimerClientRequest = {
  client_id: number;
};
export type CompteBalance = {
  compte: string;
  /** Σ credit of the exercice's lines. */
  credit: Dt;
  /** Σ debit of the exercice's lines. */
  debit: Dt;
  intitule: string;
  /** credit − debit when positive, else 0. */
  solde_crediteur: Dt;
  /** debit − credit when positive, else 0. */
  solde_debiteur: Dt;
};
export type ExerciceComptable = {
  annee: number;
  is_closed: boolean;
};
export type TotauxBalance = {
  credit: Dt;
  debit: Dt;
  solde_crediteur: Dt;
  solde_debiteur: Dt;
};
export type BalanceResponse = {
  /** Every account with a line in the exercice, in the chart's order. */
  comptes: CompteBalance[];
  /** Σ debit = Σ credit (always, by construction: every entry balances). */
  equilibree: boolean;
  exercice: number;
  exercices: ExerciceComptable[];
  success: boolean;
  totaux: TotauxBalance;
};
export type MouvementGrandLivre = {
  credit: Dt;
  date: string;
  debit: Dt;
  libelle: string;
  numero: number;
  /** The account's balance (debit − credit) after this movement. */
  solde: Dt;
};
export type CompteGrandLivre = {
  compte: string;
  intitule: string;
  /** By date, then number. */
  mouvements: MouvementGrandLivre[];
  /** The balance (debit − credit) at the end of the exercice. */
  solde: Dt;
  /** The balance (debit − credit) carried in: Σ of the account's lines dated before the
    exercice. */
  solde_ouverture: Dt;
  total_credit: Dt;
  total_debit: Dt;
};
export type GrandLivreResponse = {
  /** Every account with a balance carried in or a movement in the exercice, in the chart's
    order. */
  comptes: CompteGrandLivre[];
  exercice: number;
  exercices: ExerciceComptable[];
  success: boolean;
};
export type LigneEcriture = {
  /** The account's number in the chart (ADR 0007): "450", "5112", "512001", "53", "701"… */
  compte: string;
  credit: Dt;
  debit: Dt;
  /** The account's title; a bank sub-account's is "Banque — <its bank account's libellé>". */
  intitule: string;
};
export type SourceEcriture = {
  /** The record's id within its nature. */
  id: number;
  /** `appels` (a cotisation's calls), `encaissement`, `solde_initial` (a bank account's
    opening balance), `operation`, `transfert` or `remise` (a cheque deposit). */
  nature: string;
};
export type Ecriture = {
  date: string;
  /** For a contra-entry (a correction or cancellation of its record), the number of the
    entry it reverses. */
  extourne_de: number | null;
  libelle: string;
  /** Σ debit = Σ credit. */
  lignes: LigneEcriture[];
  /** 1, 2, 3… within the exercice, in the order the entries were posted, without gaps. */
  numero: number;
  source: SourceEcriture;
};
export type TotauxJournal = {
  credit: Dt;
  debit: Dt;
};
export type JournalResponse = {
  /** In number order. */
  ecritures: Ecriture[];
  exercice: number;
  /** The residence's fiscal years, newest first. */
  exercices: ExerciceComptable[];
  success: boolean;
  totaux: TotauxJournal;
};
export type BanqueTresorerie = {
  /** The bank account's id; `null` for 512000, bank receipts recorded before any bank
    account existed. */
  compte_id: number | null;
  /** The bank account's libellé (its sub-account's number while the bank's records are not
    readable). */
  compte_nom: string;
  solde: Dt;
};
export type TresorerieResponse = {
  /** 512NNN, one per bank account, by id. */
  banques: BanqueTresorerie[];
  /** 53, the cash box. */
  caisse: Dt;
  /** 5112, cheques received and not yet deposited (not in `total`). */
  cheques_a_encaisser: Dt;
  date: string;
  success: boolean;
  /** Cash plus banks. */
  total: Dt;
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
export type AjouterMembreResponse = {
  success: boolean;
  user: MembreConseil;
};
export type AjouterMembreRequest = {
  /** The user's id. */
  user: number;
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
export type CategorieRef = {
  id: number;
  titre: string;
};
export type ContratNomRef = {
  id: number;
  nom: string;
};
export type PeriodiciteApi =
  "mensuelle" | "bimensuelle" | "trimestrielle" | "semestrielle" | "annuelle";
export type SensContratApi = "revenu" | "depense";
export type Contrat = {
  categorie: null | CategorieRef;
  client: null | ContratNomRef;
  client_nom: string | null;
  commentaire: string | null;
  date_debut: string;
  date_fin: string | null;
  fournisseur: null | ContratNomRef;
  fournisseur_nom: string | null;
  /** It has payments: it cannot be deleted (`contrat_avec_paiements`). */
  has_paiements: boolean;
  id: number;
  /** Its start is in a closed exercice (edit and delete disabled). */
  is_closed: boolean;
  /** Per period. */
  montant: Dt;
  /** What has fallen due by today. */
  montant_echu: Dt;
  /** The same amount, under the name the spec's lists use. */
  montant_par_periode: Dt;
  montant_paye: Dt;
  montant_total: null | Dt;
  /** Periods from start to end; `null` when open-ended. */
  nombre_periodes: number | null;
  periodicite_paiement: PeriodiciteApi;
  /** The most a payment dated today may be. */
  restant_a_payer: Dt;
  /** `max(montant_echu − montant_paye, 0)`. */
  restant_du: Dt;
  titre: string;
  type: SensContratApi;
};
export type ContratsResponse = {
  contrats: Contrat[];
  success: boolean;
};
export type Periode = {
  debut: string;
  /** Started on or before today: due. */
  echue: boolean;
  fin: string;
  montant: Dt;
  /** From 1. */
  numero: number;
};
export type MethodePaiementContratApi =
  "espece" | "cheque" | "virement" | "enligne";
export type PaiementContrat = {
  /** A cheque already in a deposit: it can no longer be changed. */
  cheque_remis: boolean;
  /** The bank account it entered or left; `null` for cash and for a revenue cheque. */
  compte_id: number | null;
  date_paiement: string;
  id: number;
  /** Its date lies in a closed exercice: it can no longer be changed. */
  is_closed: boolean;
  methode_paiement: MethodePaiementContratApi;
  montant: Dt;
  /** Kept for `cheque` and `virement` only. */
  reference_paiement: string | null;
};
export type ContratDetail = Contrat & {
  docs: Document[];
  /** Every period of a contract with an end; for an open-ended one, those started by today. */
  echeancier: Periode[];
  /** By date. */
  paiements: PaiementContrat[];
};
export type ContratResponse = {
  contrat: ContratDetail;
  success: boolean;
};
export type ContratPaiementResponse = {
  contrat: Contrat;
  paiement: PaiementContrat;
  success: boolean;
  /** The contract's side. */
  type: SensContratApi;
};
export type ModifierPaiementContratRequest = {
  /** The contract the payment pays (informative: the payment names it). */
  contrat_id?: number | null;
  date_paiement: string;
  /** The payment's id. */
  id: number;
  methode_paiement: MethodePaiementContratApi;
  montant: Dt;
  reference_paiement?: string | null;
};
export type PayerContratRequest = {
  /** `yyyy-MM-dd`, in an open exercice. */
  date_paiement: string;
  /** The contract's id. */
  id: number;
  /** `espece`, `cheque`, `virement` (`enligne` on the expense side only). */
  methode_paiement: MethodePaiementContratApi;
  /** DT > 0, up to three decimals, at most what remains of the contract's total. */
  montant: Dt;
  /** Kept for `cheque` and `virement` only; 100 characters at most. */
  reference_paiement?: string | null;
};
export type ContratIdRequest = {
  id: number;
};
export type ContratResumeResponse = {
  contrat: Contrat;
  success: boolean;
};
export type ExpediteurDto = {
  id: number;
  nom: string;
  /** `proprietaire`, `president`, `tresorier` or `syndic` (spec 3 §6's labels). */
  primary_role: string;
};
export type MessageDto = {
  /** When it was sent (UTC, RFC 3339). */
  created_at: string;
  id: number;
  message: string;
  /** When the other side marked it read (UTC, RFC 3339), or null. */
  read_at: string | null;
  user: ExpediteurDto;
};
export type ConversationDto = {
  id: number;
  /** The reader has read every message of the other side. */
  is_all_read: boolean;
  /** Oldest first, the newest 500 at most. */
  messages: MessageDto[];
  /** The co-owner's name. */
  resident_name: string;
  /** Always `user-syndic`. */
  type: string;
};
export type ConversationResponse = {
  data: ConversationDto;
  success: boolean;
};
export type ConversationLueResponse = {
  /** When the other side's messages were marked read, or null when none was unread. */
  read_at: string | null;
  success: boolean;
};
export type MarquerConversationLueRequest = {
  /** The conversation's id. */
  id?: number | null;
};
export type ConversationResumeDto = {
  id: number;
  /** No message of the co-owner is unread by the syndic. */
  is_all_read: boolean;
  last_message: null | MessageDto;
  /** The co-owner's user id. */
  resident_id: number;
  /** The co-owner's name. */
  resident_name: string;
  /** Always `user-syndic`. */
  type: string;
};
export type ConversationsResponse = {
  /** The latest conversation first, then those without messages by name. */
  conversations: ConversationResumeDto[];
  success: boolean;
};
export type MessageEnvoyeResponse = {
  data: MessageDto;
  success: boolean;
};
export type EnvoyerMessageRequest = {
  /** Required, not blank, 2000 characters at most; sent as typed (several lines allowed). */
  message?: string | null;
};
export type ElementFinancier = {
  /** Its date: an invoice's, a cotisation's or a contract's start, a payment's or an
    operation's, an employee's latest salary payment. */
  date: string;
  /** Its kind, which names its details (`{model}/{model_id}`). */
  model: string;
  model_id: number;
  /** The item's amount: a charge's or a cotisation's total, an operation's or a payment's
    amount, what a contract or an employee has been paid (or has paid) so far. */
  montant: Dt;
  titre: string;
};
export type ChargesCoproResponse = {
  /** Newest first. */
  charges: ElementFinancier[];
  success: boolean;
};
export type DetailsFinanciers = {
  [key: string]: any;
};
export type PaiementCopro = {
  date_paiement: string;
  /** `espece`, `cheque`, `virement`, `versement`, `tpe` or `enligne`. */
  methode_paiement: string;
  /** The month a salary pays, `yyyy-MM` (salaries only). */
  mois: string | null;
  montant: Dt;
};
export type DetailFinancierResponse = {
  details: DetailsFinanciers;
  /** Quotes (charges and works). */
  devis: Document[];
  /** A contract's files. */
  documents: Document[];
  /** Invoices (charges and works). */
  factures: Document[];
  /** The record's kind (`charges-courantes`, `cotisations`, `travaux`…). */
  model: string;
  model_id: number;
  /** By date; empty for a bank fee (its detail shows none, spec 3 §2.11). */
  paiements: PaiementCopro[];
  success: boolean;
  titre: string;
};
export type NomCopro = {
  nom: string;
};
export type ContratCopro = {
  client: null | NomCopro;
  date_debut: string;
  date_fin: string | null;
  fournisseur: null | NomCopro;
  id: number;
  /** Per period. */
  montant: Dt;
  /** `mensuelle`, `bimensuelle` (every two months), `trimestrielle`, `semestrielle`,
    `annuelle`. */
  periodicite: string;
  titre: string;
};
export type ContratsCoproResponse = {
  /** Newest start first. */
  contrats: ContratCopro[];
  success: boolean;
};
export type ContratCoproDetail = ContratCopro & {
  docs: Document[];
  /** Its payments, by date. */
  encaissements: PaiementCopro[];
};
export type ContratCoproResponse = {
  contrat: ContratCoproDetail;
  success: boolean;
};
export type AnnonceVote = {
  description: string;
  id: number;
  is_voted: boolean;
  titre: string;
  /** `annonce` or `vote`. */
  type: string;
};
export type AssembleeDashboard = {
  date_debut: string;
  heure_debut: string;
  lieu: string;
  titre: string;
};
export type CategorieDepense = {
  /** The expense category's id, for a category's account. */
  categorie_id: number | null;
  /** The account's number (600NNN a category, 600000 without a category, 627 bank fees, 641
    salaries, 645 social charges, 672 works). */
  compte: string;
  /** The category's title, or the account's title in the chart. */
  libelle: string;
  montant: Dt;
};
export type MoisMontant = {
  /** `yyyy-MM`. */
  mois: string;
  montant: Dt;
};
export type DepensesParCategorie = {
  [key: string]: Dt;
};
export type PanneDashboard = {
  description: string;
  etat: string;
  id: number;
};
export type PeriodeDashboard = "3m" | "6m" | "ytd";
export type TypePropriete = "appartement" | "parking" | "commerce" | "cellier";
export type TypeOccupation = "proprietaire" | "locataire";
export type ProprieteCoproprietaire = {
  id: number;
  /** Whether they pay its dues. */
  is_payer: boolean;
  nom: string;
  type: TypePropriete;
  /** `proprietaire` or `locataire`. */
  type_occupation: TypeOccupation;
};
export type VisibiliteDashboard = {
  /** `see.dashboard.recettes_depenses`: the income and expense chart. */
  recettes_depenses: boolean;
  /** `see.dashboard.repartition_charges`: the expense donut and its total. */
  repartition_charges: boolean;
  /** `see.dashboard.tresorerie`: the treasury balance card. */
  tresorerie: boolean;
};
export type CoproprietaireDashboardResponse = {
  annonces_votes: AnnonceVote[];
  assemblees: AssembleeDashboard[];
  /** With `visibilite.repartition_charges`. */
  categories_depenses: CategorieDepense[] | null;
  /** With `visibilite.recettes_depenses`. */
  depenses: MoisMontant[] | null;
  depenses_par_categorie: null | DepensesParCategorie;
  /** With `visibilite.repartition_charges`: the exercice the expenses cover. */
  exercice: number | null;
  /** The caller's breakdown reports. */
  pannes: PanneDashboard[];
  periode: PeriodeDashboard;
  /** The properties the caller occupies today (as owner or tenant). */
  proprietes: ProprieteCoproprietaire[];
  residence_nom: string;
  /** With `visibilite.recettes_depenses`. */
  revenus: MoisMontant[] | null;
  solde_tresorerie: null | Dt;
  success: boolean;
  total_depenses: null | Dt;
  visibilite: VisibiliteDashboard;
  /** The caller's balance today: minus what they owe (as the balance list shows it), 0 when
    up to date. */
  votre_solde: Dt;
};
export type DisponibiliteResponse = {
  /** Online payment is on, with a wallet and a key: the screens offer "Payer en ligne". */
  disponible: boolean;
  frais_au_coproprietaire: boolean;
  methodes: string[];
  success: boolean;
};
export type DemandeDto = {
  /** UTC, RFC 3339. */
  expire_le: string;
  id: number;
  montant: Dt;
  /** The gateway's page: the client goes there (`window.location.assign`). */
  pay_url: string;
};
export type DemanderResponse = {
  paiement: DemandeDto;
  success: boolean;
};
export type DemanderRequest = {
  /** One due, or every due owed now (the client sends their ids). */
  montant_du_ids?: number[] | null;
};
export type EncaissementEnLigne = {
  id: number;
  montant_du_id: number;
  numero_recu: string;
};
export type StatutDto = "en_attente" | "payee" | "echouee" | "expiree";
export type RetourDto = {
  encaissements: EncaissementEnLigne[];
  id: number;
  montant: Dt;
  statut: StatutDto;
  /** What no due took (a due paid meanwhile): credited to the owner's account; 0 when none. */
  trop_percu: Dt;
};
export type RetourResponse = {
  paiement: RetourDto;
  success: boolean;
};
export type RevenusCoproResponse = {
  /** Newest first. */
  revenus: ElementFinancier[];
  success: boolean;
};
export type TravauxCopro = {
  date_facture: string;
  id: number;
  /** 1 approved, 0 refused, `null` undecided. */
  is_approved: number | null;
  montant_total: Dt;
  titre: string;
};
export type TravauxCoproResponse = {
  success: boolean;
  /** Newest invoice first. */
  travaux: TravauxCopro[];
};
export type ChoixDto = {
  /** A simple vote's are `pour`, `contre`, `abstention` (the client translates them). */
  choix: string;
  id: number;
};
export type VoteCoproprietaireDto = {
  /** The signed-in user may answer: he owns a property of the residence today. */
  can_vote: boolean;
  choix: ChoixDto[];
  /** The signed-in user's answer (the id of one of `choix`), in both names the spec uses. */
  choix_voted_id: number | null;
  date_debut: string;
  date_fin: string;
  description: string;
  id: number;
  /** 1 running, 2 finished (a vote not yet open is not listed). */
  is_active: number;
  /** The signed-in user has answered. */
  is_voted: boolean;
  selected_vote: number | null;
  titre: string;
  /** `simple` or `custom`. */
  type_choix: string;
};
export type VotesCoproprietaireResponse = {
  /** The votes from their first day on, newest first day first. */
  data: VoteCoproprietaireDto[];
  success: boolean;
};
export type BulletinModifieDto = {
  /** The vote's id. */
  id: number;
  selected_vote: number;
};
export type BulletinModifieResponse = {
  success: boolean;
  vote: BulletinModifieDto;
};
export type IdDeChoix = number | string;
export type BulletinRequest = {
  /** The vote's id. */
  id?: number | null;
  vote_choix?: null | IdDeChoix;
};
export type MajoriteDto = {
  choix: string;
  choix_id: number;
};
export type NomDto = {
  id: number;
  nom: string;
};
export type ReponseDto = {
  /** The answer's text; `null`: "pas encore". */
  choix: string | null;
  choix_id: number | null;
  occupant: NomDto;
  propriete: NomDto;
};
export type DecompteDto = {
  choix: string;
  choix_id: number;
  count: number;
};
export type ResultatsDto = {
  choix: ChoixDto[];
  date_debut: string;
  date_fin: string;
  description: string;
  id: number;
  is_active: number;
  /** The choice(s) with the most answers, all those tied; empty before the first answer. */
  majority: MajoriteDto[];
  /** Owners who answered out of the owners, in percent (0–100, two decimals at most). */
  participation: number;
  /** The owners counted: those of the vote's last day once finished, of today while it runs. */
  proprietaires: number;
  /** Every property with each of its owners, by property name. */
  responses: ReponseDto[];
  /** Every choice in order with its count. */
  results: DecompteDto[];
  /** The signed-in user's answer (a `choix[].id`), if any. */
  selected_vote: number | null;
  titre: string;
  /** The answers counted (the donut's total). */
  total: number;
  type_choix: string;
};
export type ResultatsResponse = {
  data: ResultatsDto;
  success: boolean;
};
export type BulletinDto = {
  choix_id: number;
  /** The vote's id. */
  id: number;
};
export type BulletinResponse = {
  success: boolean;
  vote: BulletinDto;
};
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
export type MethodePaiement =
  "espece" | "cheque" | "virement" | "versement" | "enligne";
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
export type CoproSolde = {
  occupant_id: number;
  occupant_nom: string;
  /** What he owes today (> 0). */
  restant_du: Dt;
  /** The same, as the product writes it in French ("1 234,500 DT"). */
  restant_du_fmt: string;
};
export type TypeFacture = "charge" | "travaux";
export type FactureDashboard = {
  date_facture: string;
  fournisseur_nom: string;
  id: number;
  restant_du: Dt;
  /** The same, as the product writes it in French. */
  restant_du_fmt: string;
  titre: string;
  type: TypeFacture;
};
export type SyndicDashboardResponse = {
  annonces_votes: AnnonceVote[];
  /** The next assembly, in a list of at most one. */
  assemblees: AssembleeDashboard[];
  /** The same as a list, largest first, with each account. */
  categories_depenses: CategorieDepense[];
  /** How many co-owners owe something today. */
  copros_count_du: number;
  /** Every co-owner owing something today, most owed first. */
  copros_soldes: CoproSolde[];
  /** The charges of each month of the period (class 6), oldest first. */
  depenses: MoisMontant[];
  /** The same by category: the category's title (or the account's title) → amount. */
  depenses_par_categorie: DepensesParCategorie;
  /** The exercice (calendar year) the expenses cover: the current one. */
  exercice: number;
  /** Every charge or works item with something left to pay, oldest invoice first. */
  factures: FactureDashboard[];
  pannes: PanneDashboard[];
  /** The period the chart covers. */
  periode: PeriodeDashboard;
  residence_nom: string;
  /** The income of each month of the period (class 7), oldest first. */
  revenus: MoisMontant[];
  /** The bank accounts' balances in the books today (512…). */
  solde_en_banque: Dt;
  /** The cash box in the books today (53). */
  solde_en_espece: Dt;
  /** `solde_en_banque + solde_en_espece` (`GET /api/comptabilite/tresorerie`'s `total`). */
  solde_tresorerie: Dt;
  success: boolean;
  /** The exercice's charges (class 6 of its trial balance). */
  total_depenses: Dt;
  /** What the co-owners owe today: the sum of the debtors list's balances. */
  total_du_copros: Dt;
  /** What remains to pay on the charges and works. */
  total_restants_factures: Dt;
};
export type MessageResponse = {
  message: string;
  /** Always `true`. */
  success: boolean;
};
export type ParametresResponse = {
  /** `null` until the first login records one. */
  email: string | null;
  /** Whether the user opened a verification link sent to this address. */
  is_verified: boolean;
  /** What happened, in French (absent on `GET`). */
  message: string | null;
  /** Always `true`. */
  success: boolean;
};
export type RaisonClotureImpossible =
  "exercice_cloture" | "exercice_non_termine" | "exercice_precedent_ouvert";
export type Exercice = {
  annee: number;
  /** Whether it can be closed now (by the treasurer). */
  can_close: boolean;
  close_blocked_reason: null | RaisonClotureImpossible;
  /** The day it was closed, `yyyy-MM-dd`; null while open. */
  cloture_le: string | null;
  /** The files uploaded at closing. */
  docs: Document[];
  /** The exercice's id: its calendar year. */
  id: number;
  /** Years kept before the residence used Daftar (their books are not in the ledger): none,
    Daftar keeps every year it knows in its books. */
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
export type SoldeBanque = {
  /** The bank account's id; null for bank receipts recorded before any account existed. */
  compte_id: number | null;
  compte_nom: string;
  solde: Dt;
};
export type SoldesClotureResponse = {
  /** Each bank account (512NNN) at the end of 31 December, in the accounts' order. */
  banks: SoldeBanque[];
  /** The cash box (account 53) at the end of 31 December. */
  cash: Dt;
  success: boolean;
  /** cash + Σ banks (cheques not yet deposited are not treasury). */
  total: Dt;
};
export type ResidenceRef = {
  id: number;
  nom: string;
};
export type AuthUser = {
  /** `yyyy-mm-dd`. */
  birthday: string | null;
  email: string | null;
  /** The ten visibility keys, resolved (a key never set is granted; a council member is
    granted all ten): `see.dashboard.tresorerie` → true (`crate::visibilite`). */
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
export type TypeFournisseur = "particulier" | "entreprise";
export type Fournisseur = {
  activite: string | null;
  adresse: string | null;
  commentaire: string | null;
  email: string | null;
  gouvernorat: null | Gouvernorat;
  id: number;
  /** The supplier's tax or trade identifier, as typed. */
  identifiant: string | null;
  nom: string;
  /** 8 digits (the client groups them 2-3-3). */
  tel: string | null;
  type: TypeFournisseur;
  /** A charge or works item names it: it cannot be deleted (`fournisseur_utilise`). */
  utilise: boolean;
  ville: string | null;
};
export type FournisseursResponse = {
  /** Sorted by name (accents ignored). */
  fournisseurs: Fournisseur[];
  success: boolean;
};
export type FournisseurResponse = {
  fournisseur: Fournisseur;
  success: boolean;
};
export type FournisseurRequest = {
  activite?: string | null;
  adresse?: string | null;
  /** Several lines allowed. */
  commentaire?: string | null;
  /** Empty or a valid address (`email_invalide`). */
  email?: string | null;
  /** A governorate's id, 1 to 24 (`gouvernorat_inconnu`), or null (a numeric string is read
    as its number, an empty one as null). */
  gouvernorat?: number | null;
  identifiant?: string | null;
  /** Required, one line, 200 characters at most (`nom_invalide` when longer). */
  nom: string;
  /** Empty or 8 digits, spaces ignored (`tel_invalide`). */
  tel?: string | null;
  type?: null | TypeFournisseur;
  ville?: string | null;
};
export type FournisseurDialogRequest = {
  nom: string;
  tel?: string | null;
  type?: null | TypeFournisseur;
};
export type GouvernoratsResponse = {
  /** The 24, ids 1–24 in the alphabetical order of their French names. */
  gouvernorats: Gouvernorat[];
  success: boolean;
};
export type ModifierFournisseurRequest = {
  activite?: string | null;
  adresse?: string | null;
  commentaire?: string | null;
  email?: string | null;
  gouvernorat?: number | null;
  id: number;
  identifiant?: string | null;
  nom: string;
  tel?: string | null;
  type?: null | TypeFournisseur;
  ville?: string | null;
};
export type SupprimerFournisseurRequest = {
  fournisseur_id: number;
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
export type NotificationDto = {
  /** `annonce`, `panne`, `vote`, `message` or `assemblee` (the client shows a bell for
    another name). */
  icon: string;
  id: number;
  /** The page of the app it opens, or null. */
  link: string | null;
  /** What the title may interpolate (`{"id": 12}`). */
  params: object;
  /** Read already. */
  seen: boolean;
  /** When it was sent (UTC, RFC 3339). */
  time: string;
  /** A key of the client's `notifications:titres` catalogue (docs/api-communaute.md
    "Notification titles"), translated on the client. */
  title_key: string;
};
export type NotificationsResponse = {
  /** Newest first, at most 50. */
  data: NotificationDto[];
  success: boolean;
};
export type MarquerLuResponse = {
  success: boolean;
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
export type ConfigurationDto = {
  active: boolean;
  /** Whether an API key is stored. */
  cle_api_definie: boolean;
  /** The bank account the gateway's settlements land on. */
  compte_id: number | null;
  frais_au_coproprietaire: boolean;
  /** Among `bank_card`, `e-DINAR`, `wallet`, `flouci`. */
  methodes: string[];
  wallet_id: string | null;
};
export type ConfigurationResponse = {
  configuration: ConfigurationDto;
  success: boolean;
};
export type ConfigurationRequest = {
  active?: boolean | null;
  /** Absent or empty: the stored key is kept. Required when active and none is stored. */
  cle_api?: string | null;
  /** A bank account of the residence, or null. */
  compte_id?: number | null;
  frais_au_coproprietaire?: boolean | null;
  /** A non-empty subset of `bank_card`, `e-DINAR`, `wallet`, `flouci`. */
  methodes?: string[] | null;
  /** Required when active. */
  wallet_id?: string | null;
};
export type DuListe = {
  cotisation_titre: string;
  montant: Dt;
  montant_du_id: number;
  propriete: string;
};
export type PaiementListe = {
  /** UTC, RFC 3339. */
  cree_le: string;
  encaissements: EncaissementEnLigne[];
  frais: null | Dt;
  id: number;
  montant: Dt;
  montant_dus: DuListe[];
  paye_le: string | null;
  /** The owner who paid (his name). */
  proprietaire: string;
  reference_passerelle: string | null;
  statut: StatutDto;
  /** What no due took (credited to the owner); 0 when none. */
  trop_percu: Dt;
};
export type PaiementsResponse = {
  /** Newest first. */
  paiements: PaiementListe[];
  success: boolean;
};
export type ReglementPasserelleResponse = {
  id: number;
  /** What landed on the account: gross − fees. */
  montant_net: Dt;
  success: boolean;
};
export type ReglementRequest = {
  compte_id: number;
  /** `yyyy-MM-dd`, in an open exercice. */
  date: string;
  /** The gateway's fees (DT, up to three decimals), 0 to the gross. */
  frais: number;
  /** What the gateway collected and settles (DT, up to three decimals), > 0. */
  montant_brut: number;
  reference?: string | null;
};
export type WebhookResponse = {
  recu: boolean;
  success: boolean;
};
export type PhotoPanneDto = {
  id: number;
  /** The file's name as sent. */
  titre: string;
  /** Where the residence's users read it (`/api/pannes/photos/{id}`). */
  url: string;
};
export type AuteurPanneDto = {
  id: number;
  nom: string;
};
export type PanneDto = {
  attachements: PhotoPanneDto[];
  /** Its author may still withdraw it: no council member has changed its status. */
  can_delete: boolean;
  /** When it was reported, `dd/mm/yyyy` in Tunisia. */
  date: string;
  description: string;
  /** `HH:mm` in Tunisia. */
  heure: string;
  id: number;
  /** Its author's name (as `user.nom`). */
  nom: string;
  /** `ouvert`, `analyse`, `reparation`, `resolu` or `archive`. */
  status: string;
  user: AuteurPanneDto;
};
export type PannesResponse = {
  /** The signed-in user's reports, newest first. */
  mine: PanneDto[];
  /** The residence's other reports, newest first. */
  others: PanneDto[];
  success: boolean;
};
export type PanneSuccesResponse = {
  success: boolean;
};
export type SupprimerCommentaireRequest = {
  id?: number | null;
};
export type CommentairePanneDto = {
  attachements: PhotoPanneDto[];
  /** `dd/mm/yyyy` in Tunisia. */
  date: string;
  description: string;
  /** `HH:mm` in Tunisia. */
  heure: string;
  id: number;
  user: AuteurPanneDto;
};
export type PanneDetailsResponse = {
  /** Oldest first. */
  commentaires: CommentairePanneDto[];
  panne: PanneDto;
  success: boolean;
};
export type StatutPanneResponse = {
  /** The report's status now. */
  status: string;
  success: boolean;
};
export type StatutPanneRequest = {
  panne_id?: number | null;
  /** `ouvert`, `analyse`, `reparation`, `resolu` or `archive`. */
  status?: string | null;
};
export type ModifierPanneRequest = {
  /** Required, 5000 characters at most. */
  description?: string | null;
  id?: number | null;
};
export type SupprimerPanneRequest = {
  id?: number | null;
};
export type ModifierEmailResponse = {
  email: string;
  is_verified: boolean;
  /** "Adresse e-mail mise à jour avec succès" or "Aucune modification détéctée". */
  message: string;
  /** Always `true`. */
  success: boolean;
  /** `true` (201): recorded unverified and a verification mail sent; `false` (200): the same
    address, nothing changed. */
  updated: boolean;
};
export type ModifierEmailRequest = {
  email: string;
};
export type ModifierMotDePasseRequest = {
  /** At least 12 characters. */
  new_password: string;
  /** Equal to `new_password`. */
  new_password_confirmation: string;
  old_password: string;
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
export type OccupantSolde = {
  occupant_id: number;
  occupant_nom: string;
  /** Those properties' names. */
  proprietes: string[];
  /** What he owes today (> 0): the exigible unpaid dues of the properties he pays. */
  solde: Dt;
};
export type CoprosSoldesResponse = {
  /** `occupants`' length. */
  nombre_coproprietaires: number;
  /** Every occupant owing more than 0 today, most owed first. */
  occupants: OccupantSolde[];
  /** The sum of `occupants[].solde`. */
  solde_total: Dt;
  success: boolean;
};
export type SmsMessage = {
  contenu: string;
  /** What it cost (its segments; given back when it failed). */
  credits: number;
  /** `queued` (shown in progress), `sent`, `delivered` (both shown sent) or `failed`. */
  etat: string;
  id: number;
  segments: number;
  /** Who sent it. */
  sender_nom: string;
  /** When it was stored (RFC 3339, UTC). */
  sent_at: string;
  /** Eight digits. */
  tel: string;
};
export type EnvoyerSmsResponse = {
  sms_message: SmsMessage;
  success: boolean;
};
export type LangueSms = "fr" | "ar";
export type EnvoyerSmsRequest = {
  langue?: null | LangueSms;
  occupant_id: number;
  /** Eight digits; absent or empty: the occupant's phone. */
  tel?: string | null;
};
export type EnvoyerSmsGroupeResponse = {
  /** Preview: what the messages will cost; sent: what they cost (failures given back). */
  credits: number;
  /** Preview: the SMS balance. */
  credits_sms: number | null;
  /** Preview: the debtors with a phone owing at least the minimum. */
  destinataires: number | null;
  /** Sent: messages that failed (their credits given back). */
  echecs: number | null;
  /** Sent: messages handed to the gateway (or kept by the outbox). */
  envoyes: number | null;
  success: boolean;
};
export type EnvoyerSmsGroupeRequest = {
  /** `true`: count the recipients and the credits, send nothing. */
  apercu?: boolean | null;
  /** Remind only debtors owing at least this (DT, up to three decimals; default 0). */
  montant_minimum?: number | null;
};
export type LettreRecouvrement = {
  id: number;
  /** RFC 3339, UTC. */
  issued_at: string;
  issuer_nom: string;
  /** `relance` or `dernierRappel`. */
  lettre_type: string;
  /** The total of the amounts it listed. */
  total: Dt;
};
export type MontantDuRecouvrement = {
  cotisation_nom: string;
  date_echeance: string;
  propriete_nom: string;
  restant_du: Dt;
};
export type OccupantRecouvrement = {
  id: number;
  nom: string;
  /** Eight digits (shown with +216), or `null` when unknown. */
  tel: string | null;
};
export type Codage = "gsm7" | "ucs2";
export type ApercuSms = {
  codage: Codage;
  segments: number;
};
export type OccupantDetailsResponse = {
  /** The residence's SMS balance. */
  credits_sms: number;
  /** The letters issued to him, newest first. */
  lettres: LettreRecouvrement[];
  /** What he owes, oldest due date first (their sum is his balance in the summary). */
  montants_du: MontantDuRecouvrement[];
  occupant: OccupantRecouvrement;
  /** The reminders sent to him, newest first. */
  sms_messages: SmsMessage[];
  /** The French reminder filled for this occupant. */
  sms_template: string;
  /** The Arabic one. */
  sms_template_ar: string;
  sms_template_ar_segments: ApercuSms;
  /** What each template costs. */
  sms_template_segments: ApercuSms;
  success: boolean;
};
export type RapportLivraisonRequest = {
  /** `delivered` or `failed`. */
  etat: string;
  /** The provider's id of the message (answered when it was sent). */
  message_id: string;
};
export type ReglementNode = {
  /** Always empty. */
  children: ReglementNode[];
  commentaire: string | null;
  /** When it was added (UTC, RFC 3339). */
  created_at: string;
  /** The title the president gave. */
  displayName: string;
  /** Always `pdf`. */
  format: string;
  id: number;
  /** The residence's current regulation (at most one). */
  is_current: boolean;
  /** The last part of the path (the same: the documents are not in folders). */
  name: string;
  /** What follows `/api/reglements/` to download it (`3-Reglement_interieur.pdf`). */
  path: string;
  /** Always `file`. */
  type: string;
};
export type ReglementsResponse = {
  /** The current document first, then the newest first. */
  reglements: ReglementNode[];
  success: boolean;
};
export type SuppressionResponse = {
  success: boolean;
};
export type SupprimerReglementRequest = {
  id?: number | null;
};
export type OrigineCheque = "encaissement" | "contrat" | "revenu_exceptionnel";
export type Cheque = {
  /** When it was received. */
  date: string;
  /** The receipt's id: unique across the three origins. */
  id: number;
  /** What it pays: the cotisation's, contract's or revenue's title. */
  libelle: string;
  montant: Dt;
  origine: OrigineCheque;
  /** The property of the due it pays (collections only). */
  propriete: string | null;
  /** The cheque's number as typed with the payment. */
  reference: string | null;
  /** Who wrote it: the payer of the due it pays, or the client of the contract or revenue. */
  tireur: string | null;
};
export type Remise = {
  /** Oldest first. */
  cheques: Cheque[];
  commentaire: string | null;
  compte_id: number;
  /** The account's libellé. */
  compte_nom: string;
  date: string;
  id: number;
  /** Its date lies in a closed exercice: it can no longer be deleted (403 `exercice_cloture`). */
  is_closed: boolean;
  /** The total of its cheques. */
  montant: Dt;
  reference: string | null;
};
export type RemisesResponse = {
  /** Whether the residence has a bank account (the list shows the no-bank prompt when not). */
  has_bank: boolean;
  /** Newest first. */
  remises: Remise[];
  success: boolean;
};
export type ChequesResponse = {
  /** Every cheque received and not deposited, oldest first. */
  cheques: Cheque[];
  /** The accounts a deposit may go to (the main account first). */
  comptes: CompteChoix[];
  has_bank: boolean;
  success: boolean;
};
export type RemiseResponse = {
  remise: Remise;
  success: boolean;
};
export type RemiseRequest = {
  /** The pending cheques deposited (`id`s of `/remises-cheques/cheques`): at least one
    (`aucun_cheque`). */
  cheque_ids: number[];
  commentaire?: string | null;
  /** The account the cheques are deposited onto. */
  compte_id: number;
  /** `yyyy-MM-dd`: not before any of its cheques was received, in an open exercice. */
  date: string;
  reference?: string | null;
};
export type RevenuExceptionnel = {
  /** A cheque already in a deposit: it can no longer be deleted. */
  cheque_remis: boolean;
  client: null | ContratNomRef;
  client_nom: string | null;
  commentaire: string | null;
  /** The bank account a transfer entered; `null` for cash and cheques. */
  compte_id: number | null;
  date_paiement: string;
  id: number;
  /** Its date is in a closed exercice: it can no longer be deleted. */
  is_closed: boolean;
  methode_paiement: MethodePaiementContratApi;
  montant: Dt;
  reference_paiement: string | null;
  titre: string;
};
export type RevenusResponse = {
  /** Newest first. */
  data: RevenuExceptionnel[];
  success: boolean;
};
export type RevenuResponse = {
  revenu: RevenuExceptionnel;
  success: boolean;
};
export type MethodeRevenuApi = "espece" | "cheque" | "virement";
export type RevenuRequest = {
  /** A client's id, or null / empty. */
  client?: number | null;
  commentaire?: string | null;
  /** `yyyy-MM-dd`, in an open exercice. */
  date_paiement: string;
  methode_paiement: MethodeRevenuApi;
  /** DT > 0, up to three decimals, no maximum. */
  montant: Dt;
  /** Kept for `cheque` and `virement` only. */
  reference_paiement?: string | null;
  /** Required, 200 characters at most. */
  titre: string;
};
export type MethodePaiementSalaireApi = "espece" | "cheque" | "virement";
export type PaiementSalaire = {
  commentaire: string | null;
  /** The bank account it left (the main one when it was recorded); null for cash. */
  compte_id: number | null;
  date_paiement: string;
  id: number;
  /** Its date is in a closed exercice: it can no longer be edited or deleted. */
  is_closed: boolean;
  methode_paiement: MethodePaiementSalaireApi;
  /** The month paid, `YYYY-MM`. */
  mois: string;
  montant: Dt;
  reference_piece_justificative: string | null;
  salarie_id: number;
  salarie_nom: string;
};
export type PaiementSalaireResponse = {
  paiement: PaiementSalaire;
  success: boolean;
};
export type PaiementSalaireRequest = {
  commentaire?: string | null;
  /** `yyyy-MM-dd`, not after today, in an open exercice. */
  date_paiement: string;
  /** `/salaires/paiement/modifier` only: the payment's id, when not in the query string. */
  id?: number | null;
  methode_paiement: MethodePaiementSalaireApi;
  /** `YYYY-MM` (or `YYYY-MM-DD`, read as its month). Required on edit; on payment, absent
    means the month of `date_paiement`. */
  mois?: string | null;
  /** DT > 0, up to three decimals, at most 9999.999. */
  montant: Dt;
  /** Kept for every method; one line, 100 characters at most. */
  reference_piece_justificative?: string | null;
  /** `/salaires/payer`: required, the employee paid. Ignored on edit (a payment stays its
    employee's). */
  salarie_id?: number | null;
};
export type ChargesPatronalesDeclarees = "avec" | "sans";
export type Pourcentage = number;
export type Salarie = {
  adresse: string | null;
  /** `avec`: declared with employer charges (`salaire_brut`, `taux_charges_patronales`). */
  charges_patronales: ChargesPatronalesDeclarees;
  /** 8 digits, or null. */
  cin: string | null;
  commentaire: string | null;
  date_debut: string;
  date_fin: string | null;
  date_naissance: string | null;
  /** It has salary payments: it cannot be deleted (`salarie_avec_paiements`). */
  has_paiements: boolean;
  id: number;
  /** Employed today: no `date_fin`, or one not yet past (the server's today). */
  is_current: boolean;
  montant_charges_patronales: null | Dt;
  nom: string;
  numero_cnss: string | null;
  poste: string;
  rib: string | null;
  /** The monthly salary declared (the gross salary with `avec`). */
  salaire: Dt;
  salaire_brut: null | Dt;
  taux_charges_patronales: null | Pourcentage;
  /** With `avec` only: the rate as the form writes it (`16.57%`). */
  taux_global_charges_patronales: string | null;
  /** 8 digits. */
  tel: string;
  /** What its salary payments add up to. */
  total_paye: Dt;
};
export type SalariesResponse = {
  /** Current employees first, then by name (accents and case ignored). */
  salaries: Salarie[];
  success: boolean;
};
export type SalarieDetail = Salarie & {
  paiements: PaiementSalaire[];
};
export type SalarieResponse = {
  salarie: SalarieDetail;
  success: boolean;
};
export type TauxSaisi = number | string;
export type SalarieRequest = {
  adresse?: string | null;
  charges_patronales?: null | ChargesPatronalesDeclarees;
  /** Empty or exactly 8 digits. */
  cin?: string | null;
  /** Several lines allowed. */
  commentaire?: string | null;
  /** Required, `yyyy-MM-dd`, from 1985-01-01 to 2035-12-31. */
  date_debut: string;
  /** Optional, same range, not before `date_debut`. */
  date_fin?: string | null;
  /** `yyyy-MM-dd`, from 1930-01-01 to today. */
  date_naissance?: string | null;
  /** `/modifier` only: the employee's id, when not in the query string. */
  id?: number | null;
  /** Required, one line, 200 characters at most. */
  nom: string;
  numero_cnss?: string | null;
  /** Required, one line, 200 characters at most. */
  poste: string;
  rib?: string | null;
  salaire?: null | Dt;
  salaire_brut?: null | Dt;
  taux_global_charges_patronales?: null | TauxSaisi;
  /** Required, exactly 8 digits (spaces ignored). */
  tel: string;
};
export type SupportResponse = {
  /** Always `true`. */
  success: boolean;
  /** The support's phone number as shown; `null` when not configured. */
  tel: string | null;
  /** The WhatsApp chat link (`https://wa.me/<number>`); `null` when not configured. */
  whatsapp_url: string | null;
};
export type TitreRef = {
  id: number;
  titre: string;
};
export type Travaux = {
  approvable: null | TitreRef;
  approvable_type: null | TypeApprobateurApi;
  categorie: null | NomRef;
  commentaire: string | null;
  date_facture: string;
  description: string | null;
  etat_paiement: EtatPaiementDepense;
  fournisseur: NomRef;
  has_paiements: boolean;
  id: number;
  /** 1 approved, 0 refused, `null` undecided. */
  is_approved: number | null;
  is_closed: boolean;
  montant_paye: Dt;
  montant_total: Dt;
  restant_du: Dt;
  titre: string;
};
export type TravauxListeResponse = {
  success: boolean;
  /** Newest invoice first. */
  travaux: Travaux[];
};
export type AgsVotesResponse = {
  ags: TitreRef[];
  success: boolean;
  votes: TitreRef[];
};
export type TravauxDetail = {
  approvable: null | TitreRef;
  approvable_type: null | TypeApprobateurApi;
  categorie: null | NomRef;
  commentaire: string | null;
  date_facture: string;
  description: string | null;
  devis: Document[];
  etat_paiement: EtatPaiementDepense;
  factures: Document[];
  fournisseur: NomRef;
  has_paiements: boolean;
  id: number;
  is_approved: number | null;
  is_closed: boolean;
  montant_paye: Dt;
  montant_total: Dt;
  paiements: PaiementDepense[];
  restant_du: Dt;
  titre: string;
};
export type TravauxResponse = {
  success: boolean;
  travaux: TravauxDetail;
};
export type TravauxPaiementResponse = {
  paiement: PaiementDepense;
  success: boolean;
  /** The record as it now is. */
  travaux: Travaux;
};
export type TravauxResumeResponse = {
  success: boolean;
  travaux: Travaux;
};
export type Visibilite =
  | "see.dashboard.tresorerie"
  | "see.dashboard.repartition_charges"
  | "see.dashboard.recettes_depenses"
  | "see.recettes"
  | "see.charges"
  | "see.travaux"
  | "see.budgets"
  | "see.rapports_financiers"
  | "see.contrats.recettes"
  | "see.contrats.depenses";
export type VisibiliteKeys = {
  dashboard: Visibilite[];
  pages: Visibilite[];
};
export type VisibiliteUser = {
  /** `see.dashboard.*` → granted. */
  dashboard: {
    [key: string]: boolean;
  };
  id: number;
  nom: string;
  /** The pages' keys (`see.recettes`, `see.charges`…) → granted. */
  pages: {
    [key: string]: boolean;
  };
};
export type VisibiliteResponse = {
  keys: VisibiliteKeys;
  success: boolean;
  /** The residence's co-owners (active users who are not council members), by name. */
  users: VisibiliteUser[];
};
export type VisibiliteUsersResponse = {
  success: boolean;
  /** Every co-owner as they now are (the excluded ones unchanged). */
  users: VisibiliteUser[];
};
export type BulkSyncRequest = {
  /** `true` grants the keys (show), `false` refuses them (hide). */
  allow: boolean | null;
  /** Co-owners left as they are ("apply to all except"); ids that are not co-owners of the
    residence exclude nobody. */
  exclude_user_ids?: number[] | null;
  /** At least one key (`champ_obligatoire`). */
  features: Visibilite[];
};
export type ChangementVisibilite = {
  /** The keys the change granted, and those it refused. */
  accordees: Visibilite[];
  apres: Visibilite[];
  /** The keys granted before and after. */
  avant: Visibilite[];
  /** When (UTC, RFC 3339). */
  le: string;
  nom: string;
  /** Who changed them (a council member) and their name then. */
  par_id: number;
  par_nom: string;
  retirees: Visibilite[];
  /** The co-owner and their name then. */
  user_id: number;
};
export type HistoriqueVisibiliteResponse = {
  /** Newest first. */
  historique: ChangementVisibilite[];
  success: boolean;
};
export type VisibiliteUserResponse = {
  success: boolean;
  user: VisibiliteUser;
};
export type SyncUserRequest = {
  /** The keys granted (may be empty: every right refused). */
  granted: Visibilite[];
  user_id: number | null;
};
export type CreateurDto = {
  nom: string;
};
export type VoteDto = {
  /** The signed-in user created it (only the creator edits or deletes it). */
  can_edit: boolean;
  choix: ChoixDto[];
  creator: CreateurDto;
  /** The first day (the publication date shown) and the last, `yyyy-MM-dd`, both included. */
  date_debut: string;
  date_fin: string;
  description: string;
  id: number;
  /** 0 not yet open, 1 running, 2 finished (the residence's today). */
  is_active: number;
  /** Locked: some owner has answered, or the vote is finished. */
  is_closed: boolean;
  /** How many owners have answered. */
  nombre_reponses: number;
  titre: string;
  /** `simple` or `custom`. */
  type_choix: string;
};
export type VotesResponse = {
  /** Newest first day first. */
  data: VoteDto[];
  success: boolean;
};
export type VoteData = {
  vote: VoteDto;
};
export type VoteCreeResponse = {
  data: VoteData;
  success: boolean;
};
export type ChoixSaisi =
  | string
  | {
      choix?: string | null;
    };
export type VoteRequest = {
  /** Custom only: 2 to 5 non-blank choices (blanks dropped), each 200 characters at most,
    no two the same. */
  choix?: (null | ChoixSaisi)[] | null;
  /** `yyyy-MM-dd`: the first day (its publication) and the last, not before the first nor
    before today. */
  date_debut?: string | null;
  date_fin?: string | null;
  /** Optional, 5000 characters at most. */
  description?: string | null;
  /** The vote's id (edit only). */
  id?: number | null;
  /** Required, one line, 200 characters at most. */
  titre?: string | null;
  /** `simple` (pour / contre / abstention) or `custom`; `vote_type` is read as well. */
  type_choix?: string | null;
};
export type SupprimerVoteRequest = {
  id?: number | null;
};
export const {
  useGetAchatsSmsQuery,
  useLazyGetAchatsSmsQuery,
  useGetAnnoncesActivesQuery,
  useLazyGetAnnoncesActivesQuery,
  useGetAnnoncesArchiveesQuery,
  useLazyGetAnnoncesArchiveesQuery,
  useCreerAnnonceMutation,
  useModifierAnnonceMutation,
  useSupprimerAnnonceMutation,
  useGetArchiveQuery,
  useLazyGetArchiveQuery,
  useGetAssembleesQuery,
  useLazyGetAssembleesQuery,
  useGetBibliothequePointsQuery,
  useLazyGetBibliothequePointsQuery,
  useGetAssembleesCoproprietaireQuery,
  useLazyGetAssembleesCoproprietaireQuery,
  useCreerAssembleeMutation,
  useGetAssembleeEtape1Query,
  useLazyGetAssembleeEtape1Query,
  useGetAssembleeEtape2Query,
  useLazyGetAssembleeEtape2Query,
  useGetAssembleeEtape4Query,
  useLazyGetAssembleeEtape4Query,
  useGetAssembleeEtape5Query,
  useLazyGetAssembleeEtape5Query,
  useModifierInfosFinalesMutation,
  useModifierConvocationMutation,
  useModifierDebutAssembleeMutation,
  useModifierInfosGeneralesMutation,
  useModifierOrdreDuJourMutation,
  useModifierPresencesMutation,
  useRenommerPointMutation,
  useSupprimerPieceJointeAssembleeMutation,
  useCreerPointInfoMutation,
  useSupprimerPointInfoMutation,
  useSupprimerAssembleeMutation,
  useTerminerAssembleeMutation,
  useVoterResolutionMutation,
  useGetComptesBancairesQuery,
  useLazyGetComptesBancairesQuery,
  useCreateCompteBancaireMutation,
  useModifierCompteBancaireMutation,
  useSupprimerCompteBancaireMutation,
  useGetOperationsBancairesQuery,
  useLazyGetOperationsBancairesQuery,
  useCreateOperationBancaireMutation,
  useModifierOperationBancaireMutation,
  useSupprimerOperationBancaireMutation,
  useGetTransfertsQuery,
  useLazyGetTransfertsQuery,
  usePointerMouvementMutation,
  useGetRapprochementQuery,
  useLazyGetRapprochementQuery,
  useGetRelevesQuery,
  useLazyGetRelevesQuery,
  useCreerOperationLigneReleveMutation,
  useDefaireLigneReleveMutation,
  useGetReleveQuery,
  useLazyGetReleveQuery,
  useRapprocherLigneReleveMutation,
  useCreateTransfertMutation,
  useModifierTransfertMutation,
  useSupprimerTransfertMutation,
  useBroadcastingAuthMutation,
  useGetBudgetsQuery,
  useLazyGetBudgetsQuery,
  useGetBudgetDetailsQuery,
  useLazyGetBudgetDetailsQuery,
  useModifierBudgetMutation,
  useGetCategoriesQuery,
  useLazyGetCategoriesQuery,
  useCreateCategorieMutation,
  useModifierCategorieMutation,
  useSupprimerCategorieMutation,
  useGetChargesQuery,
  useLazyGetChargesQuery,
  useGetChargeQuery,
  useLazyGetChargeQuery,
  useGetChargesFournisseursCategoriesQuery,
  useLazyGetChargesFournisseursCategoriesQuery,
  useModifierPaiementChargeMutation,
  usePayerChargeMutation,
  useSupprimerChargeMutation,
  useSupprimerPaiementChargeMutation,
  useGetChargesPatronalesQuery,
  useLazyGetChargesPatronalesQuery,
  useCreateChargePatronaleMutation,
  useModifierChargePatronaleMutation,
  useSupprimerChargePatronaleMutation,
  useGetClientsQuery,
  useLazyGetClientsQuery,
  useCreateClientMutation,
  useCreateClientDialogMutation,
  useModifierClientMutation,
  useSupprimerClientMutation,
  useGetComptabiliteBalanceQuery,
  useLazyGetComptabiliteBalanceQuery,
  useGetComptabiliteGrandLivreQuery,
  useLazyGetComptabiliteGrandLivreQuery,
  useGetComptabiliteJournalQuery,
  useLazyGetComptabiliteJournalQuery,
  useGetComptabiliteTresorerieQuery,
  useLazyGetComptabiliteTresorerieQuery,
  useGetConseilQuery,
  useLazyGetConseilQuery,
  useAjouterMembreMutation,
  useSupprimerMembreMutation,
  useGetCandidatsConseilQuery,
  useLazyGetCandidatsConseilQuery,
  useGetContratsDepensesQuery,
  useLazyGetContratsDepensesQuery,
  useGetContratDepenseDetailsQuery,
  useLazyGetContratDepenseDetailsQuery,
  useModifierPaiementContratDepenseMutation,
  usePayerContratDepenseMutation,
  useSupprimerContratDepenseMutation,
  useSupprimerPaiementContratDepenseMutation,
  useSupprimerDocumentContratMutation,
  useGetContratsRevenusQuery,
  useLazyGetContratsRevenusQuery,
  useGetContratRevenuDetailsQuery,
  useLazyGetContratRevenuDetailsQuery,
  useModifierPaiementContratRevenuMutation,
  usePayerContratRevenuMutation,
  useSupprimerContratRevenuMutation,
  useSupprimerPaiementContratRevenuMutation,
  useGetMaConversationQuery,
  useLazyGetMaConversationQuery,
  useMarquerConversationLueMutation,
  useGetConversationMessagesQuery,
  useLazyGetConversationMessagesQuery,
  useGetConversationsQuery,
  useLazyGetConversationsQuery,
  useEnvoyerMessageMutation,
  useGetCoproprietaireBudgetsQuery,
  useLazyGetCoproprietaireBudgetsQuery,
  useGetCoproprietaireChargesQuery,
  useLazyGetCoproprietaireChargesQuery,
  useGetCoproprietaireChargeDetailsQuery,
  useLazyGetCoproprietaireChargeDetailsQuery,
  useGetCoproprietaireContratsDepensesQuery,
  useLazyGetCoproprietaireContratsDepensesQuery,
  useGetCoproprietaireContratDepenseDetailsQuery,
  useLazyGetCoproprietaireContratDepenseDetailsQuery,
  useGetCoproprietaireContratsRevenusQuery,
  useLazyGetCoproprietaireContratsRevenusQuery,
  useGetCoproprietaireContratRevenuDetailsQuery,
  useLazyGetCoproprietaireContratRevenuDetailsQuery,
  useGetCoproprietaireDashboardQuery,
  useLazyGetCoproprietaireDashboardQuery,
  useGetPaiementEnLigneDisponibleQuery,
  useLazyGetPaiementEnLigneDisponibleQuery,
  useDemanderPaiementEnLigneMutation,
  useGetPaiementEnLigneRetourQuery,
  useLazyGetPaiementEnLigneRetourQuery,
  useGetCoproprietaireRevenusQuery,
  useLazyGetCoproprietaireRevenusQuery,
  useGetCoproprietaireRevenuDetailsQuery,
  useLazyGetCoproprietaireRevenuDetailsQuery,
  useGetCoproprietaireTravauxQuery,
  useLazyGetCoproprietaireTravauxQuery,
  useGetCoproprietaireTravauxDetailsQuery,
  useLazyGetCoproprietaireTravauxDetailsQuery,
  useGetVotesCoproprietaireQuery,
  useLazyGetVotesCoproprietaireQuery,
  useModifierBulletinVoteMutation,
  useGetVoteResultatsQuery,
  useLazyGetVoteResultatsQuery,
  useVoterVoteMutation,
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
  useGetSyndicDashboardQuery,
  useLazyGetSyndicDashboardQuery,
  useSupprimerDevisMutation,
  useSendVerificationEmailMutation,
  useVerifyEmailQuery,
  useLazyVerifyEmailQuery,
  useGetExercicesQuery,
  useLazyGetExercicesQuery,
  useGetSoldesClotureQuery,
  useLazyGetSoldesClotureQuery,
  useSupprimerFactureMutation,
  useFirstLoginInfoMutation,
  useGetFournisseursQuery,
  useLazyGetFournisseursQuery,
  useCreateFournisseurMutation,
  useCreateFournisseurDialogMutation,
  useGetGouvernoratsQuery,
  useLazyGetGouvernoratsQuery,
  useModifierFournisseurMutation,
  useSupprimerFournisseurMutation,
  useGetHealthQuery,
  useLazyGetHealthQuery,
  useGetNotificationsQuery,
  useLazyGetNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useGetOccupantsQuery,
  useLazyGetOccupantsQuery,
  useCreateOccupantMutation,
  useGetPaiementEnLigneConfigurationQuery,
  useLazyGetPaiementEnLigneConfigurationQuery,
  useEnregistrerPaiementEnLigneConfigurationMutation,
  useGetPaiementsEnLigneQuery,
  useLazyGetPaiementsEnLigneQuery,
  useEnregistrerReglementPasserelleMutation,
  usePaiementEnLigneWebhookQuery,
  useLazyPaiementEnLigneWebhookQuery,
  useGetPannesQuery,
  useLazyGetPannesQuery,
  useSupprimerCommentairePanneMutation,
  useGetPanneDetailsQuery,
  useLazyGetPanneDetailsQuery,
  useModifierStatutPanneMutation,
  useModifierPanneMutation,
  useSupprimerPanneMutation,
  useGetParametresQuery,
  useLazyGetParametresQuery,
  useModifierEmailMutation,
  useModifierMotDePasseMutation,
  useGetProprietesQuery,
  useLazyGetProprietesQuery,
  useGetHistoriqueQuery,
  useLazyGetHistoriqueQuery,
  useCreateOccupationMutation,
  useUpdateOccupationMutation,
  useDeleteOccupationMutation,
  useGetRecouvrementCoprosSoldesQuery,
  useLazyGetRecouvrementCoprosSoldesQuery,
  useEnvoyerSmsRecouvrementMutation,
  useEnvoyerSmsGroupeRecouvrementMutation,
  useGetRecouvrementOccupantDetailsQuery,
  useLazyGetRecouvrementOccupantDetailsQuery,
  useRapportLivraisonSmsMutation,
  useGetReglementsQuery,
  useLazyGetReglementsQuery,
  useSupprimerReglementMutation,
  useGetRemisesChequesQuery,
  useLazyGetRemisesChequesQuery,
  useGetChequesEnAttenteQuery,
  useLazyGetChequesEnAttenteQuery,
  useCreateRemiseChequesMutation,
  useSupprimerRemiseChequesMutation,
  useGetRevenusExceptionnelsQuery,
  useLazyGetRevenusExceptionnelsQuery,
  useCreateRevenuExceptionnelMutation,
  useSupprimerRevenuExceptionnelMutation,
  useModifierPaiementSalaireMutation,
  useSupprimerPaiementSalaireMutation,
  usePayerSalaireMutation,
  useGetSalariesQuery,
  useLazyGetSalariesQuery,
  useCreateSalarieMutation,
  useGetSalarieDetailsQuery,
  useLazyGetSalarieDetailsQuery,
  useModifierSalarieMutation,
  useSupprimerSalarieMutation,
  useGetSupportQuery,
  useLazyGetSupportQuery,
  useGetTravauxQuery,
  useLazyGetTravauxQuery,
  useGetTravauxAgsVotesQuery,
  useLazyGetTravauxAgsVotesQuery,
  useGetTravauxDetailQuery,
  useLazyGetTravauxDetailQuery,
  useModifierPaiementTravauxMutation,
  usePayerTravauxMutation,
  useSupprimerTravauxMutation,
  useSupprimerPaiementTravauxMutation,
  useGetVisibiliteFinancesQuery,
  useLazyGetVisibiliteFinancesQuery,
  useBulkSyncVisibiliteMutation,
  useGetVisibiliteHistoriqueQuery,
  useLazyGetVisibiliteHistoriqueQuery,
  useSyncVisibiliteUserMutation,
  useGetVotesQuery,
  useLazyGetVotesQuery,
  useCreerVoteMutation,
  useModifierVoteMutation,
  useSupprimerVoteMutation,
  useOuvrirTempsReelQuery,
  useLazyOuvrirTempsReelQuery,
} = injectedRtkApi;
