import { Toaster as Sonner } from 'sonner';
import { useTranslation } from 'react-i18next';

/**
 * Toasts follow the reading direction and appear at the bottom, at the end of the line (bottom
 * right in French, bottom left in Arabic), away from the header's breadcrumbs and the page's
 * title and actions. Use `toast` from here to show one; a toast may offer one action:
 *
 *   toast.success('Encaissement enregistré', {
 *     description: 'Reçu n° 2026-000042',
 *     action: { label: 'Télécharger le reçu', onClick: () => void download(…) },
 *   });
 */
export function Toaster() {
  const { t, i18n } = useTranslation('common');
  const dir = i18n.dir();
  return (
    <Sonner
      position={dir === 'rtl' ? 'bottom-left' : 'bottom-right'}
      richColors
      closeButton
      dir={dir}
      // Sonner's own labels are English ("Notifications", "Close toast"): the page's language instead.
      containerAriaLabel={t('toaster.region')}
      toastOptions={{ className: 'font-sans', closeButtonAriaLabel: t('actions.close') }}
    />
  );
}

export { toast } from 'sonner';
