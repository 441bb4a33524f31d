import { endOfNextYear, startOfLastYear, todayIso } from '@/lib/dates';
import { MAX_FILE_BYTES } from '@/lib/compress-image';
import { parseTypedTime } from '@/lib/heure';
import { array, isoDate, object, string, type MessageKey } from '@/lib/validation';
import type { EtatPresence, MethodeConvocation, TypeVote } from './assemblees-api';

/**
 * The assemblies' forms (spec 3 §5 "Meeting create/edit", "Convocation", "Start", "Final info",
 * "Presences", "Custom agenda point", "Assembly vote", "PDF uploads"). Messages are catalogue keys.
 */

/** The time a new meeting starts at unless the president says otherwise (spec 3 §9). */
export const HEURE_PAR_DEFAUT = '19:30';
/** A custom agenda point's title has at least this many characters (spec 3 §9). */
export const TITRE_POINT_MIN = 2;
/** A multiple-choice vote has 2 to 4 choices (spec 3 §9). */
export const CHOIX_MIN = 2;
export const CHOIX_MAX = 4;

const heure = (required: string) =>
  string()
    .trim()
    .required(required)
    .test('heure', 'assemblees:validation.heureInvalide', (value) => !value || parseTypedTime(value) !== null);

/** A meeting's date lies between 1 January of last year and 31 December of next year (spec 3 §5). */
export function dateAssembleeBounds(today = todayIso()): { min: string; max: string } {
  return { min: startOfLastYear(today), max: endOfNextYear(today) };
}

export interface AssembleeValues {
  titre: string;
  lieu: string;
  date: string;
  heure: string;
}

export const emptyAssemblee: AssembleeValues = { titre: '', lieu: '', date: '', heure: HEURE_PAR_DEFAUT };

export const assembleeSchema = object({
  titre: string().trim().required('assemblees:validation.titre'),
  lieu: string().trim().required('assemblees:validation.lieu'),
  date: isoDate()
    .required('assemblees:validation.date')
    .test('range', 'assemblees:validation.dateHorsPeriode', (value) => {
      if (!value) return true;
      const { min, max } = dateAssembleeBounds();
      return value >= min && value <= max;
    }),
  heure: heure('assemblees:validation.heure'),
});

/** The values as sent: trimmed, the time as HH:MM. */
export function assembleeBody(values: AssembleeValues) {
  return {
    titre: values.titre.trim(),
    lieu: values.lieu.trim(),
    date: values.date,
    heure: parseTypedTime(values.heure) ?? values.heure,
  };
}

export interface ConvocationValues {
  methode_convocation: MethodeConvocation | '';
  date_convocation: string;
}

export const convocationSchema = object({
  methode_convocation: string().required('assemblees:validation.methode'),
  date_convocation: isoDate().required('assemblees:validation.dateConvocation'),
});

export interface DebutValues {
  date_debut: string;
  heure_debut: string;
}

export const debutSchema = object({
  date_debut: isoDate().required('assemblees:validation.dateDebut'),
  heure_debut: heure('assemblees:validation.heureDebut'),
});

export interface InfosFinalesValues {
  president: string;
  secretaire: string;
  scrutateurs: string[];
  date_fin: string;
  heure_fin: string;
  mot_intro: string;
  mot_fin: string;
}

export const infosFinalesSchema = object({
  president: string().required('assemblees:validation.president'),
  secretaire: string().required('assemblees:validation.secretaire'),
  scrutateurs: array().of(string().required('assemblees:validation.scrutateur')),
  date_fin: isoDate().required('assemblees:validation.dateFin'),
  heure_fin: heure('assemblees:validation.heureFin'),
});

/** An agenda point being added: from the library, or a title of one's own. */
export interface PointValues {
  mode: 'bibliotheque' | 'personnalise';
  bibliotheque: string;
  titre: string;
}

export const pointSchema = object({
  mode: string().oneOf(['bibliotheque', 'personnalise']).required(),
  bibliotheque: string().when('mode', {
    is: 'bibliotheque',
    then: (schema) => schema.required('assemblees:validation.pointBibliotheque'),
  }),
  titre: string().when('mode', {
    is: 'personnalise',
    then: (schema) =>
      schema
        .trim()
        .required('assemblees:validation.pointTitreVide')
        .min(TITRE_POINT_MIN, 'assemblees:validation.pointTitreCourt'),
  }),
});

/** An information point's title, or a point's new title (rename). */
export const titrePointSchema = object({
  titre: string()
    .trim()
    .required('assemblees:validation.titrePoint')
    .min(TITRE_POINT_MIN, 'assemblees:validation.pointTitreCourt'),
});

/** A row of the presences table. */
export interface PresenceRow {
  occupant_id: number;
  occupant_nom: string;
  is_present: EtatPresence;
  representant: string;
}

/**
 * What stops the presences from being recorded (spec 3 §5): a represented co-owner without their
 * representative's name (one message each, naming them), or nobody present or represented.
 */
export function presencesProblems(rows: readonly PresenceRow[]): { key: MessageKey; nom?: string }[] {
  const problems: { key: MessageKey; nom?: string }[] = rows
    .filter((row) => row.is_present === 'represente' && row.representant.trim() === '')
    .map((row) => ({ key: 'assemblees:validation.representantRequis', nom: row.occupant_nom }));
  if (!rows.some((row) => row.is_present !== 'absent')) problems.push({ key: 'assemblees:validation.aucunPresent' });
  return problems;
}

export interface VoteValues {
  resolution: string;
  type_vote: TypeVote;
  /** The multiple vote's choice fields (4, blanks ignored). */
  choix: string[];
  /** occupant id → vote. */
  votes: Record<string, string>;
}

/** The non-blank choices of a multiple vote, trimmed. */
export function choixRemplis(choix: readonly string[]): string[] {
  return choix.map((value) => value.trim()).filter((value) => value !== '');
}

/**
 * What stops a vote from being recorded (spec 3 §5 "Assembly vote"): the resolution's text, at
 * least two choices for a multiple vote, and a vote for each listed co-owner (among the choices
 * for a multiple vote).
 */
export function voteProblems(values: VoteValues, voterIds: readonly number[]): MessageKey[] {
  const problems: MessageKey[] = [];
  if (values.resolution.trim() === '') problems.push('assemblees:validation.resolution');
  const choix = choixRemplis(values.choix);
  if (values.type_vote === 'multiple' && choix.length < CHOIX_MIN) problems.push('assemblees:validation.choixMin');
  const allowed = values.type_vote === 'simple' ? ['pour', 'contre', 'abstention'] : choix;
  if (voterIds.some((id) => !allowed.includes(values.votes[String(id)] ?? '')))
    problems.push('assemblees:validation.chaqueVote');
  return problems;
}

function isPdf(file: File): boolean {
  return file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
}

/** Why a file may not be sent as a signed PDF or an attachment (spec 3 §5), or null. */
export function pdfProblem(file: File): 'pdfRequis' | 'pdfTooLarge' | null {
  if (!isPdf(file)) return 'pdfRequis';
  if (file.size > MAX_FILE_BYTES) return 'pdfTooLarge';
  return null;
}
