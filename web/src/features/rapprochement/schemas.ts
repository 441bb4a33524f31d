import { isoDate, object, string } from '@/lib/validation';
import type { TypeOperation } from './rapprochement-api';

/**
 * The reconciliation's two forms (spec 2 §5 "Reconciliation pointing", "Bank operation dialog").
 * Messages are catalogue keys.
 */

export const TYPES_OPERATION: readonly TypeOperation[] = ['frais', 'interets', 'retrait', 'depot'];

export const LIBELLE_MAX_LENGTH = 200;

/** Up to three decimals, comma or point, spaces ignored (spec 2 §5 "decimal"). */
const DECIMAL = /^\d+([.,]\d{1,3})?$/;

/** The typed amount as the server reads it: spaces dropped, a point for the comma. */
export function normalizedMontant(text: string): string {
  return text.replace(/[\s\u202f\u00a0]/g, '').replace(',', '.');
}

export interface PointageValues {
  date_banque: string;
}

export const pointageSchema = object({
  date_banque: isoDate().required('rapprochement:validation.dateBanqueRequired'),
});

export interface OperationValues {
  libelle: string;
  type: TypeOperation | '';
  montant: string;
  date: string;
}

export const emptyOperation = (today: string): OperationValues => ({ libelle: '', type: '', montant: '', date: today });

export const operationSchema = object({
  libelle: string()
    .trim()
    .required('rapprochement:validation.libelleRequired')
    .max(LIBELLE_MAX_LENGTH, 'rapprochement:validation.libelleTooLong'),
  type: string()
    .required('rapprochement:validation.typeRequired')
    .oneOf([...TYPES_OPERATION], 'rapprochement:validation.typeRequired'),
  montant: string()
    .trim()
    .required('rapprochement:validation.montantRequired')
    .test('decimal', 'rapprochement:validation.montantInvalide', (value) =>
      value === undefined ? true : DECIMAL.test(normalizedMontant(value)),
    )
    .test('positive', 'rapprochement:validation.montantPositif', (value) =>
      value === undefined || !DECIMAL.test(normalizedMontant(value)) ? true : Number(normalizedMontant(value)) > 0,
    ),
  date: isoDate().required('rapprochement:validation.dateRequired'),
});
