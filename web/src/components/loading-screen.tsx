import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './brand';

/** Shown while the session is checked or a lazy page loads. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="flex min-h-screen flex-col items-center justify-center gap-4">
      <BrandMark className="size-12" />
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        {t('loading')}
      </div>
    </div>
  );
}
