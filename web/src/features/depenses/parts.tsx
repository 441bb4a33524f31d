import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import type { Depense, EtatPaiement, MethodePaiementDepense } from './depenses-api';

// Moved to the shared layer (contracts use them too); re-exported for the expenses' pages.
export { DocumentThumbnails } from '@/components/document-thumbnails';
export { TelGroupe, telGroupe } from '@/components/phone-number';
export { LockedButton, LockedLink, RowActions, useFinanceLock } from '@/components/record-actions';
export { FREE_TEXT, UserText, userText } from '@/components/user-text';

/** The payment state's badge (spec 2 §2: complet = paid, partiel = partial, otherwise unpaid). */
export function EtatPaiementBadge({ etat }: { etat: EtatPaiement }) {
  const { t } = useTranslation('depenses');
  if (etat === 'complet')
    return (
      <Badge variant="success" data-testid="etat-paiement">
        {t('etat.complet')}
      </Badge>
    );
  if (etat === 'partiel')
    return (
      <Badge variant="warning" data-testid="etat-paiement">
        {t('etat.partiel')}
      </Badge>
    );
  return (
    <Badge variant="destructive" data-testid="etat-paiement">
      {t('etat.impaye')}
    </Badge>
  );
}

export function useEtatLabel(): (etat: EtatPaiement) => string {
  const { t } = useTranslation('depenses');
  return (etat) => (etat === 'complet' ? t('etat.complet') : etat === 'partiel' ? t('etat.partiel') : t('etat.impaye'));
}

/** A works item's approval (spec 2 §4: 1 approved, 0 refused, otherwise undecided). */
export function ApprovalBadge({ value }: { value: Depense['is_approved'] }) {
  const { t } = useTranslation('depenses');
  if (value === 1)
    return (
      <Badge variant="success" data-testid="approbation">
        {t('approbation.approuve')}
      </Badge>
    );
  if (value === 0)
    return (
      <Badge variant="destructive" data-testid="approbation">
        {t('approbation.refuse')}
      </Badge>
    );
  return (
    <Badge variant="secondary" data-testid="approbation">
      {t('approbation.indecis')}
    </Badge>
  );
}

export function useApprovalLabel(): (value: Depense['is_approved']) => string {
  const { t } = useTranslation('depenses');
  return (value) =>
    value === 1 ? t('approbation.approuve') : value === 0 ? t('approbation.refuse') : t('approbation.indecis');
}

export function useMethodeLabel(): (methode: MethodePaiementDepense) => string {
  const { t } = useTranslation('depenses');
  return (methode) => t(`methodes.${methode}`);
}
