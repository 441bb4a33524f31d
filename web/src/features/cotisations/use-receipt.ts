import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadError, downloadFile } from '@/api/download';
import { toast } from '@/components/ui/toaster';

/** The default name of a cotisation receipt when the server sends none (spec 3 §9). */
export const RECU_FILE_NAME = 'reçu_cotisation.pdf';

/** GET /api/cotisations/encaissement/recu?encaissement_id (syndic side). */
export function recuEncaissementPath(encaissementId: number): string {
  return `/api/cotisations/encaissement/recu?encaissement_id=${encodeURIComponent(encaissementId)}`;
}

/** GET /api/cotisations/recu?montant_du_id (the co-owner's own lines). */
export function recuMontantDuPath(montantDuId: number): string {
  return `/api/cotisations/recu?montant_du_id=${encodeURIComponent(montantDuId)}`;
}

/** The receipt in the interface's language: the server prints it in Arabic, right to left. */
export function inLanguage(path: string, language: string): string {
  return language.startsWith('ar') ? `${path}&langue=ar` : path;
}

/**
 * Downloads receipts one at a time, in the interface's language; `pending` is the key of the one being fetched (its button
 * shows a spinner, the others wait). A failure is logged (spec 1 §8) and told in a toast, since a
 * click that does nothing would look broken.
 */
export function useReceiptDownload() {
  const { t, i18n } = useTranslation('cotisations');
  const [pending, setPending] = useState<string | null>(null);
  const busy = useRef(false);

  const download = useCallback(
    async (key: string, path: string): Promise<void> => {
      if (busy.current) return;
      busy.current = true;
      setPending(key);
      try {
        await downloadFile(inLanguage(path, i18n.language), RECU_FILE_NAME);
      } catch (error) {
        console.error('receipt download failed', error);
        // Nothing paid yet on the due (the button is disabled then, unless the list is stale).
        const unpaid = error instanceof DownloadError && error.code === 'aucun_paiement';
        toast.error(unpaid ? t('coproprietaire.receiptUnavailable') : t('errors.receiptFailed'));
      } finally {
        busy.current = false;
        setPending(null);
      }
    },
    [t, i18n],
  );

  return { download, pending };
}
