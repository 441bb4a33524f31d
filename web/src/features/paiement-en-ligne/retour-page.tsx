import { CircleAlert, CircleCheck, CircleX, Clock, FileDown, Loader2, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import { downloadFile } from '@/api/download';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/components/ui/toaster';
import { dinarsText, ltrText } from '@/lib/bidi';
import { useAppDispatch } from '@/lib/store/hooks';
import {
  PAIEMENT_ENREGISTRE_TAGS,
  paiementEnLigneApi,
  useGetRetourPaiementEnLigneQuery,
  type RetourResponse,
} from './paiement-en-ligne-api';
import { paiementEnLignePaths, recuMontantDuPath } from './paths';

/**
 * How often and how many times a payment the gateway has not confirmed yet is asked again
 * (an object: tests shorten the wait).
 */
export const attente = { intervalleMs: 2000, essais: 5 };

/** The receipt's name when the server sends none (as the cotisations page's). */
const RECU_FILE_NAME = 'reçu_cotisation.pdf';

type Paiement = RetourResponse['paiement'];

function Etat({
  icon,
  tone,
  title,
  children,
  testId,
}: {
  icon: ReactNode;
  tone: 'success' | 'destructive' | 'muted';
  title: string;
  children: ReactNode;
  testId: string;
}) {
  const colour = tone === 'success' ? 'text-success' : tone === 'destructive' ? 'text-destructive' : 'text-primary';
  return (
    <div className="flex items-start gap-4" data-testid={testId}>
      <span className={`mt-0.5 shrink-0 [&_svg]:size-8 ${colour}`}>{icon}</span>
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{title}</h2>
        <div className="text-sm text-muted-foreground">{children}</div>
      </div>
    </div>
  );
}

/** The receipts of a paid payment, one per due it paid, each downloadable at once. */
function Recus({ paiement }: { paiement: Paiement }) {
  const { t, i18n } = useTranslation(['paiementEnLigne', 'cotisations']);
  const [pending, setPending] = useState<number | null>(null);
  if (paiement.encaissements.length === 0) return null;

  async function telecharger(montantDuId: number, id: number) {
    if (pending !== null) return;
    setPending(id);
    try {
      const path = recuMontantDuPath(montantDuId);
      await downloadFile(i18n.language.startsWith('ar') ? `${path}&langue=ar` : path, RECU_FILE_NAME);
    } catch (error) {
      console.error('receipt download failed', error);
      toast.error(t('cotisations:errors.receiptFailed'));
    } finally {
      setPending(null);
    }
  }

  return (
    <section className="grid gap-2" aria-labelledby="recus-title">
      <h3 id="recus-title" className="text-sm font-medium">
        {t('paiementEnLigne:retour.recus')}
      </h3>
      <ul className="flex flex-wrap gap-2">
        {paiement.encaissements.map((encaissement) => {
          const numero = encaissement.numero_recu ?? '';
          return (
            <li key={encaissement.id}>
              <Button
                variant="outline"
                size="sm"
                disabled={pending !== null}
                onClick={() => void telecharger(encaissement.montant_du_id, encaissement.id)}
                aria-label={t('paiementEnLigne:retour.telecharger', { numero: ltrText(numero) })}
              >
                {pending === encaissement.id ? (
                  <Loader2 aria-hidden="true" className="animate-spin" />
                ) : (
                  <FileDown aria-hidden="true" />
                )}
                <span className="tabular">
                  {numero
                    ? t('paiementEnLigne:retour.recu', { numero: ltrText(numero) })
                    : t('paiementEnLigne:retour.recuSansNumero')}
                </span>
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * /coproprietaire/paiement-en-ligne/retour?payment_ref=… (issue 21): where the gateway sends the
 * co-owner back, paid or not. The server asks the gateway the payment's state and records it if
 * completed; the page says paid (with the receipts), failed, expired, or not confirmed yet — then
 * asks again a few times before saying the confirmation is under way — and any overpayment.
 */
export function RetourPaiementPage() {
  const { t } = useTranslation('paiementEnLigne');
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const reference = params.get('payment_ref') ?? '';
  const { data, error, isError, isFetching, refetch } = useGetRetourPaiementEnLigneQuery(reference);
  const paiement = data?.paiement;
  const [essais, setEssais] = useState(0);

  // Not confirmed yet: asked again every 2 s, five times, then the page says it is under way.
  const enAttente = paiement?.statut === 'en_attente';
  useEffect(() => {
    if (!enAttente || isFetching || essais >= attente.essais) return;
    const timer = window.setTimeout(() => {
      setEssais((n) => n + 1);
      void refetch();
    }, attente.intervalleMs);
    return () => window.clearTimeout(timer);
  }, [enAttente, isFetching, essais, refetch]);

  // Recorded: the dues, the collections, the books and the dashboards changed.
  const signale = useRef(false);
  useEffect(() => {
    if (paiement?.statut !== 'payee' || signale.current) return;
    signale.current = true;
    dispatch(paiementEnLigneApi.util.invalidateTags([...PAIEMENT_ENREGISTRE_TAGS]));
  }, [paiement?.statut, dispatch]);

  let body: ReactNode;
  if (reference === '') {
    body = (
      <Alert variant="destructive">
        <CircleAlert aria-hidden="true" />
        <span>{t('retour.sansReference')}</span>
      </Alert>
    );
  } else if (!paiement && isError) {
    const inconnu =
      apiErrorCode(error) === ('not_found' as never) || apiErrorCode(error) === ('paiement_en_ligne_inconnu' as never);
    body = (
      <Alert variant="destructive" data-testid="retour-erreur">
        <CircleAlert aria-hidden="true" />
        <span className="grid gap-2">
          <span>{inconnu ? t('retour.inconnu') : t('retour.erreur')}</span>
          {!inconnu && (
            <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void refetch()}>
              <RefreshCw aria-hidden="true" />
              {t('retour.actualiser')}
            </Button>
          )}
        </span>
      </Alert>
    );
  } else if (!paiement || (enAttente && essais < attente.essais)) {
    body = (
      <p className="flex items-center gap-2 text-muted-foreground" role="status" data-testid="retour-verification">
        <Loader2 aria-hidden="true" className="size-5 animate-spin" />
        {t('retour.verification')}
      </p>
    );
  } else if (paiement.statut === 'payee') {
    body = (
      <div className="grid gap-5">
        <Etat icon={<CircleCheck />} tone="success" title={t('retour.payee.title')} testId="retour-payee">
          {t('retour.payee.text', { montant: dinarsText(paiement.montant) })}
        </Etat>
        {paiement.trop_percu > 0 && (
          <Alert data-testid="retour-trop-percu">
            <CircleAlert aria-hidden="true" />
            <span>{t('retour.tropPercu', { montant: dinarsText(paiement.trop_percu) })}</span>
          </Alert>
        )}
        <Recus paiement={paiement} />
      </div>
    );
  } else if (paiement.statut === 'echouee' || paiement.statut === 'expiree') {
    body = (
      <Etat
        icon={<CircleX />}
        tone="destructive"
        title={t(`retour.${paiement.statut}.title`)}
        testId={`retour-${paiement.statut}`}
      >
        {t(`retour.${paiement.statut}.text`)}
      </Etat>
    );
  } else {
    body = (
      <div className="grid gap-4">
        <Etat icon={<Clock />} tone="muted" title={t('retour.en_attente.title')} testId="retour-en-attente">
          {t('retour.en_attente.text')}
        </Etat>
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={isFetching}
          onClick={() => void refetch()}
        >
          <RefreshCw aria-hidden="true" className={isFetching ? 'animate-spin' : undefined} />
          {t('retour.actualiser')}
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <PageHeader title={t('retour.title')} />
      <Card>
        <CardContent className="grid gap-6 p-5 sm:p-6">
          {body}
          <div className="border-t pt-4">
            <Button asChild variant="link" className="h-auto px-0">
              <Link to={paiementEnLignePaths.cotisations}>{t('retour.retourCotisations')}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
