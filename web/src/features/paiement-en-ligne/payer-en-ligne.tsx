import { CreditCard, Loader2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetMesCotisationsSpecQuery } from '@/api/generated';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { todayIso } from '@/lib/dates';
import type { SlotProps } from '@/lib/slots';
import { useAppDispatch } from '@/lib/store/hooks';
import {
  paiementEnLigneApi,
  useDemanderPaiementEnLigneMutation,
  useGetDisponibilitePaiementEnLigneQuery,
} from './paiement-en-ligne-api';
import { listeAJour, paiementEnLigneErrorText } from './paiement-en-ligne-errors';

/** Every button shares one request: while one sends the co-owner to the gateway, all wait. */
const DEMANDE = 'paiement-en-ligne-demande';

/** The gateway's page: a separate function so that tests can watch where the browser goes. */
export const navigateur = {
  aller(url: string): void {
    window.location.assign(url);
  },
};

/**
 * The dues owed now (due date reached, something left to pay) of the co-owner's contributions:
 * what "Tout payer en ligne" and the dashboard's button pay, as the cotisations page's "Solde à
 * payer" card counts them.
 */
function useDuesOwedNow(enabled: boolean): readonly number[] | undefined {
  const { data } = useGetMesCotisationsSpecQuery(undefined, { skip: !enabled });
  return useMemo(() => {
    if (!data) return undefined;
    const today = todayIso();
    return data.cotisations.filter((due) => due.date_echeance <= today && due.restant_du > 0).map((due) => due.id);
  }, [data]);
}

/**
 * "Payer en ligne" (issue 21): asks the server for a payment of the dues, then sends the browser
 * to the gateway's page (`pay_url`). Shown only when the residence offers online payment to the
 * co-owner (GET /coproprietaire/paiement-en-ligne says `disponible`), and, for everything owed
 * now, only when something is owed. The slot `payerEnLigne` of lib/slots.tsx.
 */
export function PayerEnLigne({ montantDuIds, variant, titre }: SlotProps['payerEnLigne']) {
  const { t } = useTranslation('paiementEnLigne');
  const dispatch = useAppDispatch();
  const disponibilite = useGetDisponibilitePaiementEnLigneQuery();
  const disponible = disponibilite.data?.disponible === true;
  const owedNow = useDuesOwedNow(disponible && montantDuIds === undefined);
  const ids = montantDuIds ?? owedNow;
  const [demander, demande] = useDemanderPaiementEnLigneMutation({ fixedCacheKey: DEMANDE });
  const { reset } = demande;
  // This button sent the request (the shared state does not say which did): its spinner.
  const [mine, setMine] = useState(false);

  // Back from the gateway through the browser's history (a page kept in memory): the buttons
  // are usable again rather than spinning on a request long finished.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      reset();
      setMine(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  if (!disponible || ids === undefined || ids.length === 0) return null;

  // Sent, or answered and the browser on its way to the gateway.
  const busy = demande.isLoading || demande.isSuccess;

  async function payer(dues: readonly number[]) {
    setMine(true);
    try {
      const { paiement } = await demander({ demanderRequest: { montant_du_ids: [...dues] } }).unwrap();
      navigateur.aller(paiement.pay_url);
    } catch (error) {
      setMine(false);
      toast.error(t('payer.echec'), { description: paiementEnLigneErrorText(error) });
      // A due paid meanwhile: the list the co-owner sees is stale.
      if (listeAJour(error)) dispatch(paiementEnLigneApi.util.invalidateTags(['cotisations', 'dashboard']));
    }
  }

  const label = variant === 'tout' ? t('payer.tout') : variant === 'carte' ? t('payer.carte') : t('payer.ligne');
  return (
    <Button
      variant={variant === 'ligne' ? 'outline' : 'default'}
      size="sm"
      disabled={busy}
      onClick={() => void payer(ids)}
      aria-label={variant === 'ligne' && titre ? t('payer.ligneOf', { titre }) : undefined}
      title={disponibilite.data?.frais_au_coproprietaire ? t('payer.frais') : undefined}
      data-testid={`payer-en-ligne-${variant}`}
    >
      {busy && mine ? <Loader2 aria-hidden="true" className="animate-spin" /> : <CreditCard aria-hidden="true" />}
      {busy && mine ? t('payer.redirection') : label}
    </Button>
  );
}
