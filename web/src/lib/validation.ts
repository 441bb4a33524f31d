import './yup-locale';
import { string } from 'yup';
import { isIsoDate } from './dates';

/**
 * Yup's builders, for every schema of the app: importing them from here (the lint forbids 'yup'
 * elsewhere) sets Yup's default messages to catalogue keys (./yup-locale) before any rule is
 * declared, without loading Yup with the first page.
 */
export { array, boolean, number, object, ref, string, type StringSchema } from 'yup';

/**
 * Yup messages are i18n keys (`namespace:key`), translated where they are shown (FormField), so
 * that a message follows a language switch without rebuilding the schema.
 */
export type MessageKey = `${string}:${string}`;

/** A `yyyy-MM-dd` date as produced by DateField; anything else the user typed is invalid. */
export function isoDate(message: MessageKey = 'common:form.dateInvalid') {
  return string().test('iso-date', message, (value) => value === undefined || value === '' || isIsoDate(value));
}
