import { createColumnHelper } from '@tanstack/react-table';
import { Form, Formik, useField, type FormikHelpers } from 'formik';
import { Loader2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dinars } from '@/components/dinars';
import { FilterSelect } from '@/components/filter-select';
import { NoBankAlert } from '@/components/no-bank-alert';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { DataTable } from '@/components/ui/data-table';
import { DateField } from '@/components/ui/date-field';
import { FormField, useFieldError } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { UserText } from '@/components/user-text';
import { dinarsText } from '@/lib/bidi';
import { formatDateTimeTunis, startOfLastYear, todayIso } from '@/lib/dates';
import { applyServerErrors } from '@/lib/form-errors';
import { currencyUnit, formatDinars } from '@/lib/money';
import {
  METHODES_KONNECT,
  useEnregistrerConfigurationPaiementEnLigneMutation,
  useEnregistrerReglementPasserelleMutation,
  useGetComptesBancairesQuery,
  useGetConfigurationPaiementEnLigneQuery,
  useGetPaiementsEnLigneQuery,
  type ConfigurationPaiementEnLigne,
  type PaiementEnLigne,
  type StatutPaiementEnLigne,
} from './paiement-en-ligne-api';
import { paiementEnLigneErrorText } from './paiement-en-ligne-errors';
import {
  configurationRequest,
  configurationSchema,
  configurationValues,
  millimesOf,
  reglementRequest,
  reglementSchema,
  type ConfigurationFormValues,
  type ReglementFormValues,
} from './schemas';

const STATUTS: readonly StatutPaiementEnLigne[] = ['en_attente', 'payee', 'echouee', 'expiree'];

const CONFIGURATION_FIELDS = ['active', 'wallet_id', 'cle_api', 'frais_au_coproprietaire', 'methodes', 'compte_id'];
const REGLEMENT_FIELDS = ['compte_id', 'date', 'montant_brut', 'frais', 'reference'];

/** The label of a gateway method (a method this client does not know is shown as sent). */
function useMethodeLabel() {
  const { t } = useTranslation('paiementEnLigne');
  return (methode: string) =>
    (METHODES_KONNECT as readonly string[]).includes(methode)
      ? t(`methodes.${methode as (typeof METHODES_KONNECT)[number]}`)
      : methode;
}

/** The accepted methods: one checkbox each, the Formik value the list of those ticked. */
function MethodesField() {
  const { t } = useTranslation('paiementEnLigne');
  const label = useMethodeLabel();
  const id = useId();
  const [field, , helpers] = useField<string[]>('methodes');
  const error = useFieldError('methodes');
  const selected = field.value;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">{t('syndic.configuration.methodes')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {METHODES_KONNECT.map((methode) => (
          <label
            key={methode}
            className="flex cursor-pointer items-center gap-3 rounded-md border bg-card px-3 py-2.5 text-sm"
          >
            <input
              type="checkbox"
              name="methodes"
              value={methode}
              checked={selected.includes(methode)}
              onChange={(event) =>
                void helpers.setValue(
                  event.target.checked
                    ? METHODES_KONNECT.filter((m) => m === methode || selected.includes(m))
                    : selected.filter((m) => m !== methode),
                )
              }
              className="size-4 shrink-0 cursor-pointer accent-primary"
            />
            <span dir="auto">{label(methode)}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The residence's settings: wallet, key (write-only), methods, fees, settlement account, on/off. */
function ConfigurationCard({
  configuration,
  comptes,
}: {
  configuration: ConfigurationPaiementEnLigne;
  comptes: { value: string; label: string }[];
}) {
  const { t } = useTranslation('paiementEnLigne');
  const [enregistrer] = useEnregistrerConfigurationPaiementEnLigneMutation();
  const initialValues = useMemo(() => configurationValues(configuration), [configuration]);
  const schema = useMemo(() => configurationSchema(configuration.cle_api_definie), [configuration.cle_api_definie]);

  async function submit(values: ConfigurationFormValues, helpers: FormikHelpers<ConfigurationFormValues>) {
    try {
      await enregistrer({ configurationRequest: configurationRequest(values) }).unwrap();
      toast.success(t('syndic.configuration.saved'));
      // The key typed is gone from the page: the answer says only that one is stored.
      helpers.setFieldValue('cle_api', '', false);
    } catch (error) {
      if (applyServerErrors(error, helpers.setErrors, CONFIGURATION_FIELDS)) return;
      toast.error(t('errors.saveFailed'), { description: paiementEnLigneErrorText(error) });
    }
  }

  return (
    <Card data-testid="paiement-en-ligne-configuration">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {t('syndic.configuration.title')}
          <Badge variant={configuration.active ? 'success' : 'secondary'}>
            {configuration.active ? t('syndic.configuration.etatActif') : t('syndic.configuration.etatInactif')}
          </Badge>
        </CardTitle>
        <CardDescription>{t('syndic.configuration.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Formik initialValues={initialValues} validationSchema={schema} onSubmit={submit} enableReinitialize>
          {({ isSubmitting }) => (
            <Form noValidate className="grid gap-5">
              <CheckboxField
                name="active"
                variant="switch"
                label={t('syndic.configuration.active')}
                description={t('syndic.configuration.activeHint')}
              />
              <div className="grid items-start gap-5 sm:grid-cols-2">
                <FormField
                  name="wallet_id"
                  label={t('syndic.configuration.walletId')}
                  autoComplete="off"
                  spellCheck={false}
                  dir="ltr"
                  className="[&_input]:font-mono"
                />
                <FormField
                  name="cle_api"
                  type="password"
                  label={t('syndic.configuration.cleApi')}
                  description={
                    configuration.cle_api_definie
                      ? t('syndic.configuration.cleApiDefinieHint')
                      : t('syndic.configuration.cleApiHint')
                  }
                  placeholder={configuration.cle_api_definie ? t('syndic.configuration.cleApiPlaceholder') : undefined}
                  autoComplete="new-password"
                  spellCheck={false}
                  dir="ltr"
                  className="[&_input]:font-mono"
                />
              </div>
              <MethodesField />
              <CheckboxField
                name="frais_au_coproprietaire"
                variant="switch"
                label={t('syndic.configuration.frais')}
                description={t('syndic.configuration.fraisHint')}
              />
              <SelectField
                name="compte_id"
                label={t('syndic.configuration.compte')}
                description={t('syndic.configuration.compteHint')}
                placeholder={t('syndic.configuration.comptePlaceholder')}
                options={comptes}
              />
              <div className="flex justify-end border-t pt-5">
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
                  {t('syndic.configuration.submit')}
                </Button>
              </div>
            </Form>
          )}
        </Formik>
      </CardContent>
    </Card>
  );
}

function StatutBadge({ statut }: { statut: string }) {
  const { t } = useTranslation('paiementEnLigne');
  const known = (STATUTS as readonly string[]).includes(statut);
  const variant =
    statut === 'payee'
      ? 'success'
      : statut === 'en_attente'
        ? 'warning'
        : statut === 'echouee'
          ? 'destructive'
          : 'secondary';
  return (
    <Badge variant={variant} data-statut={statut}>
      {known ? t(`statuts.${statut as StatutPaiementEnLigne}`) : statut}
    </Badge>
  );
}

const column = createColumnHelper<PaiementEnLigne>();

/** The online payments, newest first, with their state, receipts and overpayments. */
function PaiementsSection() {
  const { t } = useTranslation(['paiementEnLigne', 'common']);
  const [statut, setStatut] = useState('');
  const { data, isLoading, isError, error, refetch } = useGetPaiementsEnLigneQuery(statut);

  const columns = useMemo(
    () => [
      column.accessor('cree_le', {
        header: t('paiementEnLigne:syndic.paiements.columns.date'),
        cell: (info) => (
          <span className="grid">
            <span className="tabular whitespace-nowrap">{formatDateTimeTunis(info.getValue())}</span>
            {info.row.original.paye_le && (
              <span className="text-xs text-muted-foreground">
                {t('paiementEnLigne:syndic.paiements.payeLe', { date: formatDateTimeTunis(info.row.original.paye_le) })}
              </span>
            )}
          </span>
        ),
        meta: { card: 'subtitle', searchText: (value: string) => formatDateTimeTunis(value) },
      }),
      // The name, and the gateway's reference the search finds too.
      column.accessor((row) => `${row.proprietaire} ${row.reference_passerelle ?? ''}`, {
        id: 'proprietaire',
        header: t('paiementEnLigne:syndic.paiements.columns.proprietaire'),
        cell: (info) => (
          <span className="grid">
            <UserText className="font-medium">{info.row.original.proprietaire}</UserText>
            {/* The gateway's reference, to find the payment in the Konnect dashboard. */}
            <span
              dir="ltr"
              className="font-mono text-xs text-muted-foreground rtl:text-end"
              title={t('paiementEnLigne:syndic.paiements.columns.reference')}
            >
              {info.row.original.reference_passerelle}
            </span>
          </span>
        ),
        meta: { card: 'title' },
      }),
      column.accessor((row) => row.montant_dus.map((due) => `${due.cotisation_titre} ${due.propriete}`).join(' '), {
        id: 'echeances',
        header: t('paiementEnLigne:syndic.paiements.columns.echeances'),
        enableSorting: false,
        cell: (info) => (
          <ul className="grid gap-0.5 text-sm">
            {info.row.original.montant_dus.map((due) => (
              // A line of the residence's own words (a French title on an Arabic page reads whole).
              <li key={due.montant_du_id} dir="auto" className="rtl:text-right">
                <UserText>{due.cotisation_titre}</UserText>
                <span className="text-muted-foreground">
                  {' · '}
                  <UserText>{due.propriete}</UserText>
                </span>
              </li>
            ))}
          </ul>
        ),
      }),
      column.accessor('montant', {
        header: t('paiementEnLigne:syndic.paiements.columns.montant'),
        cell: (info) => (
          <span className="grid justify-items-end">
            <Dinars value={info.getValue()} className="font-medium" />
            {info.row.original.frais ? (
              <span className="text-xs text-muted-foreground">
                {t('paiementEnLigne:syndic.paiements.frais', { montant: dinarsText(info.row.original.frais) })}
              </span>
            ) : null}
          </span>
        ),
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
      column.accessor('statut', {
        header: t('paiementEnLigne:syndic.paiements.columns.statut'),
        cell: (info) => (
          <span className="flex flex-wrap items-center gap-1.5">
            <StatutBadge statut={info.getValue()} />
            {info.row.original.trop_percu > 0 && (
              <Badge
                variant="warning"
                title={t('paiementEnLigne:syndic.paiements.tropPercuHint')}
                data-testid={`trop-percu-${info.row.original.id}`}
              >
                {t('paiementEnLigne:syndic.paiements.tropPercu', { montant: dinarsText(info.row.original.trop_percu) })}
              </Badge>
            )}
          </span>
        ),
        meta: {
          card: 'badge',
          searchText: (value: string) =>
            (STATUTS as readonly string[]).includes(value)
              ? t(`paiementEnLigne:statuts.${value as StatutPaiementEnLigne}`)
              : value,
        },
      }),
      column.accessor((row) => row.encaissements.map((e) => e.numero_recu ?? '').join(' '), {
        id: 'recus',
        header: t('paiementEnLigne:syndic.paiements.columns.recus'),
        enableSorting: false,
        cell: (info) => {
          const numeros = info.row.original.encaissements.map((e) => e.numero_recu).filter(Boolean);
          if (numeros.length === 0) return <span className="text-muted-foreground">—</span>;
          return (
            <ul dir="ltr" className="tabular grid text-sm whitespace-nowrap rtl:text-end">
              {numeros.map((numero) => (
                <li key={numero}>{numero}</li>
              ))}
            </ul>
          );
        },
      }),
    ],
    [t],
  );

  const filtre = [
    { value: '', label: t('paiementEnLigne:syndic.paiements.tous') },
    ...STATUTS.map((value) => ({ value, label: t(`paiementEnLigne:statuts.${value}`) })),
  ];

  return (
    <section className="grid gap-3" aria-labelledby="paiements-en-ligne-title">
      <h2 id="paiements-en-ligne-title" className="text-lg font-semibold">
        {t('paiementEnLigne:syndic.paiements.title')}
      </h2>
      <DataTable
        columns={columns}
        data={data?.paiements}
        isLoading={isLoading}
        isError={isError}
        error={error}
        onRetry={() => void refetch()}
        errorMessage={t('paiementEnLigne:errors.listFailed')}
        skeletonRows={4}
        searchPlaceholder={t('paiementEnLigne:syndic.paiements.searchPlaceholder')}
        emptyMessage={t('paiementEnLigne:syndic.paiements.empty')}
        getRowId={(row) => String(row.id)}
        toolbar={
          <div className="w-full sm:w-48">
            <FilterSelect
              label={t('paiementEnLigne:syndic.paiements.filtre')}
              value={statut}
              options={filtre}
              onChange={setStatut}
              testId="filtre-statut"
            />
          </div>
        }
      />
    </section>
  );
}

/** The net the bank receives, under the amounts (brut − frais), once both read as amounts. */
function NetVerse({ values }: { values: ReglementFormValues }) {
  const { t } = useTranslation('paiementEnLigne');
  const brut = millimesOf(values.montant_brut);
  const frais = millimesOf(values.frais);
  if (brut === null || frais === null || frais > brut) return null;
  return (
    <p className="text-sm text-muted-foreground" data-testid="reglement-net">
      {t('syndic.reglement.net', { montant: dinarsText((brut - frais) / 1000) })}
    </p>
  );
}

/** The gateway's settlement to the bank: D 512 net, D 627 fees, C the clearing account gross. */
function ReglementCard({
  comptes,
  compteParDefaut,
}: {
  comptes: { value: string; label: string }[];
  compteParDefaut: string;
}) {
  const { t, i18n } = useTranslation('paiementEnLigne');
  const [enregistrer] = useEnregistrerReglementPasserelleMutation();
  const today = todayIso();
  // One object while the default account stays: the form is reinitialised when the settings
  // name another account, not each time the accounts are read again (after a settlement, which
  // would put the account just chosen back to the default).
  const initialValues: ReglementFormValues = useMemo(
    () => ({ compte_id: compteParDefaut, date: today, montant_brut: '', frais: '0', reference: '' }),
    [compteParDefaut, today],
  );

  async function submit(values: ReglementFormValues, helpers: FormikHelpers<ReglementFormValues>) {
    try {
      await enregistrer({ reglementRequest: reglementRequest(values) }).unwrap();
      toast.success(t('syndic.reglement.saved'));
      helpers.resetForm({ values: { ...initialValues, compte_id: values.compte_id } });
    } catch (error) {
      if (applyServerErrors(error, helpers.setErrors, REGLEMENT_FIELDS)) return;
      toast.error(t('errors.reglementFailed'), { description: paiementEnLigneErrorText(error) });
    }
  }

  const unit = currencyUnit(i18n.language);
  return (
    <Card data-testid="paiement-en-ligne-reglement">
      <CardHeader>
        <CardTitle>{t('syndic.reglement.title')}</CardTitle>
        <CardDescription>{t('syndic.reglement.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Formik initialValues={initialValues} validationSchema={reglementSchema} onSubmit={submit} enableReinitialize>
          {({ isSubmitting, values }) => (
            <Form noValidate className="grid gap-5">
              <div className="grid items-start gap-5 sm:grid-cols-2">
                <SelectField
                  name="compte_id"
                  label={t('syndic.reglement.compte')}
                  placeholder={t('syndic.configuration.comptePlaceholder')}
                  options={comptes}
                  required
                />
                <DateField name="date" label={t('syndic.reglement.date')} min={startOfLastYear(today)} max={today} />
                <FormField
                  name="montant_brut"
                  label={`${t('syndic.reglement.montantBrut')} (${unit})`}
                  inputMode="decimal"
                  autoComplete="off"
                  dir="ltr"
                  required
                />
                <FormField
                  name="frais"
                  label={`${t('syndic.reglement.frais')} (${unit})`}
                  inputMode="decimal"
                  autoComplete="off"
                  dir="ltr"
                  required
                />
              </div>
              <NetVerse values={values} />
              <FormField name="reference" label={t('syndic.reglement.reference')} autoComplete="off" />
              <div className="flex justify-end border-t pt-5">
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
                  {t('syndic.reglement.submit')}
                </Button>
              </div>
            </Form>
          )}
        </Formik>
      </CardContent>
    </Card>
  );
}

/**
 * /syndic/banque/paiement-en-ligne (issue 21, the treasurer's only): the residence's Konnect
 * settings, the online payments with their state and overpayments, and the gateway's
 * settlements to the bank.
 */
export function PaiementEnLigneSyndicPage() {
  const { t } = useTranslation('paiementEnLigne');
  const configuration = useGetConfigurationPaiementEnLigneQuery();
  const banque = useGetComptesBancairesQuery();
  const comptes = useMemo(
    () => (banque.data?.comptes ?? []).map((compte) => ({ value: String(compte.id), label: compte.libelle })),
    [banque.data],
  );
  const config = configuration.data?.configuration;
  const compteParDefaut = config?.compte_id
    ? String(config.compte_id)
    : String(banque.data?.comptes.find((compte) => compte.is_main)?.id ?? '');

  return (
    <div className="grid gap-6">
      <PageHeader title={t('syndic.title')} description={t('syndic.subtitle')} />
      {banque.data && !banque.data.has_bank && <NoBankAlert />}
      {config ? (
        <ConfigurationCard configuration={config} comptes={comptes} />
      ) : configuration.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {paiementEnLigneErrorText(configuration.error)}
        </p>
      ) : (
        <Skeleton className="h-96 w-full" data-testid="configuration-skeleton" />
      )}
      <PaiementsSection />
      {banque.data?.has_bank && <ReglementCard comptes={comptes} compteParDefaut={compteParDefaut} />}
    </div>
  );
}
