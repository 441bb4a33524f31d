import { array, isoDate, object, string } from '@/lib/validation';
import type { TypeChoix, VoteBody, VoteSyndic } from './votes-api';

/**
 * The syndic's vote form (spec 3 §5 "Community vote create/edit", §9): a title, a description, the
 * type (simple: pour / contre / abstention; custom: 2 to 5 non-blank choices typed in 5 slots,
 * blanks dropped), and the dates, the end not before the start. Messages are catalogue keys.
 */

export const CHOIX_SLOTS = 5;
export const CHOIX_MIN = 2;
export const TITRE_MAX_LENGTH = 200;

export interface VoteValues {
  titre: string;
  description: string;
  type_choix: TypeChoix;
  /** Always five slots; the blank ones are dropped when sent. */
  choix: string[];
  date_debut: string;
  date_fin: string;
}

export const emptyVote: VoteValues = {
  titre: '',
  description: '',
  type_choix: 'simple',
  choix: Array.from({ length: CHOIX_SLOTS }, () => ''),
  date_debut: '',
  date_fin: '',
};

/** The form's values for a vote being edited: its choices in the first slots. */
export function voteValues(vote: VoteSyndic): VoteValues {
  const typed = vote.type_choix === 'custom' ? vote.choix.map((choix) => choix.choix) : [];
  return {
    titre: vote.titre,
    description: vote.description,
    type_choix: vote.type_choix,
    choix: Array.from({ length: CHOIX_SLOTS }, (_, index) => typed[index] ?? ''),
    date_debut: vote.date_debut,
    date_fin: vote.date_fin,
  };
}

const filled = (choix: readonly (string | undefined)[] | undefined): string[] =>
  (choix ?? []).map((value) => (value ?? '').trim()).filter((value) => value !== '');

export const voteSchema = object({
  titre: string().trim().required('votes:validation.titre').max(TITRE_MAX_LENGTH, 'votes:validation.titreTropLong'),
  description: string().trim(),
  type_choix: string().oneOf(['simple', 'custom'], 'votes:validation.typeChoix').required('votes:validation.typeChoix'),
  choix: array(string()),
  date_debut: isoDate().required('votes:validation.dateDebut'),
  date_fin: isoDate()
    .required('votes:validation.dateFin')
    .test('not-before-start', 'votes:validation.dateFinAvantDebut', function notBeforeStart(value) {
      const debut = this.parent.date_debut as string | undefined;
      return !value || !debut || value >= debut;
    }),
}).test('two-choices', 'votes:validation.choixMin', function twoChoices(values) {
  // Reported under its own key: an error on `choix` itself would be read by each slot's field
  // (`choix.0` of a string is its first letter).
  if (values.type_choix !== 'custom' || filled(values.choix).length >= CHOIX_MIN) return true;
  return this.createError({ path: CHOIX_ERROR, message: 'votes:validation.choixMin' });
});

/** Where the form keeps the "fewer than two choices" error. */
export const CHOIX_ERROR = 'choix_min';

/** The body sent (spec 3 §7): `choix` only for a custom vote, its blanks dropped. */
export function voteBody(values: VoteValues): VoteBody {
  return {
    titre: values.titre.trim(),
    description: values.description.trim(),
    type_choix: values.type_choix,
    ...(values.type_choix === 'custom' ? { choix: filled(values.choix) } : {}),
    date_debut: values.date_debut,
    date_fin: values.date_fin,
  };
}

/** The co-owner's ballot (spec 3 §5 "Co-owner vote form"): one choice required. */
export const ballotSchema = object({ vote_choix: string().required('votes:validation.choix_vote') });
