import { createColumnHelper } from '@tanstack/react-table';
import { RotateCw } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dinars } from '@/components/dinars';
import { DocumentThumbnails } from '@/components/document-thumbnails';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { isVisibiliteRefusee, VisibiliteRefusee } from '@/components/visibilite-refusee';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { formatDate, isIsoDate } from '@/lib/dates';
import { formatDinars } from '@/lib/money';
import type { Document, PaiementCopro } from './finances-api';

/** A failed load: the refusal when the council hid the page, else the error with a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('finances');
  if (isVisibiliteRefusee(error)) return <VisibiliteRefusee />;
  return (
    <Alert variant="destructive" data-testid="finances-load-error">
      <span className="grow">{t('loadError')}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {t('retry')}
      </Button>
    </Alert>
  );
}

/** A payment state badge (spec 3 §4 "Payment state": complet paid, partiel partial, else unpaid). */
export function EtatPaymentBadge({ etat }: { etat: unknown }) {
  const { t } = useTranslation('finances');
  if (etat === 'complet') return <Badge variant="success">{t('etats.complet')}</Badge>;
  if (etat === 'partiel') return <Badge variant="warning">{t('etats.partiel')}</Badge>;
  return <Badge variant="destructive">{t('etats.non_paye')}</Badge>;
}

/** An approval badge (spec 3 §4 "Approval": 1 approved, 0 refused, otherwise pending). */
export function ApprobationBadge({ value }: { value: unknown }) {
  const { t } = useTranslation('finances');
  if (value === 1) return <Badge variant="success">{t('approbation.approuve')}</Badge>;
  if (value === 0) return <Badge variant="destructive">{t('approbation.refuse')}</Badge>;
  return <Badge variant="secondary">{t('approbation.attente')}</Badge>;
}

const VALEURS = [
  'mensuelle',
  'bimensuelle',
  'trimestrielle',
  'semestrielle',
  'annuelle',
  'exceptionnelle',
  'espece',
  'cheque',
  'virement',
  'versement',
  'tpe',
  'enligne',
] as const;
type ValeurConnue = (typeof VALEURS)[number];

function isValeurConnue(value: string): value is ValeurConnue {
  return (VALEURS as readonly string[]).includes(value);
}

/** A periodicity, a cotisation type or a payment method in the user's language. */
export function useValeurLabel(): (value: string) => string {
  const { t } = useTranslation('finances');
  return (value) => (isValeurConnue(value) ? t(`valeurs.${value}`) : value);
}

const DETAIL_KEYS = [
  'titre',
  'type',
  'date_debut',
  'date_fin',
  'date_echeance',
  'montant_total',
  'montant_encaisse',
  'restant_du',
  'etat_payment',
  'client',
  'fournisseur',
  'categorie',
  'montant_par_periode',
  'periodicite',
  'montant_paye',
  'montant',
  'date_paiement',
  'libelle',
  'date',
  'nom',
  'poste',
  'description',
  'approbation',
  'date_facture',
] as const;
type DetailKey = (typeof DETAIL_KEYS)[number];

function isDetailKey(key: string): key is DetailKey {
  return (DETAIL_KEYS as readonly string[]).includes(key);
}

/** A detail's value: badges for the payment state and approval, DT for numbers, dates dd/mm/yyyy. */
function DetailValue({ cle, value }: { cle: string; value: unknown }) {
  const { t } = useTranslation('finances');
  const label = useValeurLabel();
  if (cle === 'etat_payment') return <EtatPaymentBadge etat={value} />;
  if (cle === 'approbation') return <ApprobationBadge value={value} />;
  if (value === null || value === undefined || value === '') {
    return <span className="text-muted-foreground">{cle === 'date_fin' ? t('contrats.sansFin') : '—'}</span>;
  }
  if (typeof value === 'number') return <Dinars value={value} />;
  const text = String(value);
  if (isIsoDate(text)) return <span className="tabular">{formatDate(text)}</span>;
  return <span dir="auto">{label(text)}</span>;
}

/** The key/value list of a record's details (spec 3 §2.11: "key/value list of the details object, id excluded"). */
export function DetailsList({ details }: { details: Record<string, unknown> }) {
  const { t } = useTranslation('finances');
  const entries = Object.entries(details).filter(([cle]) => cle !== 'id');
  return (
    <dl className="grid" data-testid="finance-details">
      {entries.map(([cle, value]) => (
        <div key={cle} className="grid gap-1 border-b py-2.5 last:border-b-0 sm:grid-cols-[12rem_1fr] sm:gap-4">
          <dt className="text-sm text-muted-foreground">{isDetailKey(cle) ? t(`details.${cle}`) : cle}</dt>
          <dd className="text-sm font-medium">
            <DetailValue cle={cle} value={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

const paiementColumn = createColumnHelper<PaiementCopro>();

/** A record's payments (with the month of a salary when present). */
export function PaiementsTable({ paiements }: { paiements: PaiementCopro[] }) {
  const { t } = useTranslation('finances');
  const label = useValeurLabel();
  const avecMois = paiements.some((p) => p.mois);
  const columns = useMemo(
    () => [
      ...(avecMois
        ? [
            paiementColumn.accessor((p) => p.mois ?? '', {
              id: 'mois',
              header: t('paiements.mois'),
              cell: (info) => <span className="tabular">{info.getValue()}</span>,
              meta: { card: 'title' as const },
            }),
          ]
        : []),
      paiementColumn.accessor('montant', {
        header: t('paiements.montant'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
        meta: { numeric: true, card: 'amount', searchText: (v: number) => formatDinars(v) },
      }),
      paiementColumn.accessor('date_paiement', {
        header: t('paiements.date'),
        cell: (info) => <span className="tabular whitespace-nowrap">{formatDate(info.getValue())}</span>,
      }),
      paiementColumn.accessor('methode_paiement', {
        header: t('paiements.methode'),
        cell: (info) => label(info.getValue()),
        meta: { searchText: (v: string) => label(v) },
      }),
    ],
    [t, label, avecMois],
  );
  return (
    <div data-testid="finance-paiements">
      <DataTable columns={columns} data={paiements} searchable={false} emptyMessage={t('paiements.empty')} />
    </div>
  );
}

/** A titled block of the details page. */
export function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Files of a record (invoices, quotes or documents), opened in a new tab. */
export function Fichiers({ documents }: { documents: Document[] }) {
  const { t } = useTranslation('finances');
  return <DocumentThumbnails documents={documents} emptyText={t('fichiers.empty')} />;
}
