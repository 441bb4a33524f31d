import type { FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { PaiementSheet, type PaiementFields, type PaiementSheetValues } from '@/components/paiement-sheet';
import { toast } from '@/components/ui/toaster';
import { userText } from '@/components/user-text';
import { dinarsText } from '@/lib/bidi';
import { translateMessage } from '@/lib/translate-message';
import {
  useModifierPaiementContratMutation,
  usePayerContratMutation,
  type Contrat,
  type ContratSide,
  type MethodePaiementContrat,
  type PaiementContrat,
} from './contrats-api';
import { applyContratsServerErrors, contratsErrorKey } from './contrats-errors';
import { useMethodeLabel } from './parts';
import { methodesPaiementContrat } from './schemas';

const FIELDS = ['montant', 'date_paiement', 'methode_paiement', 'reference_paiement'];

/** What the sheet pays: a contract, and the payment being edited if any. */
export interface ContratPaiementTarget {
  contrat: Contrat;
  paiement?: PaiementContrat;
}

const millimes = (value: number) => Math.round(value * 1000);

/**
 * The most a payment may be (spec 1 §5 "must not exceed the total"): what remains of the
 * contract's total for a payment dated today, plus the edited payment's own amount.
 */
export function contratPaiementMaximum(target: ContratPaiementTarget): number {
  return (millimes(target.contrat.restant_a_payer) + millimes(target.paiement?.montant ?? 0)) / 1000;
}

/** The amount proposed: what is due now, else one period, never above the maximum. */
function montantPropose(contrat: Contrat): number {
  const maximum = contrat.restant_a_payer;
  const propose = contrat.restant_du > 0 ? contrat.restant_du : contrat.montant;
  return Math.min(propose, maximum);
}

/**
 * Collects (revenue side) or pays (expense side) a contract, or edits one of its payments: the
 * shared payment sheet with the contract's methods (cash, cheque, transfer; online too for an
 * expense contract's payment on edit). The server's refusals: 422 montant_maximum_depasse under
 * the amount; 403 closed exercice, 409 no open exercice or deposited cheque, 411 deposited cheque
 * on a revenue payment's edit, each in a toast.
 */
export function ContratPaiementSheet({
  side,
  target,
  onClose,
}: {
  side: ContratSide;
  target: ContratPaiementTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('contrats');
  const methodeLabel = useMethodeLabel();
  const [payer] = usePayerContratMutation();
  const [modifier] = useModifierPaiementContratMutation();

  async function submit(
    fields: PaiementFields<MethodePaiementContrat>,
    helpers: FormikHelpers<PaiementSheetValues>,
  ): Promise<boolean> {
    if (!target) return false;
    const { contrat, paiement } = target;
    try {
      if (paiement) {
        await modifier({ side, contratId: contrat.id, paiementId: paiement.id, paiement: fields }).unwrap();
        toast.success(t('paiement.updated'), { description: contrat.titre });
      } else {
        await payer({ side, contratId: contrat.id, paiement: fields }).unwrap();
        toast.success(t(`paiement.created.${side}`), { description: contrat.titre });
      }
      return true;
    } catch (error) {
      if (applyContratsServerErrors(error, helpers.setErrors, FIELDS)) return false;
      toast.error(t('paiement.failed'), { description: translateMessage(contratsErrorKey(error)) });
      return false;
    }
  }

  const titre = target ? userText(target.contrat.titre) : '';
  return (
    <PaiementSheet
      open={target !== null}
      onClose={onClose}
      title={target?.paiement ? t('paiement.editTitle', { titre }) : t(`paiement.title.${side}`, { titre })}
      description={t('paiement.description', { montant: dinarsText(target?.contrat.restant_a_payer ?? 0) })}
      maximum={target ? contratPaiementMaximum(target) : 0}
      defaultMontant={target ? montantPropose(target.contrat) : 0}
      methodes={methodesPaiementContrat(side, target?.paiement !== undefined)}
      methodeLabel={methodeLabel}
      initial={target?.paiement}
      onSubmit={submit}
    />
  );
}
