import { createColumnHelper } from '@tanstack/react-table';
import { CheckCircle2, HandCoins, Landmark, ListChecks, Plus, Scale, TriangleAlert, Undo2, Upload } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { BackLink, NotFound } from '@/components/page-parts';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { DisabledReason } from '@/components/ui/tooltip';
import { apiErrorCode } from '@/api/errors';
import { formatDate } from '@/lib/dates';
import { dinarsText } from '@/lib/bidi';
import { dinarsToMillimes, formatDinars, MILLIMES_PER_DINAR } from '@/lib/money';
import { OperationLigneDialog } from './operation-ligne-dialog';
import { Montant, isDebit, usePeriode } from './parts';
import { encaissementPrefillPath, relevesPaths, withCompte } from './paths';
import { PropositionDialog } from './proposition-dialog';
import {
  useDefaireLigneReleveMutation,
  useGetReleveQuery,
  useRapprocherLigneReleveMutation,
  type LigneReleve,
  type Releve,
  type StatutLigne,
} from './releves-api';
import { releveErrorText } from './releves-errors';

const STATUT_BADGES: Record<StatutLigne, string> = {
  pointee: 'border-emerald-200 bg-emerald-100 text-emerald-800',
  proposee: 'border-amber-200 bg-amber-100 text-amber-900',
  sans_correspondance: 'border-pink-200 bg-pink-100 text-pink-800',
};

const ROW_CLASSES: Record<StatutLigne, string> = {
  pointee: 'bg-emerald-50 hover:bg-emerald-100/70',
  proposee: 'bg-amber-50 hover:bg-amber-100/70',
  sans_correspondance: 'bg-pink-50 hover:bg-pink-100/70',
};

const column = createColumnHelper<LigneReleve>();

/** What the collections page hands back once a statement line's collection is recorded. */
interface RapprocherState {
  rapprocher: { releve: number; ligne: number; encaissement: number };
}

function rapprocherOf(state: unknown): RapprocherState['rapprocher'] | undefined {
  const candidate = (state as Partial<RapprocherState> | null)?.rapprocher;
  return candidate && typeof candidate.encaissement === 'number' ? candidate : undefined;
}

/**
 * Back from the collections page with the collection recorded for a line: points the two
 * together once, then forgets the navigation state (a reload does not point again).
 */
function usePointCollection(releveId: number | undefined) {
  const { t } = useTranslation('releves');
  const location = useLocation();
  const navigate = useNavigate();
  const [rapprocher] = useRapprocherLigneReleveMutation();
  const done = useRef(false);
  const pending = rapprocherOf(location.state);
  useEffect(() => {
    if (!pending || pending.releve !== releveId || done.current) return;
    done.current = true;
    void navigate(location.pathname, { replace: true, state: null });
    rapprocher({
      rapprocherRequest: {
        releve: pending.releve,
        ligne: pending.ligne,
        mouvements: [{ table: 'encaissement', id: pending.encaissement }],
      },
    })
      .unwrap()
      .then(() => toast.success(t('encaissement.pointe')))
      .catch((error: unknown) => toast.error(t('encaissement.failed'), { description: releveErrorText(error) }));
  }, [pending, releveId, rapprocher, navigate, location.pathname, t]);
}

/**
 * /syndic/banque/rapprochement/releves/{id} (issue 22): an imported statement, its closing
 * balance checked against the account's bank balance after pointing, and its lines: pointed
 * (undone in one click), proposed (validated with the chosen movements) or with nothing in the
 * books (turned into a bank operation, or a collection, prefilled).
 */
export function RelevePage() {
  const { t } = useTranslation(['releves', 'common']);
  const { releveId } = useParams();
  const id = releveId && /^\d+$/.test(releveId) ? Number(releveId) : undefined;
  const {
    currentData: releve,
    isFetching,
    isError,
    error,
    refetch,
  } = useGetReleveQuery({ id: id ?? 0 }, { skip: !id });
  const [defaire, { isLoading: undoing }] = useDefaireLigneReleveMutation();
  const [validating, setValidating] = useState<LigneReleve | null>(null);
  const [creating, setCreating] = useState<LigneReleve | null>(null);
  const navigate = useNavigate();
  const periode = usePeriode();
  usePointCollection(id);

  const lock = releve?.is_closed ? t('common:permissions.exerciceCloture') : null;

  const columns = useMemo(() => {
    async function undo(ligne: LigneReleve) {
      if (!releve) return;
      try {
        await defaire({ ligneRequest: { releve: releve.id, ligne: ligne.numero } }).unwrap();
        toast.success(t('releves:actions.defaite'), { description: ligne.libelle });
      } catch (failure) {
        toast.error(t('releves:actions.defaireFailed'), { description: releveErrorText(failure) });
      }
    }

    function encaisser(ligne: LigneReleve) {
      if (!releve) return;
      void navigate(encaissementPrefillPath, {
        state: {
          releve: {
            releve: releve.id,
            ligne: ligne.numero,
            compte: releve.compte.id,
            montant: ligne.montant,
            date: ligne.date,
            libelle: ligne.libelle,
            reference: ligne.reference,
            retour: `${relevesPaths.releves}/${releve.id}`,
          },
        },
      });
    }

    return [
      column.accessor('numero', {
        header: t('releves:columns.numero'),
        cell: (info) => <span className="tabular text-muted-foreground">{info.getValue()}</span>,
        meta: { card: 'hidden' },
      }),
      column.accessor('date', {
        header: t('releves:columns.date'),
        cell: (info) => <span className="tabular whitespace-nowrap">{formatDate(info.getValue())}</span>,
        meta: { card: 'subtitle' },
      }),
      column.accessor((ligne) => [ligne.libelle, ligne.reference ?? ''].join(' '), {
        id: 'libelle',
        header: t('releves:columns.libelle'),
        cell: ({ row }) => <LibelleLigne ligne={row.original} />,
        meta: { card: 'title' },
      }),
      column.accessor('montant', {
        header: t('releves:columns.montant'),
        cell: (info) => <Montant value={info.getValue()} />,
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
      column.accessor('statut', {
        header: t('releves:columns.statut'),
        cell: (info) => (
          <Badge variant="outline" data-statut={info.getValue()} className={STATUT_BADGES[info.getValue()]}>
            {t(`releves:statuts.${info.getValue()}`)}
          </Badge>
        ),
        meta: { card: 'badge', searchText: (value: StatutLigne) => t(`releves:statuts.${value}`) },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('releves:columns.actions')}</span>,
        cell: ({ row }) => {
          const ligne = row.original;
          return (
            <div className="flex flex-wrap justify-end gap-2">
              {ligne.statut === 'pointee' && (
                <DisabledReason reason={lock}>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={lock !== null || undoing}
                    onClick={() => void undo(ligne)}
                    aria-label={t('releves:actions.defaireOf', { libelle: ligne.libelle })}
                  >
                    <Undo2 aria-hidden="true" />
                    {t('releves:actions.defaire')}
                  </Button>
                </DisabledReason>
              )}
              {ligne.statut === 'proposee' && (
                <DisabledReason reason={lock}>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={lock !== null}
                    onClick={() => setValidating(ligne)}
                    aria-label={t('releves:actions.validerOf', { libelle: ligne.libelle })}
                  >
                    <ListChecks aria-hidden="true" />
                    {t('releves:actions.valider')}
                  </Button>
                </DisabledReason>
              )}
              {ligne.statut === 'sans_correspondance' && (
                <>
                  {!isDebit(ligne.montant) && (
                    <DisabledReason reason={lock}>
                      <Button
                        variant={ligne.suggestion?.type === 'encaissement' ? 'outline' : 'ghost'}
                        size="sm"
                        disabled={lock !== null}
                        onClick={() => encaisser(ligne)}
                        aria-label={t('releves:actions.encaissementOf', { libelle: ligne.libelle })}
                      >
                        <HandCoins aria-hidden="true" />
                        {t('releves:actions.encaissement')}
                      </Button>
                    </DisabledReason>
                  )}
                  <DisabledReason reason={lock}>
                    <Button
                      variant={ligne.suggestion?.type === 'encaissement' ? 'ghost' : 'outline'}
                      size="sm"
                      disabled={lock !== null}
                      onClick={() => setCreating(ligne)}
                      aria-label={t('releves:actions.operationOf', { libelle: ligne.libelle })}
                    >
                      <Plus aria-hidden="true" />
                      {t('releves:actions.operation')}
                    </Button>
                  </DisabledReason>
                </>
              )}
            </div>
          );
        },
        meta: { card: 'action' },
      }),
    ];
  }, [t, lock, undoing, releve, defaire, navigate]);

  if (!id || (isError && ['releve_inconnu', 'not_found'].includes(apiErrorCode(error) ?? ''))) {
    return (
      <div className="grid gap-6">
        <PageHeader title={t('releve.titleUnknown')}>
          <BackLink to={relevesPaths.releves}>{t('releves:list.back')}</BackLink>
        </PageHeader>
        <NotFound testId="releve-inconnu">{t('releves:errors.releve_inconnu')}</NotFound>
      </div>
    );
  }

  const compteId = releve?.compte.id;
  return (
    <div className="grid gap-6">
      <PageHeader
        title={releve ? t('releve.title', { periode: periode(releve.du, releve.au) }) : t('releve.titleLoading')}
        description={
          releve
            ? t('releve.subtitle', {
                compte: releve.compte.nom,
                fichier: releve.nom_fichier ?? t(`releves:formats.${releve.format}`),
                date: formatDate(releve.importe_le.slice(0, 10)),
              })
            : undefined
        }
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to={withCompte(relevesPaths.rapprochement, compteId)}>
                <Scale aria-hidden="true" />
                {t('releve.toRapprochement')}
              </Link>
            </Button>
            <Button asChild>
              <Link to={withCompte(relevesPaths.importer, compteId)}>
                <Upload aria-hidden="true" />
                {t('releves:import.action')}
              </Link>
            </Button>
          </>
        }
      >
        <BackLink to={withCompte(relevesPaths.releves, compteId)}>{t('releves:list.back')}</BackLink>
      </PageHeader>
      {releve ? <Controle releve={releve} /> : <Skeleton className="h-40 w-full" />}
      <div data-testid="releve-lignes">
        <DataTable
          columns={columns}
          data={releve?.lignes}
          isLoading={isFetching && !releve}
          isError={isError}
          error={error}
          onRetry={() => void refetch()}
          skeletonRows={6}
          pageSize={50}
          searchPlaceholder={t('releve.searchPlaceholder')}
          emptyMessage={t('releve.empty')}
          getRowId={(row) => String(row.numero)}
          rowClassName={(row) => ROW_CLASSES[row.statut]}
        />
      </div>
      {releve && (
        <>
          <PropositionDialog releve={releve} ligne={validating} onClose={() => setValidating(null)} />
          <OperationLigneDialog releve={releve} ligne={creating} onClose={() => setCreating(null)} />
        </>
      )}
    </div>
  );
}

/** A line's label, its reference, and what it is pointed with or what is proposed for it. */
function LibelleLigne({ ligne }: { ligne: LigneReleve }) {
  const { t } = useTranslation('releves');
  const proposition = ligne.propositions[0];
  return (
    <div className="grid min-w-0 gap-0.5">
      <span className="font-medium break-words">{ligne.libelle}</span>
      {ligne.reference && (
        <span dir="ltr" className="text-xs text-muted-foreground rtl:text-end">
          {ligne.reference}
        </span>
      )}
      {ligne.statut === 'pointee' && ligne.mouvements.length > 0 && (
        <span className="text-xs text-muted-foreground">
          {t('releve.pointeeAvec', { mouvements: ligne.mouvements.map((m) => m.libelle).join(' + ') })}
        </span>
      )}
      {ligne.statut === 'proposee' && proposition && (
        <span className="text-xs text-muted-foreground">
          {t('releve.proposition', {
            mouvements: proposition.map((m) => m.libelle).join(' + '),
            n: ligne.propositions.length,
          })}
        </span>
      )}
      {ligne.statut === 'sans_correspondance' && ligne.suggestion && (
        <span className="text-xs text-muted-foreground">
          {t('releve.suggestion', { type: t(`types.${ligne.suggestion.type}`) })}
        </span>
      )}
    </div>
  );
}

/** A typed balance ("8 612,500", "-12.5") in dinars, or null when it is not one. */
function soldeSaisi(text: string): number | null {
  const plain = text.replace(/[\s\u202f\u00a0]/g, '').replace(',', '.');
  return /^-?\d+(\.\d{1,3})?$/.test(plain) ? Number(plain) : null;
}

/**
 * The balance check (issue 22): the statement's closing balance against the account's bank
 * balance at the statement's last day after pointing; a difference lists the lines not pointed,
 * which explain it.
 */
function Controle({ releve }: { releve: Releve }) {
  const { t } = useTranslation('releves');
  const { controle } = releve;
  const inputId = useId();
  // A CSV or XLSX file gives no closing balance: the treasurer types the one printed on the
  // statement, and the check is made here against the server's bank balance (not recorded).
  const [saisi, setSaisi] = useState('');
  const saisie = controle.solde_releve === null ? soldeSaisi(saisi) : null;
  const soldeReleve = controle.solde_releve ?? saisie;
  const ecartMillimes =
    controle.solde_releve !== null
      ? controle.ecart === null
        ? null
        : dinarsToMillimes(controle.ecart)
      : saisie === null
        ? null
        : (dinarsToMillimes(saisie) ?? 0) - (dinarsToMillimes(controle.solde_banque) ?? 0);
  const ecart = ecartMillimes === null ? null : ecartMillimes / MILLIMES_PER_DINAR;
  const ouvertes = releve.lignes.filter((ligne) => ligne.statut !== 'pointee');
  const compte = (statut: StatutLigne) => releve.lignes.filter((ligne) => ligne.statut === statut).length;
  return (
    <Card data-testid="releve-controle">
      <CardHeader>
        <CardTitle>{t('controle.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">
              {controle.solde_releve === null ? (
                <label htmlFor={inputId}>{t('controle.soldeSaisi')}</label>
              ) : (
                t('controle.soldeReleve')
              )}
            </dt>
            <dd data-testid="controle-solde-releve">
              {controle.solde_releve === null ? (
                <Input
                  id={inputId}
                  value={saisi}
                  onChange={(event) => setSaisi(event.target.value)}
                  inputMode="decimal"
                  autoComplete="off"
                  dir="ltr"
                  placeholder="0,000"
                  aria-invalid={saisi.trim() !== '' && saisie === null ? true : undefined}
                  className="max-w-48 rtl:text-end"
                  data-testid="controle-solde-saisi"
                />
              ) : (
                <Montant value={soldeReleve} className="text-base" />
              )}
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">{t('controle.soldeBanque', { date: formatDate(releve.au) })}</dt>
            <dd data-testid="controle-solde-banque">
              <Montant value={controle.solde_banque} className="text-base" />
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">{t('controle.ecart')}</dt>
            <dd data-testid="controle-ecart">
              <Montant value={ecart} className="text-base" />
            </dd>
          </div>
        </dl>
        <p className="text-sm text-muted-foreground" data-testid="releve-compteurs">
          {t('controle.compteurs', {
            pointees: compte('pointee'),
            proposees: compte('proposee'),
            sans: compte('sans_correspondance'),
          })}
        </p>
        {ecart === null ? (
          <Alert role="status" data-testid="controle-statut">
            <Landmark aria-hidden="true" />
            <p>{t('controle.sansSolde')}</p>
          </Alert>
        ) : ecartMillimes === 0 ? (
          <Alert
            role="status"
            data-testid="controle-statut"
            data-equilibre="true"
            className="border-emerald-200 bg-emerald-50 text-emerald-900"
          >
            <CheckCircle2 aria-hidden="true" />
            <p>{t('controle.equilibre')}</p>
          </Alert>
        ) : (
          <Alert
            role="status"
            data-testid="controle-statut"
            data-equilibre="false"
            className="border-amber-300 bg-amber-50 text-amber-950"
          >
            <TriangleAlert aria-hidden="true" />
            <div className="grid min-w-0 gap-2">
              <p>{t('controle.ecartTexte', { ecart: dinarsText(ecart) })}</p>
              {ouvertes.length > 0 && (
                <ul className="grid gap-1" data-testid="controle-lignes-ouvertes">
                  {ouvertes.map((ligne) => (
                    <li key={ligne.numero} className="flex flex-wrap items-baseline justify-between gap-x-4">
                      <span className="min-w-0 break-words">
                        <span className="tabular">{formatDate(ligne.date)}</span> · {ligne.libelle}{' '}
                        <span className="text-xs">({t(`statuts.${ligne.statut}`)})</span>
                      </span>
                      <Montant value={ligne.montant} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
