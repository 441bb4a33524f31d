import { ClipboardList } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { StatusPage } from '@/components/status-page';

/**
 * /informations-generales: first-login completion (spec 3 §2.13). The access guard already sends
 * every not-finalized user here; the form itself (email, gender, birth date, terms) comes with the
 * settings feature.
 */
export function InformationsGeneralesPage({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <StatusPage icon={<ClipboardList />} title={t('pages:informationsGenerales.title')} actions={actions}>
      <p>{t('pages:informationsGenerales.message')}</p>
      <p className="text-sm">{t('pages:informationsGenerales.pending')}</p>
      <p className="flex justify-center gap-4 pt-2 text-sm">
        <Link className="text-primary hover:underline" to={paths.conditionsUtilisation}>
          {t('common:legal.terms')}
        </Link>
        <Link className="text-primary hover:underline" to={paths.politiqueConfidentialite}>
          {t('common:legal.privacy')}
        </Link>
      </p>
    </StatusPage>
  );
}
