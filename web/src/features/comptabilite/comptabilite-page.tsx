import { Banknote, Landmark, RotateCw, Vault, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessageKey } from '@/lib/api-error-message';
import { ltrText } from '@/lib/bidi';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { BalanceTab } from './balance-tab';
import {
  useGetComptabiliteBalanceQuery,
  useGetComptabiliteGrandLivreQuery,
  useGetComptabiliteJournalQuery,
  useGetComptabiliteTresorerieQuery,
  type ExerciceComptable,
} from './comptabilite-api';
import { GrandLivreTab } from './grand-livre-tab';
import { JournalTab } from './journal-tab';
import { FilterSelect, type BookQuery } from './parts';

export const ONGLETS = ['journal', 'grand-livre', 'balance'] as const;
export type Onglet = (typeof ONGLETS)[number];

function ongletOf(value: string | null): Onglet {
  return ONGLETS.find((onglet) => onglet === value) ?? 'journal';
}

/** A year from the address, or undefined (the server's default: the current year). */
function exerciceOf(value: string | null): number | undefined {
  if (value === null || !/^\d{4}$/.test(value)) return undefined;
  return Number(value);
}

/** What a tab needs of an RTK Query result: the answer for the current arguments only. */
function bookQuery<T>(result: {
  currentData?: T;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}): BookQuery<T> {
  return {
    data: result.isError ? undefined : result.currentData,
    isLoading: result.isFetching && result.currentData === undefined,
    isError: result.isError,
    error: result.error,
    onRetry: () => void result.refetch(),
  };
}

/**
 * /syndic/banque/comptabilite (issue 12, ADR 0007, docs/api-banque.md "The books"): today's
 * treasury, then the books of one exercice in three tabs: the journal, the general ledger, the
 * trial balance. The exercice, the tab and the ledger's account are in the address (`exercice`,
 * `onglet`, `compte`); without `exercice` the server answers the current year. Only the open tab
 * is fetched. Every council member reads it; nothing is written here.
 */
export function ComptabilitePage() {
  const { t } = useTranslation(['comptabilite', 'common']);
  const [params, setParams] = useSearchParams();
  const onglet = ongletOf(params.get('onglet'));
  const exercice = exerciceOf(params.get('exercice'));
  const compte = params.get('compte') ?? '';

  const journal = useGetComptabiliteJournalQuery({ exercice }, { skip: onglet !== 'journal' });
  const grandLivre = useGetComptabiliteGrandLivreQuery({ exercice }, { skip: onglet !== 'grand-livre' });
  const balance = useGetComptabiliteBalanceQuery({ exercice }, { skip: onglet !== 'balance' });
  const active = { journal, 'grand-livre': grandLivre, balance }[onglet];

  function update(next: { onglet?: Onglet; exercice?: string; compte?: string }) {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) search.set(key, value);
      else search.delete(key);
    }
    setParams(search, { replace: true });
  }

  // The years the open tab's answer lists (the last one it had while the next loads).
  const shownExercice = exercice ?? active.data?.exercice;
  const exercices: ExerciceComptable[] = [...(active.data?.exercices ?? [])];
  if (shownExercice !== undefined && !exercices.some((choice) => choice.annee === shownExercice)) {
    exercices.unshift({ annee: shownExercice, is_closed: false });
  }

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('comptabilite:page.title')}
        description={t('comptabilite:page.subtitle')}
        actions={
          <FilterSelect
            label={t('comptabilite:page.exercice')}
            value={shownExercice === undefined ? '' : String(shownExercice)}
            options={exercices.map((choice) => ({
              value: String(choice.annee),
              label: choice.is_closed
                ? t('comptabilite:page.exerciceClotureOption', { annee: choice.annee })
                : t('comptabilite:page.exerciceOption', { annee: choice.annee }),
            }))}
            // Another year's ledger may not have the chosen account: back to every account.
            onChange={(value) => update({ exercice: value, compte: '' })}
            testId="exercice"
            className="w-40"
          />
        }
      />
      <Tresorerie />
      <Tabs value={onglet} onValueChange={(value) => update({ onglet: ongletOf(value) })} className="min-w-0">
        <TabsList aria-label={t('comptabilite:page.tabsLabel')} className="max-w-full justify-start overflow-x-auto">
          <TabsTrigger value="journal">{t('comptabilite:tabs.journal')}</TabsTrigger>
          <TabsTrigger value="grand-livre">{t('comptabilite:tabs.grandLivre')}</TabsTrigger>
          <TabsTrigger value="balance">{t('comptabilite:tabs.balance')}</TabsTrigger>
        </TabsList>
        <TabsContent value="journal" className="mt-4">
          <JournalTab query={bookQuery(journal)} />
        </TabsContent>
        <TabsContent value="grand-livre" className="mt-4">
          <GrandLivreTab
            query={bookQuery(grandLivre)}
            compte={compte}
            onCompte={(value) => update({ compte: value })}
          />
        </TabsContent>
        <TabsContent value="balance" className="mt-4">
          <BalanceTab query={bookQuery(balance)} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

const STRIP = cn(
  '-mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 *:w-60 *:shrink-0 *:snap-start',
  'sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 sm:pb-0 sm:*:w-auto lg:grid-cols-4 lg:gap-4',
);

/**
 * Today's money (GET /comptabilite/tresorerie): the cash box, each bank account, the cheques
 * received and not yet deposited (not in the total), and the total of cash and banks.
 */
function Tresorerie() {
  const { t } = useTranslation(['comptabilite', 'common']);
  const { data, isError, error, refetch } = useGetComptabiliteTresorerieQuery({});
  const value = (amount: number | undefined) => (isError ? null : amount);
  return (
    <section aria-labelledby="tresorerie-titre" className="grid min-w-0 gap-3" data-testid="tresorerie">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="tresorerie-titre" className="text-base font-semibold">
          {data
            ? t('comptabilite:tresorerie.title', { date: ltrText(formatDate(data.date)) })
            : t('comptabilite:tresorerie.titleToday')}
        </h2>
        {isError && (
          <p role="alert" className="flex flex-wrap items-center gap-2 text-sm font-medium text-destructive">
            {t(errorMessageKey(error, {}, 'comptabilite:tresorerie.error') as never)}
            <Button variant="outline" size="sm" onClick={() => void refetch()} data-testid="tresorerie-retry">
              <RotateCw aria-hidden="true" />
              {t('common:actions.retry')}
            </Button>
          </p>
        )}
      </div>
      {/* On a phone a strip scrolled sideways, the total first; from 640 px a grid in the sum's order. */}
      <div className={STRIP}>
        <StatCard
          icon={<Wallet />}
          label={t('comptabilite:tresorerie.caisse')}
          value={value(data?.caisse)}
          testId="tresorerie-caisse"
        />
        {(data?.banques ?? []).map((banque) => (
          <StatCard
            key={banque.compte_id ?? 'non-designe'}
            icon={<Landmark />}
            label={banque.compte_id === null ? t('comptabilite:comptes.banqueNonDesignee') : banque.compte_nom}
            value={value(banque.solde)}
            testId={`tresorerie-banque-${banque.compte_id ?? 0}`}
          />
        ))}
        <StatCard
          icon={<Banknote />}
          label={t('comptabilite:tresorerie.cheques')}
          value={value(data?.cheques_a_encaisser)}
          hint={t('comptabilite:tresorerie.chequesHint')}
          testId="tresorerie-cheques"
        />
        <div className="order-first grid sm:order-none">
          <StatCard
            icon={<Vault />}
            label={t('comptabilite:tresorerie.total')}
            value={value(data?.total)}
            hint={t('comptabilite:tresorerie.totalHint')}
            testId="tresorerie-total"
          />
        </div>
      </div>
    </section>
  );
}
