import { useTranslation } from 'react-i18next';
import { Dinars } from '@/components/dinars';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate } from '@/lib/dates';
import type { Cheque } from './remises-cheques-api';

/** The cheques of one deposit, read only (its details dialog). */
export function ChequesTable({ cheques }: { cheques: readonly Cheque[] }) {
  const { t } = useTranslation('remisesCheques');
  return (
    <div className="max-h-[50vh] overflow-auto rounded-lg border">
      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>{t('cheques.date')}</TableHead>
            <TableHead>{t('cheques.libelle')}</TableHead>
            <TableHead>{t('cheques.reference')}</TableHead>
            <TableHead className="text-end">{t('cheques.montant')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {cheques.map((cheque) => (
            <TableRow key={`${cheque.origine}-${cheque.id}`} data-testid="remise-cheque">
              <TableCell className="tabular whitespace-nowrap">{formatDate(cheque.date)}</TableCell>
              <TableCell>
                <div className="font-medium">{cheque.tireur ?? cheque.libelle}</div>
                <div className="text-xs text-muted-foreground">
                  {[cheque.propriete, cheque.tireur ? cheque.libelle : null].filter(Boolean).join(' — ')}
                </div>
              </TableCell>
              <TableCell dir="ltr" className="tabular rtl:text-end">
                {cheque.reference ?? '—'}
              </TableCell>
              <TableCell className="text-end">
                <Dinars value={cheque.montant} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
