import { createColumnHelper } from '@tanstack/react-table';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Dinars } from '@/components/dinars';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { DataTable } from '@/components/ui/data-table';
import { formatDinars } from '@/lib/money';
import { useCardLayout } from '@/lib/use-media-query';
import type { BalanceResponse, CompteBalance } from './comptabilite-api';
import { useIntitule } from './libelles';
import { CompteNom, Montant, Solde, Totaux, type BookQuery } from './parts';

const column = createColumnHelper<CompteBalance>();

/**
 * The trial balance (docs/api-banque.md "The books"): per account of the exercice, the sums of
 * its debits and credits and its balance on the side it falls; the totals, and whether the
 * balance is balanced (it always is by construction: a warning says so if the server ever
 * answers otherwise).
 */
export function BalanceTab({ query }: { query: BookQuery<BalanceResponse> }) {
  const { t } = useTranslation(['comptabilite', 'common']);
  const intituleOf = useIntitule();
  const cards = useCardLayout();
  const columns = useMemo(() => {
    // A zero stays blank in the table (one side of the balance only); a card's labelled line says 0,000.
    const amount = (id: 'debit' | 'credit' | 'solde_debiteur' | 'solde_crediteur', header: string) =>
      column.accessor(id, {
        header,
        cell: (info) => (cards ? <Dinars value={info.getValue()} /> : <Montant value={info.getValue()} />),
        meta: { numeric: true, searchText: (value: number) => formatDinars(value) },
      });
    if (cards) {
      return [
        column.accessor((compte) => `${compte.compte} ${intituleOf(compte)}`, {
          id: 'compte',
          header: t('comptabilite:columns.compte'),
          cell: ({ row }) => <CompteNom numero={row.original.compte} intitule={intituleOf(row.original)} wrap />,
          meta: { card: 'title' },
        }),
        column.accessor((compte) => compte.solde_debiteur - compte.solde_crediteur, {
          id: 'solde',
          header: t('comptabilite:columns.solde'),
          cell: (info) => <Solde value={info.getValue()} className="font-medium" />,
          meta: { card: 'amount', searchText: (value: number) => formatDinars(Math.abs(value)) },
        }),
        amount('debit', t('comptabilite:columns.debit')),
        amount('credit', t('comptabilite:columns.credit')),
      ];
    }
    return [
      column.accessor((compte) => `${compte.compte} ${intituleOf(compte)}`, {
        id: 'compte',
        header: t('comptabilite:columns.compte'),
        cell: ({ row }) => <CompteNom numero={row.original.compte} intitule={intituleOf(row.original)} />,
        meta: { card: 'title' },
      }),
      amount('debit', t('comptabilite:columns.debit')),
      amount('credit', t('comptabilite:columns.credit')),
      amount('solde_debiteur', t('comptabilite:columns.soldeDebiteur')),
      amount('solde_crediteur', t('comptabilite:columns.soldeCrediteur')),
    ];
  }, [t, intituleOf, cards]);

  const { data, isLoading, isError, error, onRetry } = query;
  return (
    <div className="grid min-w-0 gap-3" data-testid="balance">
      <DataTable
        columns={columns}
        data={data?.comptes}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={onRetry}
        skeletonRows={6}
        pageSize={50}
        searchPlaceholder={t('comptabilite:balance.searchPlaceholder')}
        emptyMessage={t('comptabilite:balance.empty')}
        getRowId={(row) => row.compte}
      />
      {data && data.comptes.length > 0 && (
        <Totaux
          label={t('comptabilite:balance.totaux')}
          testId="balance-totaux"
          items={[
            {
              label: t('comptabilite:totaux.debit'),
              value: <Dinars value={data.totaux.debit} />,
              testId: 'balance-debit',
            },
            {
              label: t('comptabilite:totaux.credit'),
              value: <Dinars value={data.totaux.credit} />,
              testId: 'balance-credit',
            },
            {
              label: t('comptabilite:totaux.soldeDebiteur'),
              value: <Dinars value={data.totaux.solde_debiteur} />,
              testId: 'balance-solde-debiteur',
            },
            {
              label: t('comptabilite:totaux.soldeCrediteur'),
              value: <Dinars value={data.totaux.solde_crediteur} />,
              testId: 'balance-solde-crediteur',
            },
          ]}
        >
          {data.equilibree && (
            <Badge variant="success" data-testid="balance-equilibree" title={t('comptabilite:balance.equilibreeHint')}>
              <CircleCheck aria-hidden="true" className="size-3.5" />
              {t('comptabilite:balance.equilibree')}
            </Badge>
          )}
        </Totaux>
      )}
      {data && !data.equilibree && (
        <Alert variant="destructive" data-testid="balance-desequilibree">
          <TriangleAlert aria-hidden="true" />
          <p>{t('comptabilite:balance.desequilibree')}</p>
        </Alert>
      )}
    </div>
  );
}
