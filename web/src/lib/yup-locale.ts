import { setLocale } from 'yup';

/**
 * Yup's default messages as catalogue keys (`errors:fields`), for a rule written without a
 * message of its own: no English text of Yup's can reach a form, and the message follows the
 * language like every other (FormField translates keys). Yup reads its locale when a rule is
 * declared: lib/validation imports this module before handing out Yup's builders.
 */
const INVALIDE = 'errors:fields.valeur_invalide';
const OBLIGATOIRE = 'errors:fields.champ_obligatoire';

setLocale({
  mixed: {
    default: INVALIDE,
    required: OBLIGATOIRE,
    defined: OBLIGATOIRE,
    notNull: OBLIGATOIRE,
    notType: INVALIDE,
    oneOf: INVALIDE,
    notOneOf: INVALIDE,
  },
  string: {
    length: INVALIDE,
    min: INVALIDE,
    max: 'errors:fields.texte_trop_long',
    matches: INVALIDE,
    email: 'errors:fields.email_invalide',
    url: INVALIDE,
    uuid: INVALIDE,
    datetime: 'errors:fields.date_invalide',
    datetime_offset: 'errors:fields.date_invalide',
    datetime_precision: 'errors:fields.date_invalide',
    trim: INVALIDE,
    lowercase: INVALIDE,
    uppercase: INVALIDE,
  },
  number: {
    min: INVALIDE,
    max: 'errors:fields.montant_trop_eleve',
    lessThan: INVALIDE,
    moreThan: INVALIDE,
    positive: 'errors:fields.montant_positif',
    negative: INVALIDE,
    integer: INVALIDE,
  },
  date: { min: 'errors:fields.date_invalide', max: 'errors:fields.date_invalide' },
  boolean: { isValue: INVALIDE },
  object: { noUnknown: INVALIDE, exact: INVALIDE },
  array: {
    length: 'errors:fields.liste_invalide',
    min: 'errors:fields.liste_invalide',
    max: 'errors:fields.liste_invalide',
  },
  tuple: { notType: INVALIDE },
});
