import { generatedApi, type FormatReleveApi, type Releve } from '@/api/generated';

/*
 * The bank statements' endpoints (issue 22, docs/api-releves.md): a statement file of an account
 * previewed, imported, its lines matched to the account's movements, pointed, undone, or turned
 * into a bank operation. Finance only (the server answers 403 `finance_required` to the others).
 *
 * - The JSON routes are generated (their types too); the preview and the import are multipart
 *   (the file): written here with a FormData body, as the generator leaves multipart routes out.
 * - The statements share the bank's tag (`banque`, docs/decisions.md "Bank statements"): a
 *   pointing by hand or an operation refreshes them, and importing, pointing, undoing and
 *   creating an operation refresh the reconciliation and the bank lists (`banque`,
 *   `Rapprochement`). Creating an operation also posts to the books (`comptabilite`).
 */

/** The formats the server recognises by content (never by the file's name). */
export type FormatReleve = FormatReleveApi;

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

/**
 * The statement's JSON answers as the server describes them (generated, docs/api-releves.md),
 * under the names the pages use: a line (`LigneReleve`), its movements, its status and the
 * suggestion for a line with nothing in the books. `controle` compares the statement's closing
 * balance with the account's bank balance at its last day after pointing; a CSV or XLSX file
 * gives no closing balance (`solde_releve`, `ecart`, `equilibre` null): the page asks for the
 * printed one.
 */
export type {
  ControleReleve,
  LigneDetail as LigneReleve,
  MouvementReleve,
  Releve,
  ReleveResume,
  StatutLigne,
  TypeSuggestion,
} from '@/api/generated';

export interface ImportResponse {
  success: boolean;
  releve: Releve;
  deja_importe: boolean;
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

/** Pointing changes the reconciliation, the bank lists and the statements (all under `banque`). */
const POINTING = ['banque', 'Rapprochement'] as const;

export const relevesApi = generatedApi
  .enhanceEndpoints({
    endpoints: {
      getReleves: { providesTags: ['banque'] },
      // A movement created, changed or pointed elsewhere changes the lines' matching.
      getReleve: { providesTags: ['banque', 'Rapprochement', 'cotisations', 'remises-cheques'] },
      rapprocherLigneReleve: { invalidatesTags: [...POINTING] },
      defaireLigneReleve: { invalidatesTags: [...POINTING] },
      // The operation posts to the books too.
      creerOperationLigneReleve: { invalidatesTags: [...POINTING, 'comptabilite'] },
    },
  })
  .injectEndpoints({
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
    }),
  });

export const {
  useApercuReleveMutation,
  useImporterReleveMutation,
  useGetRelevesQuery,
  useGetReleveQuery,
  useRapprocherLigneReleveMutation,
  useDefaireLigneReleveMutation,
  useCreerOperationLigneReleveMutation,
} = relevesApi;

/** The reconciliation's answer (accounts, the main one by default), read here for the account choice. */
export { useGetRapprochementQuery } from '@/api/generated';
