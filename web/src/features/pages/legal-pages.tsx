import { useTranslation } from 'react-i18next';
import { StandalonePage } from '@/components/status-page';

function LegalPlaceholder({ page }: { page: 'politiqueConfidentialite' | 'conditionsUtilisation' }) {
  const { t } = useTranslation('pages');
  return (
    <StandalonePage>
      <article className="w-full max-w-2xl rounded-xl border bg-card p-8 shadow-sm">
        <h1 className="text-2xl font-semibold tracking-tight">{t(`${page}.title`)}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t(`${page}.lastUpdate`)}</p>
        <p className="mt-6">{t(`${page}.pending`)}</p>
      </article>
    </StandalonePage>
  );
}

/** /politique-confidentialite (spec 3 §2.1); the nine sections come with the legal texts. */
export function PolitiqueConfidentialitePage() {
  return <LegalPlaceholder page="politiqueConfidentialite" />;
}

/** /conditions-utilisation (spec 3 §2.1); the fourteen sections come with the legal texts. */
export function ConditionsUtilisationPage() {
  return <LegalPlaceholder page="conditionsUtilisation" />;
}
