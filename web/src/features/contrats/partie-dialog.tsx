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
import { FREE_TEXT } from '@/components/user-text';
import { translateMessage } from '@/lib/translate-message';
import { useCreateFournisseurDialogMutation, useCreerClientDialogMutation, type ContratSide } from './contrats-api';
import { applyContratsServerErrors, contratsErrorKey } from './contrats-errors';
import { partieDialogSchema, telDigits, type PartieDialogValues } from './schemas';

/** What the dialog created: the id and name the contract's choice shows. */
export interface PartieCreee {
  id: number;
  nom: string;
}

/**
 * Creates the other party of a contract from inside its form (spec 1 §2 "dialogs to create a
 * client, a supplier"): a client by its name and phone (POST /clients/creer-dialog), or a supplier
 * by its name, phone and type (POST /fournisseurs/creer-dialog), prefilled with what was typed in
 * the choice. Render it outside the calling form's <form>.
 */
export function PartieDialog({
  side,
  initialNom,
  onCreated,
  onClose,
}: {
  side: ContratSide;
  initialNom: string;
  onCreated: (partie: PartieCreee) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['contrats', 'common']);
  const [createClient] = useCreerClientDialogMutation();
  const [createFournisseur] = useCreateFournisseurDialogMutation();
  const fields = side === 'revenus' ? ['nom', 'tel'] : ['nom', 'tel', 'type'];

  async function submit(values: PartieDialogValues, helpers: FormikHelpers<PartieDialogValues>) {
    const nom = values.nom.trim();
    const tel = telDigits(values.tel);
    try {
      const created =
        side === 'revenus'
          ? (await createClient({ nom, tel }).unwrap()).client
          : (await createFournisseur({ fournisseurDialogRequest: { nom, tel, type: values.type } }).unwrap())
              .fournisseur;
      toast.success(t(`contrats:partieDialog.${side}.created`, { nom: created.nom }));
      onCreated({ id: created.id, nom: created.nom });
      onClose();
    } catch (error) {
      if (applyContratsServerErrors(error, helpers.setErrors, fields)) return;
      toast.error(t(`contrats:partieDialog.${side}.failed`), {
        description: translateMessage(contratsErrorKey(error)),
      });
    }
  }

  const title = t(`contrats:partieDialog.${side}.title`);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{t(`contrats:partieDialog.${side}.description`)}</DialogDescription>
        </DialogHeader>
        <Formik<PartieDialogValues>
          initialValues={{ nom: initialNom, tel: '', type: 'particulier' }}
          validationSchema={partieDialogSchema}
          onSubmit={submit}
        >
          {({ isSubmitting }) => (
            <Form noValidate className="grid gap-4" aria-label={title}>
              <FormField name="nom" label={t('contrats:partieDialog.nom')} autoComplete="off" required {...FREE_TEXT} />
              <div className="grid items-start gap-4 sm:grid-cols-2">
                <FormField
                  name="tel"
                  label={t('contrats:partieDialog.tel')}
                  description={t('contrats:partieDialog.telHint')}
                  inputMode="numeric"
                  autoComplete="off"
                  dir="ltr"
                  className="[&_input]:rtl:text-end"
                />
                {side === 'depenses' && (
                  <SelectField
                    name="type"
                    label={t('contrats:partieDialog.type')}
                    options={(['particulier', 'entreprise'] as const).map((type) => ({
                      value: type,
                      label: t(`contrats:typesFournisseur.${type}`),
                    }))}
                  />
                )}
              </div>
              <DialogFooter className="pt-2">
                <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
                  {t('common:actions.cancel')}
                </Button>
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
                  {t('contrats:partieDialog.submit')}
                </Button>
              </DialogFooter>
            </Form>
          )}
        </Formik>
      </DialogContent>
    </Dialog>
  );
}
