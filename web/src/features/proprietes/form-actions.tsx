import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** Cancel (back to the history) and submit, at the bottom of the occupation forms. */
export function FormActions({
  cancelTo,
  submitLabel,
  submitting,
}: {
  cancelTo: string;
  submitLabel: string;
  submitting: boolean;
}) {
  const { t } = useTranslation(['proprietes', 'common']);
  return (
    <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:justify-end">
      <Button asChild variant="outline">
        <Link to={cancelTo}>{t('common:actions.cancel')}</Link>
      </Button>
      <Button type="submit" disabled={submitting}>
        {submitting && <Loader2 aria-hidden="true" className="animate-spin" />}
        {submitting ? t('proprietes:form.submitting') : submitLabel}
      </Button>
    </div>
  );
}
