import { ArrowLeft, ArrowRight, CheckCheck, Plus, Vote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotFound } from '@/components/page-parts';
import { UserText } from '@/components/user-text';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { DisabledReason } from '@/components/ui/tooltip';
import { useIdParam } from '@/lib/use-id-param';
import type { Resolution, ResultatChoix } from './assemblees-api';
import { useEtape4 } from './etape4-page';
import { EtapeFrame, EtapeLoading, useEtapeLock } from './parts';
import { etapePath, pointPath, resolutionsPath, votePath } from './paths';
import { EtatPointBadge } from './resolutions-page';

const SIMPLES = ['pour', 'contre', 'abstention'];

/** A vote's choice as shown: pour / contre / abstention in the user's language, a multiple choice as typed. */
export function useChoixLabel() {
  const { t } = useTranslation('assemblees');
  return (choix: string) => (SIMPLES.includes(choix) ? t(`vote.simples.${choix as 'pour'}`) : choix);
}

function ResultatTable({ label, resultats, testId }: { label: string; resultats: ResultatChoix[]; testId: string }) {
  const choixLabel = useChoixLabel();
  return (
    <div className="grid gap-1" data-testid={testId}>
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
      <ul className="grid gap-0.5 text-sm">
        {resultats.map((resultat) => (
          <li key={resultat.choix} className="flex justify-between gap-3">
            <UserText>{choixLabel(resultat.choix)}</UserText>
            <span className="tabular" dir="ltr">
              {resultat.voix} · {resultat.pourcentage.toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A resolution's result, by head count and by shares (computed by the server). */
export function ResultatResolution({ resolution }: { resolution: Resolution }) {
  const { t } = useTranslation('assemblees');
  if (resolution.votes.length === 0) return null;
  return (
    <div className="grid gap-3 rounded-md bg-muted/50 p-3 sm:grid-cols-2" data-testid="resultat">
      <ResultatTable label={t('resultat.parTete')} resultats={resolution.resultat_par_tete} testId="resultat-tete" />
      <ResultatTable
        label={t('resultat.parTantiemes')}
        resultats={resolution.resultat_par_tantiemes}
        testId="resultat-tantiemes"
      />
    </div>
  );
}

/**
 * /syndic/assemblees/{id}/etapes/4/resolutions/{pointId} (spec 3 §2.5 "Point page"): the point's
 * resolutions, each voted or not with its result, "Voter" or "Modifier Vote"; a resolution can be
 * added to a votable point; the previous and next points, "Terminer" on the last.
 */
export function PointPage() {
  const { t } = useTranslation('assemblees');
  const id = useIdParam('assembleeId') ?? 0;
  const pointId = useIdParam('pointId');
  const { assemblee, etape4, isError, refetch } = useEtape4(id);
  const lock = useEtapeLock(assemblee, 4);
  const points = etape4?.points ?? [];
  const index = points.findIndex((point) => point.id === pointId);
  const point = points[index];
  const previous = index > 0 ? points[index - 1] : undefined;
  const following = index >= 0 ? points[index + 1] : undefined;

  return (
    <EtapeFrame
      assembleeId={id}
      title={point ? `${point.numero}. ${point.titre}` : t('points.point')}
      titre={assemblee?.titre}
      backTo={resolutionsPath(id)}
      backLabel={t('points.retour')}
      lock={lock}
      actions={point ? <EtatPointBadge point={point} /> : undefined}
    >
      {!etape4 ? (
        <EtapeLoading isError={isError} onRetry={refetch} />
      ) : !point ? (
        <NotFound testId="point-introuvable">{t('points.introuvable')}</NotFound>
      ) : (
        <>
          {point.is_info && <p className="text-muted-foreground">{t('points.infoNonVotable')}</p>}
          {point.resolutions.length === 0 ? (
            !point.is_info && (
              <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground">
                {t('points.aucuneResolution')}
              </p>
            )
          ) : (
            <ol className="grid gap-3" aria-label={t('points.resolutions')}>
              {point.resolutions.map((resolution) => {
                const voted = resolution.votes.length > 0;
                return (
                  <li key={resolution.id} data-testid="resolution">
                    <Card>
                      <CardContent className="grid gap-3 p-4">
                        <div className="flex flex-wrap items-start gap-3">
                          <span className="tabular font-semibold">{resolution.numero}.</span>
                          <p className="min-w-0 flex-1">
                            <UserText>{resolution.resolution}</UserText>
                          </p>
                          <Badge variant={voted ? 'success' : 'outline'}>
                            {voted ? t('points.vote') : t('points.etats.pasEncore')}
                          </Badge>
                          <DisabledReason reason={lock}>
                            {lock === null ? (
                              <Button asChild size="sm" variant={voted ? 'outline' : 'default'}>
                                <Link to={votePath(id, point.id, resolution.id)}>
                                  <Vote aria-hidden="true" />
                                  {voted ? t('points.modifierVote') : t('points.voter')}
                                </Link>
                              </Button>
                            ) : (
                              <Button size="sm" variant="outline" disabled>
                                <Vote aria-hidden="true" />
                                {voted ? t('points.modifierVote') : t('points.voter')}
                              </Button>
                            )}
                          </DisabledReason>
                        </div>
                        <ResultatResolution resolution={resolution} />
                      </CardContent>
                    </Card>
                  </li>
                );
              })}
            </ol>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-5">
            <DisabledReason reason={point.is_info ? t('points.infoNonVotable') : lock}>
              {point.is_info || lock !== null ? (
                <Button variant="outline" disabled data-testid="ajouter-resolution">
                  <Plus aria-hidden="true" />
                  {t('points.ajouterResolution')}
                </Button>
              ) : (
                <Button asChild variant="outline">
                  <Link to={votePath(id, point.id, null)} data-testid="ajouter-resolution">
                    <Plus aria-hidden="true" />
                    {t('points.ajouterResolution')}
                  </Link>
                </Button>
              )}
            </DisabledReason>
            <div className="flex flex-wrap gap-2">
              {previous && (
                <Button asChild variant="outline">
                  <Link to={pointPath(id, previous.id)}>
                    <ArrowLeft aria-hidden="true" className="rtl:rotate-180" />
                    {t('points.precedent')}
                  </Link>
                </Button>
              )}
              {following ? (
                <Button asChild>
                  <Link to={pointPath(id, following.id)}>
                    {t('points.suivant')}
                    <ArrowRight aria-hidden="true" className="rtl:rotate-180" />
                  </Link>
                </Button>
              ) : (
                <Button asChild>
                  <Link to={etapePath(id, 4)} data-testid="terminer-points">
                    <CheckCheck aria-hidden="true" />
                    {t('points.terminer')}
                  </Link>
                </Button>
              )}
            </div>
          </div>
        </>
      )}
    </EtapeFrame>
  );
}
