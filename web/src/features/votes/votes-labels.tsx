import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { SIMPLE_CHOIX } from './schemas';
import type { VoteActivite, VoteSyndic } from './votes-api';

/** A choice's text: a simple vote's `pour` / `contre` / `abstention` translated, any other as written. */
export function useChoixLabel(): (choix: string) => string {
  const { t } = useTranslation('votes');
  return (choix) =>
    (SIMPLE_CHOIX as readonly string[]).includes(choix) ? t(`simple.${choix as (typeof SIMPLE_CHOIX)[number]}`) : choix;
}

const ACTIVITE = {
  0: { key: 'etat.pas_commence', variant: 'secondary' },
  1: { key: 'etat.en_cours', variant: 'success' },
  2: { key: 'etat.termine', variant: 'outline' },
} as const;

/** The vote's state badge (spec 3 §4 "Vote": not started, running, finished). */
export function ActiviteBadge({ activite }: { activite: VoteActivite }) {
  const { t } = useTranslation('votes');
  const { key, variant } = ACTIVITE[activite];
  return <Badge variant={variant}>{t(key)}</Badge>;
}

/**
 * Why the council member may not edit or delete this vote, or null (spec 3 §2.6, §4, §6): only its
 * creator, only before it is finished, and only until a co-owner has voted ("Modification
 * verrouillée").
 */
export function useVoteLock(): (vote: Pick<VoteSyndic, 'can_edit' | 'is_active' | 'is_closed'>) => string | null {
  const { t } = useTranslation('votes');
  return (vote) => {
    if (!vote.can_edit) return t('locks.creator');
    if (vote.is_active === 2) return t('locks.finished');
    if (vote.is_closed) return t('locks.closed');
    return null;
  };
}
