import { createColumnHelper } from '@tanstack/react-table';
import { Info, Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import { useDeleteOccupationMutation, useGetHistoriqueQuery, type OccupationLine } from '@/api/generated';
import { PageHeader } from '@/components/page-header';
import { PhoneNumber } from '@/components/phone-number';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { toast } from '@/components/ui/toaster';
import { DisabledReason, Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { selectUser } from '@/lib/auth/auth-slice';
import { formatDate } from '@/lib/dates';
import { formatTel } from '@/lib/phone';
import { useAppSelector } from '@/lib/store/hooks';
import { translateMessage } from '@/lib/translate-message';
import { useIdParam } from '@/lib/use-id-param';
import { occupationErrorKey } from './occupation-errors';
import { BackToProprietes, HistoriqueNotFound } from './page-parts';
import { occupationCreerPath, occupationModifierPath } from './paths';

const column = createColumnHelper<OccupationLine>();

/** Actuel and Payeur badges of a line (spec 2 §2: "with current and payer badges"). */
function StatutBadges({ line }: { line: OccupationLine }) {
  const { t } = useTranslation('proprietes');
  return (
    <div className="flex flex-wrap gap-1.5">
      {line.is_current && <Badge variant="success">{t('historique.badges.actuel')}</Badge>}
      {line.is_current_payer && <Badge variant="warning">{t('historique.badges.payeur')}</Badge>}
      {line.is_payer && !line.is_current_payer && (
        <Tooltip>
          <TooltipTrigger asChild>
            <Badge variant="outline" tabIndex={0} className="cursor-help text-muted-foreground">
              {t('historique.badges.payeurPeriode')}
            </Badge>
          </TooltipTrigger>
          <TooltipContent>{t('historique.payeurPeriodeHint')}</TooltipContent>
        </Tooltip>
      )}
    </div>
  );
}

/**
 * /syndic/administration/proprietes/historique/{proprieteId}: who occupied the property, when,
 * and who pays. Only the president may add, edit or delete (spec 2 §6); others see the buttons
 * disabled with the reason.
 */
export function HistoriquePage() {
  const { t } = useTranslation(['proprietes', 'common']);
  const proprieteId = useIdParam('proprieteId');
  const isPresident = useAppSelector(selectUser)?.is_president === true;
  const { data, isLoading, isError, error, refetch } = useGetHistoriqueQuery(
    { id: proprieteId ?? 0 },
    { skip: proprieteId === null },
  );
  const [deleteOccupation, { isLoading: deleting }] = useDeleteOccupationMutation();
  const [toDelete, setToDelete] = useState<OccupationLine | null>(null);
  const onlyPresident = isPresident ? null : t('common:permissions.onlyPresident');

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteOccupation({ deleteOccupationRequest: { occupation_id: toDelete.occupation_id } }).unwrap();
      toast.success(t('proprietes:historique.deleted'));
    } catch (failure) {
      toast.error(translateMessage(occupationErrorKey(failure, 'proprietes:errors.deleteFailed')));
    } finally {
      setToDelete(null);
    }
  }

  const columns = useMemo(
    () => [
      column.accessor('nom', {
        header: t('proprietes:historique.columns.nom'),
        cell: (info) => <span className="font-medium">{info.getValue()}</span>,
        meta: { card: 'title' },
      }),
      column.accessor('type_occupation', {
        header: t('proprietes:historique.columns.type'),
        cell: (info) => t(`proprietes:typeOccupation.${info.getValue()}`, { defaultValue: info.getValue() }),
        meta: {
          card: 'subtitle',
          searchText: (value: string) => t(`proprietes:typeOccupation.${value}`, { defaultValue: value }),
        },
      }),
      column.accessor('tel', {
        header: t('proprietes:historique.columns.tel'),
        cell: (info) => <PhoneNumber tel={info.getValue()} />,
        meta: { searchText: (value: string | null) => formatTel(value) },
      }),
      column.accessor('email', {
        header: t('proprietes:historique.columns.email'),
        cell: (info) => info.getValue() || <span className="text-muted-foreground">{t('common:empty')}</span>,
      }),
      column.accessor('date_debut', {
        header: t('proprietes:historique.columns.dateDebut'),
        cell: (info) => <span className="tabular whitespace-nowrap">{formatDate(info.getValue())}</span>,
      }),
      column.accessor('date_fin', {
        header: t('proprietes:historique.columns.dateFin'),
        cell: (info) => {
          const value = info.getValue();
          return value ? (
            <span className="tabular whitespace-nowrap">{formatDate(value)}</span>
          ) : (
            <span className="text-muted-foreground">{t('common:empty')}</span>
          );
        },
      }),
      column.display({
        id: 'statut',
        header: t('proprietes:historique.columns.statut'),
        cell: ({ row }) => <StatutBadges line={row.original} />,
        meta: { card: 'badge' },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('proprietes:historique.columns.actions')}</span>,
        cell: ({ row }) => {
          const line = row.original;
          // The server refuses to delete today's payer (occupation_payeur_non_supprimable): say so
          // before the click.
          const deleteLock =
            onlyPresident ?? (line.is_current_payer ? t('proprietes:historique.payeurNonSupprimable') : null);
          return (
            <div className="flex items-center justify-end gap-1">
              <DisabledReason reason={onlyPresident}>
                {isPresident && proprieteId !== null ? (
                  <Button asChild variant="ghost" size="icon" className="size-8">
                    <Link
                      to={occupationModifierPath(proprieteId, line.occupation_id)}
                      aria-label={t('proprietes:historique.editOf', { nom: line.nom })}
                      title={t('proprietes:historique.edit')}
                    >
                      <Pencil />
                    </Link>
                  </Button>
                ) : (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    disabled
                    aria-label={t('proprietes:historique.editOf', { nom: line.nom })}
                  >
                    <Pencil />
                  </Button>
                )}
              </DisabledReason>
              <DisabledReason reason={deleteLock}>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 text-destructive hover:bg-destructive/10 hover:text-destructive"
                  disabled={deleteLock !== null}
                  onClick={() => setToDelete(line)}
                  aria-label={t('proprietes:historique.deleteOf', { nom: line.nom })}
                  title={deleteLock === null ? t('proprietes:historique.delete') : undefined}
                >
                  <Trash2 />
                </Button>
              </DisabledReason>
            </div>
          );
        },
        meta: { card: 'action' },
      }),
    ],
    [t, isPresident, onlyPresident, proprieteId],
  );

  const notFound = proprieteId === null || apiErrorCode(error) === 'not_found';
  const nom = data?.data.proprieteNom;

  const addButton = (
    <DisabledReason reason={onlyPresident}>
      {isPresident && proprieteId !== null && !notFound ? (
        <Button asChild>
          <Link to={occupationCreerPath(proprieteId)} data-testid="occupation-add">
            <Plus aria-hidden="true" />
            {t('proprietes:historique.add')}
          </Link>
        </Button>
      ) : (
        <Button disabled data-testid="occupation-add">
          <Plus aria-hidden="true" />
          {t('proprietes:historique.add')}
        </Button>
      )}
    </DisabledReason>
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={nom ? t('proprietes:historique.titleWithName', { nom }) : t('proprietes:historique.title')}
        actions={notFound ? undefined : addButton}
      >
        <BackToProprietes />
      </PageHeader>
      {notFound ? (
        <HistoriqueNotFound />
      ) : (
        <>
          <DataTable
            columns={columns}
            data={data?.data.occupants}
            isLoading={isLoading}
            isError={isError}
            error={error}
            onRetry={() => void refetch()}
            skeletonRows={6}
            emptyMessage={t('proprietes:historique.empty')}
            getRowId={(row) => String(row.occupation_id)}
          />
          <Alert variant="info" role="note" className="text-muted-foreground">
            <Info aria-hidden="true" className="text-primary" />
            <p>
              <span className="font-medium text-foreground">{t('proprietes:historique.legendTitle')}</span>{' '}
              {t('proprietes:historique.legend')}
            </p>
          </Alert>
        </>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('proprietes:historique.deleteTitle')}
        description={
          toDelete
            ? t('proprietes:historique.deleteDescription', {
                nom: toDelete.nom,
                debut: formatDate(toDelete.date_debut),
              })
            : undefined
        }
        confirmLabel={t('proprietes:historique.delete')}
        onConfirm={() => void confirmDelete()}
        pending={deleting}
      />
    </div>
  );
}
