import { setIn, type FormikErrors } from 'formik';
import { apiErrorBody } from '@/api/errors';
import frErrors from '@/i18n/locales/fr/errors.json';

/** A field error code with a text of its own in the `errors:fields` catalogue section. */
export type FieldCode = keyof (typeof frErrors)['fields'];

function isFieldCode(code: string): code is FieldCode {
  return Object.hasOwn(frErrors.fields, code);
}

/** `errors:fields.<code>` when the catalogue has that code, else undefined. */
export function fieldCodeKey(code: string): `errors:fields.${FieldCode}` | undefined {
  return isFieldCode(code) ? `errors:fields.${code}` : undefined;
}

/**
 * The Formik error of one field: the catalogue keys of its codes (FormField translates them, so
 * the message follows the user's language), or the server's French text when a code is missing
 * or unknown to this client (a newer server). Several messages for one field are joined.
 */
function fieldMessage(messages: readonly string[], codes: readonly string[] | undefined): string {
  const keys = (codes ?? []).map(fieldCodeKey);
  if (keys.length > 0 && keys.every((key) => key !== undefined)) return keys.join(' ');
  return messages.join(' ');
}

/**
 * Converts the `errors` object of a server validation failure (`{tel: ["..."], "lignes.0.montant":
 * ["..."], "lignes[1].montant": ["..."]}`) into Formik errors, with the codes of `field_codes`
 * (same keys) as catalogue keys where this client knows them. Dotted keys become nested paths so
 * that array fields get their message too.
 */
export function serverErrorsToFormik<Values>(
  errors: Record<string, string[] | string>,
  fieldCodes: Record<string, string[]> = {},
): FormikErrors<Values> {
  let result: FormikErrors<Values> = {};
  for (const field of new Set([...Object.keys(errors), ...Object.keys(fieldCodes)])) {
    const messages = errors[field] ?? [];
    const text = fieldMessage(Array.isArray(messages) ? messages : [messages], fieldCodes[field]);
    if (text) result = setIn(result, field, text) as FormikErrors<Values>;
  }
  return result;
}

/**
 * Shows the field errors of a failed request in the form. Returns true when the server sent field
 * errors and the form can show all of them (the caller then usually shows no other message). Pass
 * the form's field names as `knownFields` to get false when a message concerns a field the form
 * does not have (an id in the request only): the caller then also shows a general message.
 */
export function applyServerErrors<Values>(
  error: unknown,
  setErrors: (errors: FormikErrors<Values>) => void,
  knownFields?: readonly string[],
): boolean {
  const body = apiErrorBody(error);
  const fields = { ...body?.field_codes, ...body?.errors };
  if (Object.keys(fields).length === 0) return false;
  setErrors(serverErrorsToFormik<Values>(body?.errors ?? {}, body?.field_codes));
  if (knownFields === undefined) return true;
  // `lignes.0.montant` and `lignes[0].montant` both belong to the field `lignes`.
  return Object.keys(fields).every((field) => knownFields.includes(field.split(/[.[]/)[0] ?? field));
}
