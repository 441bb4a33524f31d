import { createColumnHelper } from '@tanstack/react-table';
import { Banknote, CircleCheck, Hourglass, Pencil, ReceiptText, RotateCw, Trash2 } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Dinars } from '@/components/dinars';
import { PageHeader } from '@/components/page-header';
import { BackLink, NotFound } from '@/components/page-parts';
import { StatCard } from '@/components/stat-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { dinarsText } from '@/lib/bidi';
import { useChangeLock } from '@/lib/auth/use-change-lock';
import { formatDate } from '@/lib/dates';
import { formatDinars } from '@/lib/money';
import { translateMessage } from '@/lib/translate-message';
import { useIdParam } from '@/lib/use-id-param';
import {
  useDepenseDetail,
  useSupprimerDepense,
  useSupprimerDocument,
  useSupprimerPaiementDepense,
  type DepenseDetail,
  type DepenseKind,
  type DocumentDepense,
  type PaiementDepense,
} from './depenses-api';
import { depensesErrorCode, depensesErrorKey } from './depenses-errors';
import { PaiementSheet, type PaiementTarget } from './paiement-sheet';
import {
  ApprovalBadge,
  DocumentThumbnails,
  EtatPaiementBadge,
  LockedButton,
  LockedLink,
  RowActions,
  useMethodeLabel,
  UserText,
  userText,
} from './parts';
import { DEPENSE_PATHS, depenseModifierPath } from './paths';

/** /syndic/depenses/charges/gerer/{chargeId}. */
export function ChargeDetailsPage() {
  return <DepenseDetailsPage kind="charges" />;
}

/** /syndic/depenses/travaux/gerer/{travauxId}. */
export function TravauxDetailsPage() {
  return <DepenseDetailsPage kind="travaux" />;
}

const paiementColumn = createColumnHelper<PaiementDepense>();

/**
 * The read-only detail of a charge or works item (spec 2 §2): its figures, its invoices' and
 * quotes' thumbnails (each opening the file in a new tab; the treasurer may delete one), its
 * payments (edit, delete), what remains due, and edit and delete buttons (delete disabled while it
 * has payments). Works add their approval and approver.
 */
function DepenseDetailsPage({ kind }: { kind: DepenseKind }) {
  const { t } = useTranslation(['depenses', 'common']);
  const id = useIdParam(DEPENSE_PATHS[kind].param);
  const { data, isLoading, isError, error, refetch } = useDepenseDetail(kind, id);
  const back = <BackLink to={DEPENSE_PATHS[kind].list}>{t(`depenses:detail.back.${kind}`)}</BackLink>;

  if (id === null) return <Navigate to={DEPENSE_PATHS[kind].list} replace />;
  if (isLoading)
    return (
      <div className="grid gap-6" data-testid="depense-loading">
        {back}
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  if (isError || !data) {
    const missing = ['depense_inconnue', 'not_found'].includes(depensesErrorCode(error) ?? '');
    return (
      <div className="grid gap-4">
        {back}
        {missing ? (
          <NotFound testId="depense-not-found">{t('depenses:detail.notFound')}</NotFound>
        ) : (
          <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-3">
            <span>{t('depenses:detail.loadFailed')}</span>
            <Button variant="outline" size="sm" onClick={refetch}>
              <RotateCw aria-hidden="true" />
              {t('common:actions.retry')}
            </Button>
          </Alert>
        )}
      </div>
    );
  }
  return <DepenseDetails kind={kind} depense={data} back={back} />;
}

function DepenseDetails({ kind, depense, back }: { kind: DepenseKind; depense: DepenseDetail; back: ReactNode }) {
  const { t } = useTranslation(['depenses', 'common']);
  const navigate = useNavigate();
  const changeLock = useChangeLock();
  const methodeLabel = useMethodeLabel();
  const [paying, setPaying] = useState<PaiementTarget | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [paiementToDelete, setPaiementToDelete] = useState<PaiementDepense | null>(null);
  const [documentToDelete, setDocumentToDelete] = useState<DocumentDepense | null>(null);
  const [removeDepense, { isLoading: deletingDepense }] = useSupprimerDepense(kind);
  const [removePaiement, { isLoading: deletingPaiement }] = useSupprimerPaiementDepense(kind);
  const [removeDocument, { isLoading: deletingDocument }] = useSupprimerDocument();

  const lock = changeLock(depense);
  const deleteLock = lock ?? (depense.has_paiements ? t('depenses:detail.cannotDelete') : null);

  async function deleteDepense() {
    try {
      await removeDepense(depense.id).unwrap();
      toast.success(t('depenses:detail.deleteDialog.deleted'), { description: depense.titre });
      setConfirmDelete(false);
      await navigate(DEPENSE_PATHS[kind].list);
    } catch (failure) {
      toast.error(t('depenses:errors.deleteFailed'), { description: translateMessage(depensesErrorKey(failure)) });
      setConfirmDelete(false);
    }
  }

  async function deletePaiement() {
    if (!paiementToDelete) return;
    try {
      await removePaiement(paiementToDelete.id).unwrap();
      toast.success(t('depenses:detail.deletePaiementDialog.deleted'));
    } catch (failure) {
      toast.error(t('depenses:errors.deleteFailed'), { description: translateMessage(depensesErrorKey(failure)) });
    }
    setPaiementToDelete(null);
  }

  async function deleteDocument() {
    if (!documentToDelete) return;
    try {
      await removeDocument(documentToDelete).unwrap();
      toast.success(t('depenses:detail.deleteDocumentDialog.deleted'), { description: documentToDelete.titre });
    } catch (failure) {
      toast.error(t('depenses:errors.deleteFailed'), { description: translateMessage(depensesErrorKey(failure)) });
    }
    setDocumentToDelete(null);
  }

  const columns = useMemo(
    () => [
      paiementColumn.accessor('montant', {
        header: t('depenses:detail.columns.montant'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
      paiementColumn.accessor('date_paiement', {
        header: t('depenses:detail.columns.date'),
        cell: (info) => <span className="tabular">{formatDate(info.getValue())}</span>,
        meta: { card: 'title' },
      }),
      paiementColumn.accessor('methode_paiement', {
        header: t('depenses:detail.columns.methode'),
        cell: (info) => methodeLabel(info.getValue()),
        meta: { card: 'subtitle', searchText: (value: PaiementDepense['methode_paiement']) => methodeLabel(value) },
      }),
      paiementColumn.accessor((paiement) => paiement.reference_paiement ?? '', {
        id: 'reference',
        header: t('depenses:detail.columns.reference'),
      }),
      paiementColumn.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('depenses:actions')}</span>,
        cell: ({ row }) => {
          const paiement = row.original;
          const date = formatDate(paiement.date_paiement);
          const paiementLock = changeLock(paiement);
          return (
            <RowActions
              onEdit={() => setPaying({ depense, paiement })}
              editLabel={t('depenses:detail.editPaiementOf', { date })}
              editLock={paiementLock}
              onDelete={() => setPaiementToDelete(paiement)}
              deleteLabel={t('depenses:detail.deletePaiementOf', { date })}
              deleteLock={paiementLock}
            />
          );
        },
        meta: { card: 'action' },
      }),
    ],
    [t, methodeLabel, changeLock, depense],
  );

  const empty = <span className="text-muted-foreground">{t('common:empty')}</span>;
  const rows: [string, ReactNode][] = [
    [t('depenses:detail.fournisseur'), <UserText>{depense.fournisseur.nom}</UserText>],
    [t('depenses:detail.categorie'), depense.categorie ? <UserText>{depense.categorie.nom}</UserText> : empty],
    [t('depenses:detail.dateFacture'), <span className="tabular">{formatDate(depense.date_facture)}</span>],
    [
      t('depenses:detail.commentaire'),
      depense.commentaire ? <UserText className="whitespace-pre-line">{depense.commentaire}</UserText> : empty,
    ],
  ];
  if (kind === 'travaux') {
    rows.push(
      [
        t('depenses:detail.description'),
        depense.description ? <UserText className="whitespace-pre-line">{depense.description}</UserText> : empty,
      ],
      [t('depenses:detail.approbation'), <ApprovalBadge value={depense.is_approved ?? null} />],
      [
        t('depenses:detail.approuvePar'),
        depense.approvable && depense.approvable_type ? (
          <span data-testid="approbateur">
            {t(`depenses:detail.approbateur.${depense.approvable_type}`, { titre: userText(depense.approvable.titre) })}
          </span>
        ) : (
          empty
        ),
      ],
    );
  }

  return (
    <div className="grid gap-6">
      <PageHeader
        title={
          <span className="inline-flex flex-wrap items-center gap-3">
            <UserText>{depense.titre}</UserText>
            <EtatPaiementBadge etat={depense.etat_paiement} />
          </span>
        }
        actions={
          <>
            {depense.restant_du > 0 && (
              <LockedButton lock={lock} onClick={() => setPaying({ depense })} variant="default" size="default">
                <Banknote aria-hidden="true" />
                {t('depenses:detail.payer')}
              </LockedButton>
            )}
            <LockedLink
              to={depenseModifierPath(kind, depense.id)}
              lock={lock}
              variant="outline"
              testId="depense-modifier"
            >
              <Pencil aria-hidden="true" />
              {t('depenses:detail.edit')}
            </LockedLink>
            <LockedButton
              lock={deleteLock}
              onClick={() => setConfirmDelete(true)}
              variant="destructive"
              size="default"
              testId="depense-supprimer"
            >
              <Trash2 aria-hidden="true" />
              {t('depenses:detail.delete')}
            </LockedButton>
          </>
        }
      >
        {back}
      </PageHeader>
      {depense.is_closed && <Alert data-testid="depense-closed">{t('depenses:detail.closed')}</Alert>}
      <div className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        <StatCard
          icon={<ReceiptText />}
          label={t('depenses:detail.montantTotal')}
          value={depense.montant_total}
          testId="montant-total"
        />
        <StatCard
          icon={<CircleCheck />}
          label={t('depenses:detail.montantPaye')}
          value={depense.montant_paye}
          testId="montant-paye"
        />
        <StatCard
          icon={<Hourglass />}
          label={t('depenses:detail.restantDu')}
          value={depense.restant_du}
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
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t('depenses:detail.factures')}</CardTitle>
          </CardHeader>
          <CardContent>
            <DocumentThumbnails
              documents={depense.factures}
              emptyText={t('depenses:detail.noFactures')}
              onDelete={setDocumentToDelete}
              deleteLock={lock}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('depenses:detail.devis')}</CardTitle>
          </CardHeader>
          <CardContent>
            <DocumentThumbnails
              documents={depense.devis}
              emptyText={t('depenses:detail.noDevis')}
              onDelete={setDocumentToDelete}
              deleteLock={lock}
            />
          </CardContent>
        </Card>
      </div>
      <section className="grid gap-3" aria-labelledby="paiements-title">
        <h2 id="paiements-title" className="text-lg font-semibold">
          {t('depenses:detail.paiements')}
        </h2>
        <DataTable
          columns={columns}
          data={depense.paiements}
          isLoading={false}
          isError={false}
          skeletonRows={6}
          emptyMessage={t('depenses:detail.noPaiements')}
          getRowId={(row) => String(row.id)}
        />
      </section>
      <PaiementSheet kind={kind} target={paying} onClose={() => setPaying(null)} />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('depenses:detail.deleteDialog.title')}
        description={t('depenses:detail.deleteDialog.description', { titre: userText(depense.titre) })}
        confirmLabel={t('depenses:detail.deleteDialog.confirm')}
        onConfirm={() => void deleteDepense()}
        pending={deletingDepense}
      />
      <ConfirmDialog
        open={paiementToDelete !== null}
        onOpenChange={(open) => !open && setPaiementToDelete(null)}
        title={t('depenses:detail.deletePaiementDialog.title')}
        description={
          paiementToDelete
            ? t('depenses:detail.deletePaiementDialog.description', {
                montant: dinarsText(paiementToDelete.montant),
                date: formatDate(paiementToDelete.date_paiement),
              })
            : undefined
        }
        confirmLabel={t('depenses:detail.deletePaiementDialog.confirm')}
        onConfirm={() => void deletePaiement()}
        pending={deletingPaiement}
      />
      <ConfirmDialog
        open={documentToDelete !== null}
        onOpenChange={(open) => !open && setDocumentToDelete(null)}
        title={t('depenses:detail.deleteDocumentDialog.title')}
        description={
          documentToDelete
            ? t('depenses:detail.deleteDocumentDialog.description', { titre: userText(documentToDelete.titre) })
            : undefined
        }
        confirmLabel={t('depenses:detail.deleteDocumentDialog.confirm')}
        onConfirm={() => void deleteDocument()}
        pending={deletingDocument}
      />
    </div>
  );
}
