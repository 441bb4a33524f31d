import { Form, Formik } from 'formik';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/toaster';
import { dinarsText, ltrText } from '@/lib/bidi';
import { formatDate } from '@/lib/dates';
import { translateMessage } from '@/lib/translate-message';
import { useLibelle } from './libelles';
import type { TablePointage } from '@/api/generated';
import { usePointerMouvementMutation, type LigneRapprochement } from './rapprochement-api';
import { rapprochementErrorKey } from './rapprochement-errors';
import { pointageSchema, type PointageValues } from './schemas';

/**
 * Points a movement on the bank statement (spec 2 §4 "Reconciliation", §5 "Reconciliation
 * pointing"): its bank date, required and valid. A pointed movement's date can be changed, or
 * the pointing undone.
 */
export function PointageDialog({ ligne, onClose }: { ligne: LigneRapprochement | null; onClose: () => void }) {
  return (
    <Dialog open={ligne !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">{ligne && <PointageForm ligne={ligne} onDone={onClose} />}</DialogContent>
    </Dialog>
  );
}

function PointageForm({ ligne, onDone }: { ligne: LigneRapprochement; onDone: () => void }) {
  const { t } = useTranslation(['rapprochement', 'common']);
  const [pointer] = usePointerMouvementMutation();
  const libelle = useLibelle()(ligne);
  const [unpointing, setUnpointing] = useState(false);
  const pointed = ligne.date_banque !== null;

  async function send(dateBanque: string | null): Promise<boolean> {
    try {
      await pointer({
        pointerRequest: { id: ligne.id, table: ligne.table as TablePointage, date_banque: dateBanque },
      }).unwrap();
      toast.success(
        dateBanque === null
          ? t('rapprochement:pointer.unpointed')
          : pointed
            ? t('rapprochement:pointer.updated')
            : t('rapprochement:pointer.pointed'),
        { description: libelle },
      );
      onDone();
      return true;
    } catch (error) {
      toast.error(t('rapprochement:pointer.failed'), {
        description: translateMessage(rapprochementErrorKey(error)),
      });
      return false;
    }
  }

  async function unpoint() {
    setUnpointing(true);
    if (!(await send(null))) setUnpointing(false);
  }

  const initial: PointageValues = { date_banque: ligne.date_banque ?? ligne.date };
  const title = pointed ? t('rapprochement:pointer.editTitle') : t('rapprochement:pointer.title');
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {t('rapprochement:pointer.description', {
            libelle,
            date: ltrText(formatDate(ligne.date)),
            montant: dinarsText(ligne.montant),
          })}
        </DialogDescription>
      </DialogHeader>
      <Formik initialValues={initial} validationSchema={pointageSchema} onSubmit={(values) => send(values.date_banque)}>
        {({ isSubmitting }) => (
          <Form noValidate className="grid gap-5" aria-label={title}>
            <DateField
              name="date_banque"
              label={t('rapprochement:pointer.dateBanque')}
              description={t('rapprochement:pointer.dateBanqueHint')}
            />
            <DialogFooter className="gap-2 sm:items-center">
              {pointed && (
                <Button
                  type="button"
                  variant="outline"
                  className="text-destructive hover:bg-destructive/10 hover:text-destructive sm:me-auto"
                  onClick={() => void unpoint()}
                  disabled={isSubmitting || unpointing}
                >
                  {unpointing && <Loader2 aria-hidden="true" className="animate-spin" />}
                  {t('rapprochement:pointer.depointer')}
                </Button>
              )}
              <Button type="button" variant="outline" onClick={onDone} disabled={isSubmitting || unpointing}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" disabled={isSubmitting || unpointing}>
                {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
                {pointed ? t('rapprochement:pointer.submitEdit') : t('rapprochement:pointer.submit')}
              </Button>
            </DialogFooter>
          </Form>
        )}
      </Formik>
    </>
  );
}
