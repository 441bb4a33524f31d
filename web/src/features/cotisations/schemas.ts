import type { MethodePaiement, Repartition, TypeCotisation } from '@/api/generated';
import { endOfNextYear, isIsoDate, startOfLastYear, todayIso } from '@/lib/dates';
import { isWholeDinars, MAX_DINARS, WHOLE_DINARS, wholeDinars } from '@/lib/money';
import { array, isoDate, type MessageKey, object, string, type StringSchema } from '@/lib/validation';
import { METHODES_PAIEMENT, REPARTITIONS, TYPES_COTISATION } from './labels';

/**
 * Validation of the revenue forms (spec 1 §5 "Cotisation form", "Collection sheet",
 * "Encaissement edit", "Recovery": allocation), mirroring the server's rules so that a refusal
 * is rare. Messages are catalogue keys.
 */

/** Titles longer than this are refused by the server too. */
export const TITRE_MAX_LENGTH = 200;
/** References longer than this are refused by the server too. */
export const REFERENCE_MAX_LENGTH = 100;

/** A required whole-dinar amount of at least `min`. */
function montant(required: MessageKey, min: 0 | 1): StringSchema {
  return string()
    .trim()
    .required(required)
    .test('whole', 'cotisations:validation.montantEntier', (value) => value === undefined || isWholeDinars(value))
    .test(
      'min',
      min === 1 ? 'cotisations:validation.montantPositif' : 'cotisations:validation.montantNegatif',
      (value) => (value === undefined || !isWholeDinars(value) ? true : wholeDinars(value) >= min),
    );
}

// --- Cotisation form ---------------------------------------------------------------------------

export interface PersonalisationValue {
  propriete_id: number;
  appartement: string;
  /** Whole dinars as typed. */
  montant: string;
}

export interface CotisationFormValues {
  titre: string;
  type: TypeCotisation | '';
  repartition: Repartition | '';
  date_debut: string;
  date_fin: string;
  date_echeance: string;
  /** Whole dinars per property and call, `egale` only. */
  montant: string;
  /** Every property with its amount, `personnalisee` only. */
  personalisation: PersonalisationValue[];
}

export const emptyCotisation: CotisationFormValues = {
  titre: '',
  type: '',
  repartition: '',
  date_debut: '',
  date_fin: '',
  date_echeance: '',
  montant: '',
  personalisation: [],
};

/** The cotisation form's rules; `today` (`yyyy-MM-dd`) fixes the due date's range. */
export function cotisationSchema(today: string = todayIso()) {
  const from = startOfLastYear(today);
  const to = endOfNextYear(today);
  return object({
    titre: string()
      .trim()
      .required('cotisations:validation.titreRequired')
      .max(TITRE_MAX_LENGTH, 'cotisations:validation.titreTooLong'),
    type: string()
      .required('cotisations:validation.typeRequired')
      .oneOf([...TYPES_COTISATION], 'cotisations:validation.typeRequired'),
    repartition: string()
      .required('cotisations:validation.repartitionRequired')
      .oneOf([...REPARTITIONS], 'cotisations:validation.repartitionRequired'),
    date_debut: isoDate().required('cotisations:validation.dateDebutRequired'),
    date_fin: isoDate()
      .required('cotisations:validation.dateFinRequired')
      .test('fin-after-debut', 'cotisations:validation.finBeforeDebut', function finAfterDebut(value) {
        const debut: unknown = (this.parent as { date_debut?: unknown }).date_debut;
        if (!value || !isIsoDate(value) || typeof debut !== 'string' || !isIsoDate(debut)) return true;
        return value >= debut;
      }),
    date_echeance: isoDate()
      .required('cotisations:validation.echeanceRequired')
      .test('echeance-range', 'cotisations:validation.echeanceHorsPlage', (value) =>
        !value || !isIsoDate(value) ? true : value >= from && value <= to,
      ),
    montant: string().when('repartition', ([repartition], schema: StringSchema) =>
      repartition === 'egale' ? montant('cotisations:validation.montantRequired', 1) : schema,
    ),
    personalisation: array().when('repartition', ([repartition], schema) =>
      repartition === 'personnalisee'
        ? schema
            .of(object({ montant: montant('cotisations:validation.montantRequired', 0) }))
            .test(
              'one-positive',
              'cotisations:validation.personnaliseeNulle',
              (lines: { montant?: string }[] | undefined) => {
                const list = lines ?? [];
                // Empty or wrong lines have their own message.
                if (list.some((line) => !isWholeDinars(line.montant))) return true;
                return list.some((line) => wholeDinars(line.montant ?? '') > 0);
              },
            )
        : schema,
    ),
  });
}

// --- Collection sheet and encaissement edit ----------------------------------------------------

/** The payment date (spec 1 §5, §9): required, not in the future, from 1 January of last year. */
function datePaiement(today: string) {
  const from = startOfLastYear(today);
  return isoDate()
    .required('cotisations:validation.datePaiementRequired')
    .test(
      'not-future',
      'cotisations:validation.datePaiementFuture',
      (value) => !value || !isIsoDate(value) || value <= today,
    )
    .test(
      'not-too-old',
      'cotisations:validation.datePaiementTropAncienne',
      (value) => !value || !isIsoDate(value) || value >= from,
    );
}

const methodePaiement = () =>
  string()
    .required('cotisations:validation.methodeRequired')
    .oneOf([...METHODES_PAIEMENT], 'cotisations:validation.methodeRequired');

const referencePaiement = () => string().trim().max(REFERENCE_MAX_LENGTH, 'cotisations:validation.referenceTooLong');

export interface EncaisserValues {
  /** The chosen montant dû's id, as the select holds it. */
  montant_du_id: string;
  montant: string;
  date_paiement: string;
  methode_paiement: MethodePaiement | '';
  reference_paiement: string;
}

/**
 * The collection sheet's rules (spec 1 §5 "Collection sheet"). `restantDu` gives the remaining
 * due of a montant dû id: the amount may not exceed the chosen line's.
 */
export function encaisserSchema(restantDu: (montantDuId: string) => number | undefined, today: string = todayIso()) {
  return object({
    montant_du_id: string().required('cotisations:validation.cotisationRequired'),
    montant: montant('cotisations:validation.montantRequired', 1).test(
      'max',
      'cotisations:validation.montantMax',
      function max(value) {
        const restant = restantDu(String((this.parent as { montant_du_id?: unknown }).montant_du_id ?? ''));
        if (value === undefined || !isWholeDinars(value) || restant === undefined) return true;
        return wholeDinars(value) <= restant;
      },
    ),
    date_paiement: datePaiement(today),
    methode_paiement: methodePaiement(),
    reference_paiement: referencePaiement(),
  });
}

export interface EncaissementEditValues {
  montant: string;
  date_paiement: string;
  methode_paiement: MethodePaiement | '';
  reference_paiement: string;
}

/**
 * The encaissement edit's rules (spec 1 §5 "Encaissement edit"). `maximum` is what the payment
 * may reach: its own amount plus what remains due on its montant dû.
 */
export function encaissementEditSchema(maximum: number, today: string = todayIso()) {
  return object({
    montant: montant('cotisations:validation.montantRequired', 1).test(
      'max',
      'cotisations:validation.montantMax',
      (value) => (value === undefined || !isWholeDinars(value) ? true : wholeDinars(value) <= maximum),
    ),
    date_paiement: datePaiement(today),
    methode_paiement: methodePaiement(),
    reference_paiement: referencePaiement(),
  });
}

// --- Allocation table ---------------------------------------------------------------------------

export interface RepartitionValue {
  propriete_id: number;
  nom: string;
  type: string;
  /** Whole dinars as typed; '' for a property without a line. */
  montant: string;
}

export interface RepartitionValues {
  repartitions: RepartitionValue[];
}

/** Spec 1 §5 "Recovery" / spec 3 §5: required, a number, an integer (≥ 0: 0 exempts). */
export const repartitionSchema = object({
  repartitions: array().of(
    object({
      montant: string()
        .trim()
        .required('cotisations:repartition.validation.requis')
        .test(
          'number',
          'cotisations:repartition.validation.nombre',
          (value) => value === undefined || /^-?\d+([.,]\d+)?$/.test(value),
        )
        .test(
          'integer',
          'cotisations:repartition.validation.entier',
          (value) => value === undefined || !/[.,]/.test(value),
        )
        .test(
          'not-negative',
          'cotisations:repartition.validation.negatif',
          (value) => value === undefined || !value.startsWith('-'),
        )
        .test(
          'max',
          'cotisations:validation.montantEntier',
          (value) => value === undefined || !WHOLE_DINARS.test(value) || Number(value) <= MAX_DINARS,
        ),
    }),
  ),
});
