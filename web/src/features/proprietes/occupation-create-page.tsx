import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import {
  useCreateOccupationMutation,
  useGetHistoriqueQuery,
  useGetOccupantsQuery,
  type Occupant,
  type TypeOccupation,
} from '@/api/generated';
import { FormActions } from '@/components/form-actions';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { ComboboxField } from '@/components/ui/combobox';
import { toast } from '@/components/ui/toaster';
import { applyServerErrors } from '@/lib/form-errors';
import { ltrText } from '@/lib/bidi';
import { formatTel } from '@/lib/phone';
import { translateMessage } from '@/lib/translate-message';
import { useIdParam } from '@/lib/use-id-param';
import { OccupantDialog } from './occupant-dialog';
import { applyFieldCode, occupationErrorKey } from './occupation-errors';
import { OccupationFields } from './occupation-fields';
import { occupationCreateSchema, type OccupationCreateValues } from './occupation-schema';
import { BackToHistorique, BackToProprietes, HistoriqueNotFound } from './page-parts';
import { historiquePath } from './paths';

const initialValues: OccupationCreateValues = {
  occupant: '',
  type_occupation: '',
  date_debut: '',
  date_fin: '',
  is_payer: false,
};
const FIELDS = Object.keys(initialValues);

/** .../historique/{proprieteId}/creer: adds an occupation to the property (president only). */
export function OccupationCreatePage() {
  const { t, i18n } = useTranslation(['proprietes', 'common']);
  const navigate = useNavigate();
  const proprieteId = useIdParam('proprieteId');
  const historique = useGetHistoriqueQuery({ id: proprieteId ?? 0 }, { skip: proprieteId === null });
  const occupants = useGetOccupantsQuery();
  const [createOccupation] = useCreateOccupationMutation();
  const [dialogOpen, setDialogOpen] = useState(false);
  // What was typed in the occupant choice when "Nouvel occupant" was chosen: the dialog's name.
  const [typedNom, setTypedNom] = useState('');
  // Occupants created from the dialog stay offered even while the list is being fetched again,
  // so that the select never loses the one it has just been set to.
  const [created, setCreated] = useState<Occupant[]>([]);

  const occupantOptions = useMemo(() => {
    const collator = new Intl.Collator(i18n.language, { sensitivity: 'base' });
    const list = occupants.data?.occupants ?? [];
    const extra = created.filter((c) => !list.some((o) => o.id === c.id));
    return [...list, ...extra]
      .sort((a, b) => collator.compare(a.nom, b.nom))
      .map((o) => ({
        value: String(o.id),
        label: o.nom,
        // Left to right inside an Arabic page ("+216 20 000 002", not "002 000 20 216+").
        description: o.tel ? ltrText(formatTel(o.tel)) : undefined,
        searchText: [o.tel, o.email].filter(Boolean).join(' '),
      }));
  }, [occupants.data, created, i18n.language]);

  if (proprieteId === null || apiErrorCode(historique.error) === 'not_found') {
    return (
      <div className="grid gap-6">
        <PageHeader title={t('proprietes:form.createTitle')}>
          <BackToProprietes />
        </PageHeader>
        <HistoriqueNotFound />
      </div>
    );
  }

  async function submit(values: OccupationCreateValues, helpers: FormikHelpers<OccupationCreateValues>) {
    if (proprieteId === null) return;
    try {
      await createOccupation({
        createOccupationRequest: {
          occupant: Number(values.occupant),
          type_occupation: values.type_occupation as TypeOccupation,
          date_debut: values.date_debut,
          date_fin: values.date_fin === '' ? null : values.date_fin,
          propriete: proprieteId,
          is_payer: values.is_payer,
        },
      }).unwrap();
      toast.success(t('proprietes:form.created'));
      await navigate(historiquePath(proprieteId));
    } catch (error) {
      const code = apiErrorCode(error);
      if (code === 'validation_failed' && applyServerErrors(error, helpers.setErrors, FIELDS)) return;
      if (applyFieldCode(code, helpers.setFieldError, { date_fin: 'date_fin' })) return;
      toast.error(translateMessage(occupationErrorKey(error, 'proprietes:errors.createFailed')));
    }
  }

  const nom = historique.data?.data.proprieteNom;

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <PageHeader
        title={t('proprietes:form.createTitle')}
        description={nom ? t('proprietes:form.propriete', { nom }) : undefined}
      >
        <BackToHistorique proprieteId={proprieteId} nom={nom} />
      </PageHeader>
      <Card>
        <CardContent className="p-6">
          <Formik initialValues={initialValues} validationSchema={occupationCreateSchema} onSubmit={submit}>
            {(formik) => (
              <>
                <Form noValidate className="grid gap-5" aria-label={t('proprietes:form.createTitle')}>
                  <ComboboxField
                    name="occupant"
                    label={t('proprietes:form.occupant')}
                    placeholder={
                      occupants.isLoading
                        ? t('proprietes:form.occupantsLoading')
                        : t('proprietes:form.occupantPlaceholder')
                    }
                    options={occupantOptions}
                    description={occupants.isError ? t('proprietes:form.occupantsError') : undefined}
                    createLabel={t('proprietes:form.newOccupant')}
                    onCreate={(typed) => {
                      setTypedNom(typed);
                      setDialogOpen(true);
                    }}
                  />
                  <OccupationFields />
                  <FormActions
                    cancelTo={historiquePath(proprieteId)}
                    submitLabel={t('proprietes:form.submitCreate')}
                    submitting={formik.isSubmitting}
                  />
                </Form>
                {/* Outside the <form>: see OccupantDialog. */}
                <OccupantDialog
                  initialNom={typedNom}
                  open={dialogOpen}
                  onOpenChange={setDialogOpen}
                  onCreated={(occupant) => {
                    setCreated((previous) => [...previous, occupant]);
                    void formik.setFieldValue('occupant', String(occupant.id));
                  }}
                />
              </>
            )}
          </Formik>
        </CardContent>
      </Card>
    </div>
  );
}
