import { createColumnHelper } from '@tanstack/react-table';
import { Eye, History } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGetProprietesQuery, type Propriete } from '@/api/generated';
import { PageHeader } from '@/components/page-header';
import { PhoneNumber } from '@/components/phone-number';
import { ProprieteTypeLabel, useProprieteTypeLabel } from '@/components/propriete-type';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatTel } from '@/lib/phone';
import { historiquePath } from './paths';

const column = createColumnHelper<Propriete>();

/** "95.5" (m², as the server sends it) → "95,5" in French; Arabic pages use the same digits. */
function formatSurface(surface: string): string {
  const value = Number(surface);
  if (!Number.isFinite(value)) return surface;
  return new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(value);
}

function DetailRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b py-2.5 last:border-b-0 sm:grid-cols-[9rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

/** The details dialog of a property (spec 2 §2: nom, type, surface, description, payer). */
function ProprieteDetailsDialog({ propriete, onClose }: { propriete: Propriete | null; onClose: () => void }) {
  const { t } = useTranslation(['proprietes', 'common']);
  return (
    <Dialog open={propriete !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {propriete && (
          <>
            <DialogHeader>
              <DialogTitle>{t('proprietes:details.title', { nom: propriete.nom })}</DialogTitle>
              <DialogDescription>{t('proprietes:details.subtitle')}</DialogDescription>
            </DialogHeader>
            <dl data-testid="propriete-details">
              <DetailRow label={t('proprietes:details.nom')}>{propriete.nom}</DetailRow>
              <DetailRow label={t('proprietes:details.type')}>
                <ProprieteTypeLabel type={propriete.type} />
              </DetailRow>
              <DetailRow label={t('proprietes:details.surface')}>
                {propriete.surface ? (
                  <span className="tabular">
                    {t('proprietes:details.surfaceValue', { surface: formatSurface(propriete.surface) })}
                  </span>
                ) : (
                  t('proprietes:details.none')
                )}
              </DetailRow>
              <DetailRow label={t('proprietes:details.description')}>
                <span dir="auto" className="font-normal whitespace-pre-line">
                  {propriete.description || t('proprietes:details.none')}
                </span>
              </DetailRow>
              <DetailRow label={t('proprietes:details.payeur')}>
                {propriete.payer_occupant ? (
                  <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span>{propriete.payer_occupant.nom}</span>
                    <span className="font-normal text-muted-foreground">
                      <PhoneNumber tel={propriete.payer_occupant.tel} />
                    </span>
                  </span>
                ) : (
                  <span className="font-normal text-muted-foreground">{t('proprietes:list.noPayer')}</span>
                )}
              </DetailRow>
            </dl>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** /syndic/administration/proprietes: the residence's properties and who pays for each. */
export function ProprietesPage() {
  const { t } = useTranslation(['proprietes', 'common']);
  const typeLabel = useProprieteTypeLabel();
  const { data, isLoading, isError, error, refetch } = useGetProprietesQuery();
  const [selected, setSelected] = useState<Propriete | null>(null);

  const columns = useMemo(
    () => [
      column.accessor('nom', {
        header: t('proprietes:list.columns.nom'),
        cell: (info) => <span className="font-medium">{info.getValue()}</span>,
        meta: { card: 'title' },
      }),
      column.accessor('type', {
        header: t('proprietes:list.columns.type'),
        cell: (info) => <ProprieteTypeLabel type={info.getValue()} />,
        meta: { card: 'subtitle', searchText: (value: string) => typeLabel(value) },
      }),
      column.accessor((row) => row.payer_occupant?.nom ?? '', {
        id: 'payeur',
        header: t('proprietes:list.columns.payeur'),
        cell: (info) =>
          info.getValue() || <span className="text-muted-foreground">{t('proprietes:list.noPayer')}</span>,
      }),
      column.accessor((row) => row.payer_occupant?.tel ?? '', {
        id: 'tel',
        header: t('proprietes:list.columns.tel'),
        cell: (info) => <PhoneNumber tel={info.getValue()} />,
        meta: { searchText: (value: string) => formatTel(value) },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('proprietes:list.columns.actions')}</span>,
        cell: ({ row }) => (
          <div className="flex items-center justify-end gap-1.5">
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              onClick={() => setSelected(row.original)}
              aria-label={t('proprietes:list.detailsOf', { nom: row.original.nom })}
              title={t('proprietes:list.details')}
            >
              <Eye />
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link
                to={historiquePath(row.original.id)}
                aria-label={t('proprietes:list.historiqueOf', { nom: row.original.nom })}
              >
                <History aria-hidden="true" />
                {t('proprietes:list.historique')}
              </Link>
            </Button>
          </div>
        ),
      }),
    ],
    [t, typeLabel],
  );

  return (
    <div className="grid gap-6">
      <PageHeader title={t('proprietes:list.title')} description={t('proprietes:list.subtitle')} />
      <DataTable
        columns={columns}
        data={data?.proprietes}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        skeletonRows={6}
        searchPlaceholder={t('proprietes:list.searchPlaceholder')}
        emptyMessage={t('proprietes:list.empty')}
        getRowId={(row) => String(row.id)}
      />
      <ProprieteDetailsDialog propriete={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
