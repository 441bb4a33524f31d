import { Form, Formik } from 'formik';
import { FileDown, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '@/api/download';
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
import { userText } from '@/components/user-text';
import { useAppDispatch } from '@/lib/store/hooks';
import { ChoiceField } from '@/components/ui/choice-field';
import { lettrePdfPath, recouvrementApi, type LettreType, type OccupantDetailsResponse } from './recouvrement-api';
import { recouvrementErrorText } from './recouvrement-errors';
import { emptyLettre, lettreSchema, type LettreValues } from './schemas';

const TYPES: readonly LettreType[] = ['relance', 'dernierRappel'];

/**
 * The "Lettre de relance" dialog (spec 1 §2, §5 "Recovery"): the type (relance by default, or
 * the last reminder) and the language; downloads the PDF the server renders (GET
 * /recouvrement/lettre-pdf, its name in x-file-name) and lists the letter in the occupant's
 * history. A refusal: lettreRecouvrement.error and the reason (spec 1 §8).
 */
export function LettreDialog({ details, onClose }: { details: OccupantDetailsResponse; onClose: () => void }) {
  const { t } = useTranslation(['recouvrement', 'common']);
  const dispatch = useAppDispatch();
  const { occupant } = details;

  async function submit(values: LettreValues) {
    try {
      const name = await downloadFile(
        lettrePdfPath(occupant.id, values.lettre_type, values.lang),
        `lettre-${values.lettre_type}.pdf`,
      );
      toast.success(t('recouvrement:lettreRecouvrement.downloaded'), { description: name });
      dispatch(recouvrementApi.util.invalidateTags([{ type: 'recouvrementOccupant', id: occupant.id }]));
      onClose();
    } catch (error) {
      toast.error(t('recouvrement:lettreRecouvrement.error'), { description: recouvrementErrorText(error) });
    }
  }

  const title = t('recouvrement:lettreRecouvrement.title');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {t('recouvrement:lettreRecouvrement.description', { nom: userText(occupant.nom) })}
          </DialogDescription>
        </DialogHeader>
        <Formik<LettreValues> initialValues={emptyLettre} validationSchema={lettreSchema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate className="grid gap-4" aria-label={title}>
              <ChoiceField
                name="lettre_type"
                label={t('recouvrement:lettreRecouvrement.type')}
                options={TYPES.map((type) => ({ value: type, label: t(`recouvrement:lettreTypes.${type}`) }))}
              />
              <ChoiceField
                name="lang"
                label={t('recouvrement:lettreRecouvrement.langue')}
                options={(['fr', 'ar'] as const).map((langue) => ({
                  value: langue,
                  label: t(`recouvrement:langues.${langue}`),
                }))}
              />
              <DialogFooter className="pt-2">
                <Button type="button" variant="outline" onClick={onClose} disabled={isSubmitting}>
                  {t('common:actions.cancel')}
                </Button>
                <Button type="submit" disabled={isSubmitting} data-testid="lettre-telecharger">
                  {isSubmitting ? (
                    <Loader2 aria-hidden="true" className="animate-spin" />
                  ) : (
                    <FileDown aria-hidden="true" />
                  )}
                  {t('recouvrement:lettreRecouvrement.submit')}
                </Button>
              </DialogFooter>
            </Form>
          )}
        </Formik>
      </DialogContent>
    </Dialog>
  );
}
