import { createColumnHelper } from '@tanstack/react-table';
import { CalendarClock, CircleDollarSign, Eye, FileDown, Loader2 } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetMesCotisationsSpecQuery, type ContributionDue } from '@/api/generated';
import { Dinars } from '@/components/dinars';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DisabledReason } from '@/components/ui/tooltip';
import { formatDate, todayIso } from '@/lib/dates';
import { formatDinars } from '@/lib/money';
import { Slot } from '@/lib/slots';
import { EtatBadge, useRevenusLabels } from './labels';
import { recuMontantDuPath, useReceiptDownload } from './use-receipt';

const column = createColumnHelper<ContributionDue>();

/**
 * What the co-owner owes now (the "Solde": the unpaid remainders of the calls whose due date is
 * reached) and what falls due later ("À échoir"), from the lines the page lists.
 */
export function owedOf(lines: readonly ContributionDue[], today: string): { solde: number; aEchoir: number } {
  let solde = 0;
  let aEchoir = 0;
  for (const line of lines) {
    if (line.date_echeance <= today) solde += line.restant_du;
    else aEchoir += line.restant_du;
  }
  // Sums of 3-decimal amounts: rounded at the millime.
  return { solde: Math.round(solde * 1000) / 1000, aEchoir: Math.round(aEchoir * 1000) / 1000 };
}

function DetailRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b py-2.5 last:border-b-0 sm:grid-cols-[9rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

/** The details dialog of a contribution (spec 3 §2.11: property name, type, period). */
function ContributionDialog({ contribution, onClose }: { contribution: ContributionDue | null; onClose: () => void }) {
  const { t } = useTranslation('cotisations');
  const labels = useRevenusLabels();
  return (
    <Dialog open={contribution !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {contribution && (
          <>
            <DialogHeader>
              <DialogTitle>{contribution.titre}</DialogTitle>
              <DialogDescription>{t('coproprietaire.dialog.description')}</DialogDescription>
            </DialogHeader>
            <dl data-testid="contribution-details">
              <DetailRow label={t('coproprietaire.dialog.propriete')}>
                {contribution.dialogData.propriete.nom}
              </DetailRow>
              <DetailRow label={t('coproprietaire.dialog.type')}>
                {labels.type(contribution.dialogData.cotisation.type)}
              </DetailRow>
              <DetailRow label={t('coproprietaire.dialog.periode')}>
                <span className="tabular">
                  {t('coproprietaire.dialog.periodeValue', {
                    debut: formatDate(contribution.dialogData.cotisation.date_debut),
                    fin: formatDate(contribution.dialogData.cotisation.date_fin),
                  })}
                </span>
              </DetailRow>
              <DetailRow label={t('coproprietaire.columns.dateEcheance')}>
                <span className="tabular">{formatDate(contribution.date_echeance)}</span>
              </DetailRow>
              <DetailRow label={t('coproprietaire.columns.montantTotal')}>
                <Dinars value={contribution.montant_total} />
              </DetailRow>
              <DetailRow label={t('coproprietaire.dialog.restantDu')}>
                <Dinars value={contribution.restant_du} />
              </DetailRow>
              <DetailRow label={t('coproprietaire.columns.etat')}>
                <EtatBadge etat={contribution.etat_paiement} echu={contribution.date_echeance <= todayIso()} />
              </DetailRow>
            </dl>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * /coproprietaire/cotisations (spec 3 §2.11 "Contributions"): what the signed-in co-owner owes
 * and paid, with the receipt of what was paid; each due left to pay, and everything owed now,
 * paid online when the residence offers it (issue 21, the paiement-en-ligne module's button).
 */
export function CoproprietaireCotisationsPage() {
  const { t } = useTranslation(['cotisations', 'common']);
  const { data, isLoading, isError, error, refetch } = useGetMesCotisationsSpecQuery();
  const today = todayIso();
  const { download, pending } = useReceiptDownload();
  const [selected, setSelected] = useState<ContributionDue | null>(null);

  const columns = useMemo(
    () => [
      column.accessor('titre', {
        header: t('cotisations:coproprietaire.columns.titre'),
        cell: (info) => (
          <span className="grid">
            <span className="font-medium">{info.getValue()}</span>
            <span className="text-xs text-muted-foreground">{info.row.original.dialogData.propriete.nom}</span>
          </span>
        ),
        meta: { card: 'title' },
      }),
      column.accessor('montant_total', {
        header: t('cotisations:coproprietaire.columns.montantTotal'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
      column.accessor('date_echeance', {
        header: t('cotisations:coproprietaire.columns.dateEcheance'),
        cell: (info) => <span className="tabular whitespace-nowrap">{formatDate(info.getValue())}</span>,
      }),
      column.accessor('etat_paiement', {
        header: t('cotisations:coproprietaire.columns.etat'),
        // A call not due yet and not paid is "À échoir", as on the syndic's side, not "Non payé".
        cell: (info) => <EtatBadge etat={info.getValue()} echu={info.row.original.date_echeance <= today} />,
        meta: {
          card: 'badge',
          searchText: (value: string) =>
            t(`cotisations:etats.${value === 'complet' || value === 'partiel' ? value : 'non_paye'}`),
        },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('cotisations:coproprietaire.columns.actions')}</span>,
        cell: ({ row }) => {
          const contribution = row.original;
          const key = String(contribution.id);
          const unpaid = contribution.etat_paiement !== 'complet' && contribution.etat_paiement !== 'partiel';
          return (
            <div className="flex flex-wrap items-center justify-end gap-1">
              {contribution.restant_du > 0 && (
                <Slot
                  name="payerEnLigne"
                  variant="ligne"
                  montantDuIds={[contribution.id]}
                  titre={`${contribution.titre} (${formatDate(contribution.date_echeance)})`}
                />
              )}
              <DisabledReason reason={unpaid ? t('cotisations:coproprietaire.receiptUnavailable') : null}>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={unpaid || pending !== null}
                  onClick={() => void download(key, recuMontantDuPath(contribution.id))}
                  aria-label={t('cotisations:coproprietaire.receiptOf', {
                    titre: contribution.titre,
                    date: formatDate(contribution.date_echeance),
                  })}
                >
                  {pending === key ? (
                    <Loader2 aria-hidden="true" className="animate-spin" />
                  ) : (
                    <FileDown aria-hidden="true" />
                  )}
                  {t('cotisations:coproprietaire.receipt')}
                </Button>
              </DisabledReason>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                onClick={() => setSelected(contribution)}
                aria-label={t('cotisations:coproprietaire.detailsOf', {
                  titre: contribution.titre,
                  date: formatDate(contribution.date_echeance),
                })}
                title={t('cotisations:coproprietaire.details')}
              >
                <Eye />
              </Button>
            </div>
          );
        },
        meta: { card: 'action' },
      }),
    ],
    [t, pending, download, today],
  );

  const owed = data ? owedOf(data.cotisations, today) : undefined;

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('cotisations:coproprietaire.title')}
        description={t('cotisations:coproprietaire.subtitle')}
      />
      <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-3">
        <StatCard
          icon={<CircleDollarSign />}
          label={t('cotisations:coproprietaire.soldeCard')}
          value={isError ? null : owed?.solde}
          hint={t('cotisations:coproprietaire.soldeCardHint')}
          testId="coproprietaire-solde"
          // Every due owed now, paid online in one go (issue 21): shown when the residence offers it.
          action={owed && owed.solde > 0 ? <Slot name="payerEnLigne" variant="tout" /> : undefined}
        />
        <StatCard
          icon={<CalendarClock />}
          label={t('cotisations:coproprietaire.aEchoirCard')}
          value={isError ? null : owed?.aEchoir}
          hint={t('cotisations:coproprietaire.aEchoirCardHint')}
          testId="coproprietaire-a-echoir"
        />
      </div>
      <DataTable
        columns={columns}
        data={data?.cotisations}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        skeletonRows={6}
        searchPlaceholder={t('cotisations:coproprietaire.searchPlaceholder')}
        emptyMessage={t('cotisations:coproprietaire.empty')}
        getRowId={(row) => String(row.id)}
      />
      <ContributionDialog contribution={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
