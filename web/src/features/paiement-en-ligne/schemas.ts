import { array, boolean, isoDate, object, string, type StringSchema } from '@/lib/validation';
import type { ConfigurationPaiementEnLigne, ConfigurationRequest, ReglementRequest } from './paiement-en-ligne-api';

/**
 * The treasurer's forms of the online payment (issue 21), mirroring the server's rules
 * (docs/api-paiement-en-ligne.md) so that a refusal is rare. Messages are catalogue keys.
 */

export const REFERENCE_MAX_LENGTH = 100;

// --- Settings ------------------------------------------------------------------------------------

export interface ConfigurationFormValues {
  active: boolean;
  wallet_id: string;
  /** Write-only: always empty when the form opens; empty on submit keeps the stored key. */
  cle_api: string;
  frais_au_coproprietaire: boolean;
  methodes: string[];
  compte_id: string;
}

export function configurationValues(configuration: ConfigurationPaiementEnLigne | undefined): ConfigurationFormValues {
  return {
    active: configuration?.active ?? false,
    wallet_id: configuration?.wallet_id ?? '',
    cle_api: '',
    frais_au_coproprietaire: configuration?.frais_au_coproprietaire ?? false,
    methodes: configuration?.methodes ?? ['bank_card'],
    compte_id: configuration?.compte_id ? String(configuration.compte_id) : '',
  };
}

/** The settings' rules: a wallet and a key (typed now or stored) to switch it on; one method at least. */
export function configurationSchema(cleApiDefinie: boolean) {
  return object({
    active: boolean(),
    wallet_id: string()
      .trim()
      .when('active', {
        is: true,
        then: (schema) => schema.required('paiementEnLigne:validation.walletRequired'),
      }),
    cle_api: string()
      .trim()
      .when('active', {
        is: (active: boolean) => active && !cleApiDefinie,
        then: (schema) => schema.required('paiementEnLigne:validation.cleRequired'),
      }),
    frais_au_coproprietaire: boolean(),
    methodes: array().of(string().required()).min(1, 'paiementEnLigne:validation.methodesRequired'),
    compte_id: string(),
  });
}

export function configurationRequest(values: ConfigurationFormValues): ConfigurationRequest {
  const cle = values.cle_api.trim();
  return {
    active: values.active,
    wallet_id: values.wallet_id.trim() || null,
    // Absent: the stored key is kept (it is never sent back to the browser).
    ...(cle === '' ? {} : { cle_api: cle }),
    frais_au_coproprietaire: values.frais_au_coproprietaire,
    methodes: values.methodes,
    compte_id: values.compte_id === '' ? null : Number(values.compte_id),
  };
}

// --- Settlement ----------------------------------------------------------------------------------

/** Dinars with up to three decimals, comma or point, spaces ignored ("1 250,5", "12.125"). */
const DECIMAL_DINARS = /^\d+([.,]\d{1,3})?$/;

function compact(text: string): string {
  return text.replace(/[\s\u00a0\u202f]/g, '');
}

/** The amount typed as the API's DT number: "1 250,5" → 1250.5. */
export function montantRequest(text: string): number {
  return Number(compact(text).replace(',', '.'));
}

/** Millimes of a typed amount, to compare amounts without floating-point sums. */
export function millimesOf(text: string): number | null {
  const value = compact(text);
  if (!DECIMAL_DINARS.test(value)) return null;
  return Math.round(montantRequest(value) * 1000);
}

function montant(positive: boolean): StringSchema {
  return string()
    .trim()
    .required('paiementEnLigne:validation.montantRequired')
    .test('decimal', 'paiementEnLigne:validation.montantDecimal', (value) => !value || millimesOf(value) !== null)
    .test(
      'positive',
      'paiementEnLigne:validation.montantPositif',
      (value) => !positive || !value || millimesOf(value) === null || (millimesOf(value) ?? 0) > 0,
    );
}

export interface ReglementFormValues {
  compte_id: string;
  date: string;
  montant_brut: string;
  frais: string;
  reference: string;
}

export const reglementSchema = object({
  compte_id: string().required('paiementEnLigne:validation.compteRequired'),
  date: isoDate().required('paiementEnLigne:validation.dateRequired'),
  montant_brut: montant(true),
  frais: montant(false).test('frais', 'paiementEnLigne:validation.fraisSuperieurs', function fraisAuPlusBrut(value) {
    const frais = value ? millimesOf(value) : null;
    const brut = millimesOf(String(this.parent.montant_brut ?? ''));
    return frais === null || brut === null || frais <= brut;
  }),
  reference: string().trim().max(REFERENCE_MAX_LENGTH, 'paiementEnLigne:validation.referenceTooLong'),
});

export function reglementRequest(values: ReglementFormValues): ReglementRequest {
  const reference = values.reference.trim();
  return {
    compte_id: Number(values.compte_id),
    date: values.date,
    montant_brut: montantRequest(values.montant_brut),
    frais: montantRequest(values.frais),
    reference: reference === '' ? null : reference,
  };
}
