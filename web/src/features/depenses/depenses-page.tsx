import { createColumnHelper } from '@tanstack/react-table';
import { Banknote, FolderOpen, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dinars } from '@/components/dinars';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { useChangeLock } from '@/lib/auth/use-change-lock';
import { formatDate } from '@/lib/dates';
import { formatDinars } from '@/lib/money';
import { useDepenses, type Depense, type DepenseKind } from './depenses-api';
import { PaiementSheet, type PaiementTarget } from './paiement-sheet';
import {
  ApprovalBadge,
  EtatPaiementBadge,
  LockedButton,
  LockedLink,
  useApprovalLabel,
  useEtatLabel,
  useFinanceLock,
  UserText,
} from './parts';
import { DEPENSE_PATHS, depenseGererPath } from './paths';

const column = createColumnHelper<Depense>();

/** /syndic/depenses/charges (spec 2 §2 "Current charges"). */
export function ChargesPage() {
  return <DepensesPage kind="charges" />;
}

/** /syndic/depenses/travaux (spec 2 §2 "Works"). */
export function TravauxPage() {
  return <DepensesPage kind="travaux" />;
}

/**
 * The list of charges or works: title, amount, what remains due and the payment state's badge
 * (works add their approval), a pay action while something remains, and the detail ("Gérer").
 * Only the treasurer creates and pays; nothing dated in a closed exercice is paid.
 */
function DepensesPage({ kind }: { kind: DepenseKind }) {
  const { t } = useTranslation(['depenses', 'common']);
  const financeLock = useFinanceLock();
  const changeLock = useChangeLock();
  const etatLabel = useEtatLabel();
  const approvalLabel = useApprovalLabel();
  const { data, isLoading, isError, error, refetch } = useDepenses(kind);
  const [paying, setPaying] = useState<PaiementTarget | null>(null);

  const columns = useMemo(
    () => [
      column.accessor('titre', {
        header: t('depenses:liste.columns.titre'),
        cell: (info) => <UserText className="font-medium">{info.getValue()}</UserText>,
        meta: { card: 'title' },
      }),
      column.accessor((depense) => depense.fournisseur.nom, {
        id: 'fournisseur',
        header: t('depenses:liste.columns.fournisseur'),
        cell: (info) => <UserText>{info.getValue()}</UserText>,
        meta: { card: 'subtitle' },
      }),
      column.accessor('date_facture', {
        header: t('depenses:liste.columns.dateFacture'),
        cell: (info) => <span className="tabular">{formatDate(info.getValue())}</span>,
      }),
      ...(kind === 'travaux'
        ? [
            column.accessor((depense) => depense.is_approved ?? null, {
              id: 'approbation',
              header: t('depenses:liste.columns.approbation'),
              cell: (info) => <ApprovalBadge value={info.getValue()} />,
              meta: { searchText: (value: Depense['is_approved']) => approvalLabel(value) },
            }),
          ]
        : []),
      column.accessor('montant_total', {
        header: t('depenses:liste.columns.montantTotal'),
        cell: (info) => <Dinars value={info.getValue()} />,
        meta: { numeric: true, searchText: (value: number) => formatDinars(value) },
      }),
      column.accessor('restant_du', {
        header: t('depenses:liste.columns.restantDu'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
      column.accessor('etat_paiement', {
        header: t('depenses:liste.columns.etat'),
        cell: (info) => <EtatPaiementBadge etat={info.getValue()} />,
        meta: { card: 'badge', searchText: (value: Depense['etat_paiement']) => etatLabel(value) },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('depenses:actions')}</span>,
        cell: ({ row }) => {
          const depense = row.original;
          return (
            <div className="flex items-center justify-end gap-1">
              {depense.restant_du > 0 && (
                <LockedButton
                  lock={changeLock(depense)}
                  onClick={() => setPaying({ depense })}
                  label={t('depenses:liste.payerOf', { titre: depense.titre })}
                >
                  <Banknote aria-hidden="true" />
                  {t('depenses:liste.payer')}
                </LockedButton>
              )}
              <Button asChild variant="outline" size="sm">
                <Link
                  to={depenseGererPath(kind, depense.id)}
                  aria-label={t('depenses:liste.gererOf', { titre: depense.titre })}
                >
                  <FolderOpen aria-hidden="true" />
                  {t('depenses:liste.gerer')}
                </Link>
              </Button>
            </div>
          );
        },
        meta: { card: 'action' },
      }),
    ],
    [t, kind, changeLock, etatLabel, approvalLabel],
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t(`depenses:liste.${kind}.title`)}
        description={t(`depenses:liste.${kind}.subtitle`)}
        actions={
          <LockedLink to={DEPENSE_PATHS[kind].creer} lock={financeLock} testId="depense-creer">
            <Plus aria-hidden="true" />
            {t(`depenses:liste.${kind}.create`)}
          </LockedLink>
        }
      />
      <DataTable
        columns={columns}
        data={data}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={refetch}
        skeletonRows={6}
        searchPlaceholder={t(`depenses:liste.${kind}.searchPlaceholder`)}
        emptyMessage={t(`depenses:liste.${kind}.empty`)}
        getRowId={(row) => String(row.id)}
      />
      <PaiementSheet kind={kind} target={paying} onClose={() => setPaying(null)} />
    </div>
  );
}
