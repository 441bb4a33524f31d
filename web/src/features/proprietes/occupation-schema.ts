import type { Sexe, TypeOccupation } from '@/api/generated';
import { isIsoDate } from '@/lib/dates';
import { isOptionalTel } from '@/lib/phone';
import { boolean, isoDate, object, string } from '@/lib/validation';

/**
 * Validation of the occupation forms and the occupant dialog (spec 2 §5 "Occupation edit",
 * "Occupation create", "Occupant dialog"). Messages are catalogue keys.
 */

const TYPES_OCCUPATION: readonly TypeOccupation[] = ['proprietaire', 'locataire'];
const SEXES: readonly Sexe[] = ['homme', 'femme'];

const typeOccupation = () =>
  string()
    .required('proprietes:validation.typeRequired')
    .oneOf([...TYPES_OCCUPATION], 'proprietes:validation.typeRequired');

const dateDebut = () => isoDate().required('proprietes:validation.dateDebutRequired');

/** Optional, a real date, and not before the start (an equal date is a one-day occupation). */
const dateFin = () =>
  isoDate().test('fin-after-debut', 'proprietes:validation.finBeforeDebut', function finAfterDebut(value) {
    const debut: unknown = (this.parent as { date_debut?: unknown }).date_debut;
    if (!value || !isIsoDate(value) || typeof debut !== 'string' || !isIsoDate(debut)) return true;
    return value >= debut;
  });

/** The server's limit too (occupant_nom_invalide). */
export const NOM_MAX_LENGTH = 100;
const nom = () =>
  string().trim().required('proprietes:validation.nomRequired').max(NOM_MAX_LENGTH, 'proprietes:validation.nomTooLong');

const optionalTel = () =>
  string()
    .trim()
    .test('tel-8-digits', 'proprietes:validation.telInvalid', (value) => isOptionalTel(value));
const optionalEmail = () => string().trim().email('proprietes:validation.emailInvalid');
const sexe = () =>
  string()
    .required('proprietes:validation.sexeRequired')
    .oneOf([...SEXES], 'proprietes:validation.sexeRequired');

export interface OccupationCreateValues {
  /** The occupant's id as the select holds it ('' while none is chosen). */
  occupant: string;
  type_occupation: TypeOccupation | '';
  date_debut: string;
  date_fin: string;
  is_payer: boolean;
}

export const occupationCreateSchema = object({
  occupant: string().required('proprietes:validation.occupantRequired'),
  type_occupation: typeOccupation(),
  date_debut: dateDebut(),
  date_fin: dateFin(),
  is_payer: boolean(),
});

export interface OccupationEditValues {
  occupant_nom: string;
  occupant_tel: string;
  occupant_email: string;
  occupant_sexe: Sexe | '';
  type_occupation: TypeOccupation | '';
  date_debut: string;
  date_fin: string;
  is_payer: boolean;
}

export const occupationEditSchema = object({
  occupant_nom: nom(),
  occupant_tel: optionalTel(),
  occupant_email: optionalEmail(),
  occupant_sexe: sexe(),
  type_occupation: typeOccupation(),
  date_debut: dateDebut(),
  date_fin: dateFin(),
  is_payer: boolean(),
});

export interface OccupantValues {
  nom: string;
  tel: string;
  email: string;
  sexe: Sexe | '';
}

export const occupantSchema = object({
  nom: nom(),
  tel: optionalTel(),
  email: optionalEmail(),
  sexe: sexe(),
});
