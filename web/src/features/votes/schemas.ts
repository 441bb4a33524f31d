import { array, isoDate, object, string } from '@/lib/validation';
import type { TypeChoix, VoteBody, VoteSyndic } from './votes-api';

/**
 * The community vote's form (spec 3 §5 "Community vote create/edit", §9): a title, a description,
 * the type (simple: pour / contre / abstention; custom: at least 2 of 5 choice slots, blanks
 * dropped), a start and an end date, the end not before the start; and the co-owner's ballot
 * (a choice required).
 */

export const CHOIX_SLOTS = 5;
export const CHOIX_MIN = 2;
export const TITRE_MAX_LENGTH = 255;
export const DESCRIPTION_MAX_LENGTH = 2000;

/** The three answers of a simple vote, as the server names them (translated in `votes:simple`). */
export const SIMPLE_CHOIX = ['pour', 'contre', 'abstention'] as const;

export interface VoteValues {
  titre: string;
  description: string;
  type_choix: TypeChoix;
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

/** The form's values for an existing vote (its custom choices in the first slots). */
export function voteValues(vote: VoteSyndic): VoteValues {
  const custom = vote.type_choix === 'custom' ? vote.choix.map((choix) => choix.choix) : [];
  return {
    titre: vote.titre,
    description: vote.description ?? '',
    type_choix: vote.type_choix,
    choix: Array.from({ length: CHOIX_SLOTS }, (_, index) => custom[index] ?? ''),
    date_debut: vote.date_debut,
    date_fin: vote.date_fin,
  };
}

const filledChoix = (choix: readonly (string | undefined)[] | undefined) =>
  (choix ?? []).map((text) => (text ?? '').trim()).filter((text) => text !== '');

/** The body sent: trimmed texts, the custom choices without blanks (and none for a simple vote). */
export function voteBody(values: VoteValues): VoteBody {
  return {
    titre: values.titre.trim(),
    description: values.description.trim(),
    type_choix: values.type_choix,
    ...(values.type_choix === 'custom' ? { choix: filledChoix(values.choix) } : {}),
    date_debut: values.date_debut,
    date_fin: values.date_fin,
  };
}

export const voteSchema = object({
  titre: string().trim().required('votes:validation.titre').max(TITRE_MAX_LENGTH, 'votes:validation.titreTropLong'),
  description: string().max(DESCRIPTION_MAX_LENGTH, 'votes:validation.descriptionTropLongue'),
  type_choix: string().oneOf(['simple', 'custom']).required(),
  choix: array()
    .of(string())
    .when('type_choix', {
      is: 'custom',
      then: (schema) =>
        schema.test('two-choices', 'votes:validation.choixMin', (choix) => filledChoix(choix).length >= CHOIX_MIN),
    }),
  date_debut: isoDate().required('votes:validation.dateDebut'),
  date_fin: isoDate()
    .required('votes:validation.dateFin')
    .test('not-before-start', 'votes:validation.dateFinAvantDebut', function notBeforeStart(value) {
      const start = (this.parent as VoteValues).date_debut;
      return !value || !start || value >= start;
    }),
});

export interface BulletinValues {
  vote_choix: string;
}

export const bulletinSchema = object({
  vote_choix: string().required('votes:validation.choix_vote'),
});
