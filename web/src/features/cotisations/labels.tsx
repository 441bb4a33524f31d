import i18n from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { selectUser } from '@/lib/auth/auth-slice';
import { formatDinars } from '@/lib/money';
import { useAppSelector } from '@/lib/store/hooks';
import type { EtatPaiement, MethodePaiement, Repartition, TypeCotisation } from '@/api/generated';

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

/** True for the treasurer: only the finance flag may create or change money items (spec 1 §6). */
export function useIsFinance(): boolean {
  return useAppSelector(selectUser)?.is_finance === true;
}

/**
 * Why the current user may not change a money item (a cotisation, a payment), or null when they
 * may: only the treasurer changes money items, and nothing dated in a closed exercice changes.
 */
export function useChangeLock(): (item: { is_closed: boolean }) => string | null {
  const { t } = useTranslation('common');
  const isFinance = useIsFinance();
  return useCallback(
    (item: { is_closed: boolean }) => {
      if (!isFinance) return t('permissions.onlyFinancier');
      if (item.is_closed) return t('permissions.exerciceCloture');
      return null;
    },
    [isFinance, t],
  );
}

/**
 * An amount in DT, fr-FR with 3 decimals, never wrapped. It reads left to right in Arabic too
 * ("-40,000 DT", not "DT 40,000-"): `dir` isolates it from the sentence around it.
 */
export function Dinars({ value, className }: { value: number; className?: string }) {
  return (
    <span dir="ltr" className={['tabular whitespace-nowrap', className].filter(Boolean).join(' ')}>
      {formatDinars(value)}
    </span>
  );
}

/**
 * Text that reads left to right (an amount, a receipt number such as 2026-000042) inside a
 * translated sentence or an <option>, where no element can carry `dir`: on an Arabic page it is
 * wrapped in LEFT-TO-RIGHT ISOLATE … POP DIRECTIONAL ISOLATE so that the sentence around it does
 * not reorder it ("000042-2026", "DT 40,000"). French text needs no marks.
 */
export function ltrText(text: string): string {
  return i18n.dir() === 'rtl' ? `\u2066${text}\u2069` : text;
}

/** An amount in DT as {@link ltrText}. */
export function dinarsText(value: number): string {
  return ltrText(formatDinars(value));
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
