import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contrat, ContratSide, MethodePaiementContrat, Periodicite } from './contrats-api';

/** "Mensuelle", "Trimestrielle"… */
export function usePeriodiciteLabel(): (periodicite: Periodicite) => string {
  const { t } = useTranslation('contrats');
  return useCallback((periodicite) => t(`periodicites.${periodicite}`), [t]);
}

/** "Espèces", "Chèque", "Virement", "Paiement en ligne". */
export function useMethodeLabel(): (methode: MethodePaiementContrat) => string {
  const { t } = useTranslation('contrats');
  return useCallback((methode) => t(`methodes.${methode}`), [t]);
}

/** The other party of a contract: its client (revenue side) or its supplier (expense side). */
export function partieNom(side: ContratSide, contrat: Contrat): string {
  return (
    (side === 'revenus'
      ? (contrat.client_nom ?? contrat.client?.nom)
      : (contrat.fournisseur_nom ?? contrat.fournisseur?.nom)) ?? ''
  );
}
