import { Form, Formik, type FormikHelpers } from 'formik';
import { Info, Loader2, Save } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode } from '@/api/errors';
import { useGetRepartitionQuery, useModifierRepartitionMutation, type LigneRepartition } from '@/api/generated';
import { Dinars } from '@/components/dinars';
import { PageHeader } from '@/components/page-header';
import { useProprieteTypeLabel } from '@/components/propriete-type';
import { Alert } from '@/components/ui/alert';
import { AmountInput } from '@/components/ui/amount-input';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toaster';
import { useIsFinance } from '@/lib/auth/use-change-lock';
import { applyServerErrors } from '@/lib/form-errors';
import { isWholeDinars, wholeDinars } from '@/lib/money';
import { repartitionSchema, type RepartitionValues } from './schemas';

function valuesOf(lignes: readonly LigneRepartition[]): RepartitionValues {
  return {
    repartitions: lignes.map((ligne) => ({
      propriete_id: ligne.id,
      nom: ligne.nom,
      type: ligne.type,
      // A property without a line starts empty: saving gives it one on purpose.
      montant: ligne.is_defined ? String(Math.trunc(ligne.montant)) : '',
    })),
  };
}

/** Sum of the amounts typed so far (whole dinars; what is not a whole number counts 0). */
function totalOf(values: RepartitionValues): number {
  return values.repartitions.reduce(
    (sum, line) => sum + (isWholeDinars(line.montant) ? wholeDinars(line.montant) : 0),
    0,
  );
}

function TableSkeleton() {
  return (
    <div className="grid gap-2 p-4" data-testid="repartition-loading">
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-9 w-full" />
      ))}
    </div>
  );
}

/**
 * /syndic/administration/repartition-cotisations (spec 1 §2, spec 3 §2.12): the amount each
 * property pays per call of a `predefinie` cotisation. The treasurer edits it; other council
 * members read it.
 */
export function RepartitionPage() {
  const { t } = useTranslation(['cotisations', 'common']);
  const typeLabel = useProprieteTypeLabel();
  const isFinance = useIsFinance();
  const { data, isLoading, isError } = useGetRepartitionQuery();
  const [modifier] = useModifierRepartitionMutation();
  const lignes = data?.data;
  const initialValues = useMemo(() => (lignes ? valuesOf(lignes) : null), [lignes]);

  async function submit(values: RepartitionValues, helpers: FormikHelpers<RepartitionValues>) {
    try {
      const answer = await modifier({
        modifierRepartitionRequest: {
          repartitions: values.repartitions.map((line) => ({
            propriete_id: line.propriete_id,
            montant: wholeDinars(line.montant),
          })),
        },
      }).unwrap();
      helpers.resetForm({ values: valuesOf(answer.data) });
      toast.success(t('cotisations:repartition.saved'));
    } catch (error) {
      if (apiErrorCode(error) === 'validation_failed' && applyServerErrors(error, helpers.setErrors, ['repartitions']))
        return;
      toast.error(t('cotisations:repartition.error'));
    }
  }

  const header = (
    <TableHeader>
      <TableRow className="hover:bg-transparent">
        <TableHead>{t('cotisations:repartition.columns.propriete')}</TableHead>
        <TableHead>{t('cotisations:repartition.columns.type')}</TableHead>
        <TableHead className="w-48 text-end">{t('cotisations:repartition.columns.montant')}</TableHead>
      </TableRow>
    </TableHeader>
  );

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={t('cotisations:repartition.title')} description={t('cotisations:repartition.subtitle')} />
      {!isFinance && (
        <Alert variant="info" role="note" data-testid="repartition-read-only">
          <Info aria-hidden="true" className="text-primary" />
          <span>{t('cotisations:repartition.readOnly')}</span>
        </Alert>
      )}
      <div className="overflow-hidden rounded-lg border bg-card">
        {isLoading || (!initialValues && !isError) ? (
          <TableSkeleton />
        ) : isError || !initialValues ? (
          <p className="p-8 text-center text-sm font-medium text-destructive">{t('common:table.error')}</p>
        ) : initialValues.repartitions.length === 0 ? (
          <p className="p-10 text-center text-sm text-muted-foreground">{t('cotisations:repartition.empty')}</p>
        ) : !isFinance ? (
          <Table>
            {header}
            <TableBody>
              {(lignes ?? []).map((ligne) => (
                <TableRow key={ligne.id}>
                  <TableCell className="font-medium">{ligne.nom}</TableCell>
                  <TableCell>{typeLabel(ligne.type)}</TableCell>
                  <TableCell className="text-end">
                    {ligne.is_defined ? (
                      <Dinars value={ligne.montant} />
                    ) : (
                      <Badge variant="outline" className="text-muted-foreground">
                        {t('cotisations:repartition.notDefined')}
                      </Badge>
                    )}
                  </TableCell>
                </TableRow>
              ))}
              <TableRow className="bg-muted/40 font-semibold hover:bg-muted/40">
                <TableCell colSpan={2}>{t('cotisations:repartition.total')}</TableCell>
                <TableCell className="text-end" data-testid="repartition-total">
                  <Dinars value={(lignes ?? []).reduce((sum, ligne) => sum + ligne.montant, 0)} />
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        ) : (
          <Formik
            initialValues={initialValues}
            validationSchema={repartitionSchema}
            onSubmit={submit}
            enableReinitialize
          >
            {({ values, isSubmitting, dirty }) => (
              <Form noValidate aria-label={t('cotisations:repartition.title')}>
                <Table>
                  {header}
                  <TableBody>
                    {values.repartitions.map((line, index) => (
                      <TableRow key={line.propriete_id}>
                        <TableCell className="font-medium">{line.nom}</TableCell>
                        <TableCell>{typeLabel(line.type)}</TableCell>
                        <TableCell className="py-1.5">
                          <AmountInput
                            name={`repartitions.${index}.montant`}
                            label={t('cotisations:repartition.montantOf', { nom: line.nom })}
                          />
                        </TableCell>
                      </TableRow>
                    ))}
                    <TableRow className="bg-muted/40 font-semibold hover:bg-muted/40">
                      <TableCell colSpan={2}>{t('cotisations:repartition.total')}</TableCell>
                      <TableCell className="text-end" data-testid="repartition-total">
                        <Dinars value={totalOf(values)} />
                      </TableCell>
                    </TableRow>
                  </TableBody>
                </Table>
                <div className="flex justify-end border-t p-4">
                  <Button type="submit" disabled={isSubmitting || !dirty}>
                    {isSubmitting ? (
                      <Loader2 aria-hidden="true" className="animate-spin" />
                    ) : (
                      <Save aria-hidden="true" />
                    )}
                    {isSubmitting ? t('cotisations:form.submitting') : t('cotisations:repartition.save')}
                  </Button>
                </div>
              </Form>
            )}
          </Formik>
        )}
      </div>
    </div>
  );
}
