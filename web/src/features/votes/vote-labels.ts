import { useTranslation } from 'react-i18next';
import type { VoteActivite, VoteSyndic } from './votes-api';

const SIMPLE_CHOICES = ['pour', 'contre', 'abstention'] as const;

/**
 * A choice as the page's language says it: the three answers of a simple vote are translated,
 * a custom vote's choices are shown as typed.
 */
export function useChoixLabel(): (choix: string) => string {
  const { t } = useTranslation('votes');
  return (choix) =>
    (SIMPLE_CHOICES as readonly string[]).includes(choix)
      ? t(`choix.${choix as (typeof SIMPLE_CHOICES)[number]}`)
      : choix;
}

/** The state badge's text and look (spec 3 §4 "Vote": 0 not yet, 1 running, 2 finished). */
export function useEtatVote(): (activite: VoteActivite) => {
  label: string;
  variant: 'secondary' | 'success' | 'outline';
} {
  const { t } = useTranslation('votes');
  return (activite) =>
    activite === 1
      ? { label: t('etat.actif'), variant: 'success' }
      : activite === 2
        ? { label: t('etat.termine'), variant: 'outline' }
        : { label: t('etat.aVenir'), variant: 'secondary' };
}

/**
 * Why the syndic may not edit or delete this vote, or null (spec 3 §4, §6): only its creator, only
 * while it is not finished, and only until a co-owner has voted ("Modification verrouillée").
 */
export function useVoteLock(): (vote: Pick<VoteSyndic, 'can_edit' | 'is_closed' | 'is_active'>) => string | null {
  const { t } = useTranslation('votes');
  return (vote) => {
    if (!vote.can_edit) return t('lock.createur');
    if (vote.is_active === 2) return t('lock.termine');
    if (vote.is_closed) return t('lock.verrouille');
    return null;
  };
}
