import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** Cancel (a link back) and submit, at the bottom of a page's form. */
export function FormActions({
  cancelTo,
  submitLabel,
  submitting,
  disabled = false,
  children,
}: {
  cancelTo: string;
  submitLabel: string;
  submitting: boolean;
  disabled?: boolean;
  /** More actions, at the start of the bar (a delete button). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:items-center sm:justify-end">
      {children && <div className="sm:me-auto">{children}</div>}
      <Button asChild variant="outline">
        <Link to={cancelTo}>{t('actions.cancel')}</Link>
      </Button>
      <Button type="submit" disabled={submitting || disabled}>
        {submitting && <Loader2 aria-hidden="true" className="animate-spin" />}
        {submitting ? t('actions.saving') : submitLabel}
      </Button>
    </div>
  );
}
