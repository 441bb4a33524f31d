import { isoDate, object, string } from '@/lib/validation';
import type {
  ChargePatronalePaiement,
  Declarations,
  MethodePaiementChargePatronale,
  MethodePaiementSalaire,
  PaiementSalaire,
  Salarie,
} from './salaires-api';

/**
 * Validation of the payroll's forms (spec 2 §5 "Employee", "Salary payment", "Employer-charge
 * payment", §9), mirroring the server's rules (docs/api-salaires.md). Messages are catalogue keys.
 */

export const TEXTE_MAX_LENGTH = 200;
export const REFERENCE_MAX_LENGTH = 100;
/** A CNSS number or a RIB: one line of at most 50 characters, as the server keeps them. */
export const CODE_MAX_LENGTH = 50;

export const METHODES_SALAIRE: readonly MethodePaiementSalaire[] = ['espece', 'cheque', 'virement'];
export const METHODES_CHARGE_PATRONALE: readonly MethodePaiementChargePatronale[] = [
  'espece',
  'cheque',
  'virement',
  'tpe',
  'enligne',
];

/** A salary: up to 4 integer digits and up to 3 decimals (spec 2 §5: at most 9 999,999 DT). */
const SALAIRE = /^\d{1,4}(\.\d{1,3})?$/;
/** An employer charge: up to 5 integer digits and up to 3 decimals (at most 99 999,999 DT). */
const CHARGE_PATRONALE = /^\d{1,5}(\.\d{1,3})?$/;
/** The employer charges' overall rate as typed: "12.5%", "16.57%" (2 integer digits, 2 decimals). */
const TAUX = /^\d{1,2}(\.\d{1,2})?%$/;
const EIGHT_DIGITS = /^\d{8}$/;

/** Birth dates (spec 2 §5): from 1 January 1930 to today. */
export const NAISSANCE_MIN = '1930-01-01';
/** Contract dates (spec 2 §5): from 1 January 1985 to 31 December 2035. */
export const CONTRAT_MIN = '1985-01-01';
export const CONTRAT_MAX = '2035-12-31';

/** The amount typed, spaces removed and a point for the decimals ("1 250,5" → "1250.5"). */
export function montantDecimal(text: string): string {
  return text.replace(/\s+/g, '').replace(',', '.');
}

/** The amount as a DT number (JSON requests). */
export function montantNumber(text: string): number {
  return Number(montantDecimal(text));
}

/** The amount a form shows for a DT number ("1250.5"); empty for none. */
export function montantText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** 16.57 → "16.57%". */
export function tauxText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : `${value}%`;
}

/** An optional text as the server wants it: trimmed, null when empty. */
export function optionalText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** A typed phone or CIN without its spaces (`20 123 456` → `20123456`). */
export function digits(text: string): string {
  return text.replace(/\s+/g, '');
}

/** An amount in DT matching `pattern`, above zero. */
function montant(pattern: RegExp, required: `salaires:${string}`, invalid: `salaires:${string}`) {
  return string()
    .trim()
    .required(required)
    .test('decimal', invalid, (value) => !value || pattern.test(montantDecimal(value)))
    .test('positive', 'salaires:validation.montantPositif', (value) => {
      if (!value || !pattern.test(montantDecimal(value))) return true;
      return montantNumber(value) > 0;
    });
}

const texte = (required: `salaires:${string}` | null) => {
  const schema = string().trim().max(TEXTE_MAX_LENGTH, 'salaires:validation.texteTropLong');
  return required ? schema.required(required) : schema;
};

/** A date between `min` and `max` (both `yyyy-MM-dd`), when one is given. */
function dateBetween(min: string, max: string, message: `salaires:${string}`) {
  return isoDate().test('range', message, (value) => !value || (value >= min && value <= max));
}

// --- Employee -----------------------------------------------------------------------------------

export interface SalarieValues {
  nom: string;
  poste: string;
  tel: string;
  cin: string;
  charges_patronales: Declarations;
  salaire: string;
  salaire_brut: string;
  taux_global_charges_patronales: string;
  numero_cnss: string;
  rib: string;
  date_naissance: string;
  adresse: string;
  date_debut: string;
  date_fin: string;
  commentaire: string;
}

export const emptySalarie: SalarieValues = {
  nom: '',
  poste: '',
  tel: '',
  cin: '',
  charges_patronales: 'sans',
  salaire: '',
  salaire_brut: '',
  taux_global_charges_patronales: '',
  numero_cnss: '',
  rib: '',
  date_naissance: '',
  adresse: '',
  date_debut: '',
  date_fin: '',
  commentaire: '',
};

/** The form's values of a loaded employee. */
export function salarieValues(salarie: Salarie): SalarieValues {
  return {
    nom: salarie.nom,
    poste: salarie.poste,
    tel: salarie.tel,
    cin: salarie.cin ?? '',
    charges_patronales: salarie.charges_patronales,
    salaire: salarie.charges_patronales === 'sans' ? montantText(salarie.salaire) : '',
    salaire_brut: montantText(salarie.salaire_brut),
    taux_global_charges_patronales: tauxText(salarie.taux_charges_patronales),
    numero_cnss: salarie.numero_cnss ?? '',
    rib: salarie.rib ?? '',
    date_naissance: salarie.date_naissance ?? '',
    adresse: salarie.adresse ?? '',
    date_debut: salarie.date_debut,
    date_fin: salarie.date_fin ?? '',
    commentaire: salarie.commentaire ?? '',
  };
}

/**
 * The employee's rules (spec 2 §5 "Employee"): declared without employer charges ("sans", the
 * default), the salary is asked; with them ("avec"), the gross salary and the overall rate.
 */
export function salarieSchema(today: string) {
  // The salary asked for by the declarations is checked; the other one is not sent.
  const when = (declarations: Declarations, schema: ReturnType<typeof montant>) =>
    string().when('charges_patronales', { is: declarations, then: () => schema });
  return object({
    nom: texte('salaires:validation.nomRequired'),
    poste: texte('salaires:validation.posteRequired'),
    tel: string()
      .required('salaires:validation.telRequired')
      .test('tel', 'salaires:validation.telInvalide', (value) => !value || EIGHT_DIGITS.test(digits(value))),
    cin: string().test('cin', 'salaires:validation.cinInvalide', (value) => !value || EIGHT_DIGITS.test(digits(value))),
    charges_patronales: string()
      .required('salaires:validation.declarationsRequired')
      .oneOf(['avec', 'sans'], 'salaires:validation.declarationsRequired'),
    salaire: when(
      'sans',
      montant(SALAIRE, 'salaires:validation.salaireRequired', 'salaires:validation.salaireInvalide'),
    ),
    salaire_brut: when(
      'avec',
      montant(SALAIRE, 'salaires:validation.salaireBrutRequired', 'salaires:validation.salaireInvalide'),
    ),
    taux_global_charges_patronales: when(
      'avec',
      string()
        .trim()
        .required('salaires:validation.tauxRequired')
        .test('taux', 'salaires:validation.tauxInvalide', (value) => !value || TAUX.test(value.replace(/\s+/g, ''))),
    ),
    numero_cnss: string().trim().max(CODE_MAX_LENGTH, 'salaires:validation.codeTropLong'),
    rib: string().trim().max(CODE_MAX_LENGTH, 'salaires:validation.codeTropLong'),
    adresse: texte(null),
    date_naissance: dateBetween(NAISSANCE_MIN, today, 'salaires:validation.dateNaissanceHorsPlage'),
    date_debut: dateBetween(CONTRAT_MIN, CONTRAT_MAX, 'salaires:validation.dateContratHorsPlage').required(
      'salaires:validation.dateDebutRequired',
    ),
    date_fin: dateBetween(CONTRAT_MIN, CONTRAT_MAX, 'salaires:validation.dateContratHorsPlage').test(
      'after-debut',
      'salaires:validation.finAvantDebut',
      function finApresDebut(value) {
        const debut = (this.parent as SalarieValues).date_debut;
        return !value || !debut || value >= debut;
      },
    ),
  });
}

// --- Salary payment -----------------------------------------------------------------------------

export interface PaiementSalaireValues {
  mois: string;
  montant: string;
  date_paiement: string;
  methode_paiement: MethodePaiementSalaire | '';
  reference_piece_justificative: string;
  commentaire: string;
}

export function paiementSalaireValues(paiement: PaiementSalaire): PaiementSalaireValues {
  return {
    mois: paiement.mois,
    montant: montantText(paiement.montant),
    date_paiement: paiement.date_paiement,
    methode_paiement: paiement.methode_paiement,
    reference_piece_justificative: paiement.reference_piece_justificative ?? '',
    commentaire: paiement.commentaire ?? '',
  };
}

/** A salary payment (spec 2 §5 "Salary payment"): no date after `today`. */
export function paiementSalaireSchema(today: string) {
  return object({
    mois: string()
      .required('salaires:validation.moisRequired')
      .matches(/^\d{4}-(0[1-9]|1[0-2])$/, 'salaires:validation.moisRequired'),
    montant: montant(SALAIRE, 'salaires:validation.montantRequired', 'salaires:validation.montantSalaireInvalide'),
    date_paiement: isoDate()
      .required('salaires:validation.datePaiementRequired')
      .test('not-future', 'salaires:validation.datePaiementFuture', (value) => !value || value <= today),
    methode_paiement: string()
      .required('salaires:validation.methodeRequired')
      .oneOf([...METHODES_SALAIRE], 'salaires:validation.methodeRequired'),
    reference_piece_justificative: string().trim().max(REFERENCE_MAX_LENGTH, 'salaires:validation.referenceTropLongue'),
    commentaire: string().trim(),
  });
}

// --- Employer-charge payment --------------------------------------------------------------------

export interface ChargePatronaleValues {
  titre: string;
  montant: string;
  date_paiement: string;
  methode_paiement: MethodePaiementChargePatronale | '';
  reference_piece_justificative: string;
  commentaire: string;
}

export const emptyChargePatronale: ChargePatronaleValues = {
  titre: '',
  montant: '',
  date_paiement: '',
  methode_paiement: '',
  reference_piece_justificative: '',
  commentaire: '',
};

export function chargePatronaleValues(paiement: ChargePatronalePaiement): ChargePatronaleValues {
  return {
    titre: paiement.titre,
    montant: montantText(paiement.montant),
    date_paiement: paiement.date_paiement,
    methode_paiement: paiement.methode_paiement,
    reference_piece_justificative: paiement.reference_piece_justificative ?? '',
    commentaire: paiement.commentaire ?? '',
  };
}

/** An employer-charge payment (spec 2 §5 "Employer-charge payment"). */
export const chargePatronaleSchema = object({
  titre: texte('salaires:validation.titreRequired'),
  montant: montant(
    CHARGE_PATRONALE,
    'salaires:validation.montantRequired',
    'salaires:validation.montantChargePatronaleInvalide',
  ),
  date_paiement: isoDate().required('salaires:validation.datePaiementRequired'),
  methode_paiement: string()
    .required('salaires:validation.methodeRequired')
    .oneOf([...METHODES_CHARGE_PATRONALE], 'salaires:validation.methodeRequired'),
  reference_piece_justificative: string().trim().max(REFERENCE_MAX_LENGTH, 'salaires:validation.referenceTropLongue'),
  commentaire: string().trim(),
});

// --- Months -------------------------------------------------------------------------------------

/** `yyyy-MM` of a `yyyy-MM-dd` date. */
export function moisOf(date: string): string {
  return date.slice(0, 7);
}

/**
 * The months a payment may be for: from 24 months before `today` to the next month (a salary is
 * sometimes paid a little ahead), newest first, plus `keep` (an edited payment's own month).
 */
export function moisChoices(today: string, keep?: string): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const list: string[] = [];
  for (let offset = 1; offset >= -24; offset -= 1) {
    const index = year * 12 + (month - 1) + offset;
    list.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  if (keep && !list.includes(keep)) list.push(keep);
  return list.sort().reverse();
}
