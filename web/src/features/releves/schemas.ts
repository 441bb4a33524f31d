import { object, string } from '@/lib/validation';
import type { TypeOperation } from '@/api/generated';
import {
  FORMATS_DATE,
  SEPARATEURS_DECIMAUX,
  type FormatDate,
  type MappingColonnes,
  type SeparateurDecimal,
} from './releves-api';

/**
 * The column mapping form of a CSV or XLSX statement (docs/api-releves.md "Column mapping"):
 * the columns are chosen among the file's headers, the amount is one signed column or a
 * debit/credit pair. Messages are catalogue keys.
 */

export type ModeMontant = 'signe' | 'debitCredit';

export interface MappingValues {
  ligne_entete: string;
  date: string;
  libelle: string;
  mode: ModeMontant;
  montant: string;
  debit: string;
  credit: string;
  reference: string;
  format_date: FormatDate;
  separateur_decimal: SeparateurDecimal;
}

const required = 'releves:validation.colonneRequise';

/** A header written plainly: no accents, lower case (`Débit` → "debit"). */
function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * The first header holding the first word found (the words in order of preference), among the
 * headers not taken by another field already.
 */
function guess(colonnes: readonly string[], taken: Set<string>, ...words: string[]): string {
  for (const word of words) {
    const found = colonnes.find((colonne) => !taken.has(colonne) && plain(colonne).includes(word));
    if (found) {
      taken.add(found);
      return found;
    }
  }
  return '';
}

/**
 * The form's first values: the mapping the server used or remembered, else a guess from the
 * headers (a French bank's "Date", "Libellé", "Débit", "Crédit"), which the treasurer confirms.
 */
export function initialMapping(
  mapping: MappingColonnes | null,
  colonnes: readonly string[],
  ligneEntete: number | null = null,
): MappingValues {
  if (mapping) {
    return {
      ligne_entete: String(mapping.ligne_entete),
      date: mapping.date,
      libelle: mapping.libelle,
      mode: mapping.montant ? 'signe' : 'debitCredit',
      montant: mapping.montant ?? '',
      debit: mapping.debit ?? '',
      credit: mapping.credit ?? '',
      reference: mapping.reference ?? '',
      format_date: mapping.format_date,
      separateur_decimal: mapping.separateur_decimal,
    };
  }
  return {
    ligne_entete: String(ligneEntete ?? 1),
    ...guessColumns(colonnes),
    format_date: 'jj/mm/aaaa',
    separateur_decimal: ',',
  };
}

/** The columns found by their header's name: a French bank's "Date", "Libellé", "Débit", "Crédit". */
export function guessColumns(
  colonnes: readonly string[],
): Pick<MappingValues, 'date' | 'libelle' | 'mode' | 'montant' | 'debit' | 'credit' | 'reference'> {
  // The date first: "Date opération" is the date, not the label ("Opération").
  const taken = new Set<string>();
  const date = guess(colonnes, taken, 'date');
  const debit = guess(colonnes, taken, 'debit');
  const credit = guess(colonnes, taken, 'credit');
  const montant = guess(colonnes, taken, 'montant', 'amount');
  const reference = guess(colonnes, taken, 'ref');
  const libelle = guess(colonnes, taken, 'libel', 'designation', 'description', 'operation');
  return { date, libelle, mode: debit && credit ? 'debitCredit' : 'signe', montant, debit, credit, reference };
}

/** The mapping as the server reads it. */
export function mappingOf(values: MappingValues): MappingColonnes {
  const signe = values.mode === 'signe';
  return {
    ligne_entete: Number(values.ligne_entete),
    date: values.date,
    libelle: values.libelle,
    montant: signe ? values.montant : null,
    debit: signe ? null : values.debit,
    credit: signe ? null : values.credit,
    reference: values.reference || null,
    format_date: values.format_date,
    separateur_decimal: values.separateur_decimal,
  };
}

const whenMode = (mode: ModeMontant) =>
  string().when('mode', {
    is: mode,
    then: (schema) => schema.required(required),
    otherwise: (schema) => schema.notRequired(),
  });

export const mappingSchema = object({
  ligne_entete: string()
    .required('releves:validation.ligneEnteteInvalide')
    .matches(/^[1-9]\d{0,2}$/, 'releves:validation.ligneEnteteInvalide'),
  date: string().required(required),
  libelle: string().required(required),
  montant: whenMode('signe'),
  debit: whenMode('debitCredit'),
  credit: whenMode('debitCredit').test('distinct', 'releves:validation.debitCreditDistincts', function (value) {
    return this.parent.mode !== 'debitCredit' || !value || value !== this.parent.debit;
  }),
  format_date: string().oneOf([...FORMATS_DATE]),
  separateur_decimal: string().oneOf([...SEPARATEURS_DECIMAUX]),
});

export const LIBELLE_MAX_LENGTH = 200;

/** The operation types that fit a line's sign: money out is a fee or a withdrawal, money in interest or a deposit. */
export function typesPour(montant: number): TypeOperation[] {
  return montant < 0 ? ['frais', 'retrait'] : ['interets', 'depot'];
}

export interface OperationLigneValues {
  type: TypeOperation | '';
  libelle: string;
}

export const operationLigneSchema = object({
  type: string().required('releves:validation.typeRequis'),
  libelle: string()
    .trim()
    .required('releves:validation.libelleRequis')
    .max(LIBELLE_MAX_LENGTH, 'releves:validation.libelleTropLong'),
});
