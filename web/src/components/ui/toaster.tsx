import { Toaster as Sonner } from 'sonner';
import { useTranslation } from 'react-i18next';

/** Toasts follow the reading direction; use `toast` from 'sonner' to show one. */
export function Toaster() {
  const { i18n } = useTranslation();
  return (
    <Sonner position="top-center" richColors closeButton dir={i18n.dir()} toastOptions={{ className: 'font-sans' }} />
  );
}

export { toast } from 'sonner';
