import { generatedApi, type TableLigne, type TypeOperation } from '@/api/generated';

/*
 * The bank statements' endpoints (issue 22, docs/api-releves.md): a statement file of an account
 * previewed, imported, its lines matched to the account's movements, pointed, undone, or turned
 * into a bank operation. Finance only (the server answers 403 `finance_required` to the others).
 *
 * - The preview and the import are multipart (the file): written here with a FormData body, as
 *   the generator leaves multipart routes out.
 * - Importing, pointing, undoing and creating an operation change the account's pointing: the
 *   reconciliation and the bank lists (`banque`, `Rapprochement`) and the statements (`releves`)
 *   follow. Creating an operation also posts to the books (`comptabilite`).
 * - A statement's answer (`Releve`) comes back from every change: it replaces the cached details
 *   at once, so the page does not wait for a refetch.
 */

/** The formats the server recognises by content (never by the file's name). */
export type FormatReleve = 'csv' | 'xlsx' | 'ofx' | 'camt053';

export const FORMATS_DATE = ['jj/mm/aaaa', 'aaaa-mm-jj', 'jj-mm-aaaa', 'jj.mm.aaaa'] as const;
export type FormatDate = (typeof FORMATS_DATE)[number];

export const SEPARATEURS_DECIMAUX = [',', '.'] as const;
export type SeparateurDecimal = (typeof SEPARATEURS_DECIMAUX)[number];

/** How to read a CSV or XLSX statement: remembered per bank once an import with it succeeds. */
export interface MappingColonnes {
  /** 1-based row holding the headers (rows above are skipped). */
  ligne_entete: number;
  date: string;
  libelle: string;
  /** Either one signed amount column… */
  montant: string | null;
  /** …or the debit/credit pair. */
  debit: string | null;
  credit: string | null;
  reference: string | null;
  format_date: FormatDate;
  separateur_decimal: SeparateurDecimal;
}

/** A line of the file as the preview reads it. Amounts are the API's DT numbers, money in positive. */
export interface LigneApercu {
  numero: number;
  date: string;
  libelle: string;
  montant: number;
  reference: string | null;
  /** Imported already from an earlier statement of the account: skipped by the import. */
  deja_importee: boolean;
}

/** POST /banque/releves/apercu: what the file holds; nothing recorded. */
export interface ApercuReleve {
  format: FormatReleve;
  sha256: string;
  /** The same file was imported already: importing it again changes nothing. */
  deja_importe: boolean;
  /** CSV/XLSX without a mapping given or remembered: `lignes` is empty, the form is needed. */
  mapping_requis: boolean;
  mapping: MappingColonnes | null;
  colonnes: string[];
  apercu_brut: string[][];
  du: string | null;
  au: string | null;
  solde_ouverture: number | null;
  solde_cloture: number | null;
  lignes: LigneApercu[];
  total_credits: number;
  /** Positive: the sum of the money out. */
  total_debits: number;
}

/** A movement of the books named by a statement line. */
export interface MouvementReleve {
  table: TableLigne;
  id: number;
  date: string;
  libelle: string;
  montant: number;
}

export type StatutLigne = 'pointee' | 'proposee' | 'sans_correspondance';

/** What a line with nothing in the books most likely is, for the one-action creation. */
export type TypeSuggestion = TypeOperation | 'encaissement';

export interface LigneReleve {
  numero: number;
  date: string;
  libelle: string;
  montant: number;
  reference: string | null;
  statut: StatutLigne;
  /** The movements pointed with this line. */
  mouvements: MouvementReleve[];
  /** Candidate sets, each summing to the line's amount, best first. */
  propositions: MouvementReleve[][];
  suggestion: { type: TypeSuggestion; libelle: string } | null;
}

/**
 * The statement's closing balance against the account's bank balance at its last day after
 * pointing. A CSV or XLSX file gives no closing balance: `solde_releve`, `ecart` and `equilibre`
 * are null (the page lets the treasurer type the balance printed on the statement).
 */
export interface ControleSolde {
  solde_releve: number | null;
  solde_banque: number;
  /** solde_releve − solde_banque. */
  ecart: number | null;
  equilibre: boolean | null;
}

export interface Releve {
  id: number;
  compte: { id: number; nom: string };
  format: FormatReleve;
  du: string;
  au: string;
  importe_le: string;
  nom_fichier: string | null;
  sha256: string;
  solde_ouverture: number | null;
  solde_cloture: number | null;
  controle: ControleSolde;
  is_closed: boolean;
  lignes: LigneReleve[];
}

/** A statement in the account's list. */
export interface ReleveResume {
  id: number;
  compte: number;
  format: FormatReleve;
  du: string;
  au: string;
  importe_le: string;
  nom_fichier: string | null;
  lignes: number;
  pointees: number;
  proposees: number;
  sans_correspondance: number;
}

export interface RelevesResponse {
  releves: ReleveResume[];
}

export interface ImportResponse {
  success: boolean;
  releve: Releve;
  deja_importe: boolean;
}

export interface ReleveResponse {
  success: boolean;
  releve: Releve;
}

/** A movement chosen for a line: its table and id. */
export interface MouvementRef {
  table: TableLigne;
  id: number;
}

export interface RapprocherRequest {
  releve: number;
  ligne: number;
  mouvements: MouvementRef[];
}

export interface LigneRef {
  releve: number;
  ligne: number;
}

export interface CreerOperationRequest extends LigneRef {
  type: TypeOperation;
  libelle: string;
}

/** The multipart fields of the preview and the import, as the server names them. */
export type ReleveFormField = 'compte' | 'fichier' | 'mapping';

/** The multipart body of a preview or an import: the account, the file, the mapping if any. */
export function releveFormData(compte: number, fichier: File, mapping: MappingColonnes | null): FormData {
  const body = new FormData();
  const fields: Record<ReleveFormField, ReleveFormField> = { compte: 'compte', fichier: 'fichier', mapping: 'mapping' };
  body.append(fields.compte, String(compte));
  body.append(fields.fichier, fichier, fichier.name);
  if (mapping) body.append(fields.mapping, JSON.stringify(mapping));
  return body;
}

/** Pointing changes: the reconciliation, the bank lists and the statements follow. */
const POINTING = ['banque', 'Rapprochement', 'releves'] as const;

export const relevesApi = generatedApi.enhanceEndpoints({ addTagTypes: ['releves'] }).injectEndpoints({
  endpoints: (build) => ({
    /** POST /banque/releves/apercu (multipart). Nothing recorded: no tag. */
    apercuReleve: build.mutation<ApercuReleve, FormData>({
      query: (body) => ({ url: '/api/banque/releves/apercu', method: 'POST', body }),
    }),
    /** POST /banque/releves/importer (multipart): records the statement and points the sure lines. */
    importerReleve: build.mutation<ImportResponse, FormData>({
      query: (body) => ({ url: '/api/banque/releves/importer', method: 'POST', body }),
      invalidatesTags: [...POINTING],
    }),
    /** GET /banque/releves?compte: the account's statements, newest first. */
    getReleves: build.query<RelevesResponse, number>({
      query: (compte) => ({ url: '/api/banque/releves', params: { compte } }),
      providesTags: ['releves'],
    }),
    /** GET /banque/releves/details?id. */
    getReleve: build.query<Releve, number>({
      query: (id) => ({ url: '/api/banque/releves/details', params: { id } }),
      // A movement created, changed or pointed elsewhere changes the lines' matching.
      providesTags: ['releves', 'banque', 'Rapprochement', 'cotisations', 'remises-cheques'],
    }),
    /** POST /banque/releves/rapprocher: points the chosen movements with the line. */
    rapprocherLigne: build.mutation<ReleveResponse, RapprocherRequest>({
      query: (body) => ({ url: '/api/banque/releves/rapprocher', method: 'POST', body }),
      invalidatesTags: [...POINTING],
    }),
    /** POST /banque/releves/defaire: unpoints what was pointed with the line. */
    defaireLigne: build.mutation<ReleveResponse, LigneRef>({
      query: (body) => ({ url: '/api/banque/releves/defaire', method: 'POST', body }),
      invalidatesTags: [...POINTING],
    }),
    /** POST /banque/releves/creer-operation: the bank operation of a line, pointed with it. */
    creerOperationLigne: build.mutation<ReleveResponse, CreerOperationRequest>({
      query: (body) => ({ url: '/api/banque/releves/creer-operation', method: 'POST', body }),
      invalidatesTags: [...POINTING, 'comptabilite'],
    }),
  }),
});

export const {
  useApercuReleveMutation,
  useImporterReleveMutation,
  useGetRelevesQuery,
  useGetReleveQuery,
  useRapprocherLigneMutation,
  useDefaireLigneMutation,
  useCreerOperationLigneMutation,
} = relevesApi;

/** The reconciliation's answer (accounts, the main one by default), read here for the account choice. */
export { useGetRapprochementQuery } from '@/api/generated';
