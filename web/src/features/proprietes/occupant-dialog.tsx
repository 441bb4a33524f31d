import { Form, Formik, type FormikHelpers } from 'formik';
import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode } from '@/api/errors';
import { useCreateOccupantMutation, type Occupant, type Sexe } from '@/api/generated';
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
import { applyServerErrors } from '@/lib/form-errors';
import { emptyToNull } from '@/lib/phone';
import { translateMessage } from '@/lib/translate-message';
import { applyFieldCode, occupationErrorKey } from './occupation-errors';
import { occupantSchema, type OccupantValues } from './occupation-schema';

const initialValues: OccupantValues = { nom: '', tel: '', email: '', sexe: '' };
const FIELDS = Object.keys(initialValues);

interface OccupantDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the occupant the server created, before the dialog closes. */
  onCreated: (occupant: Occupant) => void;
  /** The name to start from (what was typed in the occupant choice). */
  initialNom?: string;
}

/**
 * Creates an occupant from inside the occupation form (spec 2 §2, §5 "Occupant dialog").
 * Render it outside the calling form's <form>: a dialog is portalled in the DOM but not in React,
 * and its submit event would bubble to the outer form's onSubmit.
 */
export function OccupantDialog({ open, onOpenChange, onCreated, initialNom = '' }: OccupantDialogProps) {
  const { t } = useTranslation(['proprietes', 'common']);
  const [createOccupant] = useCreateOccupantMutation();

  async function submit(values: OccupantValues, helpers: FormikHelpers<OccupantValues>) {
    try {
      const { occupant } = await createOccupant({
        createOccupantRequest: {
          nom: values.nom.trim(),
          tel: emptyToNull(values.tel),
          email: emptyToNull(values.email),
          sexe: values.sexe as Sexe,
        },
      }).unwrap();
      toast.success(t('proprietes:occupantDialog.created', { nom: occupant.nom }));
      onCreated(occupant);
      onOpenChange(false);
    } catch (error) {
      const code = apiErrorCode(error);
      if (applyFieldCode(code, helpers.setFieldError, { nom: 'nom', tel: 'tel', email: 'email' })) return;
      if (code === 'validation_failed' && applyServerErrors(error, helpers.setErrors, FIELDS)) return;
      toast.error(translateMessage(occupationErrorKey(error, 'proprietes:errors.occupantFailed')));
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('proprietes:occupantDialog.title')}</DialogTitle>
          <DialogDescription>{t('proprietes:occupantDialog.description')}</DialogDescription>
        </DialogHeader>
        {/* Mounted with the dialog: every opening starts from an empty form. */}
        <Formik
          initialValues={{ ...initialValues, nom: initialNom }}
          validationSchema={occupantSchema}
          onSubmit={submit}
        >
          {({ isSubmitting }) => (
            <Form noValidate className="grid gap-4" aria-label={t('proprietes:occupantDialog.title')}>
              <FormField name="nom" label={t('proprietes:occupantDialog.nom')} autoComplete="off" />
              <div className="grid items-start gap-4 sm:grid-cols-2">
                <FormField
                  name="tel"
                  label={t('proprietes:occupantDialog.tel')}
                  description={t('proprietes:form.telHint')}
                  inputMode="numeric"
                  autoComplete="off"
                  dir="ltr"
                  className="[&_input]:rtl:text-end"
                />
                <SelectField
                  name="sexe"
                  label={t('proprietes:occupantDialog.sexe')}
                  placeholder={t('proprietes:form.sexePlaceholder')}
                  options={[
                    { value: 'homme', label: t('proprietes:sexe.homme') },
                    { value: 'femme', label: t('proprietes:sexe.femme') },
                  ]}
                />
              </div>
              <FormField
                name="email"
                type="email"
                label={t('proprietes:occupantDialog.email')}
                autoComplete="off"
                dir="ltr"
                className="[&_input]:rtl:text-end"
              />
              <DialogFooter className="pt-2">
                <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
                  {t('common:actions.cancel')}
                </Button>
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
                  {t('proprietes:occupantDialog.submit')}
                </Button>
              </DialogFooter>
            </Form>
          )}
        </Formik>
      </DialogContent>
    </Dialog>
  );
}
