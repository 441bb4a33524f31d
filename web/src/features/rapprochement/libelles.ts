import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ltrText } from '@/lib/bidi';
import { formatDate } from '@/lib/dates';
import type { DescriptionLigne } from './rapprochement-api';

/**
 * A name the users typed (an account, a cotisation, a property), in Latin or Arabic letters: on an
 * Arabic page it is isolated (FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE) so that it keeps its
 * own direction and does not pull the dash or the words around it into it.
 */
function typed(text: string, rtl: boolean): string {
  return rtl ? `\u2068${text}\u2069` : text;
}

/**
 * A reconciliation row's libellé in the page's language, worded from the parts the server gives
 * (`description`, docs/api-banque.md "Reconciliation"): the names in it are shown as the users
 * typed them, an operation keeps its own libellé. The server's French `libelle` is not read.
 */
export function useLibelle(): (ligne: { description: DescriptionLigne }) => string {
  const { t, i18n } = useTranslation('rapprochement');
  const rtl = i18n.dir() === 'rtl';
  return useCallback(
    ({ description }) => {
      switch (description.nature) {
        case 'solde_reporte':
          return t('libelles.soldeReporte', { date: ltrText(formatDate(description.date)) });
        case 'solde_initial':
          return t('libelles.soldeInitial', { date: ltrText(formatDate(description.date)) });
        case 'remise':
          return t('libelles.remise', { count: description.nombre_cheques });
        case 'transfert_vers':
          return t('libelles.transfertVers', { compte: typed(description.compte_libelle, rtl) });
        case 'transfert_depuis':
          return t('libelles.transfertDepuis', { compte: typed(description.compte_libelle, rtl) });
        case 'encaissement':
          return t('libelles.encaissement', {
            cotisation: typed(description.cotisation, rtl),
            propriete: typed(description.propriete, rtl),
          });
        case 'operation':
          return description.libelle;
        case 'paiement_depense':
          return t('libelles.paiementDepense', {
            depense: typed(description.depense, rtl),
            fournisseur: typed(description.fournisseur, rtl),
          });
        case 'paiement_salaire':
          return t('libelles.paiementSalaire', {
            salarie: typed(description.salarie, rtl),
            mois: ltrText(description.mois),
          });
        case 'charge_patronale':
          return t('libelles.chargePatronale', { titre: typed(description.titre, rtl) });
        case 'paiement_contrat':
          return t('libelles.paiementContrat', {
            contrat: typed(description.contrat, rtl),
            partie: typed(description.partie, rtl),
          });
        case 'revenu_exceptionnel':
          return t('libelles.revenuExceptionnel', { revenu: typed(description.revenu, rtl) });
        case 'reglement_passerelle':
          return description.reference
            ? t('libelles.reglementPasserelleReference', { reference: typed(description.reference, rtl) })
            : t('libelles.reglementPasserelle');
      }
    },
    [t, rtl],
  );
}
