import { createColumnHelper } from '@tanstack/react-table';
import { Banknote, CalendarClock, CircleCheck, Hourglass, Pencil, RotateCw, Trash2 } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Dinars } from '@/components/dinars';
import { DocumentThumbnails } from '@/components/document-thumbnails';
import { PageHeader } from '@/components/page-header';
import { BackLink, NotFound } from '@/components/page-parts';
import { LockedButton, LockedLink, RowActions, useFinanceLock } from '@/components/record-actions';
import { StatCard } from '@/components/stat-card';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { UserText, userText } from '@/components/user-text';
import { dinarsText } from '@/lib/bidi';
import { useChangeLock } from '@/lib/auth/use-change-lock';
import { formatDate } from '@/lib/dates';
import { formatDinars } from '@/lib/money';
import { translateMessage } from '@/lib/translate-message';
import { useIdParam } from '@/lib/use-id-param';
import { ContratPaiementSheet, type ContratPaiementTarget } from './contrat-paiement-sheet';
import {
  useDetailContratQuery,
  useSupprimerContratMutation,
  useRetirerDocumentContratMutation,
  useSupprimerPaiementContratMutation,
  type ContratDetail,
  type ContratSide,
  type DocumentContrat,
  type PaiementContrat,
  type Periode,
} from './contrats-api';
import { contratsErrorCode, contratsErrorKey } from './contrats-errors';
import { partieNom, useMethodeLabel, usePeriodiciteLabel } from './parts';
import { CONTRAT_PATHS, contratModifierPath } from './paths';

/** /syndic/revenus/contrats/gerer/{contratId}. */
export function ContratRevenuDetailsPage() {
  return <ContratDetailsPage side="revenus" />;
}

/** /syndic/depenses/contrats-depenses/gerer/{contratId}. */
export function ContratDepenseDetailsPage() {
  return <ContratDetailsPage side="depenses" />;
}

const paiementColumn = createColumnHelper<PaiementContrat>();
const periodeColumn = createColumnHelper<Periode>();

/**
 * The detail of a contract (spec 1 §2, spec 2 §2 "Expense contracts"): its figures, its documents
 * (each opening the file; the treasurer may delete one), its schedule (the periods and which have
 * fallen due), what is paid and what remains, its payments (edit, delete), and edit and delete
 * buttons (delete disabled while it has payments). A load failure says so (spec 2 §8).
 */
function ContratDetailsPage({ side }: { side: ContratSide }) {
  const { t } = useTranslation(['contrats', 'common']);
  const id = useIdParam('contratId');
  const { data, isLoading, isError, error, refetch } = useDetailContratQuery(
    { side, id: id ?? 0 },
    { skip: id === null },
  );
  const back = <BackLink to={CONTRAT_PATHS[side].list}>{t(`contrats:detail.back.${side}`)}</BackLink>;

  if (id === null) return <Navigate to={CONTRAT_PATHS[side].list} replace />;
  if (isLoading)
    return (
      <div className="grid gap-6" data-testid="contrat-loading">
        {back}
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  if (isError || !data) {
    const missing = ['contrat_inconnu', 'not_found'].includes(contratsErrorCode(error) ?? '');
    return (
      <div className="grid gap-4">
        {back}
        {missing ? (
          <NotFound testId="contrat-not-found">{t('contrats:detail.notFound')}</NotFound>
        ) : (
          <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-3">
            <span>{t('contrats:detail.loadFailed')}</span>
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              <RotateCw aria-hidden="true" />
              {t('common:actions.retry')}
            </Button>
          </Alert>
        )}
      </div>
    );
  }
  return <ContratDetails side={side} contrat={data.contrat} back={back} />;
}

function ContratDetails({ side, contrat, back }: { side: ContratSide; contrat: ContratDetail; back: ReactNode }) {
  const { t } = useTranslation(['contrats', 'common']);
  const navigate = useNavigate();
  const changeLock = useChangeLock();
  const financeLock = useFinanceLock();
  const methodeLabel = useMethodeLabel();
  const periodiciteLabel = usePeriodiciteLabel();
  const [paying, setPaying] = useState<ContratPaiementTarget | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [paiementToDelete, setPaiementToDelete] = useState<PaiementContrat | null>(null);
  const [documentToDelete, setDocumentToDelete] = useState<DocumentContrat | null>(null);
  const [removeContrat, { isLoading: deletingContrat }] = useSupprimerContratMutation();
  const [removePaiement, { isLoading: deletingPaiement }] = useSupprimerPaiementContratMutation();
  const [removeDocument, { isLoading: deletingDocument }] = useRetirerDocumentContratMutation();

  const lock = changeLock(contrat);
  const deleteLock = lock ?? (contrat.has_paiements ? t('contrats:detail.cannotDelete') : null);

  async function deleteContrat() {
    try {
      await removeContrat({ side, id: contrat.id }).unwrap();
      toast.success(t('contrats:detail.deleteDialog.deleted'), { description: contrat.titre });
      setConfirmDelete(false);
      await navigate(CONTRAT_PATHS[side].list);
    } catch (failure) {
      toast.error(t('contrats:errors.deleteFailed'), { description: translateMessage(contratsErrorKey(failure)) });
      setConfirmDelete(false);
    }
  }

  async function deletePaiement() {
    if (!paiementToDelete) return;
    try {
      await removePaiement({ side, paiementId: paiementToDelete.id }).unwrap();
      toast.success(t('contrats:detail.deletePaiementDialog.deleted'));
    } catch (failure) {
      toast.error(t('contrats:errors.deleteFailed'), { description: translateMessage(contratsErrorKey(failure)) });
    }
    setPaiementToDelete(null);
  }

  async function deleteDocument() {
    if (!documentToDelete) return;
    try {
      await removeDocument(documentToDelete.id).unwrap();
      toast.success(t('contrats:detail.deleteDocumentDialog.deleted'), { description: documentToDelete.titre });
    } catch (failure) {
      toast.error(t('contrats:errors.deleteFailed'), { description: translateMessage(contratsErrorKey(failure)) });
    }
    setDocumentToDelete(null);
  }

  const paiementColumns = useMemo(
    () => [
      paiementColumn.accessor('montant', {
        header: t('contrats:detail.columns.montant'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
      paiementColumn.accessor('date_paiement', {
        header: t('contrats:detail.columns.date'),
        cell: (info) => <span className="tabular">{formatDate(info.getValue())}</span>,
        meta: { card: 'title' },
      }),
      paiementColumn.accessor('methode_paiement', {
        header: t('contrats:detail.columns.methode'),
        cell: (info) => methodeLabel(info.getValue()),
        meta: { card: 'subtitle', searchText: (value: PaiementContrat['methode_paiement']) => methodeLabel(value) },
      }),
      paiementColumn.accessor((paiement) => paiement.reference_paiement ?? '', {
        id: 'reference',
        header: t('contrats:detail.columns.reference'),
        cell: (info) =>
          info.getValue() ? (
            <span dir="auto">{info.getValue()}</span>
          ) : (
            <span className="text-muted-foreground">{t('common:empty')}</span>
          ),
      }),
      paiementColumn.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('contrats:actions')}</span>,
        cell: ({ row }) => {
          const paiement = row.original;
          const date = formatDate(paiement.date_paiement);
          const paiementLock =
            changeLock(paiement) ?? (paiement.cheque_remis ? t('contrats:detail.chequeRemis') : null);
          return (
            <RowActions
              onEdit={() => setPaying({ contrat, paiement })}
              editLabel={t('contrats:detail.editPaiementOf', { date })}
              editLock={paiementLock}
              onDelete={() => setPaiementToDelete(paiement)}
              deleteLabel={t('contrats:detail.deletePaiementOf', { date })}
              deleteLock={paiementLock}
            />
          );
        },
        meta: { card: 'action' },
      }),
    ],
    [t, methodeLabel, changeLock, contrat],
  );

  const periodeColumns = useMemo(
    () => [
      periodeColumn.accessor('numero', {
        header: t('contrats:detail.echeancierColumns.numero'),
        cell: (info) => <span className="tabular">{info.getValue()}</span>,
        meta: { card: 'hidden' },
      }),
      periodeColumn.accessor((periode) => `${formatDate(periode.debut)} – ${formatDate(periode.fin)}`, {
        id: 'periode',
        header: t('contrats:detail.echeancierColumns.periode'),
        cell: (info) => (
          <span className="tabular" dir="ltr">
            {info.getValue()}
          </span>
        ),
        meta: { card: 'title' },
      }),
      periodeColumn.accessor('montant', {
        header: t('contrats:detail.echeancierColumns.montant'),
        cell: (info) => <Dinars value={info.getValue()} />,
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
      periodeColumn.accessor('echue', {
        header: t('contrats:detail.echeancierColumns.etat'),
        cell: (info) =>
          info.getValue() ? (
            <Badge variant="secondary">{t('contrats:detail.echue')}</Badge>
          ) : (
            <Badge variant="outline">{t('contrats:detail.aVenir')}</Badge>
          ),
        meta: {
          card: 'badge',
          searchText: (value: boolean) => (value ? t('contrats:detail.echue') : t('contrats:detail.aVenir')),
        },
      }),
    ],
    [t],
  );

  const empty = <span className="text-muted-foreground">{t('common:empty')}</span>;
  const rows: [string, ReactNode][] = [
    [t(`contrats:detail.partie.${side}`), <UserText>{partieNom(side, contrat)}</UserText>],
  ];
  if (side === 'depenses')
    rows.push([
      t('contrats:detail.categorie'),
      contrat.categorie ? <UserText>{contrat.categorie.titre}</UserText> : empty,
    ]);
  rows.push(
    [t('contrats:detail.montantParPeriode'), <Dinars value={contrat.montant_par_periode} />],
    [t('contrats:detail.periodicite'), periodiciteLabel(contrat.periodicite_paiement)],
    [t('contrats:detail.dateDebut'), <span className="tabular">{formatDate(contrat.date_debut)}</span>],
    [
      t('contrats:detail.dateFin'),
      contrat.date_fin ? (
        <span className="tabular">{formatDate(contrat.date_fin)}</span>
      ) : (
        <span className="text-muted-foreground">{t('contrats:detail.sansFin')}</span>
      ),
    ],
    [
      t('contrats:detail.montantTotal'),
      contrat.montant_total !== null ? (
        <span>
          <Dinars value={contrat.montant_total} />{' '}
          <span className="text-muted-foreground">
            {t('contrats:detail.nombrePeriodes', { count: contrat.nombre_periodes ?? 0 })}
          </span>
        </span>
      ) : (
        <span className="text-muted-foreground">{t('contrats:detail.sansFin')}</span>
      ),
    ],
    [
      t('contrats:detail.commentaire'),
      contrat.commentaire ? <UserText className="whitespace-pre-line">{contrat.commentaire}</UserText> : empty,
    ],
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={<UserText>{contrat.titre}</UserText>}
        actions={
          <>
            {contrat.restant_a_payer > 0 && (
              <LockedButton
                lock={financeLock}
                onClick={() => setPaying({ contrat })}
                variant="default"
                size="default"
                testId="contrat-payer"
              >
                <Banknote aria-hidden="true" />
                {t(`contrats:detail.payer.${side}`)}
              </LockedButton>
            )}
            <LockedLink
              to={contratModifierPath(side, contrat.id)}
              lock={lock}
              variant="outline"
              testId="contrat-modifier"
            >
              <Pencil aria-hidden="true" />
              {t('contrats:detail.edit')}
            </LockedLink>
            <LockedButton
              lock={deleteLock}
              onClick={() => setConfirmDelete(true)}
              variant="destructive"
              size="default"
              testId="contrat-supprimer"
            >
              <Trash2 aria-hidden="true" />
              {t('contrats:detail.delete')}
            </LockedButton>
          </>
        }
      >
        {back}
      </PageHeader>
      {contrat.is_closed && <Alert data-testid="contrat-closed">{t('contrats:detail.closed')}</Alert>}
      <div className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        <StatCard
          icon={<CalendarClock />}
          label={t('contrats:detail.montantEchu')}
          value={contrat.montant_echu}
          testId="montant-echu"
        />
        <StatCard
          icon={<CircleCheck />}
          label={t(`contrats:detail.montantPaye.${side}`)}
          value={contrat.montant_paye}
          testId="montant-paye"
        />
        <StatCard
          icon={<Hourglass />}
          label={t('contrats:detail.restantDu')}
          value={contrat.restant_du}
          testId="restant-du"
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
          <p className="mt-4 text-sm text-muted-foreground" data-testid="restant-a-payer">
            {t('contrats:detail.restantAPayer', { montant: dinarsText(contrat.restant_a_payer) })}
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('contrats:detail.documents')}</CardTitle>
        </CardHeader>
        <CardContent>
          <DocumentThumbnails
            documents={contrat.docs}
            emptyText={t('contrats:detail.noDocuments')}
            onDelete={setDocumentToDelete}
            deleteLock={lock}
          />
        </CardContent>
      </Card>
      <section className="grid gap-3" aria-labelledby="paiements-title">
        <h2 id="paiements-title" className="text-lg font-semibold">
          {t(`contrats:detail.paiements.${side}`)}
        </h2>
        <DataTable
          columns={paiementColumns}
          data={contrat.paiements}
          isLoading={false}
          isError={false}
          skeletonRows={6}
          emptyMessage={t('contrats:detail.noPaiements')}
          getRowId={(row) => String(row.id)}
        />
      </section>
      <section className="grid gap-3" aria-labelledby="echeancier-title">
        <h2 id="echeancier-title" className="text-lg font-semibold">
          {t('contrats:detail.echeancier')}
        </h2>
        <DataTable
          columns={periodeColumns}
          data={contrat.echeancier}
          isLoading={false}
          isError={false}
          skeletonRows={6}
          emptyMessage={t('contrats:detail.noPeriodes')}
          getRowId={(row) => String(row.numero)}
        />
      </section>
      <ContratPaiementSheet side={side} target={paying} onClose={() => setPaying(null)} />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('contrats:detail.deleteDialog.title')}
        description={t('contrats:detail.deleteDialog.description', { titre: userText(contrat.titre) })}
        confirmLabel={t('contrats:detail.deleteDialog.confirm')}
        onConfirm={() => void deleteContrat()}
        pending={deletingContrat}
      />
      <ConfirmDialog
        open={paiementToDelete !== null}
        onOpenChange={(open) => !open && setPaiementToDelete(null)}
        title={t('contrats:detail.deletePaiementDialog.title')}
        description={
          paiementToDelete
            ? t('contrats:detail.deletePaiementDialog.description', {
                montant: dinarsText(paiementToDelete.montant),
                date: formatDate(paiementToDelete.date_paiement),
              })
            : undefined
        }
        confirmLabel={t('contrats:detail.deletePaiementDialog.confirm')}
        onConfirm={() => void deletePaiement()}
        pending={deletingPaiement}
      />
      <ConfirmDialog
        open={documentToDelete !== null}
        onOpenChange={(open) => !open && setDocumentToDelete(null)}
        title={t('contrats:detail.deleteDocumentDialog.title')}
        description={
          documentToDelete
            ? t('contrats:detail.deleteDocumentDialog.description', { titre: userText(documentToDelete.titre) })
            : undefined
        }
        confirmLabel={t('contrats:detail.deleteDocumentDialog.confirm')}
        onConfirm={() => void deleteDocument()}
        pending={deletingDocument}
      />
    </div>
  );
}
