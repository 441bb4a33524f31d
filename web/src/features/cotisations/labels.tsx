import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { EtatPaiement, MethodePaiement, Repartition, TypeCotisation } from '@/api/generated';
import { Dinars } from '@/components/dinars';
import { Badge } from '@/components/ui/badge';

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
      (METHODES_PAIEMENT as readonly string[]).includes(value) ? t(`methodes.${value as MethodePaiement}`) : value,
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

/** Payment state (spec 3 §2.11): complet = Payé, partiel = Partiel, anything else Non payé. */
export function EtatBadge({ etat }: { etat: EtatPaiement | string }) {
  const { t } = useTranslation('cotisations');
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

/** A due not reached yet: listed and collectable in advance, but not counted in balances. */
export function AEchoirBadge() {
  const { t } = useTranslation('cotisations');
  return (
    <Badge variant="outline" className="text-muted-foreground">
      {t('aEchoir')}
    </Badge>
  );
}
