import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TablePointage } from '@/api/generated';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/toaster';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { Montant } from './parts';
import { useRapprocherLigneReleveMutation, type LigneReleve, type Releve } from './releves-api';
import { releveErrorText } from './releves-errors';

/**
 * Validates a proposed line (issue 22): the treasurer chooses one of the candidate sets of
 * movements (best first, chosen by default), which are pointed with the line's date.
 */
export function PropositionDialog({
  releve,
  ligne,
  onClose,
}: {
  releve: Releve;
  ligne: LigneReleve | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('releves');
  return (
    <Dialog open={ligne !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-lg">
        {ligne && (
          <>
            <DialogHeader>
              <DialogTitle>{t('proposition.title')}</DialogTitle>
              <DialogDescription>
                {t('proposition.description', { libelle: ligne.libelle, date: formatDate(ligne.date) })}{' '}
                <Montant value={ligne.montant} />
              </DialogDescription>
            </DialogHeader>
            <PropositionForm key={ligne.numero} releve={releve} ligne={ligne} onDone={onClose} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PropositionForm({ releve, ligne, onDone }: { releve: Releve; ligne: LigneReleve; onDone: () => void }) {
  const { t } = useTranslation(['releves', 'common']);
  const [choix, setChoix] = useState(0);
  const [rapprocher, { isLoading }] = useRapprocherLigneReleveMutation();

  async function valider() {
    const mouvements = ligne.propositions[choix] ?? [];
    try {
      await rapprocher({
        rapprocherRequest: {
          releve: releve.id,
          ligne: ligne.numero,
          mouvements: mouvements.map(({ table, id }) => ({ table: table as TablePointage, id })),
        },
      }).unwrap();
      toast.success(t('releves:proposition.done'), { description: ligne.libelle });
      onDone();
    } catch (error) {
      toast.error(t('releves:proposition.failed'), { description: releveErrorText(error) });
    }
  }

  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('releves:proposition.choix')}</legend>
        {ligne.propositions.map((ensemble, index) => (
          <label
            key={index}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-focus-visible:ring-2 has-focus-visible:ring-ring',
              choix === index && 'border-primary bg-primary/5',
            )}
          >
            <input
              type="radio"
              name="proposition"
              checked={choix === index}
              onChange={() => setChoix(index)}
              className="mt-1 accent-primary"
            />
            <ul className="grid min-w-0 flex-1 gap-1">
              {ensemble.map((mouvement) => (
                <li key={`${mouvement.table}-${mouvement.id}`} className="flex flex-wrap justify-between gap-x-3">
                  <span className="min-w-0 break-words">
                    <span className="tabular">{formatDate(mouvement.date)}</span> · {mouvement.libelle}
                  </span>
                  <Montant value={mouvement.montant} />
                </li>
              ))}
            </ul>
          </label>
        ))}
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={isLoading}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="button" onClick={() => void valider()} disabled={isLoading || ligne.propositions.length === 0}>
          {isLoading && <Loader2 aria-hidden="true" className="animate-spin" />}
          {t('releves:proposition.submit')}
        </Button>
      </DialogFooter>
    </div>
  );
}
