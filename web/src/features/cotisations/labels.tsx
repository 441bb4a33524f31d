import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { EtatPaiement, MethodePaiement, ProprieteSolde, Repartition, TypeCotisation } from '@/api/generated';
import { Dinars } from '@/components/dinars';
import { Badge } from '@/components/ui/badge';
import { dinarsText } from '@/lib/bidi';

/** Every value of the server's enumerations (spec 1 §3), in the order the selects offer them. */
export const TYPES_COTISATION: readonly TypeCotisation[] = [
  'mensuelle',
  'bimensuelle',
  'trimestrielle',
  'semestrielle',
  'annuelle',
  'exceptionnelle',
];
export const REPARTITIONS: readonly Repartition[] = ['egale', 'predefinie', 'personnalisee'];
export const METHODES_PAIEMENT: readonly MethodePaiement[] = ['espece', 'cheque', 'virement', 'versement'];
/**
 * The methods a collection may show: the treasurer's four, and `enligne`, the gateway's own
 * (issue 21: recorded by an online payment, never offered in the treasurer's forms).
 */
const METHODES_AFFICHEES = [...METHODES_PAIEMENT, 'enligne'] as const;
type MethodeAffichee = (typeof METHODES_AFFICHEES)[number];

/**
 * Labels of the revenue enumerations; a value this client does not know (a newer server) is shown
 * as sent rather than as a missing key.
 */
export function useRevenusLabels() {
  const { t } = useTranslation('cotisations');
  const type = useCallback(
    (value: string) =>
      (TYPES_COTISATION as readonly string[]).includes(value) ? t(`types.${value as TypeCotisation}`) : value,
    [t],
  );
  const repartition = useCallback(
    (value: string) =>
      (REPARTITIONS as readonly string[]).includes(value) ? t(`repartitions.${value as Repartition}`) : value,
    [t],
  );
  const methode = useCallback(
    (value: string) =>
      (METHODES_AFFICHEES as readonly string[]).includes(value) ? t(`methodes.${value as MethodeAffichee}`) : value,
    [t],
  );
  return { type, repartition, methode };
}

/**
 * A balance (spec 1 §2): the "Payé" badge when nothing remains, otherwise the negative amount
 * in red.
 */
export function Solde({ value }: { value: number }) {
  const { t } = useTranslation('cotisations');
  if (value === 0) {
    return (
      <Badge variant="success" data-solde="paye">
        {t('solde.paye')}
      </Badge>
    );
  }
  return (
    <span className="font-medium text-destructive" data-solde="du">
      <Dinars value={value} />
    </span>
  );
}

/**
 * Payment state (spec 3 §2.11): complet = Payé, partiel = Partiel, anything else Non payé, or
 * À échoir when its due date is not reached (`echu` false), as the syndic's screens say.
 */
export function EtatBadge({ etat, echu = true }: { etat: EtatPaiement | string; echu?: boolean }) {
  const { t } = useTranslation('cotisations');
  if (!echu && etat !== 'complet' && etat !== 'partiel') return <AEchoirBadge />;
  if (etat === 'complet') {
    return (
      <Badge variant="success" data-etat="complet">
        {t('etats.complet')}
      </Badge>
    );
  }
  if (etat === 'partiel') {
    return (
      <Badge variant="warning" data-etat="partiel">
        {t('etats.partiel')}
      </Badge>
    );
  }
  return (
    <Badge variant="destructive" data-etat="non_paye">
      {t('etats.non_paye')}
    </Badge>
  );
}

/** What a property owes on dues not reached yet (not in its balance): the sum of their remainders. */
export function aEchoirOf(propriete: Pick<ProprieteSolde, 'montants_dus'>): number {
  return propriete.montants_dus.reduce((sum, line) => (line.exigible ? sum : sum + line.restant_du), 0);
}

/**
 * A balance (reached dues only, the "Solde" of every screen: docs/decisions.md) with, under it,
 * what falls due later, named "À échoir", when there is any.
 */
export function SoldeEtAEchoir({ solde, aEchoir }: { solde: number; aEchoir: number }) {
  const { t } = useTranslation('cotisations');
  return (
    <span className="inline-grid justify-items-end gap-0.5">
      <Solde value={solde} />
      {aEchoir > 0 && (
        <span className="text-xs font-normal text-muted-foreground" data-testid="a-echoir">
          {t('aEchoirMontant', { montant: dinarsText(aEchoir) })}
        </span>
      )}
    </span>
  );
}

/** A due not reached yet: listed and collectable in advance, but not counted in balances. */
export function AEchoirBadge() {
  const { t } = useTranslation('cotisations');
  return (
    <Badge variant="outline" className="text-muted-foreground" data-etat="a_echoir">
      {t('aEchoir')}
    </Badge>
  );
}
