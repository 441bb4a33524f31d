import { createColumnHelper } from '@tanstack/react-table';
import {
  CalendarCheck,
  CheckCheck,
  CircleDashed,
  Files,
  Landmark,
  Lock,
  Plus,
  SquarePen,
  Stamp,
  Upload,
} from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Dinars } from '@/components/dinars';
import { FilterSelect } from '@/components/filter-select';
import { NoBankAlert } from '@/components/no-bank-alert';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { DisabledReason } from '@/components/ui/tooltip';
import { useIsFinance } from '@/lib/auth/use-change-lock';
import { ltrText } from '@/lib/bidi';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { formatDinars } from '@/lib/money';
import { useLibelle } from './libelles';
import { OperationDialog } from './operation-dialog';
import { relevesLinks } from './paths';
import { PointageDialog } from './pointage-dialog';
import { useGetRapprochementQuery, type LigneRapprochement } from './rapprochement-api';

/** A line's state: the colour of its row (spec 2 §2: pointed green, unpointed pink, balance grey). */
export type EtatLigne = 'pointe' | 'nonPointe' | 'solde';

export function etatOf(ligne: Pick<LigneRapprochement, 'table' | 'date_banque'>): EtatLigne {
  if (ligne.table === 'solde') return 'solde';
  return ligne.date_banque ? 'pointe' : 'nonPointe';
}

/** Each row's colour after its state, in the table and in the phone's cards alike. */
export const ROW_CLASSES: Record<EtatLigne, string> = {
  pointe: 'bg-emerald-50 hover:bg-emerald-100/70',
  nonPointe: 'bg-pink-50 hover:bg-pink-100/70',
  solde: 'bg-muted hover:bg-muted font-medium',
};

const BADGES: Record<EtatLigne, string> = {
  pointe: 'border-emerald-200 bg-emerald-100 text-emerald-800',
  nonPointe: 'border-pink-200 bg-pink-100 text-pink-800',
  solde: 'border-border bg-card text-muted-foreground',
};

const column = createColumnHelper<LigneRapprochement>();

/** A positive whole number from the address, or undefined. */
function numberParam(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}

/**
 * /syndic/banque/rapprochement (spec 2 §2 "Banking", §4, §5): one account's movements of one fiscal
 * year from the books, each pointed on the bank statement or not, and the balances they give.
 * Default: the main account and the current calendar year (the server's defaults). The treasurer
 * points movements and records a bank operation while the year is open; other council members
 * see those actions disabled with the reason.
 */
export function RapprochementPage() {
  const { t } = useTranslation(['rapprochement', 'common']);
  const isFinance = useIsFinance();
  const libelleOf = useLibelle();
  const [params, setParams] = useSearchParams();
  const compteParam = numberParam(params.get('compte'));
  const exerciceParam = numberParam(params.get('exercice'));
  const {
    currentData: data,
    isFetching,
    isError,
    error,
    refetch,
  } = useGetRapprochementQuery({
    id: compteParam,
    exercice: exerciceParam,
  });
  const [pointing, setPointing] = useState<LigneRapprochement | null>(null);
  const [creating, setCreating] = useState(false);

  const closed = data?.is_closed === true;
  const compte = data?.comptes.find((candidate) => candidate.id === data.compte_id);
  /** Why the current user may not change the reconciliation of this year, or null. */
  const pageLock = !isFinance
    ? t('common:permissions.onlyFinancier')
    : closed
      ? t('common:permissions.exerciceCloture')
      : null;

  function choose(next: { compte?: string; exercice?: string }) {
    const compteId = next.compte ?? String(data?.compte_id ?? '');
    const exercice = next.exercice ?? String(data?.exercice ?? '');
    const search = new URLSearchParams();
    if (compteId) search.set('compte', compteId);
    if (exercice) search.set('exercice', exercice);
    setParams(search, { replace: true });
  }

  const columns = useMemo(
    () => [
      column.accessor('date', {
        header: t('rapprochement:columns.date'),
        cell: (info) => <span className="tabular whitespace-nowrap">{formatDate(info.getValue())}</span>,
        meta: { card: 'subtitle' },
      }),
      // Found and sorted by what the cell shows: the libellé in the page's language, the kind of
      // movement and its reference (a deposit slip, a cheque or transfer number).
      column.accessor(
        (ligne) => [libelleOf(ligne), t(`rapprochement:tables.${ligne.table}`), ligne.reference ?? ''].join(' '),
        {
          id: 'libelle',
          header: t('rapprochement:columns.libelle'),
          cell: ({ row }) => (
            <div className="grid gap-0.5">
              <span className="font-medium">{libelleOf(row.original)}</span>
              <span className="text-xs text-muted-foreground">
                {t(`rapprochement:tables.${row.original.table}`)}
                {row.original.reference && (
                  <>
                    {' · '}
                    <span dir="ltr">{row.original.reference}</span>
                  </>
                )}
              </span>
            </div>
          ),
          meta: { card: 'title' },
        },
      ),
      column.accessor('montant', {
        header: t('rapprochement:columns.montant'),
        cell: (info) => (
          <Dinars value={info.getValue()} className={cn('font-medium', info.getValue() < 0 && 'text-destructive')} />
        ),
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
      column.accessor('date_banque', {
        header: t('rapprochement:columns.dateBanque'),
        cell: (info) =>
          info.getValue() ? (
            <span className="tabular whitespace-nowrap">{formatDate(info.getValue())}</span>
          ) : (
            <span className="text-muted-foreground">—</span>
          ),
        meta: { searchText: (value: string | null) => formatDate(value) },
      }),
      column.accessor((ligne) => etatOf(ligne), {
        id: 'etat',
        header: t('rapprochement:columns.etat'),
        cell: (info) => (
          <Badge variant="outline" data-etat={info.getValue()} className={BADGES[info.getValue()]}>
            {t(`rapprochement:etats.${info.getValue()}`)}
          </Badge>
        ),
        meta: { card: 'badge', searchText: (value: EtatLigne) => t(`rapprochement:etats.${value}`) },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('rapprochement:columns.actions')}</span>,
        cell: ({ row }) => {
          const ligne = row.original;
          if (ligne.table === 'solde' || !ligne.pointable) return null;
          const lock = pageLock ?? (ligne.is_closed ? t('common:permissions.exerciceCloture') : null);
          const pointed = ligne.date_banque !== null;
          return (
            <div className="flex justify-end">
              <DisabledReason reason={lock}>
                <Button
                  variant={pointed ? 'ghost' : 'outline'}
                  size="sm"
                  disabled={lock !== null}
                  onClick={() => setPointing(ligne)}
                  aria-label={
                    pointed
                      ? t('rapprochement:pointer.editOf', { libelle: libelleOf(ligne) })
                      : t('rapprochement:pointer.actionOf', { libelle: libelleOf(ligne) })
                  }
                >
                  {pointed ? <SquarePen aria-hidden="true" /> : <Stamp aria-hidden="true" />}
                  {pointed ? t('rapprochement:pointer.edit') : t('rapprochement:pointer.action')}
                </Button>
              </DisabledReason>
            </div>
          );
        },
        meta: { card: 'action' },
      }),
    ],
    [t, pageLock, libelleOf],
  );

  const createButton = (
    <DisabledReason reason={data?.has_bank === false ? null : pageLock}>
      <Button disabled={pageLock !== null || !compte} onClick={() => setCreating(true)} data-testid="operation-creer">
        <Plus aria-hidden="true" />
        {t('rapprochement:operation.create')}
      </Button>
    </DisabledReason>
  );

  // Importing a statement is the treasurer's (the server refuses the others): hidden for them.
  const releveLinks = isFinance && compte && (
    <>
      <Button variant="outline" asChild>
        <Link to={relevesLinks.releves(compte.id)} data-testid="releves-lien">
          <Files aria-hidden="true" />
          {t('rapprochement:releves.liste')}
        </Link>
      </Button>
      <Button variant="outline" asChild>
        <Link to={relevesLinks.importer(compte.id)} data-testid="releve-importer-lien">
          <Upload aria-hidden="true" />
          {t('rapprochement:releves.importer')}
        </Link>
      </Button>
    </>
  );

  const header = (
    <PageHeader
      title={t('rapprochement:page.title')}
      description={t('rapprochement:page.subtitle')}
      actions={
        data?.has_bank === false ? undefined : (
          <>
            {releveLinks}
            {createButton}
          </>
        )
      }
    />
  );

  if (data && !data.has_bank) {
    return (
      <div className="grid gap-6">
        {header}
        <NoBankAlert />
      </div>
    );
  }

  const totaux = data?.totaux;
  const loading = isFetching && !data;
  return (
    <div className="grid gap-6">
      {header}
      <div className="grid gap-4 sm:grid-cols-2 lg:max-w-2xl" data-testid="rapprochement-selectors">
        <FilterSelect
          label={t('rapprochement:page.compte')}
          value={String(data?.compte_id ?? compteParam ?? '')}
          options={(data?.comptes ?? []).map((choice) => ({
            value: String(choice.id),
            label: choice.is_main ? t('rapprochement:page.compteOption', { libelle: choice.libelle }) : choice.libelle,
          }))}
          onChange={(value) => choose({ compte: value })}
          testId="rapprochement-compte"
        />
        <FilterSelect
          label={t('rapprochement:page.exercice')}
          value={String(data?.exercice ?? exerciceParam ?? '')}
          options={(data?.exercices ?? []).map((choice) => ({
            value: String(choice.annee),
            label: choice.is_closed
              ? t('rapprochement:page.exerciceClotureOption', { annee: choice.annee })
              : t('rapprochement:page.exerciceOption', { annee: choice.annee }),
          }))}
          onChange={(value) => choose({ exercice: value })}
          testId="rapprochement-exercice"
        />
      </div>
      {closed && (
        <Alert role="status" data-testid="exercice-cloture">
          <Lock aria-hidden="true" />
          <p>{t('rapprochement:page.exerciceCloture')}</p>
        </Alert>
      )}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:gap-4">
        <StatCard
          icon={<CheckCheck />}
          label={t('rapprochement:totaux.pointe')}
          value={isError ? null : totaux?.pointe}
          testId="total-pointe"
        />
        <StatCard
          icon={<CircleDashed />}
          label={t('rapprochement:totaux.nonPointe')}
          value={isError ? null : totaux?.non_pointe}
          testId="total-non-pointe"
        />
        <StatCard
          icon={<Landmark />}
          label={t('rapprochement:totaux.soldeLivres')}
          value={isError ? null : totaux?.solde_livres}
          testId="solde-livres"
        />
        <StatCard
          icon={<CalendarCheck />}
          label={t('rapprochement:totaux.soldeBanque')}
          value={isError ? null : totaux?.solde_banque}
          hint={
            totaux
              ? totaux.date_dernier_pointage
                ? t('rapprochement:totaux.soldeBanqueAu', { date: ltrText(formatDate(totaux.date_dernier_pointage)) })
                : t('rapprochement:totaux.aucunPointage')
              : undefined
          }
          testId="solde-banque"
        />
      </div>
      <Legende />
      <div data-testid="rapprochement-table">
        <DataTable
          columns={columns}
          data={data?.rapprochements}
          isLoading={loading}
          isError={isError}
          error={error}
          onRetry={() => void refetch()}
          skeletonRows={6}
          pageSize={25}
          searchPlaceholder={t('rapprochement:page.searchPlaceholder')}
          emptyMessage={t('rapprochement:page.empty')}
          getRowId={(row) => `${row.table}-${row.id}`}
          rowClassName={(row) => ROW_CLASSES[etatOf(row)]}
        />
      </div>
      <PointageDialog ligne={pointing} onClose={() => setPointing(null)} />
      <OperationDialog compte={compte} open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}

/** What the row colours mean. */
function Legende() {
  const { t } = useTranslation('rapprochement');
  const items: [EtatLigne, string][] = [
    ['pointe', 'bg-emerald-100 border-emerald-300'],
    ['nonPointe', 'bg-pink-100 border-pink-300'],
    ['solde', 'bg-muted border-border'],
  ];
  return (
    <ul
      className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground"
      aria-label={t('legende.title')}
    >
      {items.map(([etat, swatch]) => (
        <li key={etat} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={cn('size-3 rounded-sm border', swatch)} />
          {t(`legende.${etat}`)}
        </li>
      ))}
    </ul>
  );
}
