import { Form, Formik, getIn, useFormikContext, type FormikHelpers } from 'formik';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import { Dinars } from '@/components/dinars';
import { FormActions } from '@/components/form-actions';
import { NoBankAlert } from '@/components/no-bank-alert';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/page-parts';
import { Card, CardContent } from '@/components/ui/card';
import { DateField } from '@/components/ui/date-field';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toaster';
import { dinarsText } from '@/lib/bidi';
import { cn } from '@/lib/cn';
import { formatDate, todayIso } from '@/lib/dates';
import { applyServerErrors } from '@/lib/form-errors';
import { dinarsToMillimes, formatDinars, MILLIMES_PER_DINAR } from '@/lib/money';
import { matchesSearch } from '@/lib/search';
import { translateMessage } from '@/lib/translate-message';
import { remisesChequesPaths } from './paths';
import {
  useCreateRemiseChequesMutation,
  useGetChequesEnAttenteQuery,
  type Cheque,
  type CompteChoix,
} from './remises-cheques-api';
import { remisesErrorKey } from './remises-cheques-errors';
import { emptyRemise, remiseSchema, type RemiseFormValues } from './schemas';

const FIELDS = ['compte_id', 'cheque_ids', 'date', 'reference', 'commentaire'];

/** The sum of some cheques in dinars, added in millimes so that no float noise shows. */
export function totalOf(cheques: readonly Pick<Cheque, 'montant'>[]): number {
  const millimes = cheques.reduce((sum, cheque) => sum + (dinarsToMillimes(cheque.montant) ?? 0), 0);
  return millimes / MILLIMES_PER_DINAR;
}

/**
 * /syndic/banque/remises-cheques/creer (treasurer only; spec 2 §2, §5 "Cheque deposit"): picks
 * pending cheques (select all, running total) and the account they go to.
 */
export function RemiseCreatePage() {
  const { t } = useTranslation(['remisesCheques', 'common']);
  const navigate = useNavigate();
  const { data, isLoading, isError, refetch } = useGetChequesEnAttenteQuery();
  const [creer] = useCreateRemiseChequesMutation();
  const cheques = useMemo(() => data?.cheques ?? [], [data]);
  const byId = useMemo(() => new Map(cheques.map((cheque) => [cheque.id, cheque])), [cheques]);
  const schema = useMemo(() => remiseSchema((id) => byId.get(id)?.date), [byId]);

  async function submit(values: RemiseFormValues, helpers: FormikHelpers<RemiseFormValues>) {
    const chosen = values.cheque_ids.flatMap((id) => byId.get(id) ?? []);
    try {
      await creer({
        remiseRequest: {
          compte_id: Number(values.compte_id),
          cheque_ids: values.cheque_ids,
          date: values.date,
          reference: values.reference.trim() || null,
          commentaire: values.commentaire.trim() || null,
        },
      }).unwrap();
      toast.success(t('remisesCheques:form.created'), {
        description: t('remisesCheques:form.createdDescription', {
          count: chosen.length,
          montant: dinarsText(totalOf(chosen)),
        }),
      });
      await navigate(remisesChequesPaths.remises);
    } catch (error) {
      const code = apiErrorCode(error);
      if (code === 'validation_failed' && applyServerErrors(error, helpers.setErrors, FIELDS)) return;
      // Codes about one field go under it.
      if (code === 'aucun_cheque') {
        helpers.setFieldError('cheque_ids', 'remisesCheques:validation.chequesRequired');
        return;
      }
      if (code === 'remise_avant_cheque') {
        helpers.setFieldError('date', 'remisesCheques:errors.remise_avant_cheque');
        return;
      }
      if (code === 'cheque_indisponible') {
        // Someone deposited or changed a cheque meanwhile: show the list as it is now.
        const fresh = await refetch();
        const still = new Set((fresh.data?.cheques ?? []).map((cheque) => cheque.id));
        void helpers.setFieldValue(
          'cheque_ids',
          values.cheque_ids.filter((id) => still.has(id)),
        );
      }
      toast.error(t('remisesCheques:form.createFailed'), {
        description: translateMessage(remisesErrorKey(error)),
      });
    }
  }

  let content;
  if (isLoading) {
    content = (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  } else if (isError || !data) {
    content = (
      <p role="alert" className="text-sm font-medium text-destructive">
        {t('remisesCheques:form.chequesError')}
      </p>
    );
  } else if (!data.has_bank) {
    content = <NoBankAlert />;
  } else {
    const main = data.comptes.find((compte) => compte.is_main) ?? data.comptes[0];
    content = (
      <Formik
        initialValues={emptyRemise(main ? String(main.id) : '', todayIso())}
        validationSchema={schema}
        onSubmit={submit}
      >
        {({ isSubmitting }) => (
          <Form noValidate className="grid gap-5" aria-label={t('remisesCheques:form.title')}>
            <div className="grid items-start gap-5 sm:grid-cols-2">
              <CompteField comptes={data.comptes} />
              <DateField name="date" label={t('remisesCheques:form.date')} />
            </div>
            <div className="grid items-start gap-5 sm:grid-cols-2">
              <FormField name="reference" label={t('remisesCheques:form.reference')} autoComplete="off" />
              <FormField name="commentaire" label={t('remisesCheques:form.commentaire')} autoComplete="off" />
            </div>
            <ChequesPicker cheques={cheques} />
            <FormActions
              cancelTo={remisesChequesPaths.remises}
              submitLabel={t('remisesCheques:form.submit')}
              submitting={isSubmitting}
            />
          </Form>
        )}
      </Formik>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader title={t('remisesCheques:form.title')} description={t('remisesCheques:form.subtitle')}>
        <BackLink to={remisesChequesPaths.remises}>{t('remisesCheques:form.back')}</BackLink>
      </PageHeader>
      <Card>
        <CardContent className="p-4 sm:p-6">{content}</CardContent>
      </Card>
    </div>
  );
}

function CompteField({ comptes }: { comptes: readonly CompteChoix[] }) {
  const { t } = useTranslation('remisesCheques');
  return (
    <SelectField
      name="compte_id"
      label={t('form.compte')}
      placeholder={t('form.comptePlaceholder')}
      options={comptes.map((compte) => ({
        value: String(compte.id),
        label: compte.is_main ? t('form.principal', { libelle: compte.libelle }) : compte.libelle,
      }))}
    />
  );
}

/** The pending cheques with a checkbox each, select all, and the running total of the choice. */
function ChequesPicker({ cheques }: { cheques: readonly Cheque[] }) {
  const { t } = useTranslation('remisesCheques');
  const { values, errors, submitCount, setFieldValue } = useFormikContext<RemiseFormValues>();
  const [query, setQuery] = useState('');
  const selected = new Set(values.cheque_ids);
  const chosen = cheques.filter((cheque) => selected.has(cheque.id));
  // A residence may hold dozens of pending cheques: the filter narrows the list, select all
  // applies to what it shows, the total counts every chosen cheque.
  const visible = cheques.filter((cheque) =>
    matchesSearch(
      [
        cheque.tireur,
        cheque.propriete,
        cheque.libelle,
        cheque.reference,
        formatDate(cheque.date),
        formatDinars(cheque.montant),
      ],
      query,
    ),
  );
  const visibleChosen = visible.filter((cheque) => selected.has(cheque.id)).length;
  const all = visible.length > 0 && visibleChosen === visible.length;
  const listError: unknown = getIn(errors, 'cheque_ids');

  /** Ticks or unticks some cheques, keeping the list's order whatever the order of the clicks. */
  function set(ids: readonly number[], on: boolean) {
    const next = new Set(values.cheque_ids);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    void setFieldValue(
      'cheque_ids',
      cheques.filter((cheque) => next.has(cheque.id)).map((cheque) => cheque.id),
    );
  }

  return (
    <fieldset className="grid gap-2" data-testid="cheques-picker" aria-describedby="cheques-hint">
      <legend className="text-sm font-medium">{t('form.chequesTitle')}</legend>
      <p id="cheques-hint" className="text-xs text-muted-foreground">
        {t('form.chequesHint')}
      </p>
      {cheques.length === 0 ? (
        <p className="rounded-lg border px-4 py-8 text-center text-sm text-muted-foreground">{t('form.noCheque')}</p>
      ) : (
        <>
          <div className="relative w-full sm:max-w-xs">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t('form.search')}
              aria-label={t('form.searchLabel')}
              className="ps-9"
            />
          </div>
          <div
            className={cn(
              'max-h-[32rem] overflow-y-auto rounded-lg border',
              typeof listError === 'string' && submitCount > 0 && 'border-destructive',
            )}
          >
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className="w-10">
                    <input
                      type="checkbox"
                      aria-label={t('form.selectAll')}
                      checked={all}
                      disabled={visible.length === 0}
                      ref={(input) => {
                        if (input) input.indeterminate = visibleChosen > 0 && !all;
                      }}
                      onChange={(event) =>
                        set(
                          visible.map((cheque) => cheque.id),
                          event.target.checked,
                        )
                      }
                      className="size-4 cursor-pointer accent-primary"
                    />
                  </TableHead>
                  <TableHead className="hidden md:table-cell">{t('cheques.date')}</TableHead>
                  <TableHead>{t('cheques.libelle')}</TableHead>
                  <TableHead className="hidden md:table-cell">{t('cheques.reference')}</TableHead>
                  <TableHead className="text-end">{t('cheques.montant')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {visible.length === 0 && (
                  <TableRow className="hover:bg-transparent">
                    <TableCell colSpan={5} className="py-8 text-center text-muted-foreground">
                      {t('form.noMatch', { query: query.trim() })}
                    </TableCell>
                  </TableRow>
                )}
                {visible.map((cheque) => {
                  const on = selected.has(cheque.id);
                  const nom = cheque.tireur ?? cheque.libelle;
                  const id = `cheque-${cheque.origine}-${cheque.id}`;
                  return (
                    <TableRow
                      key={id}
                      data-testid="cheque-row"
                      data-selected={on || undefined}
                      className={cn('cursor-pointer', on && 'bg-primary/5')}
                      onClick={(event) => {
                        if ((event.target as HTMLElement).closest('input, label')) return;
                        set([cheque.id], !on);
                      }}
                    >
                      <TableCell className="w-10">
                        <input
                          id={id}
                          type="checkbox"
                          checked={on}
                          onChange={(event) => set([cheque.id], event.target.checked)}
                          aria-label={t('form.selectOne', { libelle: nom })}
                          className="size-4 cursor-pointer accent-primary"
                        />
                      </TableCell>
                      <TableCell className="hidden tabular whitespace-nowrap md:table-cell">
                        {formatDate(cheque.date)}
                      </TableCell>
                      <TableCell>
                        <label htmlFor={id} className="cursor-pointer font-medium">
                          {nom}
                        </label>
                        <div className="text-xs text-muted-foreground">
                          {[cheque.propriete, cheque.tireur ? cheque.libelle : null].filter(Boolean).join(' — ')}
                        </div>
                        <div className="text-xs text-muted-foreground md:hidden">
                          <span className="tabular">{formatDate(cheque.date)}</span>
                          {cheque.reference && (
                            <>
                              {' · '}
                              <span dir="ltr" className="tabular whitespace-nowrap">
                                {cheque.reference}
                              </span>
                            </>
                          )}
                        </div>
                      </TableCell>
                      <TableCell className="hidden md:table-cell">
                        <span dir="ltr" className="tabular">
                          {cheque.reference ?? '—'}
                        </span>
                      </TableCell>
                      <TableCell className="text-end">
                        <Dinars value={cheque.montant} />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </div>
        </>
      )}
      <div
        className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-muted/60 px-4 py-3 text-sm"
        data-testid="remise-selection"
        aria-live="polite"
      >
        <span>{chosen.length === 0 ? t('form.selectionNone') : t('form.selection', { count: chosen.length })}</span>
        <span className="font-semibold">
          {t('form.total')}
          <span data-testid="remise-total" className="ms-2">
            <Dinars value={totalOf(chosen)} />
          </span>
        </span>
      </div>
      {typeof listError === 'string' && submitCount > 0 && (
        <p className="text-xs font-medium text-destructive" role="alert">
          {translateMessage(listError)}
        </p>
      )}
    </fieldset>
  );
}
