import { Form, Formik } from 'formik';
import { CopyCheck, FileUp, Loader2, Settings2, Upload } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FilterSelect } from '@/components/filter-select';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/page-parts';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ChoiceField } from '@/components/ui/choice-field';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toaster';
import { ltrText } from '@/lib/bidi';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { Montant, usePeriode } from './parts';
import { relevePath, relevesPaths, withCompte } from './paths';
import {
  FORMATS_DATE,
  releveFormData,
  SEPARATEURS_DECIMAUX,
  useApercuReleveMutation,
  useGetRapprochementQuery,
  useImporterReleveMutation,
  type ApercuReleve,
  type MappingColonnes,
} from './releves-api';
import { fichierErrorText } from './releves-errors';
import { initialMapping, mappingOf, mappingSchema } from './schemas';
import { ligneEnteteDuFichier } from './ligne-entete';

/** A positive whole number from the address, or undefined. */
function numberParam(value: string | null): number | undefined {
  return value !== null && /^\d+$/.test(value) ? Number(value) : undefined;
}

/**
 * /syndic/banque/rapprochement/importer?compte= (issue 22): a statement file of the account
 * chosen, previewed before anything is recorded. A CSV or XLSX file of a bank whose columns are
 * not known yet asks for its mapping first (remembered by the server once the import succeeds).
 * The lines imported already by an earlier statement are shown greyed: the import skips them.
 */
export function ImportPage() {
  const { t } = useTranslation(['releves', 'common']);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const compteParam = numberParam(params.get('compte'));
  const { currentData: rapprochement } = useGetRapprochementQuery({ id: compteParam });
  const compteId = compteParam ?? rapprochement?.compte_id ?? undefined;
  const compte = rapprochement?.comptes.find((candidate) => candidate.id === compteId);

  const [fichier, setFichier] = useState<File | null>(null);
  const [apercu, setApercu] = useState<ApercuReleve | null>(null);
  const [mapping, setMapping] = useState<MappingColonnes | null>(null);
  const [editingMapping, setEditingMapping] = useState(false);
  const [erreur, setErreur] = useState<string | null>(null);
  /** The file's line holding the headers the server found, for the mapping form. */
  const [ligneEntete, setLigneEntete] = useState<number | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [apercuReleve] = useApercuReleveMutation();
  const [importerReleve, { isLoading: importing }] = useImporterReleveMutation();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  async function preview(file: File, withMapping: MappingColonnes | null) {
    if (!compteId) return;
    setErreur(null);
    setPreviewing(true);
    try {
      const answer = await apercuReleve(releveFormData(compteId, file, withMapping)).unwrap();
      if (answer.mapping_requis) setLigneEntete(await ligneEnteteDuFichier(file, answer.colonnes));
      setApercu(answer);
      setMapping(answer.mapping);
      setEditingMapping(answer.mapping_requis);
    } catch (error) {
      setErreur(fichierErrorText(error));
    } finally {
      setPreviewing(false);
    }
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    setFichier(file);
    setApercu(null);
    setMapping(null);
    setEditingMapping(false);
    if (file) void preview(file, null);
  }

  function chooseCompte(value: string) {
    setParams(new URLSearchParams({ compte: value }), { replace: true });
    setFichier(null);
    setApercu(null);
    setMapping(null);
    setEditingMapping(false);
    setErreur(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  async function importer() {
    if (!compteId || !fichier || !apercu) return;
    setErreur(null);
    try {
      const answer = await importerReleve(releveFormData(compteId, fichier, mapping)).unwrap();
      const lignes = answer.releve.lignes;
      toast.success(answer.deja_importe ? t('releves:import.dejaImporteToast') : t('releves:import.done'), {
        description: t('releves:import.doneDetail', {
          pointees: lignes.filter((ligne) => ligne.statut === 'pointee').length,
          n: lignes.length,
        }),
      });
      await navigate(relevePath(answer.releve.id));
    } catch (error) {
      const message = fichierErrorText(error);
      setErreur(message);
      toast.error(t('releves:import.failed'), { description: message });
    }
  }

  const locked = !compte || previewing || importing;
  const tabular = apercu && (apercu.format === 'csv' || apercu.format === 'xlsx');
  const ready = apercu !== null && !apercu.mapping_requis && !editingMapping;
  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('releves:import.title')}
        description={t('releves:import.subtitle')}
        actions={
          <Button variant="outline" asChild>
            <Link to={withCompte(relevesPaths.releves, compteId)}>{t('releves:list.link')}</Link>
          </Button>
        }
      >
        <BackLink to={withCompte(relevesPaths.rapprochement, compteId)}>{t('releves:backToRapprochement')}</BackLink>
      </PageHeader>

      <Card>
        <CardHeader>
          <CardTitle>{t('releves:import.fileTitle')}</CardTitle>
          <CardDescription>{t('releves:import.fileHelp')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FilterSelect
            label={t('releves:compte')}
            value={String(compteId ?? '')}
            options={(rapprochement?.comptes ?? []).map((choice) => ({
              value: String(choice.id),
              label: choice.is_main ? t('releves:compteOption', { libelle: choice.libelle }) : choice.libelle,
            }))}
            onChange={chooseCompte}
            testId="releve-compte"
          />
          <div className="grid min-w-0 gap-1.5">
            <span id={`${inputId}-label`} className="text-sm font-medium">
              {t('releves:import.file')}
            </span>
            {/* The browser's own file button speaks the browser's language: this one the page's. */}
            <div className="flex min-w-0 items-center gap-3">
              <Button variant="outline" asChild>
                <label
                  htmlFor={inputId}
                  aria-disabled={locked || undefined}
                  className={cn('cursor-pointer', locked && 'pointer-events-none opacity-50')}
                >
                  <FileUp aria-hidden="true" />
                  {t('releves:import.choose')}
                </label>
              </Button>
              <span className="min-w-0 truncate text-sm text-muted-foreground" data-testid="releve-nom-fichier">
                {fichier?.name ?? t('releves:import.noFile')}
              </span>
            </div>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              aria-labelledby={`${inputId}-label`}
              onChange={choose}
              disabled={locked}
              data-testid="releve-fichier"
              className="sr-only"
            />
          </div>
          {previewing && (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground sm:col-span-2">
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              {t('releves:import.reading')}
            </p>
          )}
          {erreur && (
            <Alert variant="destructive" className="sm:col-span-2" data-testid="releve-erreur">
              <FileUp aria-hidden="true" />
              <p>{erreur}</p>
            </Alert>
          )}
        </CardContent>
      </Card>

      {apercu && fichier && tabular && editingMapping && (
        <MappingCard
          apercu={apercu}
          mapping={mapping}
          ligneEntete={ligneEntete}
          pending={previewing}
          onSubmit={(next) => void preview(fichier, next)}
          onCancel={apercu.mapping_requis ? undefined : () => setEditingMapping(false)}
        />
      )}

      {apercu && ready && (
        <ApercuCard
          apercu={apercu}
          onEditMapping={tabular ? () => setEditingMapping(true) : undefined}
          importing={importing}
          onImport={() => void importer()}
        />
      )}
    </div>
  );
}

/** The column mapping form of a CSV or XLSX file, with its first rows as they are in the file. */
function MappingCard({
  apercu,
  mapping,
  ligneEntete,
  pending,
  onSubmit,
  onCancel,
}: {
  apercu: ApercuReleve;
  mapping: MappingColonnes | null;
  ligneEntete: number | null;
  pending: boolean;
  onSubmit: (mapping: MappingColonnes) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation(['releves', 'common']);
  const largeur = Math.max(0, ...apercu.apercu_brut.map((row) => row.length));
  return (
    <Card data-testid="releve-mapping">
      <CardHeader>
        <CardTitle>{t('releves:mapping.title')}</CardTitle>
        <CardDescription>{t('releves:mapping.help')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="min-w-0 rounded-md border" data-testid="apercu-brut">
          <Table aria-label={t('releves:mapping.brut')}>
            <TableBody>
              {apercu.apercu_brut.map((row, index) => (
                <TableRow key={index}>
                  <TableHead className="w-10 bg-muted/60 text-center tabular">
                    {/* The file's line numbers, when the header's line is known. */}
                    {ligneEntete === null ? '' : ligneEntete + index}
                  </TableHead>
                  {Array.from({ length: largeur }, (_, column) => (
                    <TableCell key={column} className="whitespace-nowrap">
                      {row[column] ?? ''}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        <Formik
          initialValues={initialMapping(mapping, apercu.colonnes, ligneEntete)}
          validationSchema={mappingSchema}
          onSubmit={(values) => onSubmit(mappingOf(values))}
        >
          {({ values }) => {
            const colonnes = apercu.colonnes.map((colonne) => ({
              value: colonne,
              label: colonne,
            }));
            const placeholder = t('releves:mapping.choisir');
            return (
              <Form noValidate className="grid gap-5" aria-label={t('releves:mapping.title')}>
                <div className="grid items-start gap-5 sm:grid-cols-3">
                  <FormField
                    name="ligne_entete"
                    label={t('releves:mapping.ligneEntete')}
                    inputMode="numeric"
                    autoComplete="off"
                    dir="ltr"
                  />
                  <SelectField
                    name="date"
                    label={t('releves:mapping.date')}
                    placeholder={placeholder}
                    options={colonnes}
                  />
                  <SelectField
                    name="libelle"
                    label={t('releves:mapping.libelle')}
                    placeholder={placeholder}
                    options={colonnes}
                  />
                </div>
                <ChoiceField
                  name="mode"
                  label={t('releves:mapping.mode')}
                  options={[
                    { value: 'debitCredit', label: t('releves:mapping.modes.debitCredit') },
                    { value: 'signe', label: t('releves:mapping.modes.signe') },
                  ]}
                />
                <div className="grid items-start gap-5 sm:grid-cols-3">
                  {values.mode === 'signe' ? (
                    <SelectField
                      name="montant"
                      label={t('releves:mapping.montant')}
                      placeholder={placeholder}
                      options={colonnes}
                    />
                  ) : (
                    <>
                      <SelectField
                        name="debit"
                        label={t('releves:mapping.debit')}
                        placeholder={placeholder}
                        options={colonnes}
                      />
                      <SelectField
                        name="credit"
                        label={t('releves:mapping.credit')}
                        placeholder={placeholder}
                        options={colonnes}
                      />
                    </>
                  )}
                  <SelectField
                    name="reference"
                    label={t('releves:mapping.reference')}
                    placeholder={t('releves:mapping.aucune')}
                    options={colonnes}
                  />
                </div>
                <div className="grid items-start gap-5 sm:grid-cols-3">
                  <SelectField
                    name="format_date"
                    label={t('releves:mapping.formatDate')}
                    options={FORMATS_DATE.map((value) => ({ value, label: t(`releves:mapping.formatsDate.${value}`) }))}
                  />
                  <SelectField
                    name="separateur_decimal"
                    label={t('releves:mapping.separateurDecimal')}
                    options={SEPARATEURS_DECIMAUX.map((value) => ({
                      value,
                      label: t(value === ',' ? 'releves:mapping.virgule' : 'releves:mapping.point', {
                        exemple: ltrText(value === ',' ? '1 234,500' : '1,234.500'),
                      }),
                    }))}
                  />
                </div>
                <div className="flex flex-wrap justify-end gap-2">
                  {onCancel && (
                    <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
                      {t('common:actions.cancel')}
                    </Button>
                  )}
                  <Button type="submit" disabled={pending} data-testid="mapping-apercu">
                    {pending && <Loader2 aria-hidden="true" className="animate-spin" />}
                    {t('releves:mapping.submit')}
                  </Button>
                </div>
              </Form>
            );
          }}
        </Formik>
      </CardContent>
    </Card>
  );
}

/** What the import will record: the period, the balances, the lines (those imported already greyed). */
function ApercuCard({
  apercu,
  onEditMapping,
  importing,
  onImport,
}: {
  apercu: ApercuReleve;
  onEditMapping?: () => void;
  importing: boolean;
  onImport: () => void;
}) {
  const { t } = useTranslation(['releves', 'common']);
  const periode = usePeriode();
  const nouvelles = apercu.lignes.filter((ligne) => !ligne.deja_importee).length;
  const deja = apercu.lignes.length - nouvelles;
  return (
    <Card data-testid="releve-apercu">
      <CardHeader>
        <CardTitle>{t('releves:apercu.title')}</CardTitle>
        <CardDescription>
          {t('releves:apercu.summary', {
            format: t(`releves:formats.${apercu.format}`),
            periode: periode(apercu.du, apercu.au),
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {apercu.deja_importe && (
          <Alert role="status" data-testid="deja-importe">
            <CopyCheck aria-hidden="true" />
            <p>{t('releves:apercu.dejaImporte')}</p>
          </Alert>
        )}
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm lg:grid-cols-4">
          <Chiffre label={t('releves:apercu.soldeOuverture')}>
            <Montant value={apercu.solde_ouverture} />
          </Chiffre>
          <Chiffre label={t('releves:apercu.soldeCloture')}>
            <Montant value={apercu.solde_cloture} />
          </Chiffre>
          <Chiffre label={t('releves:apercu.totalCredits')}>
            <Montant value={apercu.total_credits} />
          </Chiffre>
          <Chiffre label={t('releves:apercu.totalDebits')}>
            <Montant value={apercu.total_debits} />
          </Chiffre>
        </dl>
        <p className="text-sm text-muted-foreground" data-testid="apercu-compte">
          {t('releves:apercu.lignes', { n: apercu.lignes.length })}
          {deja > 0 && <> · {t('releves:apercu.dejaImportees', { n: deja })}</>}
        </p>
        <div className="min-w-0 rounded-md border">
          <Table aria-label={t('releves:apercu.title')}>
            <TableHeader>
              <TableRow>
                <TableHead className="w-12">{t('releves:columns.numero')}</TableHead>
                <TableHead>{t('releves:columns.date')}</TableHead>
                <TableHead>{t('releves:columns.libelle')}</TableHead>
                <TableHead className="text-end">{t('releves:columns.montant')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {apercu.lignes.map((ligne) => (
                <TableRow
                  key={ligne.numero}
                  data-deja-importee={ligne.deja_importee || undefined}
                  className={cn(ligne.deja_importee && 'bg-muted/60 text-muted-foreground')}
                >
                  <TableCell className="tabular">{ligne.numero}</TableCell>
                  <TableCell className="tabular whitespace-nowrap">{formatDate(ligne.date)}</TableCell>
                  <TableCell className="min-w-48">
                    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span>{ligne.libelle}</span>
                      {ligne.deja_importee && <Badge variant="secondary">{t('releves:apercu.dejaImportee')}</Badge>}
                    </div>
                    {ligne.reference && (
                      <span dir="ltr" className="text-xs text-muted-foreground">
                        {ligne.reference}
                      </span>
                    )}
                  </TableCell>
                  <TableCell className="text-end">
                    <Montant value={ligne.montant} className={cn(ligne.deja_importee && 'opacity-60')} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          {onEditMapping && (
            <Button type="button" variant="outline" onClick={onEditMapping} disabled={importing}>
              <Settings2 aria-hidden="true" />
              {t('releves:apercu.editMapping')}
            </Button>
          )}
          <Button type="button" onClick={onImport} disabled={importing} data-testid="releve-importer">
            {importing ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Upload aria-hidden="true" />}
            {apercu.deja_importe || nouvelles === 0
              ? t('releves:apercu.ouvrir')
              : t('releves:apercu.importer', { n: nouvelles })}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** A labelled figure of the preview. */
function Chiffre({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
