import { Form, Formik, type FormikHelpers } from 'formik';
import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode } from '@/api/errors';
import type { TypeOperation } from '@/api/generated';
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
import { formatDate } from '@/lib/dates';
import { applyServerErrors } from '@/lib/form-errors';
import { Montant } from './parts';
import { useCreerOperationLigneReleveMutation, type LigneReleve, type Releve } from './releves-api';
import { releveErrorText } from './releves-errors';
import { operationLigneSchema, typesPour, type OperationLigneValues } from './schemas';

/** The initial values: the server's suggestion when it fits the line's sign, its label, else the line's. */
export function initialOperation(ligne: LigneReleve): OperationLigneValues {
  const types = typesPour(ligne.montant);
  const suggere = ligne.suggestion?.type;
  const type = types.find((candidate) => candidate === suggere) ?? (types.length === 1 ? types[0] : '');
  return { type: type ?? '', libelle: ligne.suggestion?.libelle || ligne.libelle };
}

/**
 * Turns a statement line with nothing in the books into a bank operation (issue 22): a fee or a
 * withdrawal for money out, interest or a deposit for money in, for the line's amount and date,
 * recorded and pointed with the line in one act. Type and label come prefilled.
 */
export function OperationLigneDialog({
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
      <DialogContent className="max-w-md">
        {ligne && (
          <>
            <DialogHeader>
              <DialogTitle>{t('operation.title')}</DialogTitle>
              <DialogDescription>
                {t('operation.description', { compte: releve.compte.nom, date: formatDate(ligne.date) })}{' '}
                <Montant value={ligne.montant} />
              </DialogDescription>
            </DialogHeader>
            <OperationForm key={ligne.numero} releve={releve} ligne={ligne} onDone={onClose} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function OperationForm({ releve, ligne, onDone }: { releve: Releve; ligne: LigneReleve; onDone: () => void }) {
  const { t } = useTranslation(['releves', 'common']);
  const [creer] = useCreerOperationLigneReleveMutation();

  async function submit(values: OperationLigneValues, helpers: FormikHelpers<OperationLigneValues>) {
    try {
      await creer({
        creerOperationRequest: {
          releve: releve.id,
          ligne: ligne.numero,
          type: values.type as TypeOperation,
          libelle: values.libelle.trim(),
        },
      }).unwrap();
      toast.success(t('releves:operation.done'), { description: values.libelle.trim() });
      onDone();
    } catch (error) {
      if (
        apiErrorCode(error) === 'validation_failed' &&
        applyServerErrors(error, helpers.setErrors, ['type', 'libelle'])
      )
        return;
      toast.error(t('releves:operation.failed'), { description: releveErrorText(error) });
    }
  }

  return (
    <Formik initialValues={initialOperation(ligne)} validationSchema={operationLigneSchema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate className="grid gap-5" aria-label={t('releves:operation.title')}>
          <SelectField
            name="type"
            label={t('releves:operation.type')}
            placeholder={t('releves:operation.typePlaceholder')}
            options={typesPour(ligne.montant).map((value) => ({ value, label: t(`releves:types.${value}`) }))}
          />
          <FormField name="libelle" label={t('releves:operation.libelle')} autoComplete="off" />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onDone} disabled={isSubmitting}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={isSubmitting} data-testid="operation-ligne-creer">
              {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
              {t('releves:operation.submit')}
            </Button>
          </DialogFooter>
        </Form>
      )}
    </Formik>
  );
}
