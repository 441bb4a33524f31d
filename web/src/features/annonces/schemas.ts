import { todayIso } from '@/lib/dates';
import { isoDate, object, string } from '@/lib/validation';

/**
 * The announcement's forms (spec 3 §5 "Annonce", §9): creation with a description and a duration
 * in whole days (default 14); edition with a description and an end date, not before today.
 */

export const JOURS_PAR_DEFAUT = 14;
export const DESCRIPTION_MAX_LENGTH = 2000;

export interface AnnonceCreationValues {
  description: string;
  jours: string;
}

export interface AnnonceEditionValues {
  description: string;
  date_fin: string;
}

export const emptyAnnonce: AnnonceCreationValues = { description: '', jours: String(JOURS_PAR_DEFAUT) };

const description = string()
  .trim()
  .required('annonces:validation.description')
  .max(DESCRIPTION_MAX_LENGTH, 'annonces:validation.descriptionTropLongue');

export const annonceCreationSchema = object({
  description,
  jours: string()
    .trim()
    .required('annonces:validation.jours')
    .matches(/^\d+$/, 'annonces:validation.joursChiffres')
    .test('at-least-one', 'annonces:validation.joursMin', (value) => !value || Number(value) >= 1),
});

/** `today` is read when the form is validated, so a page left open past midnight stays right. */
export function annonceEditionSchema(today: () => string = () => todayIso()) {
  return object({
    description,
    date_fin: isoDate()
      .required('annonces:validation.dateFin')
      .test('not-before-today', 'annonces:validation.dateFinPassee', (value) => !value || value >= today()),
  });
}
