import { Form, Formik, type FormikHelpers } from 'formik';
import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/toaster';
import { translateMessage } from '@/lib/translate-message';
import { useCreateFournisseurDialogMutation, type Fournisseur } from './depenses-api';
import { applyDepensesServerErrors, depensesErrorKey } from './depenses-errors';
import { FREE_TEXT } from './parts';
import { fournisseurDialogSchema, telDigits, TYPES_FOURNISSEUR, type FournisseurDialogValues } from './schemas';

const FIELDS = ['nom', 'tel', 'type'];

interface FournisseurDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the supplier the server created, before the dialog closes. */
  onCreated: (fournisseur: Fournisseur) => void;
  /** The name to start from (what was typed in the supplier choice). */
  initialNom?: string;
}

/**
 * Creates a supplier from inside a charge's or works item's form (spec 2 §2: "Creating a supplier
 * … is also possible from a dialog embedded in select fields"): name, phone, type
 * (POST /fournisseurs/creer-dialog). Render it outside the calling form's <form>.
 */
export function FournisseurDialog({ open, onOpenChange, onCreated, initialNom = '' }: FournisseurDialogProps) {
  const { t } = useTranslation(['depenses', 'common']);
  const [create] = useCreateFournisseurDialogMutation();

  async function submit(values: FournisseurDialogValues, helpers: FormikHelpers<FournisseurDialogValues>) {
    try {
      const { fournisseur } = await create({
        fournisseurDialogRequest: { nom: values.nom.trim(), tel: telDigits(values.tel), type: values.type },
      }).unwrap();
      toast.success(t('depenses:fournisseurDialog.created', { nom: fournisseur.nom }));
      onCreated(fournisseur);
      onOpenChange(false);
    } catch (error) {
      if (applyDepensesServerErrors(error, helpers.setErrors, FIELDS)) return;
      toast.error(t('depenses:fournisseurForm.saveFailed'), { description: translateMessage(depensesErrorKey(error)) });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('depenses:fournisseurDialog.title')}</DialogTitle>
          <DialogDescription>{t('depenses:fournisseurDialog.description')}</DialogDescription>
        </DialogHeader>
        <Formik<FournisseurDialogValues>
          initialValues={{ nom: initialNom, tel: '', type: 'particulier' }}
          validationSchema={fournisseurDialogSchema}
          onSubmit={submit}
        >
          {({ isSubmitting }) => (
            <Form noValidate className="grid gap-4" aria-label={t('depenses:fournisseurDialog.title')}>
              <FormField
                name="nom"
                label={t('depenses:fournisseurForm.nom')}
                autoComplete="off"
                required
                {...FREE_TEXT}
              />
              <div className="grid items-start gap-4 sm:grid-cols-2">
                <FormField
                  name="tel"
                  label={t('depenses:fournisseurForm.tel')}
                  description={t('depenses:fournisseurForm.telHint')}
                  inputMode="numeric"
                  autoComplete="off"
                  dir="ltr"
                  className="[&_input]:rtl:text-end"
                />
                <SelectField
                  name="type"
                  label={t('depenses:fournisseurForm.type')}
                  options={TYPES_FOURNISSEUR.map((type) => ({
                    value: type,
                    label: t(`depenses:typesFournisseur.${type}`),
                  }))}
                />
              </div>
              <DialogFooter className="pt-2">
                <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
                  {t('common:actions.cancel')}
                </Button>
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
                  {t('depenses:fournisseurDialog.submit')}
                </Button>
              </DialogFooter>
            </Form>
          )}
        </Formik>
      </DialogContent>
    </Dialog>
  );
}
