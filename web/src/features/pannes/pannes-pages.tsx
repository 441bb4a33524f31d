import { createColumnHelper } from '@tanstack/react-table';
import { Eye, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { UserText } from '@/components/user-text';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PanneCreationDialog } from './panne-dialogs';
import { usePannesListeQuery, type Panne } from './pannes-api';
import { DateHeure, StatutBadge } from './pannes-labels';
import { panneDetailsPath, pannesPaths, type PannesSpace } from './paths';

const column = createColumnHelper<Panne>();

type Onglet = 'mine' | 'others';

/**
 * The two tabs "mine" (default) and "others" of spec 3 §2.7, each a table of reports: the active
 * ones (every status but `archive`) or, on the archive page, only the archived ones. A report's
 * description leads to its details.
 */
function PannesOnglets({ space, archived }: { space: PannesSpace; archived: boolean }) {
  const { t } = useTranslation('pannes');
  const { data, isLoading, isError, error, refetch } = usePannesListeQuery();
  const [onglet, setOnglet] = useState<Onglet>('mine');
  // Filtered once per answer: a new array at each render would send the table back to its
  // first page whenever the page re-renders (the creation dialog opening, say).
  const [mine, others] = useMemo(() => {
    const keep = (panne: Panne) => (panne.status === 'archive') === archived;
    return [data?.mine.filter(keep), data?.others.filter(keep)];
  }, [data, archived]);

  const columns = useMemo(
    () => [
      column.accessor('description', {
        header: t('columns.description'),
        cell: ({ row }) => (
          <Link
            to={panneDetailsPath(space, row.original.id)}
            className="line-clamp-2 font-medium hover:underline"
            data-testid="panne-lien"
          >
            <UserText>{row.original.description}</UserText>
          </Link>
        ),
        enableSorting: false,
        meta: { card: 'title' },
      }),
      column.accessor('status', {
        header: t('columns.statut'),
        cell: (info) => <StatutBadge status={info.getValue()} />,
        meta: { card: 'badge', searchText: (value: Panne['status']) => t(`statut.${value}`) },
      }),
      column.accessor((panne) => panne.user.nom, {
        id: 'auteur',
        header: t('columns.auteur'),
        cell: (info) => <UserText>{info.getValue()}</UserText>,
        meta: { card: 'subtitle' },
      }),
      column.accessor((panne) => `${panne.date} ${panne.heure}`, {
        id: 'date',
        header: t('columns.date'),
        cell: ({ row }) => <DateHeure date={row.original.date} heure={row.original.heure} />,
        enableSorting: false,
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('columns.operations')}</span>,
        cell: ({ row }) => (
          <Button asChild variant="outline" size="sm">
            <Link
              to={panneDetailsPath(space, row.original.id)}
              aria-label={t('list.detailsOf', { id: row.original.id })}
            >
              <Eye aria-hidden="true" />
              {t('list.details')}
            </Link>
          </Button>
        ),
        meta: { card: 'action' },
      }),
    ],
    [t, space],
  );

  const table = (rows: Panne[] | undefined, empty: string) => (
    <DataTable
      columns={columns}
      data={rows}
      isLoading={isLoading}
      isError={isError}
      error={error}
      onRetry={() => void refetch()}
      skeletonRows={6}
      searchPlaceholder={t('list.search')}
      emptyMessage={empty}
      getRowId={(row) => String(row.id)}
    />
  );

  return (
    <Tabs value={onglet} onValueChange={(value) => setOnglet(value as Onglet)}>
      <TabsList>
        <TabsTrigger value="mine">{t('tabs.mine')}</TabsTrigger>
        <TabsTrigger value="others">{t('tabs.others')}</TabsTrigger>
      </TabsList>
      <TabsContent value="mine">{table(mine, archived ? t('list.emptyArchives') : t('list.emptyMine'))}</TabsContent>
      <TabsContent value="others">
        {table(others, archived ? t('list.emptyArchives') : t('list.emptyOthers'))}
      </TabsContent>
    </Tabs>
  );
}

function PannesActives({ space }: { space: PannesSpace }) {
  const { t } = useTranslation('pannes');
  const [creating, setCreating] = useState(false);
  return (
    <div className="grid gap-6">
      <PageHeader
        title={space === 'syndic' ? t('list.actives') : t('list.title')}
        description={t('list.subtitle')}
        actions={
          <Button onClick={() => setCreating(true)} data-testid="panne-creer">
            <Plus aria-hidden="true" />
            {t('list.create')}
          </Button>
        }
      />
      <PannesOnglets space={space} archived={false} />
      <PanneCreationDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}

/** /syndic/pannes → the active reports. */
export function PannesIndexRedirect() {
  return <Navigate to={pannesPaths.actives} replace />;
}

/** /syndic/pannes/pannes_actives (spec 3 §2.7): the reports, the syndic's creation dialog. */
export function SyndicPannesActivesPage() {
  return <PannesActives space="syndic" />;
}

/** /syndic/pannes/pannes_archives (spec 3 §2.7): the archived reports, same tabs. */
export function SyndicPannesArchivesPage() {
  const { t } = useTranslation('pannes');
  return (
    <div className="grid gap-6">
      <PageHeader title={t('list.archives')} description={t('list.archivesSubtitle')} />
      <PannesOnglets space="syndic" archived />
    </div>
  );
}

/** /coproprietaire/pannes (spec 3 §2.7): "mine" and "others", the creation dialog. */
export function CoproprietairePannesPage() {
  return <PannesActives space="coproprietaire" />;
}
