import { Form, Formik } from 'formik';
import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FilePickerField } from '@/components/file-picker';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { TextareaField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toaster';
import { usePannesCreerMutation, usePannesModifierMutation, type Panne } from './pannes-api';
import { pannesErrorText } from './pannes-errors';
import {
  emptyPanne,
  panneEditionSchema,
  panneFormData,
  panneSchema,
  TEXTE_MAX_LENGTH,
  type PanneValues,
} from './schemas';

function Actions({ submitting, label, onCancel }: { submitting: boolean; label: string; onCancel: () => void }) {
  const { t } = useTranslation('common');
  return (
    <DialogFooter className="pt-2">
      <Button variant="outline" onClick={onCancel} disabled={submitting}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" disabled={submitting}>
        {submitting && <Loader2 aria-hidden="true" className="animate-spin" />}
        {label}
      </Button>
    </DialogFooter>
  );
}

/**
 * "Signaler une panne" (spec 3 §2.7, §5): a description and photos, compressed before sending;
 * the same dialog in both spaces. A failure says toast.panne.created_error (spec 3 §8).
 */
export function PanneCreationDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('pannes');
  const [creer] = usePannesCreerMutation();

  async function submit(values: PanneValues) {
    try {
      await creer(panneFormData(values)).unwrap();
      toast.success(t('form.created'));
      onOpenChange(false);
    } catch (error) {
      toast.error(pannesErrorText(error, 'pannes:errors.created_error'));
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('form.createTitle')}</DialogTitle>
          <DialogDescription>{t('form.createDescription')}</DialogDescription>
        </DialogHeader>
        <Formik initialValues={emptyPanne} validationSchema={panneSchema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate className="grid gap-4" aria-label={t('form.createTitle')}>
              <TextareaField
                name="description"
                label={t('form.description')}
                rows={5}
                maxLength={TEXTE_MAX_LENGTH}
                required
              />
              <FilePickerField name="images" label={t('form.photos')} imagesOnly />
              <Actions submitting={isSubmitting} label={t('form.submit')} onCancel={() => onOpenChange(false)} />
            </Form>
          )}
        </Formik>
      </DialogContent>
    </Dialog>
  );
}

/** "Modifier la panne" (its author, spec 3 §2.7): the description only. */
export function PanneEditionDialog({ panne, onClose }: { panne: Panne | null; onClose: () => void }) {
  const { t } = useTranslation('pannes');
  const [modifier] = usePannesModifierMutation();

  async function submit(values: { description: string }) {
    if (!panne) return;
    try {
      await modifier({ id: panne.id, description: values.description.trim() }).unwrap();
      toast.success(t('form.updated'));
      onClose();
    } catch (error) {
      toast.error(pannesErrorText(error, 'pannes:errors.updated_error'));
    }
  }

  return (
    <Dialog open={panne !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('form.editTitle')}</DialogTitle>
          <DialogDescription className="sr-only">{t('form.editTitle')}</DialogDescription>
        </DialogHeader>
        {panne && (
          <Formik
            initialValues={{ description: panne.description }}
            validationSchema={panneEditionSchema}
            onSubmit={submit}
          >
            {({ isSubmitting }) => (
              <Form noValidate className="grid gap-4" aria-label={t('form.editTitle')}>
                <TextareaField
                  name="description"
                  label={t('form.description')}
                  rows={5}
                  maxLength={TEXTE_MAX_LENGTH}
                  required
                />
                <Actions submitting={isSubmitting} label={t('form.save')} onCancel={onClose} />
              </Form>
            )}
          </Formik>
        )}
      </DialogContent>
    </Dialog>
  );
}
