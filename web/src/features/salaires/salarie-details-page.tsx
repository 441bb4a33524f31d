import { createColumnHelper } from '@tanstack/react-table';
import { Banknote, CalendarCheck, Pencil, RotateCw, Trash2, Wallet } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Dinars } from '@/components/dinars';
import { PageHeader } from '@/components/page-header';
import { BackLink, NotFound } from '@/components/page-parts';
import { TelGroupe } from '@/components/phone-number';
import { LockedButton, LockedLink, RowActions, useFinanceLock } from '@/components/record-actions';
import { StatCard } from '@/components/stat-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { UserText, userText } from '@/components/user-text';
import { dinarsText } from '@/lib/bidi';
import { formatDate } from '@/lib/dates';
import { formatDinars } from '@/lib/money';
import { translateMessage } from '@/lib/translate-message';
import { useIdParam } from '@/lib/use-id-param';
import { PaiementSalaireSheet } from './paiement-salaire-sheet';
import { ActifBadge, salaireDeclare, useMethodeLabel, useMoisLabel, usePaiementLock, useSalariesLock } from './parts';
import { paiementModifierPath, salairesPaths, salarieModifierPath } from './paths';
import {
  useGetSalarieQuery,
  useSupprimerPaiementSalaireMutation,
  useSupprimerSalarieMutation,
  type PaiementSalaire,
  type SalarieDetail,
} from './salaires-api';
import { salairesErrorCode, salairesErrorKey } from './salaires-errors';
import { tauxText } from './schemas';

const paiementColumn = createColumnHelper<PaiementSalaire>();

/**
 * /syndic/salaires/salaries/gerer/{salarieId} (spec 2 §2): an employee's details and payments.
 * The treasurer pays ("Payer" sheet), edits and deletes payments (nothing dated in a closed
 * exercice); the treasurer or the president edits and deletes the employee (not while it has
 * payments).
 */
export function SalarieDetailsPage() {
  const { t } = useTranslation(['salaires', 'common']);
  const id = useIdParam('salarieId');
  const { data, isLoading, isError, error, refetch } = useGetSalarieQuery({ id: id ?? 0 }, { skip: id === null });
  const back = <BackLink to={salairesPaths.salaries}>{t('salaires:detail.back')}</BackLink>;

  if (id === null) return <Navigate to={salairesPaths.salaries} replace />;
  if (isLoading)
    return (
      <div className="grid gap-6" data-testid="salarie-loading">
        {back}
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  if (isError || !data) {
    const missing = ['salarie_inconnu', 'not_found'].includes(salairesErrorCode(error) ?? '');
    return (
      <div className="grid gap-4">
        {back}
        {missing ? (
          <NotFound testId="salarie-not-found">{t('salaires:detail.notFound')}</NotFound>
        ) : (
          <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-3">
            <span>{t('salaires:detail.loadFailed')}</span>
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              <RotateCw aria-hidden="true" />
              {t('common:actions.retry')}
            </Button>
          </Alert>
        )}
      </div>
    );
  }
  return <SalarieDetails salarie={data.salarie} back={back} />;
}

function SalarieDetails({ salarie, back }: { salarie: SalarieDetail; back: ReactNode }) {
  const { t } = useTranslation(['salaires', 'common']);
  const navigate = useNavigate();
  const financeLock = useFinanceLock();
  const salariesLock = useSalariesLock();
  const paiementLock = usePaiementLock();
  const methodeLabel = useMethodeLabel();
  const moisLabel = useMoisLabel();
  const [paying, setPaying] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [paiementToDelete, setPaiementToDelete] = useState<PaiementSalaire | null>(null);
  const [removeSalarie, { isLoading: deletingSalarie }] = useSupprimerSalarieMutation();
  const [removePaiement, { isLoading: deletingPaiement }] = useSupprimerPaiementSalaireMutation();

  const hasPaiements = salarie.has_paiements || salarie.paiements.length > 0;
  const deleteLock = salariesLock ?? (hasPaiements ? t('salaires:salaries.cannotDelete') : null);

  async function deleteSalarie() {
    try {
      await removeSalarie({ id: salarie.id }).unwrap();
      toast.success(t('salaires:salaries.deleteDialog.deleted'), { description: salarie.nom });
      setConfirmDelete(false);
      await navigate(salairesPaths.salaries);
    } catch (failure) {
      toast.error(t('salaires:errors.deleteFailed'), { description: translateMessage(salairesErrorKey(failure)) });
      setConfirmDelete(false);
    }
  }

  async function deletePaiement() {
    if (!paiementToDelete) return;
    try {
      await removePaiement({ id: paiementToDelete.id }).unwrap();
      toast.success(t('salaires:detail.deletePaiementDialog.deleted'));
    } catch (failure) {
      toast.error(t('salaires:errors.deleteFailed'), { description: translateMessage(salairesErrorKey(failure)) });
    }
    setPaiementToDelete(null);
  }

  const columns = useMemo(
    () => [
      paiementColumn.accessor('mois', {
        header: t('salaires:detail.columns.mois'),
        cell: (info) => <span className="font-medium">{moisLabel(info.getValue())}</span>,
        meta: { card: 'title', searchText: (value: string) => moisLabel(value) },
      }),
      paiementColumn.accessor('montant', {
        header: t('salaires:detail.columns.montant'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
      paiementColumn.accessor('date_paiement', {
        header: t('salaires:detail.columns.date'),
        cell: (info) => <span className="tabular">{formatDate(info.getValue())}</span>,
      }),
      paiementColumn.accessor('methode_paiement', {
        header: t('salaires:detail.columns.methode'),
        cell: (info) => methodeLabel(info.getValue()),
        meta: { card: 'subtitle', searchText: (value: PaiementSalaire['methode_paiement']) => methodeLabel(value) },
      }),
      paiementColumn.accessor((paiement) => paiement.reference_piece_justificative ?? '', {
        id: 'reference',
        header: t('salaires:detail.columns.reference'),
        cell: (info) => <UserText>{info.getValue()}</UserText>,
      }),
      paiementColumn.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('salaires:actions')}</span>,
        cell: ({ row }) => {
          const paiement = row.original;
          const mois = moisLabel(paiement.mois);
          const lock = paiementLock(paiement);
          return (
            <RowActions
              editTo={paiementModifierPath(salarie.id, paiement.id)}
              editLabel={t('salaires:detail.editPaiementOf', { mois })}
              editLock={lock}
              onDelete={() => setPaiementToDelete(paiement)}
              deleteLabel={t('salaires:detail.deletePaiementOf', { mois })}
              deleteLock={lock}
            />
          );
        },
        meta: { card: 'action' },
      }),
    ],
    [t, methodeLabel, moisLabel, paiementLock, salarie.id],
  );

  const empty = <span className="text-muted-foreground">{t('common:empty')}</span>;
  const text = (value: string | null) => (value ? <UserText>{value}</UserText> : empty);
  const date = (value: string | null) => (value ? <span className="tabular">{formatDate(value)}</span> : empty);
  const avec = salarie.charges_patronales === 'avec';
  const rows: [string, ReactNode][] = [
    [t('salaires:detail.poste'), text(salarie.poste)],
    [t('salaires:detail.tel'), <TelGroupe tel={salarie.tel} />],
    [t('salaires:detail.cin'), salarie.cin ? <span dir="ltr">{salarie.cin}</span> : empty],
    [t('salaires:detail.declarations'), t(`salaires:form.declarationsChoix.${salarie.charges_patronales}`)],
    avec
      ? [t('salaires:detail.salaireBrut'), <Dinars value={salaireDeclare(salarie)} />]
      : [t('salaires:detail.salaire'), <Dinars value={salarie.salaire} />],
  ];
  if (avec)
    rows.push(
      [
        t('salaires:detail.taux'),
        salarie.taux_charges_patronales === null ? (
          empty
        ) : (
          <span dir="ltr">{tauxText(salarie.taux_charges_patronales)}</span>
        ),
      ],
      [
        t('salaires:detail.montantCharges'),
        salarie.montant_charges_patronales === null ? empty : <Dinars value={salarie.montant_charges_patronales} />,
      ],
    );
  rows.push(
    [t('salaires:detail.numeroCnss'), salarie.numero_cnss ? <span dir="ltr">{salarie.numero_cnss}</span> : empty],
    [
      t('salaires:detail.rib'),
      salarie.rib ? (
        <span dir="ltr" className="break-all">
          {salarie.rib}
        </span>
      ) : (
        empty
      ),
    ],
    [t('salaires:detail.dateNaissance'), date(salarie.date_naissance)],
    [t('salaires:detail.adresse'), text(salarie.adresse)],
    [t('salaires:detail.dateDebut'), date(salarie.date_debut)],
    [t('salaires:detail.dateFin'), date(salarie.date_fin)],
    [
      t('salaires:detail.commentaire'),
      salarie.commentaire ? <UserText className="whitespace-pre-line">{salarie.commentaire}</UserText> : empty,
    ],
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={
          <span className="inline-flex flex-wrap items-center gap-3">
            <UserText>{salarie.nom}</UserText>
            <ActifBadge actif={salarie.is_current} />
          </span>
        }
        actions={
          <>
            <LockedButton
              lock={financeLock}
              onClick={() => setPaying(true)}
              variant="default"
              size="default"
              testId="salarie-payer"
            >
              <Banknote aria-hidden="true" />
              {t('salaires:detail.payer')}
            </LockedButton>
            <LockedLink
              to={salarieModifierPath(salarie.id)}
              lock={salariesLock}
              variant="outline"
              testId="salarie-modifier"
            >
              <Pencil aria-hidden="true" />
              {t('salaires:detail.edit')}
            </LockedLink>
            <LockedButton
              lock={deleteLock}
              onClick={() => setConfirmDelete(true)}
              variant="destructive"
              size="default"
              testId="salarie-supprimer"
            >
              <Trash2 aria-hidden="true" />
              {t('salaires:detail.delete')}
            </LockedButton>
          </>
        }
      >
        {back}
      </PageHeader>
      <div className="grid gap-3 sm:grid-cols-2 sm:gap-4">
        <StatCard
          icon={<Wallet />}
          label={avec ? t('salaires:detail.salaireBrut') : t('salaires:detail.salaire')}
          value={salaireDeclare(salarie)}
          testId="salaire-declare"
        />
        <StatCard
          icon={<CalendarCheck />}
          label={t('salaires:detail.totalPaye')}
          value={salarie.total_paye}
          testId="total-paye"
        />
      </div>
      <Card>
        <CardContent className="p-4 sm:p-6">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            {rows.map(([label, value]) => (
              <div key={label} className="grid gap-0.5 sm:contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="min-w-0 break-words">{value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <section className="grid gap-3" aria-labelledby="paiements-title">
        <h2 id="paiements-title" className="text-lg font-semibold">
          {t('salaires:detail.paiements')}
        </h2>
        <DataTable
          columns={columns}
          data={salarie.paiements}
          isLoading={false}
          isError={false}
          skeletonRows={6}
          searchPlaceholder={t('salaires:detail.searchPlaceholder')}
          emptyMessage={t('salaires:detail.noPaiements')}
          getRowId={(row) => String(row.id)}
        />
      </section>
      <PaiementSalaireSheet salarie={paying ? salarie : null} onClose={() => setPaying(false)} />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('salaires:salaries.deleteDialog.title')}
        description={t('salaires:salaries.deleteDialog.description', { nom: userText(salarie.nom) })}
        confirmLabel={t('salaires:salaries.deleteDialog.confirm')}
        onConfirm={() => void deleteSalarie()}
        pending={deletingSalarie}
      />
      <ConfirmDialog
        open={paiementToDelete !== null}
        onOpenChange={(open) => !open && setPaiementToDelete(null)}
        title={t('salaires:detail.deletePaiementDialog.title')}
        description={
          paiementToDelete
            ? t('salaires:detail.deletePaiementDialog.description', {
                montant: dinarsText(paiementToDelete.montant),
                mois: moisLabel(paiementToDelete.mois),
              })
            : undefined
        }
        confirmLabel={t('salaires:detail.deletePaiementDialog.confirm')}
        onConfirm={() => void deletePaiement()}
        pending={deletingPaiement}
      />
    </div>
  );
}
