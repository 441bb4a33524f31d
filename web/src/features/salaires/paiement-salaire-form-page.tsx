import { Form, Formik, type FormikHelpers } from 'formik';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { FormActions } from '@/components/form-actions';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/page-parts';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { userText } from '@/components/user-text';
import { todayIso } from '@/lib/dates';
import { translateMessage } from '@/lib/translate-message';
import { useIdParam } from '@/lib/use-id-param';
import { PAIEMENT_FIELDS, PaiementSalaireFields, paiementSalaireRequest } from './paiement-salaire-fields';
import { salaireDeclare, usePaiementLock } from './parts';
import { salairesPaths, salarieGererPath } from './paths';
import { useGetSalarieQuery, useModifierPaiementSalaireMutation } from './salaires-api';
import { applySalairesServerErrors, salairesErrorKey } from './salaires-errors';
import { paiementSalaireSchema, paiementSalaireValues, type PaiementSalaireValues } from './schemas';

/**
 * /syndic/salaires/salaries/gerer/{salarieId}/modifier-paiement/{paiementId} (treasurer only):
 * one salary payment's fields as recorded (the month required, spec 2 §5). A payment the
 * employee does not have goes back to the employee's detail; on success, too.
 */
export function PaiementSalaireEditPage() {
  const { t } = useTranslation('salaires');
  const navigate = useNavigate();
  const paiementLock = usePaiementLock();
  const salarieId = useIdParam('salarieId');
  const paiementId = useIdParam('paiementId');
  const { data, isError, error } = useGetSalarieQuery({ id: salarieId ?? 0 }, { skip: salarieId === null });
  const [update] = useModifierPaiementSalaireMutation();
  const schema = useMemo(() => paiementSalaireSchema(todayIso()), []);
  const salarie = data?.salarie;
  const paiement = salarie?.paiements.find((candidate) => candidate.id === paiementId);
  // Initial values from the first load only: the refetch after saving must not reset the form.
  const [initialValues, setInitialValues] = useState<PaiementSalaireValues | null>(null);
  if (paiement && initialValues === null) setInitialValues(paiementSalaireValues(paiement));

  const missing = isError || (salarie !== undefined && paiement === undefined && initialValues === null);
  useEffect(() => {
    if (!missing || salarieId === null) return;
    const key = isError ? salairesErrorKey(error, 'salaires:detail.loadFailed') : 'salaires:errors.paiement_inconnu';
    toast.error(translateMessage(key), { id: 'paiement-salaire-not-found' });
    void navigate(isError ? salairesPaths.salaries : salarieGererPath(salarieId), { replace: true });
  }, [missing, isError, error, navigate, salarieId]);

  if (salarieId === null) return <Navigate to={salairesPaths.salaries} replace />;
  if (paiementId === null) return <Navigate to={salarieGererPath(salarieId)} replace />;

  async function submit(values: PaiementSalaireValues, helpers: FormikHelpers<PaiementSalaireValues>) {
    if (salarieId === null || paiementId === null) return;
    try {
      await update({ ...paiementSalaireRequest(salarieId, values), id: paiementId }).unwrap();
      toast.success(t('paiement.updated'), { description: salarie?.nom });
      await navigate(salarieGererPath(salarieId));
    } catch (failure) {
      if (applySalairesServerErrors(failure, helpers.setErrors, PAIEMENT_FIELDS)) return;
      toast.error(t('paiement.failed'), { description: translateMessage(salairesErrorKey(failure)) });
    }
  }

  const lock = paiement ? paiementLock(paiement) : null;
  return (
    <div className="mx-auto grid w-full max-w-xl gap-6">
      <PageHeader
        title={salarie ? t('paiement.editTitle', { nom: userText(salarie.nom) }) : t('paiement.editTitleShort')}
        description={t('paiement.editSubtitle')}
      >
        <BackLink to={salarieGererPath(salarieId)}>{t('paiement.backToSalarie')}</BackLink>
      </PageHeader>
      <Card>
        <CardContent className="p-4 sm:p-6">
          {initialValues === null || !salarie ? (
            <div className="grid gap-4" data-testid="paiement-edit-loading">
              {Array.from({ length: 5 }, (_, index) => (
                <Skeleton key={index} className="h-10 w-full" />
              ))}
            </div>
          ) : (
            <Formik initialValues={initialValues} validationSchema={schema} onSubmit={submit}>
              {(formik) => (
                <Form noValidate className="grid gap-5" aria-label={t('paiement.submitEdit')}>
                  <PaiementSalaireFields keepMois={initialValues.mois} salaire={salaireDeclare(salarie)} />
                  {lock && <Alert>{lock}</Alert>}
                  <FormActions
                    cancelTo={salarieGererPath(salarieId)}
                    submitLabel={t('paiement.submitEdit')}
                    submitting={formik.isSubmitting}
                    disabled={lock !== null}
                  />
                </Form>
              )}
            </Formik>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
