import { createColumnHelper } from '@tanstack/react-table';
import { Eye, Plus } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toaster';
import { translateMessage } from '@/lib/translate-message';
import { TelGroupe, telGroupe } from '@/components/phone-number';
import { LockedLink, RowActions, useFinanceLock } from '@/components/record-actions';
import { UserText, userText } from '@/components/user-text';
import { useListeClientsQuery, useRetirerClientMutation, type Client } from './contrats-api';
import { contratsErrorKey } from './contrats-errors';
import { clientModifierPath, contratsPaths } from './paths';

const column = createColumnHelper<Client>();

/**
 * /syndic/revenus/clients (spec 1 §2): the clients (name, phone grouped 2-3-3, activity), a
 * details dialog, edit and delete (disabled with the reason for a client named by a contract or an
 * exceptional revenue).
 */
export function ClientsPage() {
  const { t } = useTranslation(['contrats', 'common']);
  const financeLock = useFinanceLock();
  const { data, isLoading, isError, error, refetch } = useListeClientsQuery();
  const [details, setDetails] = useState<Client | null>(null);
  const [toDelete, setToDelete] = useState<Client | null>(null);
  const [remove, { isLoading: deleting }] = useRetirerClientMutation();

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await remove(toDelete.id).unwrap();
      toast.success(t('contrats:clients.deleteDialog.deleted'), { description: toDelete.nom });
    } catch (failure) {
      toast.error(t('contrats:errors.deleteFailed'), { description: translateMessage(contratsErrorKey(failure)) });
    }
    setToDelete(null);
  }

  const columns = useMemo(
    () => [
      column.accessor('nom', {
        header: t('contrats:clients.columns.nom'),
        cell: (info) => <UserText className="font-medium">{info.getValue()}</UserText>,
        meta: { card: 'title' },
      }),
      column.accessor((client) => client.tel ?? '', {
        id: 'tel',
        header: t('contrats:clients.columns.tel'),
        cell: (info) => <TelGroupe tel={info.row.original.tel} />,
        meta: { searchText: (value: string) => telGroupe(value) },
      }),
      column.accessor((client) => client.activite ?? '', {
        id: 'activite',
        header: t('contrats:clients.columns.activite'),
        cell: (info) => <UserText>{info.getValue()}</UserText>,
        meta: { card: 'subtitle' },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('contrats:actions')}</span>,
        cell: ({ row }) => {
          const client = row.original;
          return (
            <RowActions
              editTo={clientModifierPath(client.id)}
              editLabel={t('contrats:clients.editOf', { nom: client.nom })}
              editLock={financeLock}
              onDelete={() => setToDelete(client)}
              deleteLabel={t('contrats:clients.deleteOf', { nom: client.nom })}
              deleteLock={financeLock ?? (client.utilise ? t('contrats:clients.cannotDelete') : null)}
            >
              <Button
                variant="outline"
                size="sm"
                onClick={() => setDetails(client)}
                aria-label={t('contrats:clients.detailsOf', { nom: client.nom })}
              >
                <Eye aria-hidden="true" />
                {t('contrats:clients.details')}
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
        title={t('contrats:clients.title')}
        description={t('contrats:clients.subtitle')}
        actions={
          <LockedLink to={contratsPaths.clientCreer} lock={financeLock} testId="client-creer">
            <Plus aria-hidden="true" />
            {t('contrats:clients.create')}
          </LockedLink>
        }
      />
      <DataTable
        columns={columns}
        data={data?.clients}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        skeletonRows={6}
        searchPlaceholder={t('contrats:clients.searchPlaceholder')}
        emptyMessage={t('contrats:clients.empty')}
        getRowId={(row) => String(row.id)}
      />
      <ClientDetailsDialog client={details} onClose={() => setDetails(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('contrats:clients.deleteDialog.title')}
        description={
          toDelete ? t('contrats:clients.deleteDialog.description', { nom: userText(toDelete.nom) }) : undefined
        }
        confirmLabel={t('contrats:clients.deleteDialog.confirm')}
        onConfirm={() => void confirmDelete()}
        pending={deleting}
      />
    </div>
  );
}

/** The details popup: every field of the client. */
function ClientDetailsDialog({ client, onClose }: { client: Client | null; onClose: () => void }) {
  const { t } = useTranslation(['contrats', 'common']);
  const empty = <span className="text-muted-foreground">{t('common:empty')}</span>;
  const text = (value: string | null | undefined) => (value ? <UserText>{value}</UserText> : empty);
  const rows: [string, ReactNode][] = client
    ? [
        [t('contrats:clients.dialog.tel'), <TelGroupe key="tel" tel={client.tel} />],
        [
          t('contrats:clients.dialog.email'),
          client.email ? (
            <span key="email" dir="ltr">
              {client.email}
            </span>
          ) : (
            empty
          ),
        ],
        [t('contrats:clients.dialog.adresse'), text(client.adresse)],
        [t('contrats:clients.dialog.ville'), text(client.ville)],
        [t('contrats:clients.dialog.gouvernorat'), text(client.gouvernorat?.nom)],
        [t('contrats:clients.dialog.activite'), text(client.activite)],
        [t('contrats:clients.dialog.matriculeFiscal'), text(client.matricule_fiscal)],
        [
          t('contrats:clients.dialog.commentaire'),
          <span key="commentaire" className="whitespace-pre-line">
            {text(client.commentaire)}
          </span>,
        ],
      ]
    : [];
  return (
    <Dialog open={client !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg" data-testid="client-details">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2 pe-6">
            <UserText>{client?.nom}</UserText>
          </DialogTitle>
          <DialogDescription>{t('contrats:clients.dialog.description')}</DialogDescription>
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
