import { createColumnHelper } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { toast } from '@/components/ui/toaster';
import { translateMessage } from '@/lib/translate-message';
import { CategorieDialog } from './categorie-dialog';
import { useGetCategoriesQuery, useSupprimerCategorieMutation, type Categorie } from './depenses-api';
import { depensesErrorKey } from './depenses-errors';
import { LockedButton, RowActions, useFinanceLock, UserText, userText } from './parts';

const column = createColumnHelper<Categorie>();

/**
 * /syndic/depenses/categories (spec 2 §2 "Categories and suppliers"): the expense categories, a
 * dialog to create or edit one, and delete, disabled with the reason for a category in use.
 */
export function CategoriesPage() {
  const { t } = useTranslation(['depenses', 'common']);
  const financeLock = useFinanceLock();
  const { data, isLoading, isError, error, refetch } = useGetCategoriesQuery();
  const [dialog, setDialog] = useState<{ categorie: Categorie | null } | null>(null);
  const [toDelete, setToDelete] = useState<Categorie | null>(null);
  const [remove, { isLoading: deleting }] = useSupprimerCategorieMutation();

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await remove({ supprimerCategorieRequest: { categorie_id: toDelete.id } }).unwrap();
      toast.success(t('depenses:categories.deleteDialog.deleted'), { description: toDelete.titre });
    } catch (failure) {
      toast.error(t('depenses:errors.deleteFailed'), { description: translateMessage(depensesErrorKey(failure)) });
    }
    setToDelete(null);
  }

  const columns = useMemo(
    () => [
      column.accessor('titre', {
        header: t('depenses:categories.columns.titre'),
        cell: (info) => <UserText className="font-medium">{info.getValue()}</UserText>,
        meta: { card: 'title' },
      }),
      column.accessor((categorie) => categorie.description ?? '', {
        id: 'description',
        header: t('depenses:categories.columns.description'),
        cell: (info) => <UserText className="whitespace-pre-line text-muted-foreground">{info.getValue()}</UserText>,
        meta: { card: 'subtitle' },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('depenses:actions')}</span>,
        cell: ({ row }) => {
          const categorie = row.original;
          return (
            <RowActions
              onEdit={() => setDialog({ categorie })}
              editLabel={t('depenses:categories.editOf', { titre: categorie.titre })}
              editLock={financeLock}
              onDelete={() => setToDelete(categorie)}
              deleteLabel={t('depenses:categories.deleteOf', { titre: categorie.titre })}
              deleteLock={financeLock ?? (categorie.utilisee ? t('depenses:categories.cannotDelete') : null)}
            />
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
        title={t('depenses:categories.title')}
        description={t('depenses:categories.subtitle')}
        actions={
          <LockedButton
            lock={financeLock}
            onClick={() => setDialog({ categorie: null })}
            variant="default"
            size="default"
            testId="categorie-creer"
          >
            <Plus aria-hidden="true" />
            {t('depenses:categories.create')}
          </LockedButton>
        }
      />
      <DataTable
        columns={columns}
        data={data?.categories}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        skeletonRows={6}
        searchPlaceholder={t('depenses:categories.searchPlaceholder')}
        emptyMessage={t('depenses:categories.empty')}
        getRowId={(row) => String(row.id)}
      />
      {dialog && (
        <CategorieDialog open onOpenChange={(open) => !open && setDialog(null)} categorie={dialog.categorie} />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('depenses:categories.deleteDialog.title')}
        description={
          toDelete ? t('depenses:categories.deleteDialog.description', { titre: userText(toDelete.titre) }) : undefined
        }
        confirmLabel={t('depenses:categories.deleteDialog.confirm')}
        onConfirm={() => void confirmDelete()}
        pending={deleting}
      />
    </div>
  );
}
