import { createColumnHelper } from '@tanstack/react-table';
import { Lock, Pencil, PiggyBank, Receipt, TrendingUp } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dinars } from '@/components/dinars';
import { PageHeader } from '@/components/page-header';
import { LockedLink } from '@/components/record-actions';
import { StatCard } from '@/components/stat-card';
import { Alert } from '@/components/ui/alert';
import { DataTable } from '@/components/ui/data-table';
import { UserText } from '@/components/user-text';
import { useChangeLock } from '@/lib/auth/use-change-lock';
import { cn } from '@/lib/cn';
import { formatDinars } from '@/lib/money';
import { useGetBudgetsQuery, useGetCoproprietaireBudgetsQuery, type Budget, type ElementBudget } from './budgets-api';
import { ApprovalLabel, YearSelect } from './parts';
import { budgetModifierPath } from './paths';
import { spendRatio } from './ratio';
import { isVisibiliteRefusee, VisibiliteRefusee } from '@/components/visibilite-refusee';

const column = createColumnHelper<ElementBudget>();

/** The spend ratio of an element: the rounded percentage, highlighted above 100 %. */
function Ratio({ element }: { element: ElementBudget }) {
  const { t } = useTranslation('budgets');
  const { percent, over } = spendRatio(element.montant, element.montant_total_depense);
  return (
    <span
      dir="ltr"
      data-testid="budget-ratio"
      data-over={over}
      className={cn('tabular font-medium', over && 'rounded bg-destructive/10 px-1.5 py-0.5 text-destructive')}
    >
      {percent === null ? t('liste.ratioSansBudget') : t('liste.ratio', { percent })}
    </span>
  );
}

/** The charges behind an element's spend: title and amount. */
function Charges({ element }: { element: ElementBudget }) {
  const { t } = useTranslation('budgets');
  if (element.charges.length === 0) return <span className="text-muted-foreground">{t('liste.aucuneCharge')}</span>;
  return (
    <ul className="grid gap-0.5 text-sm" aria-label={t('liste.chargesOf', { categorie: element.categorie_titre })}>
      {element.charges.map((charge) => (
        <li key={charge.id} className="flex flex-wrap justify-between gap-x-3">
          <UserText>{charge.titre}</UserText>
          <Dinars value={charge.montant} className="text-muted-foreground" />
        </li>
      ))}
    </ul>
  );
}

function useColumns() {
  const { t } = useTranslation('budgets');
  return useMemo(
    () => [
      column.accessor('categorie_titre', {
        header: t('liste.columns.categorie'),
        cell: (info) => <UserText className="font-medium">{info.getValue()}</UserText>,
        meta: { card: 'title' },
      }),
      column.accessor('montant', {
        header: t('liste.columns.budgete'),
        cell: (info) => <Dinars value={info.getValue()} />,
        meta: { numeric: true, searchText: (value: number) => formatDinars(value) },
      }),
      column.accessor('montant_total_depense', {
        header: t('liste.columns.depense'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
      column.accessor((element) => spendRatio(element.montant, element.montant_total_depense).percent ?? -1, {
        id: 'ratio',
        header: t('liste.columns.ratio'),
        cell: (info) => <Ratio element={info.row.original} />,
        meta: { numeric: true, card: 'badge' },
      }),
      column.display({
        id: 'charges',
        header: t('liste.columns.charges'),
        cell: ({ row }) => <Charges element={row.original} />,
        meta: { card: 'detail' },
      }),
    ],
    [t],
  );
}

/**
 * One budget: its approval, its totals, and each element with what was spent on its category in
 * the year, the charges behind it and the ratio (spec 2 §2 "Budget display").
 */
function BudgetView({
  budget,
  isLoading,
  isError,
  error,
  onRetry,
}: {
  budget: Budget | undefined;
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation('budgets');
  const columns = useColumns();
  const total = budget ? spendRatio(budget.montant_total, budget.montant_total_depense) : null;
  return (
    <>
      {budget && (
        <div className="flex flex-wrap items-center gap-3" data-testid="budget-entete">
          <h2 className="text-lg font-semibold">
            <UserText>{budget.titre}</UserText>
          </h2>
          <ApprovalLabel budget={budget} />
        </div>
      )}
      {budget?.is_closed && (
        <Alert role="status" data-testid="budget-cloture">
          <Lock aria-hidden="true" />
          {t('liste.cloture')}
        </Alert>
      )}
      <div className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        <StatCard
          icon={<PiggyBank />}
          label={t('liste.totalBudgete')}
          value={budget?.montant_total ?? (isError ? null : undefined)}
          testId="budget-total"
        />
        <StatCard
          icon={<Receipt />}
          label={t('liste.totalDepense')}
          value={budget?.montant_total_depense ?? (isError ? null : undefined)}
          testId="budget-total-depense"
        />
        <div
          className={cn('rounded-xl border bg-card p-3 sm:p-5', total?.over && 'border-destructive/40')}
          data-testid="budget-total-ratio"
        >
          <p className="flex items-center gap-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">
            <TrendingUp aria-hidden="true" className="size-4" />
            {t('liste.ratioGlobal')}
          </p>
          <p
            dir="ltr"
            className={cn('mt-1 text-lg font-semibold sm:text-xl rtl:text-end', total?.over && 'text-destructive')}
          >
            {total === null || total.percent === null
              ? t('liste.ratioSansBudget')
              : t('liste.ratio', { percent: total.percent })}
          </p>
        </div>
      </div>
      {budget?.commentaire && (
        <p className="text-sm text-muted-foreground" data-testid="budget-commentaire">
          <span className="font-medium text-foreground">{t('liste.commentaire')} </span>
          <UserText>{budget.commentaire}</UserText>
        </p>
      )}
      <DataTable
        columns={columns}
        data={budget?.elements}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={onRetry}
        skeletonRows={6}
        searchPlaceholder={t('liste.searchPlaceholder')}
        emptyMessage={t('liste.empty')}
        getRowId={(row) => String(row.id)}
        rowClassName={(row) =>
          spendRatio(row.montant, row.montant_total_depense).over ? 'bg-destructive/5' : undefined
        }
      />
    </>
  );
}

/** The year selector's choice: the chosen year, else the current year's budget, else the newest. */
function useChosenBudget(budgets: readonly Budget[] | undefined, current: Budget | null | undefined) {
  const [annee, setAnnee] = useState<string | null>(null);
  const chosen =
    (annee !== null ? budgets?.find((budget) => String(budget.id) === annee) : undefined) ?? current ?? budgets?.[0];
  return { chosen, setAnnee };
}

function BudgetsScreen({
  data,
  isLoading,
  isError,
  error,
  refetch,
  readOnly,
}: {
  data: { budgets: Budget[]; currentBudget: Budget | null } | undefined;
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('budgets');
  const changeLock = useChangeLock();
  const { chosen, setAnnee } = useChosenBudget(data?.budgets, data?.currentBudget);
  const noBudget = data !== undefined && data.budgets.length === 0;
  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('liste.title')}
        description={t(readOnly ? 'liste.subtitleCoproprietaire' : 'liste.subtitle')}
        actions={
          !readOnly && chosen ? (
            <LockedLink to={budgetModifierPath(chosen.id)} lock={changeLock(chosen)} testId="budget-modifier">
              <Pencil aria-hidden="true" />
              {t('liste.modifier')}
            </LockedLink>
          ) : undefined
        }
      />
      {data && data.budgets.length > 0 && (
        <YearSelect
          label={t('liste.annee')}
          value={String(chosen?.id ?? '')}
          options={data.budgets.map((budget) => ({
            value: String(budget.id),
            label: budget.is_closed
              ? t('liste.anneeClotureOption', { annee: budget.annee_exercice })
              : t('liste.anneeOption', { annee: budget.annee_exercice }),
          }))}
          onChange={setAnnee}
        />
      )}
      {isError && isVisibiliteRefusee(error) ? (
        <VisibiliteRefusee />
      ) : noBudget ? (
        <Alert role="status" data-testid="budgets-vide">
          {t('liste.aucunBudget')}
        </Alert>
      ) : (
        <BudgetView budget={chosen} isLoading={isLoading} isError={isError} error={error} onRetry={refetch} />
      )}
    </div>
  );
}

/** /syndic/exercices-budgets/budgets: the budgets with a year selector, the current year's first. */
export function BudgetsPage() {
  const { data, isLoading, isError, error, refetch } = useGetBudgetsQuery();
  return (
    <BudgetsScreen
      data={data}
      isLoading={isLoading}
      isError={isError}
      error={error}
      refetch={() => void refetch()}
      readOnly={false}
    />
  );
}

/** /coproprietaire/budgets: the same, read only (spec 3 §2.11). */
export function CoproprietaireBudgetsPage() {
  const { data, isLoading, isError, error, refetch } = useGetCoproprietaireBudgetsQuery();
  return (
    <BudgetsScreen
      data={data}
      isLoading={isLoading}
      isError={isError}
      error={error}
      refetch={() => void refetch()}
      readOnly
    />
  );
}
