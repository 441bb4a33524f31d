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

export type {
  ConfigurationDto as ConfigurationPaiementEnLigne,
  ConfigurationRequest,
  DisponibiliteResponse,
  DuListe as MontantDuPaye,
  /** A receipt of an online payment: its collection, its number and the due it paid. */
  EncaissementEnLigne,
  /** A line of the treasurer's list (GET /paiement-en-ligne/paiements). */
  PaiementListe as PaiementEnLigne,
  ReglementRequest,
  /** GET /coproprietaire/paiement-en-ligne/retour. */
  RetourResponse,
  StatutDto as StatutPaiementEnLigne,
} from '@/api/generated';

/** What a recorded online payment changes: refetched once the return page reads it paid. */
export const PAIEMENT_ENREGISTRE_TAGS = [
  'paiement-en-ligne',
  'cotisations',
  'dashboard',
  'comptabilite',
  'coproprietaire-finances',
] as const;

/**
 * The generated endpoints (docs/api-paiement-en-ligne.md), with the tags of what they change and
 * under the names the pages use.
 */
const api = generatedApi.enhanceEndpoints({
  endpoints: {
    getPaiementsEnLigne: { providesTags: ['paiement-en-ligne', 'cotisations'] },
    enregistrerReglementPasserelle: {
      invalidatesTags: ['paiement-en-ligne', 'banque', 'Rapprochement', 'comptabilite', 'dashboard'],
    },
    // The request reserves nothing a page shows: the availability need not be read again.
    demanderPaiementEnLigne: { invalidatesTags: [] },
    // Asked again on each visit (the state moves with the gateway), and not refetched by the
    // tags it invalidates itself once paid.
    getPaiementEnLigneRetour: { providesTags: [], keepUnusedDataFor: 0 },
  },
});

export const paiementEnLigneApi = api;

export const {
  useGetPaiementEnLigneConfigurationQuery: useGetConfigurationPaiementEnLigneQuery,
  useEnregistrerPaiementEnLigneConfigurationMutation: useEnregistrerConfigurationPaiementEnLigneMutation,
  useEnregistrerReglementPasserelleMutation,
  useGetPaiementEnLigneDisponibleQuery: useGetDisponibilitePaiementEnLigneQuery,
  useDemanderPaiementEnLigneMutation,
} = api;

/** The treasurer's list, of one status or (`''`) of all. */
export function useGetPaiementsEnLigneQuery(statut: string) {
  return api.useGetPaiementsEnLigneQuery(statut ? { statut } : {});
}

/** The return's state, asked on each visit; skipped without a reference. */
export function useGetRetourPaiementEnLigneQuery(paymentRef: string) {
  return api.useGetPaiementEnLigneRetourQuery(
    { paymentRef },
    { skip: paymentRef === '', refetchOnMountOrArgChange: true },
  );
}

/** The residence's bank accounts, for the settlement account's choice (the bank module's endpoint). */
export { useGetComptesBancairesQuery } from '@/api/generated';
