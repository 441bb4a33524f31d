import { createColumnHelper } from '@tanstack/react-table';
import { Trash2, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetConseilQuery, useSupprimerMembreMutation, type MembreConseil } from '@/api/generated';
import { PageHeader } from '@/components/page-header';
import { PhoneNumber } from '@/components/phone-number';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { toast } from '@/components/ui/toaster';
import { DisabledReason } from '@/components/ui/tooltip';
import { formatTel } from '@/lib/phone';
import { translateMessage } from '@/lib/translate-message';
import { AjouterMembreDialog } from './ajouter-membre-dialog';
import { conseilErrorKey } from './conseil-errors';
import { RoleBadges, conseilRoles, isProtectedMembre } from './role-badges';

const column = createColumnHelper<MembreConseil>();

/**
 * /syndic/administration/conseil (president only, guarded by the route): the council with role
 * badges, removal of plain members and the add dialog (spec 2 §2 "Council", §6, §8).
 */
export function ConseilPage() {
  const { t } = useTranslation(['conseil', 'common']);
  const { data, isLoading, isError, error, refetch } = useGetConseilQuery();
  const [supprimerMembre, { isLoading: deleting }] = useSupprimerMembreMutation();
  const [toDelete, setToDelete] = useState<MembreConseil | null>(null);
  const [adding, setAdding] = useState(false);

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await supprimerMembre({ supprimerMembreRequest: { user_id: toDelete.id } }).unwrap();
      toast.success(t('conseil:deleted', { nom: toDelete.nom }));
    } catch (error) {
      toast.error(translateMessage(conseilErrorKey(error, 'conseil:errors.deleteFailed')));
    } finally {
      setToDelete(null);
    }
  }

  const columns = useMemo(
    () => [
      column.accessor('nom', {
        header: t('conseil:columns.nom'),
        cell: (info) => <span className="font-medium">{info.getValue()}</span>,
        meta: { card: 'title' },
      }),
      column.accessor('tel', {
        header: t('conseil:columns.tel'),
        cell: (info) => <PhoneNumber tel={info.getValue()} />,
        meta: { searchText: (value: string | null) => formatTel(value) },
      }),
      column.accessor(
        (row) =>
          conseilRoles(row)
            .map((role) => t(`conseil:roles.${role}`))
            .join(' '),
        {
          id: 'roles',
          header: t('conseil:columns.roles'),
          cell: ({ row }) => <RoleBadges membre={row.original} />,
          meta: { card: 'badge' },
        },
      ),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('conseil:columns.actions')}</span>,
        cell: ({ row }) => {
          const membre = row.original;
          const locked = isProtectedMembre(membre);
          return (
            <div className="flex justify-end">
              <DisabledReason reason={locked ? t('common:permissions.onlyAdmin') : null}>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 text-destructive hover:bg-destructive/10 hover:text-destructive"
                  disabled={locked}
                  onClick={() => setToDelete(membre)}
                  aria-label={t('conseil:deleteOf', { nom: membre.nom })}
                  title={locked ? undefined : t('conseil:delete')}
                >
                  <Trash2 />
                </Button>
              </DisabledReason>
            </div>
          );
        },
      }),
    ],
    [t],
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('conseil:title')}
        description={t('conseil:subtitle')}
        actions={
          <Button onClick={() => setAdding(true)} data-testid="conseil-add">
            <UserPlus aria-hidden="true" />
            {t('conseil:add')}
          </Button>
        }
      />
      <DataTable
        columns={columns}
        data={data?.users}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        skeletonRows={6}
        searchPlaceholder={t('conseil:searchPlaceholder')}
        emptyMessage={t('conseil:empty')}
        getRowId={(row) => String(row.id)}
      />
      <AjouterMembreDialog open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={toDelete ? t('conseil:deleteTitle', { nom: toDelete.nom }) : ''}
        description={toDelete ? t('conseil:deleteDescription', { nom: toDelete.nom }) : undefined}
        confirmLabel={t('conseil:delete')}
        onConfirm={() => void confirmDelete()}
        pending={deleting}
      />
    </div>
  );
}
