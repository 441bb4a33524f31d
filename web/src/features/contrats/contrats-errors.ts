import type { FormikErrors } from 'formik';
import { apiErrorBody, apiErrorCode } from '@/api/errors';
import { errorMessageKey } from '@/lib/api-error-message';
import { fieldCodeKey } from '@/lib/form-errors';
import type { MessageKey } from '@/lib/validation';

/**
 * Codes of the contracts', clients' and exceptional revenues' calls with a message of their own
 * (docs/api-contrats.md; spec 1 §8 "Contract payment…", spec 2 §8). The ledger's guards
 * (exercice_cloture 403, aucun_exercice_ouvert 409) and the permission codes are common
 * (lib/api-error-message). Keyed by string: the codes join the server's catalogue with its routes.
 */
const CONTRATS_CODES: Record<string, MessageKey> = {
  contrat_inconnu: 'contrats:errors.contrat_inconnu',
  contrat_avec_paiements: 'contrats:errors.contrat_avec_paiements',
  montant_inferieur_au_paye: 'contrats:errors.montant_inferieur_au_paye',
  montant_maximum_depasse: 'contrats:errors.montant_maximum_depasse',
  // A deposited cheque's payment no longer changes: 409 on delete, 411 on a revenue payment's edit.
  cheque_remis: 'contrats:errors.cheque_remis',
  cheque_remis_modification: 'contrats:errors.cheque_remis',
  client_utilise: 'contrats:errors.client_utilise',
  client_inconnu: 'contrats:errors.client_inconnu',
  fournisseur_inconnu: 'contrats:errors.fournisseur_inconnu',
  categorie_inconnue: 'contrats:errors.categorie_inconnue',
  document_inconnu: 'contrats:errors.document_inconnu',
  revenu_inconnu: 'contrats:errors.revenu_inconnu',
  paiement_inconnu: 'contrats:errors.paiement_inconnu',
  fichier_invalide: 'contrats:errors.fichier_invalide',
  pdfTooLarge: 'contrats:errors.pdfTooLarge',
};

/** The failed call's code (as a plain string: some are newer than the generated catalogue). */
export function contratsErrorCode(error: unknown): string | undefined {
  return apiErrorCode(error);
}

/** The message key of a failed call, by code; `fallback` for anything unexpected. */
export function contratsErrorKey(error: unknown, fallback: MessageKey = 'errors:general_error'): MessageKey {
  const code = contratsErrorCode(error);
  const own = code === undefined ? undefined : CONTRATS_CODES[code];
  return own ?? errorMessageKey(error, {}, fallback);
}

/** Field codes with a text of their own (the others are in `errors:fields`). */
const FIELD_CODES: Record<string, MessageKey> = {
  fichier_invalide: 'contrats:errors.fichier_invalide',
  pdfTooLarge: 'contrats:errors.pdfTooLarge',
  montant_inferieur_au_paye: 'contrats:errors.montant_inferieur_au_paye',
  montant_maximum_depasse: 'contrats:errors.montant_maximum_depasse',
  fin_avant_debut: 'contrats:validation.finAvantDebut',
  date_fin_avant_debut: 'contrats:validation.finAvantDebut',
  client_requis: 'contrats:validation.clientRequired',
  fournisseur_requis: 'contrats:validation.fournisseurRequired',
  client_inconnu: 'contrats:errors.client_inconnu',
  fournisseur_inconnu: 'contrats:errors.fournisseur_inconnu',
  categorie_inconnue: 'contrats:errors.categorie_inconnue',
  tel_invalide: 'contrats:validation.telInvalide',
  nom_invalide: 'contrats:validation.nomRequired',
  titre_invalide: 'contrats:validation.titreRequired',
};

/** Codes that concern one field of the form they answer (the form's name for it). */
const CODE_FIELDS: Record<string, string> = {
  montant_inferieur_au_paye: 'montant',
  montant_maximum_depasse: 'montant',
  client_inconnu: 'partie',
  fournisseur_inconnu: 'partie',
  categorie_inconnue: 'categorie',
};

/** The server's field names, as the forms name them. */
const FORM_FIELD: Record<string, string> = {
  dateDebut: 'date_debut',
  dateFin: 'date_fin',
  client: 'partie',
  fournisseur: 'partie',
};

/**
 * Shows a refusal under its fields, in the user's language: a code that concerns one field goes
 * under it; each field code becomes its catalogue key, else the server's French text. Returns true
 * when every message concerns a field of the form (the caller then shows nothing else).
 */
export function applyContratsServerErrors<Values>(
  error: unknown,
  setErrors: (errors: FormikErrors<Values>) => void,
  knownFields: readonly string[],
  renames: Record<string, string> = FORM_FIELD,
): boolean {
  const body = apiErrorBody(error);
  const code = contratsErrorCode(error);
  const codeField = code === undefined ? undefined : CODE_FIELDS[code];
  if (code !== undefined && codeField !== undefined && knownFields.includes(codeField)) {
    setErrors({ [codeField]: CONTRATS_CODES[code] } as FormikErrors<Values>);
    return true;
  }
  const messages = body?.errors ?? {};
  const codes = body?.field_codes ?? {};
  const fields = [...new Set([...Object.keys(messages), ...Object.keys(codes)])];
  if (fields.length === 0) return false;
  const result: Record<string, string> = {};
  for (const field of fields) {
    const keys = (codes[field] ?? []).map((fieldCode) => FIELD_CODES[fieldCode] ?? fieldCodeKey(fieldCode));
    // `docs.0` and `docs[0]` belong to the field `docs`.
    const base = field.split(/[.[]/)[0] ?? field;
    const name = knownFields.includes(base) ? base : (renames[base] ?? base);
    result[name] =
      keys.length > 0 && keys.every((key) => key !== undefined) ? keys.join(' ') : (messages[field] ?? []).join(' ');
  }
  setErrors(result as FormikErrors<Values>);
  return Object.keys(result).every((field) => knownFields.includes(field));
}
