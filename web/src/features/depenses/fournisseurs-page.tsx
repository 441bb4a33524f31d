import { createColumnHelper } from '@tanstack/react-table';
import { Eye, Plus } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toaster';
import { translateMessage } from '@/lib/translate-message';
import { useGetFournisseursQuery, useSupprimerFournisseurMutation, type Fournisseur } from './depenses-api';
import { depensesErrorKey } from './depenses-errors';
import { LockedLink, RowActions, TelGroupe, telGroupe, useFinanceLock, UserText, userText } from './parts';
import { depensesPaths, fournisseurModifierPath } from './paths';

const column = createColumnHelper<Fournisseur>();

/**
 * /syndic/depenses/fournisseurs (spec 2 §2 "Categories and suppliers"): the suppliers (name,
 * phone grouped 2-3-3, activity), a details dialog, edit and delete (disabled with the reason for
 * a supplier with charges or works).
 */
export function FournisseursPage() {
  const { t } = useTranslation(['depenses', 'common']);
  const financeLock = useFinanceLock();
  const { data, isLoading, isError, error, refetch } = useGetFournisseursQuery();
  const [details, setDetails] = useState<Fournisseur | null>(null);
  const [toDelete, setToDelete] = useState<Fournisseur | null>(null);
  const [remove, { isLoading: deleting }] = useSupprimerFournisseurMutation();

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await remove({ supprimerFournisseurRequest: { fournisseur_id: toDelete.id } }).unwrap();
      toast.success(t('depenses:fournisseurs.deleteDialog.deleted'), { description: toDelete.nom });
    } catch (failure) {
      toast.error(t('depenses:errors.deleteFailed'), { description: translateMessage(depensesErrorKey(failure)) });
    }
    setToDelete(null);
  }

  const columns = useMemo(
    () => [
      column.accessor('nom', {
        header: t('depenses:fournisseurs.columns.nom'),
        cell: (info) => <UserText className="font-medium">{info.getValue()}</UserText>,
        meta: { card: 'title' },
      }),
      column.accessor((fournisseur) => fournisseur.tel ?? '', {
        id: 'tel',
        header: t('depenses:fournisseurs.columns.tel'),
        cell: (info) => <TelGroupe tel={info.row.original.tel} />,
        meta: { searchText: (value: string) => telGroupe(value) },
      }),
      column.accessor((fournisseur) => fournisseur.activite ?? '', {
        id: 'activite',
        header: t('depenses:fournisseurs.columns.activite'),
        cell: (info) => <UserText>{info.getValue()}</UserText>,
        meta: { card: 'subtitle' },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('depenses:actions')}</span>,
        cell: ({ row }) => {
          const fournisseur = row.original;
          return (
            <RowActions
              editTo={fournisseurModifierPath(fournisseur.id)}
              editLabel={t('depenses:fournisseurs.editOf', { nom: fournisseur.nom })}
              editLock={financeLock}
              onDelete={() => setToDelete(fournisseur)}
              deleteLabel={t('depenses:fournisseurs.deleteOf', { nom: fournisseur.nom })}
              deleteLock={financeLock ?? (fournisseur.utilise ? t('depenses:fournisseurs.cannotDelete') : null)}
            >
              <Button
                variant="outline"
                size="sm"
                onClick={() => setDetails(fournisseur)}
                aria-label={t('depenses:fournisseurs.detailsOf', { nom: fournisseur.nom })}
              >
                <Eye aria-hidden="true" />
                {t('depenses:fournisseurs.details')}
              </Button>
            </RowActions>
          );
        },
        meta: { card: 'action' },
      }),
    ],
    [t, financeLock],
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('depenses:fournisseurs.title')}
        description={t('depenses:fournisseurs.subtitle')}
        actions={
          <LockedLink to={depensesPaths.fournisseurCreer} lock={financeLock} testId="fournisseur-creer">
            <Plus aria-hidden="true" />
            {t('depenses:fournisseurs.create')}
          </LockedLink>
        }
      />
      <DataTable
        columns={columns}
        data={data?.fournisseurs}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        skeletonRows={6}
        searchPlaceholder={t('depenses:fournisseurs.searchPlaceholder')}
        emptyMessage={t('depenses:fournisseurs.empty')}
        getRowId={(row) => String(row.id)}
      />
      <FournisseurDetailsDialog fournisseur={details} onClose={() => setDetails(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('depenses:fournisseurs.deleteDialog.title')}
        description={
          toDelete ? t('depenses:fournisseurs.deleteDialog.description', { nom: userText(toDelete.nom) }) : undefined
        }
        confirmLabel={t('depenses:fournisseurs.deleteDialog.confirm')}
        onConfirm={() => void confirmDelete()}
        pending={deleting}
      />
    </div>
  );
}

/** The details popup: every field of the supplier. */
function FournisseurDetailsDialog({ fournisseur, onClose }: { fournisseur: Fournisseur | null; onClose: () => void }) {
  const { t } = useTranslation(['depenses', 'common']);
  const empty = <span className="text-muted-foreground">{t('common:empty')}</span>;
  const text = (value: string | null | undefined) => (value ? <UserText>{value}</UserText> : empty);
  const rows: [string, ReactNode][] = fournisseur
    ? [
        [t('depenses:fournisseurs.dialog.type'), t(`depenses:typesFournisseur.${fournisseur.type}`)],
        [t('depenses:fournisseurs.dialog.tel'), <TelGroupe key="tel" tel={fournisseur.tel} />],
        [
          t('depenses:fournisseurs.dialog.email'),
          fournisseur.email ? (
            <span key="email" dir="ltr">
              {fournisseur.email}
            </span>
          ) : (
            empty
          ),
        ],
        [t('depenses:fournisseurs.dialog.adresse'), text(fournisseur.adresse)],
        [t('depenses:fournisseurs.dialog.ville'), text(fournisseur.ville)],
        [t('depenses:fournisseurs.dialog.gouvernorat'), text(fournisseur.gouvernorat?.nom)],
        [t('depenses:fournisseurs.dialog.activite'), text(fournisseur.activite)],
        [t('depenses:fournisseurs.dialog.identifiant'), text(fournisseur.identifiant)],
        [
          t('depenses:fournisseurs.dialog.commentaire'),
          <span key="commentaire" className="whitespace-pre-line">
            {text(fournisseur.commentaire)}
          </span>,
        ],
      ]
    : [];
  return (
    <Dialog open={fournisseur !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg"
        data-testid="fournisseur-details"
      >
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2 pe-6">
            <UserText>{fournisseur?.nom}</UserText>
            {fournisseur && <Badge variant="secondary">{t(`depenses:typesFournisseur.${fournisseur.type}`)}</Badge>}
          </DialogTitle>
          <DialogDescription>{t('depenses:fournisseurs.dialog.description')}</DialogDescription>
        </DialogHeader>
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
