import { Form, Formik } from 'formik';
import { Loader2 } from 'lucide-react';
import { useMemo } from 'react';
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
import { FormField, TextareaField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toaster';
import { todayIso } from '@/lib/dates';
import { useAnnoncesCreerMutation, useAnnoncesModifierMutation, type Annonce } from './annonces-api';
import { annoncesErrorText } from './annonces-errors';
import {
  annonceCreationSchema,
  annonceEditionSchema,
  DESCRIPTION_MAX_LENGTH,
  emptyAnnonce,
  type AnnonceCreationValues,
  type AnnonceEditionValues,
} from './schemas';

function DialogActions({
  submitting,
  submitLabel,
  onCancel,
}: {
  submitting: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <DialogFooter className="pt-2">
      <Button variant="outline" onClick={onCancel} disabled={submitting}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" disabled={submitting}>
        {submitting && <Loader2 aria-hidden="true" className="animate-spin" />}
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}

/** "Nouvelle annonce" (spec 3 §5): a description and a duration in days, 14 by default. */
export function AnnonceCreationDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('annonces');
  const [creer] = useAnnoncesCreerMutation();

  async function submit(values: AnnonceCreationValues) {
    try {
      await creer({ description: values.description.trim(), jours: Number(values.jours) }).unwrap();
      toast.success(t('form.created'));
      onOpenChange(false);
    } catch (error) {
      toast.error(annoncesErrorText(error, 'annonces:errors.created_error'));
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('form.createTitle')}</DialogTitle>
          <DialogDescription>{t('form.createDescription')}</DialogDescription>
        </DialogHeader>
        <Formik initialValues={emptyAnnonce} validationSchema={annonceCreationSchema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate className="grid gap-4" aria-label={t('form.createTitle')}>
              <TextareaField
                name="description"
                label={t('form.description')}
                rows={5}
                maxLength={DESCRIPTION_MAX_LENGTH}
                required
              />
              <FormField
                name="jours"
                label={t('form.jours')}
                description={t('form.joursHint')}
                inputMode="numeric"
                dir="ltr"
                className="max-w-40"
                required
              />
              <DialogActions
                submitting={isSubmitting}
                submitLabel={t('form.publish')}
                onCancel={() => onOpenChange(false)}
              />
            </Form>
          )}
        </Formik>
      </DialogContent>
    </Dialog>
  );
}

/** "Modifier l'annonce" (spec 3 §5): its description and its end date, not before today. */
export function AnnonceEditionDialog({ annonce, onClose }: { annonce: Annonce | null; onClose: () => void }) {
  const { t } = useTranslation('annonces');
  const [modifier] = useAnnoncesModifierMutation();
  const schema = useMemo(() => annonceEditionSchema(), []);

  async function submit(values: AnnonceEditionValues) {
    if (!annonce) return;
    try {
      await modifier({ id: annonce.id, description: values.description.trim(), date_fin: values.date_fin }).unwrap();
      toast.success(t('form.updated'));
      onClose();
    } catch (error) {
      toast.error(annoncesErrorText(error, 'annonces:errors.updated_error'));
    }
  }

  return (
    <Dialog open={annonce !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('form.editTitle')}</DialogTitle>
          <DialogDescription>{t('form.editDescription')}</DialogDescription>
        </DialogHeader>
        {annonce && (
          <Formik
            initialValues={{ description: annonce.description, date_fin: annonce.date_fin }}
            validationSchema={schema}
            onSubmit={submit}
          >
            {({ isSubmitting }) => (
              <Form noValidate className="grid gap-4" aria-label={t('form.editTitle')}>
                <TextareaField
                  name="description"
                  label={t('form.description')}
                  rows={5}
                  maxLength={DESCRIPTION_MAX_LENGTH}
                  required
                />
                <DateField name="date_fin" label={t('form.dateFin')} min={todayIso()} required />
                <DialogActions submitting={isSubmitting} submitLabel={t('form.save')} onCancel={onClose} />
              </Form>
            )}
          </Formik>
        )}
      </DialogContent>
    </Dialog>
  );
}
