import { createColumnHelper } from '@tanstack/react-table';
import { Form, Formik } from 'formik';
import { Loader2, Pencil, UsersRound } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FeatureKey } from '@/api/types';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { DataTable } from '@/components/ui/data-table';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toaster';
import { DisabledReason } from '@/components/ui/tooltip';
import { errorMessageKey } from '@/lib/api-error-message';
import { formatDateTimeTunis } from '@/lib/dates';
import { selectUser } from '@/lib/auth/auth-slice';
import { useAppSelector } from '@/lib/store/hooks';
import { translateMessage } from '@/lib/translate-message';
import { DASHBOARD_KEYS, PAGE_KEYS, useKeyLabel } from './keys';
import { visibilitePaths } from './paths';
import {
  useGetVisibiliteFinancesQuery,
  useGetVisibiliteHistoriqueQuery,
  useSyncVisibiliteUserMutation,
  type VisibiliteUser,
} from './visibilite-api';

/** "Seul le trésorier ou le président…" for other council members, else null (docs/api-visibilite.md). */
export function useVisibiliteLock(): string | null {
  const { t } = useTranslation('visibilite');
  const user = useAppSelector(selectUser);
  return user?.is_finance === true || user?.is_president === true ? null : t('onlyFinanceOrPresident');
}

/** A right as a badge (spec 3 §2.12: yes/no badges). */
export function OuiNon({ value }: { value: boolean }) {
  const { t } = useTranslation('visibilite');
  return value ? <Badge variant="success">{t('oui')}</Badge> : <Badge variant="destructive">{t('non')}</Badge>;
}

/** A user's right on `key` (granted when absent: the server's default). */
export function droit(user: VisibiliteUser, key: FeatureKey): boolean {
  return user.dashboard[key] ?? user.pages[key] ?? true;
}

const column = createColumnHelper<VisibiliteUser>();

function RightsTable({
  keys,
  users,
  isLoading,
  isError,
  error,
  onRetry,
  onEdit,
}: {
  keys: readonly FeatureKey[];
  users: VisibiliteUser[] | undefined;
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  onRetry: () => void;
  onEdit: (user: VisibiliteUser) => void;
}) {
  const { t } = useTranslation('visibilite');
  const keyLabel = useKeyLabel();
  const lock = useVisibiliteLock();
  const columns = useMemo(
    () => [
      column.accessor('nom', {
        header: t('columns.nom'),
        cell: (info) => (
          <span className="font-medium" dir="auto">
            {info.getValue()}
          </span>
        ),
        meta: { card: 'title' },
      }),
      // The edit next to the name: the rights' columns are many, and scroll on a narrow screen.
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('columns.actions')}</span>,
        cell: ({ row }) => (
          <DisabledReason reason={lock}>
            <Button
              variant="outline"
              size="sm"
              disabled={lock !== null}
              onClick={() => onEdit(row.original)}
              aria-label={t('editOf', { nom: row.original.nom })}
            >
              <Pencil aria-hidden="true" />
              {t('edit')}
            </Button>
          </DisabledReason>
        ),
        meta: { card: 'action' },
      }),
      ...keys.map((key) =>
        column.accessor((user) => droit(user, key), {
          id: key,
          header: keyLabel(key),
          cell: (info) => <OuiNon value={info.getValue()} />,
          meta: { searchText: (v: boolean) => (v ? t('oui') : t('non')) },
        }),
      ),
    ],
    [t, keys, keyLabel, lock, onEdit],
  );
  return (
    <DataTable
      columns={columns}
      data={users}
      isLoading={isLoading}
      isError={isError}
      error={error}
      onRetry={onRetry}
      emptyMessage={t('empty')}
      getRowId={(row) => String(row.id)}
    />
  );
}

type Values = Record<string, boolean>;

/** How many of a co-owner's changes the edit dialog shows (newest first). */
const HISTORIQUE_MAX = 5;

/** A co-owner's last changes of rights: when, by whom, what was shown and hidden (docs/api-visibilite.md). */
function Historique({ userId }: { userId: number }) {
  const { t } = useTranslation('visibilite');
  const keyLabel = useKeyLabel();
  const { data, isLoading, isError } = useGetVisibiliteHistoriqueQuery({ userId });
  const entrees = data?.historique.slice(0, HISTORIQUE_MAX) ?? [];
  const liste = (keys: readonly FeatureKey[]) => keys.map(keyLabel).join(', ');
  return (
    <section
      className="grid gap-2 border-t pt-4"
      aria-label={t('historique.title')}
      data-testid="visibilite-historique"
    >
      <h3 className="text-sm font-semibold">{t('historique.title')}</h3>
      {isLoading ? (
        <p className="text-sm text-muted-foreground">{t('historique.loading')}</p>
      ) : isError ? (
        <p className="text-sm text-destructive">{t('loadError')}</p>
      ) : entrees.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('historique.empty')}</p>
      ) : (
        <ul className="grid gap-2">
          {entrees.map((entree) => (
            <li key={`${entree.le}-${entree.par_id}`} className="grid gap-0.5 text-sm">
              <span className="text-muted-foreground">
                <span className="tabular">{formatDateTimeTunis(entree.le)}</span> —{' '}
                <span dir="auto">{entree.par_nom}</span>
              </span>
              {entree.accordees.length > 0 && <span>{t('historique.affiche', { keys: liste(entree.accordees) })}</span>}
              {entree.retirees.length > 0 && <span>{t('historique.masque', { keys: liste(entree.retirees) })}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Field names cannot hold dots (Formik reads them as paths): `see.charges` → `see_charges`. */
export function fieldOf(key: FeatureKey): string {
  return key.replaceAll('.', '_');
}

/** The edit dialog of one co-owner's rights (spec 3 §2.12). */
function EditDialog({ user, onClose }: { user: VisibiliteUser | null; onClose: () => void }) {
  const { t } = useTranslation(['visibilite', 'common']);
  const keyLabel = useKeyLabel();
  const [sync] = useSyncVisibiliteUserMutation();
  const initialValues = useMemo<Values>(
    () =>
      Object.fromEntries(user ? [...DASHBOARD_KEYS, ...PAGE_KEYS].map((key) => [fieldOf(key), droit(user, key)]) : []),
    [user],
  );

  async function submit(values: Values) {
    if (!user) return;
    const granted = [...DASHBOARD_KEYS, ...PAGE_KEYS].filter((key) => values[fieldOf(key)]);
    try {
      await sync({ syncUserRequest: { user_id: user.id, granted } }).unwrap();
      toast.success(t('visibilite:dialog.saved', { nom: user.nom }));
      onClose();
    } catch (error) {
      toast.error(translateMessage(errorMessageKey(error, {}, 'visibilite:dialog.failed')));
    }
  }

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        {user && (
          <>
            <DialogHeader>
              <DialogTitle>{t('visibilite:dialog.title', { nom: user.nom })}</DialogTitle>
              <DialogDescription>{t('visibilite:dialog.description')}</DialogDescription>
            </DialogHeader>
            <Formik<Values> initialValues={initialValues} onSubmit={submit} enableReinitialize>
              {({ isSubmitting }) => (
                <Form noValidate className="grid gap-4" aria-label={t('visibilite:dialog.title', { nom: user.nom })}>
                  <fieldset className="grid gap-2">
                    <legend className="mb-1 text-sm font-semibold">{t('visibilite:dialog.pages')}</legend>
                    {PAGE_KEYS.map((key) => (
                      <CheckboxField key={key} name={fieldOf(key)} label={keyLabel(key)} />
                    ))}
                  </fieldset>
                  <fieldset className="grid gap-2">
                    <legend className="mb-1 text-sm font-semibold">{t('visibilite:dialog.tableau')}</legend>
                    {DASHBOARD_KEYS.map((key) => (
                      <CheckboxField key={key} name={fieldOf(key)} label={keyLabel(key)} />
                    ))}
                  </fieldset>
                  <DialogFooter className="pt-2">
                    <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
                      {t('common:actions.cancel')}
                    </Button>
                    <Button type="submit" disabled={isSubmitting}>
                      {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
                      {t('visibilite:dialog.submit')}
                    </Button>
                  </DialogFooter>
                </Form>
              )}
            </Formik>
            <Historique userId={user.id} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * /syndic/administration/visibilite-finances (spec 3 §2.12 "Visibility rights"): each co-owner's
 * rights, the pages' and the dashboard's on two tabs, yes/no badges, an edit dialog and the bulk
 * action (the treasurer's or the president's).
 */
export function VisibilitePage() {
  const { t } = useTranslation('visibilite');
  const { data, isLoading, isError, error, refetch } = useGetVisibiliteFinancesQuery();
  const [editing, setEditing] = useState<VisibiliteUser | null>(null);
  const lock = useVisibiliteLock();
  const table = (keys: readonly FeatureKey[]) => (
    <RightsTable
      keys={keys}
      users={data?.users}
      isLoading={isLoading}
      isError={isError}
      error={error}
      onRetry={() => void refetch()}
      onEdit={setEditing}
    />
  );
  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <DisabledReason reason={lock}>
            {lock === null ? (
              <Button asChild>
                <Link to={visibilitePaths.actionGroupee}>
                  <UsersRound aria-hidden="true" />
                  {t('bulk')}
                </Link>
              </Button>
            ) : (
              <Button disabled>
                <UsersRound aria-hidden="true" />
                {t('bulk')}
              </Button>
            )}
          </DisabledReason>
        }
      />
      <Tabs defaultValue="pages">
        <TabsList>
          <TabsTrigger value="pages">{t('tabs.pages')}</TabsTrigger>
          <TabsTrigger value="tableau">{t('tabs.tableau')}</TabsTrigger>
        </TabsList>
        <TabsContent value="pages" data-testid="visibilite-pages">
          {table(PAGE_KEYS)}
        </TabsContent>
        <TabsContent value="tableau" data-testid="visibilite-tableau">
          {table(DASHBOARD_KEYS)}
        </TabsContent>
      </Tabs>
      <EditDialog user={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
