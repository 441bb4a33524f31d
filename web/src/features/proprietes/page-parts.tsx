import { ArrowLeft, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { historiquePath, paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';

/** The property id of the address, or null when it is not a positive whole number. */
export function useProprieteId(): number | null {
  const { proprieteId } = useParams();
  const id = Number(proprieteId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Back to the property list, at the top of the history and of the forms' fallbacks. */
export function BackToProprietes() {
  const { t } = useTranslation('proprietes');
  return (
    <Link
      to={paths.syndic.proprietes}
      className="mb-2 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {t('historique.back')}
    </Link>
  );
}

/** Back to the property's history, above the occupation forms. */
export function BackToHistorique({ proprieteId, nom }: { proprieteId: number; nom: string | undefined }) {
  const { t } = useTranslation('proprietes');
  return (
    <Link
      to={historiquePath(proprieteId)}
      className="mb-2 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {nom ? t('historique.titleWithName', { nom }) : t('historique.title')}
    </Link>
  );
}

/** The property of the address does not exist. */
export function HistoriqueNotFound() {
  const { t } = useTranslation('proprietes');
  return (
    <Alert variant="destructive" data-testid="historique-not-found">
      <SearchX aria-hidden="true" />
      <span>{t('historique.notFound')}</span>
    </Alert>
  );
}
