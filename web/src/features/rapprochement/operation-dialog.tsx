import { Form, Formik, type FormikHelpers } from 'formik';
import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode } from '@/api/errors';
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
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/toaster';
import { todayIso } from '@/lib/dates';
import { applyServerErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/translate-message';
import { useCreateOperationBancaireMutation, type CompteChoix, type TypeOperation } from './rapprochement-api';
import { rapprochementErrorKey } from './rapprochement-errors';
import { emptyOperation, normalizedMontant, operationSchema, TYPES_OPERATION, type OperationValues } from './schemas';

const FIELDS = ['libelle', 'type', 'montant', 'date'];

/**
 * The operation-creation dialog of the reconciliation (spec 2 §2, §5 "Bank operation dialog"):
 * a fee, interest, withdrawal or deposit on the selected account, not pointed yet.
 */
export function OperationDialog({
  compte,
  open,
  onClose,
}: {
  compte: CompteChoix | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('rapprochement');
  return (
    <Dialog open={open && compte !== undefined} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-md">
        {compte && (
          <>
            <DialogHeader>
              <DialogTitle>{t('operation.title')}</DialogTitle>
              <DialogDescription>{t('operation.description', { compte: compte.libelle })}</DialogDescription>
            </DialogHeader>
            <OperationForm compte={compte} onDone={onClose} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function OperationForm({ compte, onDone }: { compte: CompteChoix; onDone: () => void }) {
  const { t } = useTranslation(['rapprochement', 'common']);
  const [creer] = useCreateOperationBancaireMutation();

  async function submit(values: OperationValues, helpers: FormikHelpers<OperationValues>) {
    try {
      await creer({
        operationRequest: {
          libelle: values.libelle.trim(),
          type: values.type as TypeOperation,
          // The server reads the number from the body's text: "12.5" stays 12.500 DT.
          montant: Number(normalizedMontant(values.montant)),
          date: values.date,
          date_banque: null,
          commentaire: null,
          compte: compte.id,
        },
      }).unwrap();
      toast.success(t('rapprochement:operation.created'), { description: values.libelle.trim() });
      onDone();
    } catch (error) {
      if (apiErrorCode(error) === 'validation_failed' && applyServerErrors(error, helpers.setErrors, FIELDS)) return;
      // 403 exercice_cloture and 409 aucun_exercice_ouvert say the server's reason (by code).
      toast.error(t('rapprochement:operation.failed'), {
        description: translateMessage(rapprochementErrorKey(error)),
      });
    }
  }

  return (
    <Formik initialValues={emptyOperation(todayIso())} validationSchema={operationSchema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate className="grid gap-5" aria-label={t('rapprochement:operation.title')}>
          <FormField name="libelle" label={t('rapprochement:operation.libelle')} autoComplete="off" />
          <SelectField
            name="type"
            label={t('rapprochement:operation.type')}
            placeholder={t('rapprochement:operation.typePlaceholder')}
            options={TYPES_OPERATION.map((value) => ({ value, label: t(`rapprochement:operation.types.${value}`) }))}
          />
          <div className="grid items-start gap-5 sm:grid-cols-2">
            <FormField
              name="montant"
              label={t('rapprochement:operation.montant')}
              inputMode="decimal"
              autoComplete="off"
              dir="ltr"
              className="[&_input]:rtl:text-end"
            />
            <DateField name="date" label={t('rapprochement:operation.date')} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onDone} disabled={isSubmitting}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
              {t('rapprochement:operation.submit')}
            </Button>
          </DialogFooter>
        </Form>
      )}
    </Formik>
  );
}
