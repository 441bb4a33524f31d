import { isIsoDate, todayIso } from '@/lib/dates';
import { array, isoDate, number, object, string } from '@/lib/validation';

/**
 * The cheque deposit form (spec 2 §5 "Cheque deposit"): an account, at least one cheque, a valid
 * date; reference and comment optional. Messages are catalogue keys.
 */

export const REFERENCE_MAX_LENGTH = 100;
export const COMMENTAIRE_MAX_LENGTH = 1000;

export interface RemiseFormValues {
  compte_id: string;
  /** The chosen cheques' ids. */
  cheque_ids: number[];
  date: string;
  reference: string;
  commentaire: string;
}

export function emptyRemise(compteId = '', today: string = todayIso()): RemiseFormValues {
  return { compte_id: compteId, cheque_ids: [], date: today, reference: '', commentaire: '' };
}

/**
 * The rules; `dateOfCheque` gives a cheque's reception date so that the deposit is not dated
 * before the latest chosen cheque (the server's `remise_avant_cheque`).
 */
export function remiseSchema(dateOfCheque: (id: number) => string | undefined = () => undefined) {
  return object({
    compte_id: string().required('remisesCheques:validation.compteRequired'),
    cheque_ids: array().of(number().required()).min(1, 'remisesCheques:validation.chequesRequired'),
    date: isoDate()
      .required('remisesCheques:validation.dateRequired')
      .test('after-cheques', 'remisesCheques:validation.dateAvantCheque', function afterCheques(value) {
        if (!value || !isIsoDate(value)) return true;
        const ids = ((this.parent as { cheque_ids?: number[] }).cheque_ids ?? []).map(dateOfCheque);
        return ids.every((date) => date === undefined || date <= value);
      }),
    reference: string().trim().max(REFERENCE_MAX_LENGTH, 'remisesCheques:validation.referenceTooLong'),
    commentaire: string().trim().max(COMMENTAIRE_MAX_LENGTH, 'remisesCheques:validation.commentaireTooLong'),
  });
}
