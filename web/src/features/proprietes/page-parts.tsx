import { useTranslation } from 'react-i18next';
import { BackLink, NotFound } from '@/components/page-parts';
import { historiquePath, proprietesPaths } from './paths';

/** Back to the property list, at the top of the history and of the forms' fallbacks. */
export function BackToProprietes() {
  const { t } = useTranslation('proprietes');
  return <BackLink to={proprietesPaths.proprietes}>{t('historique.back')}</BackLink>;
}

/** Back to the property's history, above the occupation forms. */
export function BackToHistorique({ proprieteId, nom }: { proprieteId: number; nom: string | undefined }) {
  const { t } = useTranslation('proprietes');
  return (
    <BackLink to={historiquePath(proprieteId)}>
      {nom ? t('historique.titleWithName', { nom }) : t('historique.title')}
    </BackLink>
  );
}

/** The property of the address does not exist. */
export function HistoriqueNotFound() {
  const { t } = useTranslation('proprietes');
  return <NotFound testId="historique-not-found">{t('historique.notFound')}</NotFound>;
}
