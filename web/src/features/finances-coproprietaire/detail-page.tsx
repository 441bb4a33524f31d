import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import { BackLink, NotFound } from '@/components/page-parts';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useModelLabel } from './elements-page';
import {
  useGetCoproprietaireChargeDetailsQuery,
  useGetCoproprietaireRevenuDetailsQuery,
  useGetCoproprietaireTravauxDetailsQuery,
  type DetailFinancierResponse,
} from './finances-api';
import { DetailsList, Fichiers, LoadError, PaiementsTable, Section } from './parts';
import { financesPaths } from './paths';

const NOT_FOUND = new Set([
  'not_found',
  'validation_failed',
  'cotisation_inconnue',
  'contrat_inconnu',
  'revenu_inconnu',
  'operation_inconnue',
  'depense_inconnue',
  'paiement_inconnu',
  'salarie_inconnu',
]);

/**
 * Models whose details show invoices and quotes, documents, or no payments (spec 3 §2.11); any
 * record's documents show when it has some.
 */
const AVEC_FACTURES = new Set(['charges-courantes', 'travaux']);
const AVEC_DOCUMENTS = new Set(['contrats-depenses', 'contrats-revenus']);
const SANS_PAIEMENTS = new Set(['banque-operation', 'frais-bancaires']);

function DetailScreen({
  back,
  data,
  isLoading,
  error,
  refetch,
}: {
  back: string;
  data: DetailFinancierResponse | undefined;
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
}) {
  const { t } = useTranslation('finances');
  const modelLabel = useModelLabel();
  const code = apiErrorCode(error);
  const backLink = <BackLink to={back}>{t('detail.back')}</BackLink>;

  if (isLoading) {
    return (
      <div className="grid gap-4" data-testid="finance-detail-loading">
        {backLink}
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
    );
  }
  if (!data) {
    return (
      <div className="grid gap-4">
        {backLink}
        {code !== undefined && NOT_FOUND.has(code) ? (
          <NotFound testId="finance-detail-not-found">{t('detail.notFound')}</NotFound>
        ) : (
          <LoadError error={error} onRetry={refetch} />
        )}
      </div>
    );
  }
  return (
    <div className="grid gap-6" data-testid="finance-detail">
      <PageHeader title={<span dir="auto">{data.titre}</span>} description={modelLabel(data.model)}>
        {backLink}
      </PageHeader>
      <Section title={t('detail.informations')}>
        <DetailsList details={data.details} />
      </Section>
      {!SANS_PAIEMENTS.has(data.model) && (
        <Section title={t('paiements.title')}>
          <PaiementsTable paiements={data.paiements} />
        </Section>
      )}
      {AVEC_FACTURES.has(data.model) && (
        <>
          <Section title={t('fichiers.factures')}>
            <Fichiers documents={data.factures} />
          </Section>
          <Section title={t('fichiers.devis')}>
            <Fichiers documents={data.devis} />
          </Section>
        </>
      )}
      {(AVEC_DOCUMENTS.has(data.model) || data.documents.length > 0) && (
        <Section title={t('fichiers.documents')}>
          <Fichiers documents={data.documents} />
        </Section>
      )}
    </div>
  );
}

function useModelParams(): { model: string; modelId: number } {
  const { model = '', modelId = '' } = useParams();
  return { model, modelId: Number(modelId) };
}

/** /coproprietaire/revenus/{model}/{modelId}. */
export function RevenuDetailsPage() {
  const { model, modelId } = useModelParams();
  const { data, isLoading, error, refetch } = useGetCoproprietaireRevenuDetailsQuery({ model, modelId });
  return (
    <DetailScreen
      back={financesPaths.revenus}
      data={data}
      isLoading={isLoading}
      error={error}
      refetch={() => void refetch()}
    />
  );
}

/** /coproprietaire/charges/{model}/{modelId}. */
export function ChargeDetailsPage() {
  const { model, modelId } = useModelParams();
  const { data, isLoading, error, refetch } = useGetCoproprietaireChargeDetailsQuery({ model, modelId });
  return (
    <DetailScreen
      back={financesPaths.charges}
      data={data}
      isLoading={isLoading}
      error={error}
      refetch={() => void refetch()}
    />
  );
}

/** /coproprietaire/travaux/travaux-details/{modelId} (and travaux/{model}/{modelId}). */
export function TravauxDetailsPage() {
  const { modelId } = useModelParams();
  const { data, isLoading, error, refetch } = useGetCoproprietaireTravauxDetailsQuery({ travauxId: modelId });
  return (
    <DetailScreen
      back={financesPaths.travaux}
      data={data}
      isLoading={isLoading}
      error={error}
      refetch={() => void refetch()}
    />
  );
}
