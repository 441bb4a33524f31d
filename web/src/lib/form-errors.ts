import { setIn, type FormikErrors } from 'formik';
import { apiErrorBody } from '@/api/errors';

/**
 * Converts the `errors` object of a server validation failure (`{tel: ["..."], "lignes.0.montant":
 * ["..."], "lignes[1].montant": ["..."]}`) into Formik errors. Dotted keys become nested paths so that array fields get their
 * message too. Several messages for one field are joined.
 */
export function serverErrorsToFormik<Values>(errors: Record<string, string[] | string>): FormikErrors<Values> {
  let result: FormikErrors<Values> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const text = Array.isArray(messages) ? messages.join(' ') : messages;
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
  const fields = apiErrorBody(error)?.errors;
  if (!fields || Object.keys(fields).length === 0) return false;
  setErrors(serverErrorsToFormik<Values>(fields));
  if (knownFields === undefined) return true;
  // `lignes.0.montant` and `lignes[0].montant` both belong to the field `lignes`.
  return Object.keys(fields).every((field) => knownFields.includes(field.split(/[.[]/)[0] ?? field));
}
