import { useTranslation } from 'react-i18next';
import { apiErrorCode } from '@/api/errors';
import { useDeleteCotisationMutation, type Cotisation } from '@/api/generated';
import { toast } from '@/components/ui/toaster';
import { translateMessage } from '@/lib/translate-message';
import { revenusErrorKey } from './revenus-errors';

/**
 * Deletes a cotisation and says how it went (spec 1 §8 "Cotisation delete": a failure toast,
 * with the detail that encaissements are associated on 422). Resolves to true on success.
 */
export function useDeleteCotisation() {
  const { t } = useTranslation('cotisations');
  const [deleteCotisation, { isLoading: deleting }] = useDeleteCotisationMutation();

  async function remove(cotisation: Pick<Cotisation, 'id' | 'titre'>): Promise<boolean> {
    try {
      await deleteCotisation({ supprimerCotisationRequest: { id: cotisation.id } }).unwrap();
      toast.success(t('delete.deleted'), { description: cotisation.titre });
      return true;
    } catch (error) {
      const detail =
        apiErrorCode(error) === 'cotisation_avec_encaissements'
          ? t('errors.deleteHasEncaissements')
          : translateMessage(revenusErrorKey(error, 'errors:general_error'));
      toast.error(t('errors.deleteFailed'), { description: detail });
      return false;
    }
  }

  return { remove, deleting };
}
