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
import { toast } from '@/components/ui/toaster';
import { translateMessage } from '@/lib/translate-message';
import { useCreateCategorieMutation, useModifierCategorieMutation, type Categorie } from './depenses-api';
import { applyDepensesServerErrors, depensesErrorKey } from './depenses-errors';
import { FREE_TEXT } from './parts';
import { categorieSchema, optionalText, type CategorieValues } from './schemas';

const FIELDS = ['titre', 'description'];

interface CategorieDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The category to edit; none to create one. */
  categorie?: Categorie | null;
  /** The title to start from (what was typed in a category choice). */
  initialTitre?: string;
  /** Called with the category the server saved, before the dialog closes. */
  onSaved?: (categorie: Categorie) => void;
}

/**
 * Creates or edits a category (spec 2 §2 "Categories and suppliers", §5 "Category"): from the
 * categories' list, or from a charge's form. Render it outside the calling form's <form>.
 */
export function CategorieDialog({ open, onOpenChange, categorie, initialTitre = '', onSaved }: CategorieDialogProps) {
  const { t } = useTranslation(['depenses', 'common']);
  const [create] = useCreateCategorieMutation();
  const [update] = useModifierCategorieMutation();
  const editing = categorie ? categorie : null;

  async function submit(values: CategorieValues, helpers: FormikHelpers<CategorieValues>) {
    const body = { titre: values.titre.trim(), description: optionalText(values.description) };
    try {
      const answer = editing
        ? await update({ modifierCategorieRequest: { ...body, id: editing.id } }).unwrap()
        : await create({ categorieRequest: body }).unwrap();
      toast.success(editing ? t('depenses:categories.updated') : t('depenses:categories.created'), {
        description: answer.categorie.titre,
      });
      onSaved?.(answer.categorie);
      onOpenChange(false);
    } catch (error) {
      if (applyDepensesServerErrors(error, helpers.setErrors, FIELDS)) return;
      toast.error(t('depenses:categories.saveFailed'), { description: translateMessage(depensesErrorKey(error)) });
    }
  }

  const title = editing ? t('depenses:categories.dialog.editTitle') : t('depenses:categories.dialog.createTitle');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{t('depenses:categories.dialog.description')}</DialogDescription>
        </DialogHeader>
        {/* Mounted with the dialog: every opening starts from its own values. */}
        <Formik<CategorieValues>
          initialValues={{
            titre: editing?.titre ?? initialTitre,
            description: editing?.description ?? '',
          }}
          validationSchema={categorieSchema}
          onSubmit={submit}
        >
          {({ isSubmitting }) => (
            <Form noValidate className="grid gap-4" aria-label={title}>
              <FormField
                name="titre"
                label={t('depenses:categories.dialog.titre')}
                autoComplete="off"
                required
                {...FREE_TEXT}
              />
              <FormField name="description" label={t('depenses:categories.dialog.descriptionField')} {...FREE_TEXT} />
              <DialogFooter className="pt-2">
                <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
                  {t('common:actions.cancel')}
                </Button>
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
                  {editing ? t('depenses:categories.dialog.submitEdit') : t('depenses:categories.dialog.submitCreate')}
                </Button>
              </DialogFooter>
            </Form>
          )}
        </Formik>
      </DialogContent>
    </Dialog>
  );
}
