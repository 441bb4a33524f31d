import { createColumnHelper } from '@tanstack/react-table';
import { History, Pencil, Trash2 } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import { useGetCotisationModifierInfosQuery, type RestantDu } from '@/api/generated';
import { Dinars } from '@/components/dinars';
import { PageHeader } from '@/components/page-header';
import { BackLink, NotFound } from '@/components/page-parts';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import { DisabledReason } from '@/components/ui/tooltip';
import { useChangeLock, useIsFinance } from '@/lib/auth/use-change-lock';
import { formatDate } from '@/lib/dates';
import { formatDinars } from '@/lib/money';
import { useIdParam } from '@/lib/use-id-param';
import { useGetCotisationDetailsQuery } from './cotisations-api';
import { AEchoirBadge, Solde, useRevenusLabels } from './labels';
import { cotisationModifierPath, cotisationsPaths, encaissementHistoriquePath } from './paths';
import { useDeleteCotisation } from './use-delete-cotisation';

const column = createColumnHelper<RestantDu>();

function DetailItem({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

/**
 * /syndic/revenus/cotisations/gerer/{cotisationId} (spec 1 §2): the cotisation read-only, edit and
 * delete for the treasurer, and what each property still owes on it with a link to the
 * property's payment history.
 */
export function CotisationDetailsPage() {
  const { t } = useTranslation(['cotisations', 'common']);
  const navigate = useNavigate();
  const labels = useRevenusLabels();
  const lockOf = useChangeLock();
  const id = useIdParam('cotisationId');
  const { data, isLoading, isError, error } = useGetCotisationDetailsQuery({ id: id ?? 0 }, { skip: id === null });
  const [confirming, setConfirming] = useState(false);
  const { remove, deleting } = useDeleteCotisation();
  const cotisation = data?.cotisation;
  // The details do not say whether something was collected on the cotisation; its edit data does
  // (treasurer only, as the edit): with payments, edit and delete are refused
  // (`cotisation_avec_encaissements`), so both are disabled up front with the server's reason.
  const isFinance = useIsFinance();
  const infos = useGetCotisationModifierInfosQuery(
    { id: id ?? 0 },
    { skip: id === null || !isFinance, refetchOnMountOrArgChange: true },
  );

  const columns = useMemo(
    () => [
      column.accessor('propriete_nom', {
        header: t('cotisations:details.columns.propriete'),
        cell: (info) => <span className="font-medium">{info.getValue()}</span>,
      }),
      column.accessor('occupant_nom', {
        header: t('cotisations:details.columns.occupant'),
        cell: (info) => info.getValue() || <span className="text-muted-foreground">{t('cotisations:noPayer')}</span>,
      }),
      column.accessor('date_echeance', {
        header: t('cotisations:details.columns.dateEcheance'),
        cell: (info) => (
          <span className="flex flex-wrap items-center gap-2">
            <span className="tabular whitespace-nowrap">{formatDate(info.getValue())}</span>
            {!info.row.original.exigible && <AEchoirBadge />}
          </span>
        ),
      }),
      column.accessor('restant_du', {
        header: t('cotisations:details.columns.restantDu'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
        meta: { numeric: true, searchText: (value: number) => formatDinars(value) },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('cotisations:details.columns.actions')}</span>,
        cell: ({ row }) => (
          <div className="flex justify-end">
            <Button asChild variant="outline" size="sm">
              <Link
                to={encaissementHistoriquePath(row.original.propriete_id)}
                aria-label={t('cotisations:details.historiqueOf', { nom: row.original.propriete_nom })}
              >
                <History aria-hidden="true" />
                {t('cotisations:details.historique')}
              </Link>
            </Button>
          </div>
        ),
      }),
    ],
    [t],
  );

  if (id === null || apiErrorCode(error) === 'cotisation_inconnue' || apiErrorCode(error) === 'not_found') {
    return (
      <div className="grid gap-6">
        <PageHeader title={t('cotisations:details.title')}>
          <BackLink to={cotisationsPaths.cotisations}>{t('cotisations:details.back')}</BackLink>
        </PageHeader>
        <NotFound testId="cotisation-not-found">{t('cotisations:details.notFound')}</NotFound>
      </div>
    );
  }

  const roleOrClosedLock = cotisation ? lockOf(cotisation) : t('common:permissions.onlyFinancier');
  const lock =
    roleOrClosedLock ??
    (infos.data?.data.has_encaissements ? t('cotisations:errors.cotisation_avec_encaissements') : null);
  // Until the edit data tells, neither action is offered (an error there leaves them to the server).
  const checking = lock === null && infos.data === undefined && !infos.isError;

  const actions = cotisation && (
    <>
      <DisabledReason reason={lock}>
        {lock === null && !checking ? (
          <Button asChild variant="outline">
            <Link to={cotisationModifierPath(cotisation.id)}>
              <Pencil aria-hidden="true" />
              {t('cotisations:details.edit')}
            </Link>
          </Button>
        ) : (
          <Button variant="outline" disabled>
            <Pencil aria-hidden="true" />
            {t('cotisations:details.edit')}
          </Button>
        )}
      </DisabledReason>
      <DisabledReason reason={lock}>
        <Button variant="destructive" disabled={lock !== null || checking} onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" />
          {t('cotisations:details.delete')}
        </Button>
      </DisabledReason>
    </>
  );

  return (
    <div className="grid gap-6">
      <PageHeader title={cotisation?.titre ?? t('cotisations:details.title')} actions={actions}>
        <BackLink to={cotisationsPaths.cotisations}>{t('cotisations:details.back')}</BackLink>
      </PageHeader>
      <Card>
        <CardContent className="p-6">
          {!cotisation ? (
            isError ? (
              <p className="text-sm font-medium text-destructive">{t('common:table.error')}</p>
            ) : (
              <div className="grid gap-4 sm:grid-cols-3" data-testid="cotisation-details-loading">
                {Array.from({ length: 6 }, (_, index) => (
                  <Skeleton key={index} className="h-10 w-full" />
                ))}
              </div>
            )
          ) : (
            <dl className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4" data-testid="cotisation-details">
              <DetailItem label={t('cotisations:details.fields.titre')}>{cotisation.titre}</DetailItem>
              <DetailItem label={t('cotisations:details.fields.type')}>{labels.type(cotisation.type)}</DetailItem>
              <DetailItem label={t('cotisations:details.fields.repartition')}>
                {labels.repartition(cotisation.repartition)}
              </DetailItem>
              <DetailItem label={t('cotisations:details.fields.solde')}>
                <Solde value={cotisation.solde} />
              </DetailItem>
              <DetailItem label={t('cotisations:details.fields.dateDebut')}>
                <span className="tabular">{formatDate(cotisation.date_debut)}</span>
              </DetailItem>
              <DetailItem label={t('cotisations:details.fields.dateFin')}>
                <span className="tabular">{formatDate(cotisation.date_fin)}</span>
              </DetailItem>
              <DetailItem label={t('cotisations:details.fields.dateEcheance')}>
                <span className="tabular">{formatDate(cotisation.date_echeance)}</span>
              </DetailItem>
            </dl>
          )}
        </CardContent>
      </Card>
      <section className="grid gap-3" aria-labelledby="restants-dus-title">
        <div>
          <h2 id="restants-dus-title" className="text-lg font-semibold">
            {t('cotisations:details.restantsTitle')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('cotisations:details.restantsSubtitle')}</p>
        </div>
        <DataTable
          columns={columns}
          data={cotisation?.restants_dus}
          isLoading={isLoading}
          isError={isError}
          error={error}
          skeletonRows={10}
          searchPlaceholder={t('cotisations:details.searchPlaceholder')}
          emptyMessage={t('cotisations:details.restantsEmpty')}
          getRowId={(row) => String(row.montant_du_id)}
        />
      </section>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('cotisations:delete.title')}
        description={cotisation ? t('cotisations:delete.description', { titre: cotisation.titre }) : undefined}
        confirmLabel={t('cotisations:delete.confirm')}
        onConfirm={() =>
          void (async () => {
            if (!cotisation) return;
            const done = await remove(cotisation);
            setConfirming(false);
            if (done) await navigate(cotisationsPaths.cotisations);
          })()
        }
        pending={deleting}
      />
    </div>
  );
}
