import { generatedApi } from '@/api/generated';

/*
 * The online payment's endpoints (issue 21, docs/api-paiement-en-ligne.md): the treasurer's
 * settings, list of online payments and the gateway's settlements; the co-owner's availability,
 * payment request and return. Amounts are the API's DT numbers, as the co-owner's contributions.
 *
 * Tags: the settings and the list are `paiement-en-ligne`; a payment recorded on the return
 * changes the dues, the collections, the books and the dashboards (the return page invalidates
 * them once it reads `payee`); a settlement is a bank movement (`banque`, `Rapprochement`) and
 * posts to the books (`comptabilite`).
 */

/** The gateway's payment methods the residence may accept (Konnect's names). */
export const METHODES_KONNECT = ['bank_card', 'e-DINAR', 'wallet', 'flouci'] as const;
export type MethodeKonnect = (typeof METHODES_KONNECT)[number];

export interface ConfigurationPaiementEnLigne {
  active: boolean;
  wallet_id: string | null;
  /** Whether an API key is stored: the key itself is never answered. */
  cle_api_definie: boolean;
  frais_au_coproprietaire: boolean;
  methodes: string[];
  /** The bank account the gateway's settlements land on. */
  compte_id: number | null;
}

export interface ConfigurationResponse {
  configuration: ConfigurationPaiementEnLigne;
}

export interface ConfigurationRequest {
  active: boolean;
  wallet_id: string | null;
  /** Absent or empty: the stored key is kept. */
  cle_api?: string;
  frais_au_coproprietaire: boolean;
  methodes: string[];
  compte_id: number | null;
}

export type StatutPaiementEnLigne = 'en_attente' | 'payee' | 'echouee' | 'expiree';

export interface MontantDuPaye {
  montant_du_id: number;
  cotisation_titre: string;
  propriete: string;
  montant: number;
}

export interface PaiementEnLigne {
  id: number;
  /** The gateway's paymentRef (null while the gateway has not given one). */
  reference_passerelle: string | null;
  /** The owner's name. */
  proprietaire: string;
  montant: number;
  frais?: number | null;
  statut: StatutPaiementEnLigne | string;
  cree_le: string;
  paye_le: string | null;
  montant_dus: MontantDuPaye[];
  encaissements: { id: number; numero_recu: string | null; montant_du_id?: number }[];
  /** What was paid above what remained due (a due paid in cash meanwhile): 0 when none. */
  trop_percu: number;
}

export interface PaiementsResponse {
  paiements: PaiementEnLigne[];
}

export interface ReglementRequest {
  compte_id: number;
  date: string;
  montant_brut: number;
  frais: number;
  reference?: string | null;
}

export interface DisponibiliteResponse {
  disponible: boolean;
  frais_au_coproprietaire: boolean;
  methodes: string[];
}

export interface DemandeResponse {
  paiement: { id: number; pay_url: string; montant: number; expire_le: string };
}

export interface RetourResponse {
  paiement: {
    id: number;
    statut: StatutPaiementEnLigne | string;
    montant: number;
    encaissements: { id: number; numero_recu: string | null; montant_du_id: number }[];
    trop_percu: number;
  };
}

/** What a recorded online payment changes: refetched once the return page reads it paid. */
export const PAIEMENT_ENREGISTRE_TAGS = [
  'paiement-en-ligne',
  'cotisations',
  'dashboard',
  'comptabilite',
  'coproprietaire-finances',
] as const;

export const paiementEnLigneApi = generatedApi
  .enhanceEndpoints({ addTagTypes: ['paiement-en-ligne'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** GET /paiement-en-ligne/configuration (finance). */
      getConfigurationPaiementEnLigne: build.query<ConfigurationResponse, void>({
        query: () => '/api/paiement-en-ligne/configuration',
        providesTags: ['paiement-en-ligne'],
      }),
      /** POST /paiement-en-ligne/configuration (finance). */
      enregistrerConfigurationPaiementEnLigne: build.mutation<ConfigurationResponse, ConfigurationRequest>({
        query: (body) => ({ url: '/api/paiement-en-ligne/configuration', method: 'POST', body }),
        invalidatesTags: ['paiement-en-ligne'],
      }),
      /** GET /paiement-en-ligne/paiements?statut= (finance). */
      getPaiementsEnLigne: build.query<PaiementsResponse, { statut?: string } | void>({
        query: (args) => ({
          url: '/api/paiement-en-ligne/paiements',
          params: args?.statut ? { statut: args.statut } : {},
        }),
        providesTags: ['paiement-en-ligne', 'cotisations'],
      }),
      /** POST /paiement-en-ligne/reglements (finance): the gateway's settlement to the bank. */
      enregistrerReglementPasserelle: build.mutation<unknown, ReglementRequest>({
        query: (body) => ({ url: '/api/paiement-en-ligne/reglements', method: 'POST', body }),
        invalidatesTags: ['paiement-en-ligne', 'banque', 'Rapprochement', 'comptabilite', 'dashboard'],
      }),
      /** GET /coproprietaire/paiement-en-ligne: whether the co-owner may pay online. */
      getDisponibilitePaiementEnLigne: build.query<DisponibiliteResponse, void>({
        query: () => '/api/coproprietaire/paiement-en-ligne',
        providesTags: ['paiement-en-ligne'],
      }),
      /** POST /coproprietaire/paiement-en-ligne/demander: the gateway's page to go to. */
      demanderPaiementEnLigne: build.mutation<DemandeResponse, { montant_du_ids: number[] }>({
        query: (body) => ({ url: '/api/coproprietaire/paiement-en-ligne/demander', method: 'POST', body }),
      }),
      /** GET /coproprietaire/paiement-en-ligne/retour?payment_ref=: the payment's state, recorded if completed. */
      getRetourPaiementEnLigne: build.query<RetourResponse, { payment_ref: string }>({
        query: ({ payment_ref }) => ({ url: '/api/coproprietaire/paiement-en-ligne/retour', params: { payment_ref } }),
        // Asked again on each visit: the state moves with the gateway.
        keepUnusedDataFor: 0,
      }),
    }),
  });

export const {
  useGetConfigurationPaiementEnLigneQuery,
  useEnregistrerConfigurationPaiementEnLigneMutation,
  useGetPaiementsEnLigneQuery,
  useEnregistrerReglementPasserelleMutation,
  useGetDisponibilitePaiementEnLigneQuery,
  useDemanderPaiementEnLigneMutation,
  useGetRetourPaiementEnLigneQuery,
} = paiementEnLigneApi;

/** The residence's bank accounts, for the settlement account's choice (the bank module's endpoint). */
export { useGetComptesBancairesQuery } from '@/api/generated';
