import { Form, Formik, type FormikHelpers } from 'formik';
import { Lock, Trash2, TriangleAlert } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import {
  useModifierEncaissementMutation,
  useSupprimerEncaissementMutation,
  type EncaissementLigne,
  type MethodePaiement,
} from '@/api/generated';
import { Dinars } from '@/components/dinars';
import { FormActions } from '@/components/form-actions';
import { PageHeader } from '@/components/page-header';
import { BackLink, NotFound } from '@/components/page-parts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateField } from '@/components/ui/date-field';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { DisabledReason } from '@/components/ui/tooltip';
import { useChangeLock } from '@/lib/auth/use-change-lock';
import { dinarsText, ltrText } from '@/lib/bidi';
import { formatDate, startOfLastYear, todayIso } from '@/lib/dates';
import { applyServerErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/translate-message';
import { useIdParam } from '@/lib/use-id-param';
import { wholeDinars } from '@/lib/money';
import { useGetHistoriquePaiementsQuery } from './cotisations-api';
import { collectable } from './encaisser-sheet';
import { EtatBadge, METHODES_PAIEMENT, useRevenusLabels } from './labels';
import { cotisationsPaths, encaissementHistoriquePath } from './paths';
import { applyPaiementFieldCode, revenusErrorKey } from './revenus-errors';
import { encaissementEditSchema, type EncaissementEditValues } from './schemas';

const FIELDS: readonly (keyof EncaissementEditValues)[] = [
  'montant',
  'date_paiement',
  'methode_paiement',
  'reference_paiement',
];

function valuesOf(encaissement: EncaissementLigne): EncaissementEditValues {
  return {
    montant: String(Math.floor(encaissement.montant)),
    date_paiement: encaissement.date_paiement,
    methode_paiement: encaissement.methode_paiement,
    reference_paiement: encaissement.reference_paiement ?? '',
  };
}

function SummaryItem({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

/**
 * .../encaissement/historique/{proprieteId}/gerer/{encaissementId} (treasurer only; spec 1 §2, §5
 * "Encaissement edit", §8): corrects or cancels one payment. The payment is looked up in the
 * property's loaded history; an id that is not there goes back to it.
 */
export function EncaissementEditPage() {
  const { t } = useTranslation(['cotisations', 'common']);
  const navigate = useNavigate();
  const labels = useRevenusLabels();
  const lockOf = useChangeLock();
  const proprieteId = useIdParam('proprieteId');
  const encaissementId = useIdParam('encaissementId');
  const historique = useGetHistoriquePaiementsQuery(
    { appartementId: proprieteId ?? 0 },
    { skip: proprieteId === null },
  );
  const [modifier] = useModifierEncaissementMutation();
  const [supprimer, { isLoading: deleting }] = useSupprimerEncaissementMutation();
  const [confirming, setConfirming] = useState(false);
  const encaissement = historique.data?.encaissements.find((e) => e.id === encaissementId);
  // What the payment may reach: itself plus what remains due on its montant dû.
  const maximum = encaissement ? collectable({ restant_du: encaissement.montant + encaissement.restant_du }) : 0;
  const schema = useMemo(() => encaissementEditSchema(maximum), [maximum]);

  const code = apiErrorCode(historique.error);
  if (proprieteId === null || code === 'propriete_inconnue' || code === 'not_found') {
    return (
      <div className="grid gap-6">
        <PageHeader title={t('cotisations:encaissementEdit.title')}>
          <BackLink to={cotisationsPaths.encaissement}>{t('cotisations:historique.back')}</BackLink>
        </PageHeader>
        <NotFound testId="historique-paiements-not-found">{t('cotisations:historique.notFound')}</NotFound>
      </div>
    );
  }
  const historiquePath = encaissementHistoriquePath(proprieteId);
  // Loaded and not there: a stale link, or a payment cancelled meanwhile (spec 1 §2).
  if (historique.data && !encaissement) return <Navigate to={historiquePath} replace />;

  const lock = encaissement ? lockOf(encaissement) : null;
  // A collection the gateway recorded (issue 21) is its record: cancelled if need be, never retyped.
  const enLigne = (encaissement?.methode_paiement as string | undefined) === 'enligne';
  const editLock = lock ?? (enLigne ? t('cotisations:encaissementEdit.enLigneLock') : null);
  const montantEditable = encaissement?.etat_paiement === 'partiel';

  async function submit(values: EncaissementEditValues, helpers: FormikHelpers<EncaissementEditValues>) {
    if (!encaissement || proprieteId === null) return;
    const methode = values.methode_paiement as MethodePaiement;
    const reference = values.reference_paiement.trim();
    try {
      await modifier({
        modifierEncaissementRequest: {
          encaissement_id: encaissement.id,
          // A complete payment keeps its amount (spec 1 §4).
          montant: montantEditable ? wholeDinars(values.montant) : encaissement.montant,
          date_paiement: values.date_paiement,
          methode_paiement: methode,
          reference_paiement: methode === 'espece' || reference === '' ? null : reference,
        },
      }).unwrap();
      toast.success(t('cotisations:encaissementEdit.updated'), {
        description: t('cotisations:sheet.successReceipt', { numero: ltrText(encaissement.reference_recu) }),
      });
      await navigate(encaissementHistoriquePath(proprieteId));
    } catch (error) {
      if (applyPaiementFieldCode(error, helpers.setFieldError)) return;
      if (apiErrorCode(error) === 'validation_failed' && applyServerErrors(error, helpers.setErrors, FIELDS)) return;
      toast.error(translateMessage(revenusErrorKey(error, 'cotisations:errors.encaissementUpdateFailed')));
    }
  }

  async function confirmDelete() {
    if (!encaissement || proprieteId === null) return;
    try {
      await supprimer({ supprimerEncaissementRequest: { encaissement_id: encaissement.id } }).unwrap();
      setConfirming(false);
      toast.success(t('cotisations:encaissementEdit.deleted'), {
        description: t('cotisations:sheet.successReceipt', { numero: ltrText(encaissement.reference_recu) }),
      });
      await navigate(encaissementHistoriquePath(proprieteId));
    } catch (error) {
      setConfirming(false);
      toast.error(translateMessage(revenusErrorKey(error, 'cotisations:errors.encaissementDeleteFailed')));
    }
  }

  const nom = historique.data?.propriete_nom;

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <PageHeader
        title={t('cotisations:encaissementEdit.title')}
        description={
          encaissement
            ? t('cotisations:encaissementEdit.subtitle', {
                numero: ltrText(encaissement.reference_recu),
                nom: nom ?? '',
              })
            : undefined
        }
      >
        <BackLink to={historiquePath}>
          {nom ? t('cotisations:historique.titleWithName', { nom }) : t('cotisations:historique.title')}
        </BackLink>
      </PageHeader>
      {encaissement?.is_closed && (
        <Alert variant="destructive" data-testid="encaissement-closed">
          <TriangleAlert aria-hidden="true" />
          <span>{t('common:permissions.exerciceCloture')}</span>
        </Alert>
      )}
      <Card>
        <CardContent className="p-6">
          {!encaissement ? (
            historique.isError ? (
              <p className="text-sm font-medium text-destructive">{t('common:table.error')}</p>
            ) : (
              <div className="grid gap-4" data-testid="encaissement-edit-loading">
                {Array.from({ length: 5 }, (_, index) => (
                  <Skeleton key={index} className="h-10 w-full" />
                ))}
              </div>
            )
          ) : (
            <div className="grid gap-6">
              <dl
                className="grid gap-4 rounded-lg border bg-muted/30 p-4 sm:grid-cols-2"
                data-testid="encaissement-summary"
              >
                <SummaryItem label={t('cotisations:historique.columns.cotisation')}>
                  {encaissement.cotisation_nom}
                </SummaryItem>
                <SummaryItem label={t('cotisations:historique.columns.occupant')}>
                  {encaissement.occupant_nom ?? t('cotisations:noPayer')}
                </SummaryItem>
                <SummaryItem label={t('cotisations:historique.columns.dateEcheance')}>
                  <span className="tabular">{formatDate(encaissement.date_echeance)}</span>
                </SummaryItem>
                <SummaryItem label={t('cotisations:historique.columns.etat')}>
                  <span className="flex flex-wrap items-center gap-2">
                    <EtatBadge etat={encaissement.etat_paiement} />
                    {encaissement.restant_du > 0 && (
                      <span className="text-xs text-muted-foreground">
                        {t('cotisations:encaissementEdit.restant', { montant: dinarsText(encaissement.restant_du) })}
                      </span>
                    )}
                  </span>
                </SummaryItem>
                <SummaryItem label={t('cotisations:historique.columns.montant')}>
                  <Dinars value={encaissement.montant} />
                </SummaryItem>
                <SummaryItem label={t('cotisations:encaissementEdit.derniereModification')}>
                  <span className="tabular">{formatDate(encaissement.derniere_modification)}</span>
                </SummaryItem>
              </dl>
              <Formik initialValues={valuesOf(encaissement)} validationSchema={schema} onSubmit={submit}>
                {({ isSubmitting, values }) => (
                  <Form noValidate className="grid gap-5" aria-label={t('cotisations:encaissementEdit.title')}>
                    <FormField
                      name="montant"
                      label={t('cotisations:sheet.montant')}
                      description={
                        montantEditable
                          ? t('cotisations:encaissementEdit.montantHint', { montant: dinarsText(maximum) })
                          : t('cotisations:encaissementEdit.montantLocked')
                      }
                      disabled={!montantEditable || editLock !== null}
                      endAdornment={
                        montantEditable ? undefined : (
                          <Lock aria-hidden="true" className="me-2 size-4 text-muted-foreground" />
                        )
                      }
                      inputMode="numeric"
                      autoComplete="off"
                      dir="ltr"
                      className="[&_input]:rtl:text-end"
                    />
                    <DateField
                      name="date_paiement"
                      label={t('cotisations:sheet.datePaiement')}
                      disabled={editLock !== null}
                      // The payment dates the schema accepts (spec 1 §5, §9).
                      min={startOfLastYear(todayIso())}
                      max={todayIso()}
                    />
                    <SelectField
                      name="methode_paiement"
                      label={t('cotisations:sheet.methode')}
                      placeholder={t('cotisations:sheet.methodePlaceholder')}
                      options={(enLigne ? ['enligne'] : METHODES_PAIEMENT).map((value) => ({
                        value,
                        label: labels.methode(value),
                      }))}
                      disabled={editLock !== null}
                    />
                    {values.methode_paiement !== 'espece' && values.methode_paiement !== '' && (
                      <FormField
                        name="reference_paiement"
                        label={t('cotisations:sheet.reference')}
                        description={t('cotisations:sheet.referenceHint')}
                        autoComplete="off"
                        disabled={editLock !== null}
                      />
                    )}
                    {enLigne && lock === null && (
                      <Alert data-testid="encaissement-en-ligne">
                        <Lock aria-hidden="true" />
                        <span>{editLock}</span>
                      </Alert>
                    )}
                    <FormActions
                      cancelTo={historiquePath}
                      submitLabel={t('cotisations:encaissementEdit.save')}
                      submitting={isSubmitting}
                      disabled={editLock !== null}
                    >
                      <DisabledReason reason={lock}>
                        <Button
                          variant="outline"
                          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                          disabled={lock !== null || isSubmitting}
                          onClick={() => setConfirming(true)}
                        >
                          <Trash2 aria-hidden="true" />
                          {t('cotisations:encaissementEdit.delete')}
                        </Button>
                      </DisabledReason>
                    </FormActions>
                  </Form>
                )}
              </Formik>
            </div>
          )}
        </CardContent>
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('cotisations:encaissementEdit.deleteTitle')}
        description={
          encaissement
            ? t('cotisations:encaissementEdit.deleteDescription', {
                montant: dinarsText(encaissement.montant),
                numero: ltrText(encaissement.reference_recu),
              })
            : undefined
        }
        confirmLabel={t('cotisations:encaissementEdit.deleteConfirm')}
        onConfirm={() => void confirmDelete()}
        pending={deleting}
      />
    </div>
  );
}
