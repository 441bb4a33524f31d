import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Dinars } from '@/components/dinars';
import { DataTable } from '@/components/ui/data-table';
import { formatDate } from '@/lib/dates';
import { formatDinars } from '@/lib/money';
import { useCardLayout } from '@/lib/use-media-query';
import type { CompteGrandLivre, GrandLivreResponse, MouvementGrandLivre } from './comptabilite-api';
import { useIntitule, useLibelleEcriture } from './libelles';
import { CompteNom, FilterSelect, Montant, Solde, Totaux, type BookQuery } from './parts';

const column = createColumnHelper<MouvementGrandLivre>();

/**
 * The general ledger (docs/api-banque.md "The books"): per account, the balance carried in, the
 * exercice's movements with the running balance, the totals and the closing balance. The account
 * selector shows every account or one; the whole ledger is read once and filtered here, so that
 * the selector always offers every account of the exercice.
 */
export function GrandLivreTab({
  query,
  compte,
  onCompte,
}: {
  query: BookQuery<GrandLivreResponse>;
  compte: string;
  onCompte: (compte: string) => void;
}) {
  const { t } = useTranslation(['comptabilite', 'common']);
  const intituleOf = useIntitule();
  const { data, isLoading, isError } = query;
  const comptes = data?.comptes ?? [];
  const shown = compte ? comptes.filter((candidate) => candidate.compte === compte) : comptes;
  const options = [
    { value: '', label: t('comptabilite:grandLivre.tous') },
    ...comptes.map((candidate) => ({
      value: candidate.compte,
      label: t('comptabilite:grandLivre.compteOption', { numero: candidate.compte, intitule: intituleOf(candidate) }),
    })),
  ];
  // An account named in the address but without a line this exercice stays selectable.
  if (compte && !comptes.some((candidate) => candidate.compte === compte)) {
    options.push({ value: compte, label: compte });
  }

  let body;
  if (isLoading || isError) {
    // The table's own skeleton and error line (with its retry).
    body = <CompteSection compte={null} query={query} />;
  } else if (shown.length === 0) {
    body = (
      <p
        className="rounded-lg border bg-card px-4 py-10 text-center text-muted-foreground"
        data-testid="grand-livre-vide"
      >
        {compte ? t('comptabilite:grandLivre.mouvementsEmpty') : t('comptabilite:grandLivre.empty')}
      </p>
    );
  } else {
    body = shown.map((item) => <CompteSection key={item.compte} compte={item} query={query} />);
  }

  return (
    <div className="grid min-w-0 gap-6" data-testid="grand-livre">
      <FilterSelect
        label={t('comptabilite:grandLivre.compte')}
        value={compte}
        options={options}
        onChange={onCompte}
        testId="grand-livre-compte"
        className="sm:max-w-md"
      />
      {body}
    </div>
  );
}

/** One account of the ledger: its heading and balances, its movements, its totals. */
function CompteSection({ compte, query }: { compte: CompteGrandLivre | null; query: BookQuery<GrandLivreResponse> }) {
  const { t } = useTranslation(['comptabilite', 'common']);
  const intituleOf = useIntitule();
  const libelleOf = useLibelleEcriture();
  const cards = useCardLayout();
  const columns = useMemo(
    () => [
      column.accessor('numero', {
        header: t('comptabilite:columns.numero'),
        cell: (info) => <span className="tabular">{info.getValue()}</span>,
        enableSorting: false,
        meta: { card: 'hidden' },
      }),
      column.accessor('date', {
        header: t('comptabilite:columns.date'),
        cell: ({ row }) => (
          <span className="tabular whitespace-nowrap">
            {cards && `${t('comptabilite:journal.numero', { numero: row.original.numero })} · `}
            {formatDate(row.original.date)}
          </span>
        ),
        enableSorting: false,
        meta: { card: 'subtitle', searchText: (value: string) => formatDate(value) },
      }),
      column.accessor('libelle', {
        header: t('comptabilite:columns.libelle'),
        cell: (info) => <span className="inline-block lg:min-w-48">{libelleOf(info.getValue())}</span>,
        enableSorting: false,
        meta: { card: 'title', searchText: (value: string) => libelleOf(value) },
      }),
      ...(cards
        ? [
            // On a card the movement leads, on its side; the running balance follows.
            column.accessor((mouvement) => mouvement.debit - mouvement.credit, {
              id: 'mouvement',
              header: t('comptabilite:columns.montant'),
              cell: (info) => (
                <span className="grid justify-items-end">
                  <Dinars value={Math.abs(info.getValue())} className="font-medium" />
                  <span className="text-xs text-muted-foreground">
                    {info.getValue() >= 0 ? t('comptabilite:columns.debit') : t('comptabilite:columns.credit')}
                  </span>
                </span>
              ),
              enableSorting: false,
              meta: { card: 'amount', searchText: (value: number) => formatDinars(Math.abs(value)) },
            }),
          ]
        : [
            column.accessor('debit', {
              header: t('comptabilite:columns.debit'),
              cell: (info) => <Montant value={info.getValue()} />,
              enableSorting: false,
              meta: { numeric: true, searchText: (value: number) => formatDinars(value) },
            }),
            column.accessor('credit', {
              header: t('comptabilite:columns.credit'),
              cell: (info) => <Montant value={info.getValue()} />,
              enableSorting: false,
              meta: { numeric: true, searchText: (value: number) => formatDinars(value) },
            }),
          ]),
      column.accessor('solde', {
        header: t('comptabilite:columns.solde'),
        cell: (info) => <Solde value={info.getValue()} className="font-medium" />,
        enableSorting: false,
        meta: { numeric: true, card: 'detail', searchText: (value: number) => formatDinars(Math.abs(value)) },
      }),
    ],
    [t, libelleOf, cards],
  );

  const table = (
    <DataTable
      columns={columns}
      data={compte?.mouvements}
      isLoading={query.isLoading}
      isError={query.isError}
      error={query.error}
      onRetry={query.onRetry}
      searchable={false}
      skeletonRows={6}
      pageSize={20}
      emptyMessage={t('comptabilite:grandLivre.mouvementsEmpty')}
      getRowId={(row) => `${row.numero}-${row.date}`}
    />
  );
  if (!compte) return table;

  const headingId = `grand-livre-${compte.compte}`;
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3" data-testid={`compte-${compte.compte}`}>
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-1 border-b pb-2">
        <h2 id={headingId} className="min-w-0 text-lg">
          <CompteNom numero={compte.compte} intitule={intituleOf(compte)} wrap />
        </h2>
        <p className="flex items-baseline gap-2 text-sm">
          <span className="text-muted-foreground">{t('comptabilite:grandLivre.soldeOuverture')}</span>
          <span data-testid="solde-ouverture">
            <Solde value={compte.solde_ouverture} className="font-semibold" />
          </span>
        </p>
      </div>
      {table}
      <Totaux
        label={t('comptabilite:grandLivre.totaux')}
        items={[
          {
            label: t('comptabilite:grandLivre.totalDebit'),
            value: <Dinars value={compte.total_debit} />,
            testId: 'total-debit',
          },
          {
            label: t('comptabilite:grandLivre.totalCredit'),
            value: <Dinars value={compte.total_credit} />,
            testId: 'total-credit',
          },
          {
            label: t('comptabilite:grandLivre.soldeCloture'),
            value: <Solde value={compte.solde} />,
            testId: 'solde-cloture',
          },
        ]}
      />
    </section>
  );
}
