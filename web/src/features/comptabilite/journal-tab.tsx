import { createColumnHelper } from '@tanstack/react-table';
import { Undo2 } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Dinars } from '@/components/dinars';
import { Badge } from '@/components/ui/badge';
import { DataTable } from '@/components/ui/data-table';
import { formatDate } from '@/lib/dates';
import { formatDinars } from '@/lib/money';
import { useCardLayout } from '@/lib/use-media-query';
import type { Ecriture, JournalResponse, LigneEcriture } from './comptabilite-api';
import { useIntitule, useLibelleEcriture } from './libelles';
import { CompteNom, Montant, Totaux, type BookQuery } from './parts';

const column = createColumnHelper<Ecriture>();

/** One entry's lines stacked in a cell, one fixed height each so that the three columns align. */
const LINE = 'flex h-7 items-center';

function totalOf(ecriture: Ecriture): number {
  return ecriture.lignes.reduce((sum, ligne) => sum + ligne.debit, 0);
}

function amountsText(lignes: readonly LigneEcriture[], side: 'debit' | 'credit'): string {
  return lignes
    .filter((ligne) => ligne[side] !== 0)
    .map((ligne) => formatDinars(ligne[side]))
    .join(' ');
}

/**
 * The journal (docs/api-banque.md "The books"): the exercice's entries in number order, each with
 * its lines (account, debit, credit); a contra-entry says which entry it reverses. The journal's
 * totals follow the list. On a phone each entry is a card with its lines listed in it.
 */
export function JournalTab({ query }: { query: BookQuery<JournalResponse> }) {
  const { t } = useTranslation(['comptabilite', 'common']);
  const intituleOf = useIntitule();
  const libelleOf = useLibelleEcriture();
  const cards = useCardLayout();

  const columns = useMemo(() => {
    const comptesText = (lignes: LigneEcriture[]) =>
      lignes.map((ligne) => `${ligne.compte} ${intituleOf(ligne)}`).join(' ');
    const extourneText = (numero: number | null) =>
      numero === null ? '' : t('comptabilite:journal.extourneDe', { numero });
    const extourne = (numero: number | null) =>
      numero === null ? null : (
        <Badge variant="warning" data-testid="extourne">
          <Undo2 aria-hidden="true" className="size-3" />
          {t('comptabilite:journal.extourneDe', { numero })}
        </Badge>
      );

    if (cards) {
      return [
        column.accessor('libelle', {
          header: t('comptabilite:columns.libelle'),
          cell: (info) => libelleOf(info.getValue()),
          meta: { card: 'title', searchText: (value: string) => libelleOf(value) },
        }),
        column.accessor('numero', {
          header: t('comptabilite:columns.numero'),
          cell: ({ row }) => (
            <span className="tabular">
              {t('comptabilite:journal.numero', { numero: row.original.numero })}
              {' · '}
              {formatDate(row.original.date)}
            </span>
          ),
          meta: { card: 'subtitle' },
        }),
        column.accessor('date', {
          header: t('comptabilite:columns.date'),
          meta: { card: 'hidden', searchText: (value: string) => formatDate(value) },
        }),
        column.accessor((ecriture) => totalOf(ecriture), {
          id: 'total',
          header: t('comptabilite:columns.debit'),
          cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
          meta: { card: 'amount', searchText: (value: number) => formatDinars(value) },
        }),
        column.accessor('extourne_de', {
          header: t('comptabilite:columns.extourne'),
          cell: (info) => extourne(info.getValue()),
          enableSorting: false,
          meta: { card: 'badge', searchText: extourneText },
        }),
        column.accessor('lignes', {
          header: t('comptabilite:columns.lignes'),
          cell: (info) => (
            <ul className="grid gap-1.5">
              {info.getValue().map((ligne, index) => (
                <li key={index} className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <CompteNom numero={ligne.compte} intitule={intituleOf(ligne)} wrap />
                  <span className="ms-auto inline-flex items-baseline gap-1.5">
                    <span className="text-xs text-muted-foreground">
                      {ligne.debit !== 0 ? t('comptabilite:columns.debit') : t('comptabilite:columns.credit')}
                    </span>
                    <Dinars value={ligne.debit !== 0 ? ligne.debit : ligne.credit} />
                  </span>
                </li>
              ))}
            </ul>
          ),
          enableSorting: false,
          meta: {
            card: 'detail',
            searchText: (lignes: LigneEcriture[]) =>
              `${comptesText(lignes)} ${amountsText(lignes, 'debit')} ${amountsText(lignes, 'credit')}`,
          },
        }),
      ];
    }

    return [
      column.accessor('numero', {
        header: t('comptabilite:columns.numero'),
        cell: (info) => <span className="tabular inline-block pt-1 font-medium">{info.getValue()}</span>,
      }),
      column.accessor('date', {
        header: t('comptabilite:columns.date'),
        cell: (info) => (
          <span className="tabular inline-block pt-1 whitespace-nowrap">{formatDate(info.getValue())}</span>
        ),
        meta: { searchText: (value: string) => formatDate(value) },
      }),
      column.accessor((ecriture) => `${libelleOf(ecriture.libelle)} ${extourneText(ecriture.extourne_de)}`, {
        id: 'libelle',
        header: t('comptabilite:columns.libelle'),
        cell: ({ row }) => (
          <div className="grid min-w-48 justify-items-start gap-1 pt-1">
            <span>{libelleOf(row.original.libelle)}</span>
            {extourne(row.original.extourne_de)}
          </div>
        ),
      }),
      column.accessor('lignes', {
        id: 'comptes',
        header: t('comptabilite:columns.compte'),
        cell: (info) => (
          <ul>
            {info.getValue().map((ligne, index) => (
              <li key={index} className={`${LINE} max-w-[22rem] ${ligne.credit !== 0 ? 'ps-6' : ''}`}>
                <CompteNom numero={ligne.compte} intitule={intituleOf(ligne)} />
              </li>
            ))}
          </ul>
        ),
        enableSorting: false,
        meta: { searchText: comptesText },
      }),
      column.accessor('lignes', {
        id: 'debit',
        header: t('comptabilite:columns.debit'),
        cell: (info) => (
          <ul>
            {info.getValue().map((ligne, index) => (
              <li key={index} className={`${LINE} justify-end`}>
                <Montant value={ligne.debit} />
              </li>
            ))}
          </ul>
        ),
        enableSorting: false,
        meta: { numeric: true, searchText: (lignes: LigneEcriture[]) => amountsText(lignes, 'debit') },
      }),
      column.accessor('lignes', {
        id: 'credit',
        header: t('comptabilite:columns.credit'),
        cell: (info) => (
          <ul>
            {info.getValue().map((ligne, index) => (
              <li key={index} className={`${LINE} justify-end`}>
                <Montant value={ligne.credit} />
              </li>
            ))}
          </ul>
        ),
        enableSorting: false,
        meta: { numeric: true, searchText: (lignes: LigneEcriture[]) => amountsText(lignes, 'credit') },
      }),
    ];
  }, [t, cards, intituleOf, libelleOf]);

  const { data, isLoading, isError, error, onRetry } = query;
  return (
    <div className="grid min-w-0 gap-3 [&_td]:align-top" data-testid="journal">
      <DataTable
        columns={columns}
        data={data?.ecritures}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={onRetry}
        skeletonRows={6}
        pageSize={20}
        searchPlaceholder={t('comptabilite:journal.searchPlaceholder')}
        emptyMessage={t('comptabilite:journal.empty')}
        getRowId={(row) => String(row.numero)}
      />
      {data && data.ecritures.length > 0 && (
        <Totaux
          label={t('comptabilite:journal.totaux')}
          testId="journal-totaux"
          items={[
            {
              label: t('comptabilite:totaux.debit'),
              value: <Dinars value={data.totaux.debit} />,
              testId: 'journal-total-debit',
            },
            {
              label: t('comptabilite:totaux.credit'),
              value: <Dinars value={data.totaux.credit} />,
              testId: 'journal-total-credit',
            },
          ]}
        />
      )}
    </div>
  );
}
