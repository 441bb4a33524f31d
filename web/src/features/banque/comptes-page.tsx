import { createColumnHelper } from '@tanstack/react-table';
import { Eye, Plus, TriangleAlert, Wallet } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dinars } from '@/components/dinars';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toaster';
import { useIsFinance } from '@/lib/auth/use-change-lock';
import { formatDate } from '@/lib/dates';
import { formatDinars } from '@/lib/money';
import { translateMessage } from '@/lib/translate-message';
import { useSupprimerCompteBancaireMutation, useGetComptesBancairesQuery, type Compte } from './banque-api';
import { banqueErrorKey } from './banque-errors';
import { FinanceLinkButton, PrincipalBadge, RibText, RowActions, useTypeCompteLabel } from './parts';
import { banquePaths, compteModifierPath } from './paths';

const column = createColumnHelper<Compte>();

/**
 * /syndic/banque/comptes (spec 2 §2 "Banking"): the residence's bank accounts, the main one
 * badged, each with its balance of today, a details popup, edit and delete. Only the treasurer
 * changes them; delete is refused for the main account and for an account with operations, and
 * says so before the confirmation.
 */
export function ComptesPage() {
  const { t } = useTranslation(['banque', 'common']);
  const typeLabel = useTypeCompteLabel();
  const isFinance = useIsFinance();
  const { data, isLoading, isError, error, refetch } = useGetComptesBancairesQuery();
  const [details, setDetails] = useState<Compte | null>(null);
  const [toDelete, setToDelete] = useState<Compte | null>(null);
  const [deleteCompte, { isLoading: deleting }] = useSupprimerCompteBancaireMutation();

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteCompte({ supprimerCompteRequest: { compte_id: toDelete.id } }).unwrap();
      toast.success(t('banque:comptes.deleteDialog.deleted'), { description: toDelete.libelle });
    } catch (failure) {
      toast.error(t('banque:errors.deleteFailed'), {
        description: translateMessage(banqueErrorKey(failure)),
      });
    }
    setToDelete(null);
  }

  const columns = useMemo(() => {
    const deleteLock = (compte: Compte): string | null => {
      if (!isFinance) return t('common:permissions.onlyFinancier');
      if (compte.is_main) return t('banque:comptes.cannotDeletePrincipal');
      if (compte.has_operations) return t('banque:comptes.cannotDeleteOperations');
      return null;
    };
    return [
      column.accessor('libelle', {
        header: t('banque:comptes.columns.libelle'),
        cell: (info) => (
          <span className="inline-flex flex-wrap items-center gap-2">
            <span className="font-medium">{info.getValue()}</span>
            {info.row.original.is_main && <PrincipalBadge />}
          </span>
        ),
        meta: { card: 'title' },
      }),
      column.accessor('banque', {
        header: t('banque:comptes.columns.banque'),
        meta: { card: 'subtitle' },
      }),
      column.accessor('type', {
        header: t('banque:comptes.columns.type'),
        cell: (info) => typeLabel(info.getValue()),
        meta: { searchText: (value: Compte['type']) => typeLabel(value) },
      }),
      column.accessor((compte) => compte.rib ?? '', {
        id: 'rib',
        header: t('banque:comptes.columns.rib'),
        cell: (info) => <RibText rib={info.row.original.rib} />,
        enableSorting: false,
      }),
      column.accessor('solde', {
        header: t('banque:comptes.columns.solde'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('banque:comptes.columns.actions')}</span>,
        cell: ({ row }) => {
          const compte = row.original;
          return (
            <RowActions
              editTo={compteModifierPath(compte.id)}
              editLabel={t('banque:comptes.editOf', { libelle: compte.libelle })}
              editLock={isFinance ? null : t('common:permissions.onlyFinancier')}
              onDelete={() => setToDelete(compte)}
              deleteLabel={t('banque:comptes.deleteOf', { libelle: compte.libelle })}
              deleteLock={deleteLock(compte)}
            >
              <Button
                variant="outline"
                size="sm"
                onClick={() => setDetails(compte)}
                aria-label={t('banque:comptes.detailsOf', { libelle: compte.libelle })}
              >
                <Eye aria-hidden="true" />
                {t('banque:comptes.details')}
              </Button>
            </RowActions>
          );
        },
        meta: { card: 'action' },
      }),
    ];
  }, [t, typeLabel, isFinance]);

  const comptes = data?.comptes;
  const total = comptes?.reduce((sum, compte) => sum + Math.round(compte.solde * 1000), 0);

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('banque:comptes.title')}
        description={t('banque:comptes.subtitle')}
        actions={
          <FinanceLinkButton to={banquePaths.compteCreer} icon={<Plus aria-hidden="true" />} testId="compte-creer">
            {t('banque:comptes.create')}
          </FinanceLinkButton>
        }
      />
      {comptes && comptes.length > 0 && (
        <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
          <StatCard
            icon={<Wallet />}
            label={t('banque:comptes.totalSolde')}
            value={total === undefined ? undefined : total / 1000}
            testId="comptes-total-solde"
          />
        </div>
      )}
      <DataTable
        columns={columns}
        data={comptes}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        skeletonRows={6}
        searchPlaceholder={t('banque:comptes.searchPlaceholder')}
        emptyMessage={t('banque:comptes.empty')}
        getRowId={(row) => String(row.id)}
      />
      <CompteDetailsDialog compte={details} onClose={() => setDetails(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('banque:comptes.deleteDialog.title')}
        description={toDelete ? t('banque:comptes.deleteDialog.description', { libelle: toDelete.libelle }) : undefined}
        confirmLabel={t('banque:comptes.deleteDialog.confirm')}
        onConfirm={() => void confirmDelete()}
        pending={deleting}
      />
    </div>
  );
}

/** The details popup: every field of the account and its balance of today. */
function CompteDetailsDialog({ compte, onClose }: { compte: Compte | null; onClose: () => void }) {
  const { t } = useTranslation('banque');
  const typeLabel = useTypeCompteLabel();
  const empty = <span className="text-muted-foreground">—</span>;
  const text = (value: string | null) => (value ? value : empty);
  const ltr = (value: string | null) =>
    value ? (
      <span dir="ltr" className="font-mono text-xs">
        {value}
      </span>
    ) : (
      empty
    );
  const rows: [string, ReactNode][] = compte
    ? [
        [t('comptes.dialog.libelle'), compte.libelle],
        [t('comptes.dialog.type'), typeLabel(compte.type)],
        [t('comptes.dialog.banque'), compte.banque],
        [t('comptes.dialog.adresseAgence'), text(compte.adresse_agence)],
        [t('comptes.dialog.rib'), <RibText key="rib" rib={compte.rib} />],
        [t('comptes.dialog.swift'), ltr(compte.swift)],
        [t('comptes.dialog.iban'), ltr(compte.iban)],
        [t('comptes.dialog.soldeInitial'), <Dinars key="solde-initial" value={compte.solde_initial} />],
        [
          t('comptes.dialog.dateSoldeInitial'),
          <span className="tabular">{formatDate(compte.date_solde_initial)}</span>,
        ],
        [t('comptes.dialog.commentaire'), <span className="whitespace-pre-line">{text(compte.commentaire)}</span>],
        [t('comptes.dialog.solde'), <Dinars key="solde" value={compte.solde} className="font-semibold" />],
      ]
    : [];
  return (
    <Dialog open={compte !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg" data-testid="compte-details">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2 pe-6">
            {compte ? t('comptes.dialog.title', { libelle: compte.libelle }) : null}
            {compte?.is_main && <PrincipalBadge />}
          </DialogTitle>
          <DialogDescription>{t('comptes.dialog.description')}</DialogDescription>
        </DialogHeader>
        {compte?.rib_cle_valide === false && (
          <Alert className="border-highlight/50 bg-highlight/10 [&_svg]:text-highlight" data-testid="rib-cle-invalide">
            <TriangleAlert aria-hidden="true" />
            <span>{t('comptes.dialog.ribCleInvalide')}</span>
          </Alert>
        )}
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-0.5 sm:contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
