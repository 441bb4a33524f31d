import { Form, Formik, useField } from 'formik';
import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { FeatureKey } from '@/api/types';
import { BackLink } from '@/components/page-parts';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/components/ui/toaster';
import { errorMessageKey } from '@/lib/api-error-message';
import { translateMessage } from '@/lib/translate-message';
import { array, number, object, string } from '@/lib/validation';
import { ALL_KEYS, useKeyLabel } from './keys';
import { visibilitePaths } from './paths';
import { useBulkSyncVisibiliteMutation, useGetVisibiliteFinancesQuery } from './visibilite-api';

/** Bulk visibility (spec 3 §5): at least one feature, allow required, a list of excluded users. */
export const actionGroupeeSchema = object({
  features: array(string().required())
    .min(1, 'visibilite:validation.required')
    .required('visibilite:validation.required'),
  allow: string().oneOf(['true', 'false'], 'visibilite:validation.required').required('visibilite:validation.required'),
  exclude_user_ids: array(number().required()).required(),
});

interface Values {
  features: FeatureKey[];
  /** '' until chosen. */
  allow: '' | 'true' | 'false';
  exclude_user_ids: number[];
}

/** A list of checkboxes bound to one Formik array field. */
function CheckList<T extends string | number>({
  name,
  legend,
  hint,
  options,
}: {
  name: string;
  legend: string;
  hint?: string;
  options: { value: T; label: string }[];
}) {
  const { t } = useTranslation('visibilite');
  const [field, meta, helpers] = useField<T[]>(name);
  const error = meta.touched && typeof meta.error === 'string' ? meta.error : undefined;
  const toggle = (value: T, checked: boolean) =>
    void helpers.setValue(checked ? [...field.value, value] : field.value.filter((v) => v !== value));
  return (
    <fieldset className="grid gap-2" aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const id = `${name}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className="flex cursor-pointer items-center gap-3 rounded-md border bg-card p-3 text-sm"
            >
              <input
                id={id}
                type="checkbox"
                checked={field.value.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                onBlur={() => void helpers.setTouched(true)}
                className="size-4 shrink-0 accent-primary"
              />
              <span dir="auto">{option.label}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p role="alert" className="text-xs font-medium text-destructive">
          {translateMessage(error) || t('validation.required')}
        </p>
      )}
    </fieldset>
  );
}

function AllowField() {
  const { t } = useTranslation('visibilite');
  const [field, meta] = useField<string>('allow');
  const error = meta.touched && meta.error ? translateMessage(meta.error) : undefined;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-semibold">{t('groupee.allow')}</legend>
      <div className="flex flex-wrap gap-2">
        {(['true', 'false'] as const).map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-2 rounded-md border bg-card px-3 py-2 text-sm"
          >
            <input
              type="radio"
              name="allow"
              value={value}
              checked={field.value === value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              className="size-4 accent-primary"
            />
            {value === 'true' ? t('groupee.afficher') : t('groupee.masquer')}
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * /syndic/administration/visibilite-finances/action-groupee (spec 3 §2.12, §5 "Bulk
 * visibility"): show or hide some information for every co-owner but those excluded.
 */
export function ActionGroupeePage() {
  const { t } = useTranslation(['visibilite', 'common']);
  const keyLabel = useKeyLabel();
  const navigate = useNavigate();
  const { data } = useGetVisibiliteFinancesQuery();
  const [bulk] = useBulkSyncVisibiliteMutation();
  const users = data?.users ?? [];

  async function submit(values: Values) {
    try {
      const answer = await bulk({
        bulkSyncRequest: {
          features: values.features,
          allow: values.allow === 'true',
          exclude_user_ids: values.exclude_user_ids,
        },
      }).unwrap();
      const count = answer.users.length - values.exclude_user_ids.filter((id) => users.some((u) => u.id === id)).length;
      toast.success(t('visibilite:groupee.applied', { count }));
      void navigate(visibilitePaths.visibilite);
    } catch (error) {
      toast.error(translateMessage(errorMessageKey(error, {}, 'visibilite:groupee.failed')));
    }
  }

  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader title={t('visibilite:groupee.title')} description={t('visibilite:groupee.subtitle')}>
        <BackLink to={visibilitePaths.visibilite}>{t('visibilite:groupee.back')}</BackLink>
      </PageHeader>
      <Card>
        <CardContent className="pt-6">
          <Formik<Values>
            initialValues={{ features: [], allow: '', exclude_user_ids: [] }}
            validationSchema={actionGroupeeSchema}
            onSubmit={submit}
          >
            {({ isSubmitting }) => (
              <Form noValidate className="grid gap-6" aria-label={t('visibilite:groupee.title')}>
                <CheckList<FeatureKey>
                  name="features"
                  legend={t('visibilite:groupee.features')}
                  options={ALL_KEYS.map((key) => ({ value: key, label: keyLabel(key) }))}
                />
                <AllowField />
                {users.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t('visibilite:groupee.noCoproprietaire')}</p>
                ) : (
                  <CheckList<number>
                    name="exclude_user_ids"
                    legend={t('visibilite:groupee.exclude')}
                    hint={t('visibilite:groupee.excludeHint')}
                    options={users.map((user) => ({ value: user.id, label: user.nom }))}
                  />
                )}
                <div className="flex flex-wrap justify-end gap-2">
                  <Button
                    variant="outline"
                    onClick={() => void navigate(visibilitePaths.visibilite)}
                    disabled={isSubmitting}
                  >
                    {t('common:actions.cancel')}
                  </Button>
                  <Button type="submit" disabled={isSubmitting}>
                    {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
                    {t('visibilite:groupee.submit')}
                  </Button>
                </div>
              </Form>
            )}
          </Formik>
        </CardContent>
      </Card>
    </div>
  );
}
