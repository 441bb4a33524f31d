import { type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import {
  PaiementSheet as SharedPaiementSheet,
  type PaiementFields,
  type PaiementSheetValues,
} from '@/components/paiement-sheet';
import { toast } from '@/components/ui/toaster';
import { dinarsText } from '@/lib/bidi';
import { translateMessage } from '@/lib/translate-message';
import {
  useModifierPaiementDepense,
  usePayerDepense,
  type DepenseKind,
  type MethodePaiementDepense,
  type PaiementDepense,
} from './depenses-api';
import { applyDepensesServerErrors, depensesErrorKey } from './depenses-errors';
import { useMethodeLabel, userText } from './parts';
import { METHODES_PAIEMENT } from './schemas';

const FIELDS = ['montant', 'date_paiement', 'methode_paiement', 'reference_paiement'];

/** What the sheet pays: a charge or works item, and the payment being edited if any. */
export interface PaiementTarget {
  depense: { id: number; titre: string; restant_du: number };
  paiement?: PaiementDepense;
}

/** The most that may be paid: the remaining due, plus the edited payment's own amount. */
export function paiementMaximum(target: PaiementTarget): number {
  return (Math.round(target.depense.restant_du * 1000) + Math.round((target.paiement?.montant ?? 0) * 1000)) / 1000;
}

/**
 * The payment sheet of a charge or works item (spec 2 §5 "Payment"), to pay or to edit a payment:
 * the shared sheet (components/paiement-sheet) with the five methods of the expenses; at most what
 * remains, plus the payment's own amount on edit. The server's refusals (montant_maximum_depasse,
 * exercice_cloture, aucun_exercice_ouvert) show their messages.
 */
export function PaiementSheet({
  kind,
  target,
  onClose,
}: {
  kind: DepenseKind;
  target: PaiementTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('depenses');
  const methodeLabel = useMethodeLabel();
  const [payer] = usePayerDepense(kind);
  const [modifier] = useModifierPaiementDepense(kind);

  async function submit(
    fields: PaiementFields<MethodePaiementDepense>,
    helpers: FormikHelpers<PaiementSheetValues>,
  ): Promise<boolean> {
    if (!target) return false;
    const { paiement } = target;
    try {
      if (paiement) {
        await modifier({ ...fields, id: paiement.id, depenseId: target.depense.id }).unwrap();
        toast.success(t('paiement.updated'), { description: target.depense.titre });
      } else {
        await payer({ ...fields, id: target.depense.id }).unwrap();
        toast.success(t('paiement.created'), { description: target.depense.titre });
      }
      return true;
    } catch (error) {
      if (applyDepensesServerErrors(error, helpers.setErrors, FIELDS)) return false;
      toast.error(t('paiement.failed'), { description: translateMessage(depensesErrorKey(error)) });
      return false;
    }
  }

  const titre = target ? userText(target.depense.titre) : '';
  return (
    <SharedPaiementSheet
      open={target !== null}
      onClose={onClose}
      title={target?.paiement ? t('paiement.editTitle', { titre }) : t('paiement.title', { titre })}
      description={t('paiement.description', { montant: dinarsText(target?.depense.restant_du ?? 0) })}
      maximum={target ? paiementMaximum(target) : 0}
      defaultMontant={target?.depense.restant_du ?? 0}
      methodes={METHODES_PAIEMENT}
      methodeLabel={methodeLabel}
      initial={target?.paiement}
      onSubmit={submit}
    />
  );
}
