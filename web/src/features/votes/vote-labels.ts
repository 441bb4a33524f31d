import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { VoteActivite, VoteSyndic } from './votes-api';

const SIMPLE_CHOICES = ['pour', 'contre', 'abstention'] as const;

/*
 * The hooks below give stable functions (per language), so that the tables' columns built from
 * them are not rebuilt on every render.
 */

/**
 * A choice as the page's language says it: the three answers of a simple vote are translated,
 * a custom vote's choices are shown as typed.
 */
export function useChoixLabel(): (choix: string) => string {
  const { t } = useTranslation('votes');
  return useCallback(
    (choix: string) =>
      (SIMPLE_CHOICES as readonly string[]).includes(choix)
        ? t(`choix.${choix as (typeof SIMPLE_CHOICES)[number]}`)
        : choix,
    [t],
  );
}

export interface EtatVote {
  label: string;
  variant: 'secondary' | 'success' | 'outline';
}

/** The state badge's text and look (spec 3 §4 "Vote": 0 not yet, 1 running, 2 finished). */
export function useEtatVote(): (activite: VoteActivite) => EtatVote {
  const { t } = useTranslation('votes');
  return useCallback(
    (activite: VoteActivite): EtatVote =>
      activite === 1
        ? { label: t('etat.actif'), variant: 'success' }
        : activite === 2
          ? { label: t('etat.termine'), variant: 'outline' }
          : { label: t('etat.aVenir'), variant: 'secondary' },
    [t],
  );
}

/**
 * Why the syndic may not edit or delete this vote, or null (spec 3 §4, §6): only its creator, only
 * while it is not finished, and only until a co-owner has voted ("Modification verrouillée").
 */
export function useVoteLock(): (vote: Pick<VoteSyndic, 'can_edit' | 'is_closed' | 'is_active'>) => string | null {
  const { t } = useTranslation('votes');
  return useCallback(
    (vote: Pick<VoteSyndic, 'can_edit' | 'is_closed' | 'is_active'>) => {
      if (!vote.can_edit) return t('lock.createur');
      if (vote.is_active === 2) return t('lock.termine');
      if (vote.is_closed) return t('lock.verrouille');
      return null;
    },
    [t],
  );
}
