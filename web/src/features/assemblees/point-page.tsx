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
import type { IssueVote, Resolution } from './assemblees-api';
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

const PERCENT = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/**
 * `part` of `total` in percent, one decimal at most ("64 %", "33,3 %"), written as the amounts
 * are in both languages (fr-FR digits, kept left to right).
 */
export function pourcentage(part: number, total: number): string {
  return `${PERCENT.format(total === 0 ? 0 : (part * 100) / total)}\u202f%`;
}

function IssueText({ issue }: { issue: IssueVote }) {
  const { t } = useTranslation('assemblees');
  return issue.issue === 'choix' ? (
    <>
      {t('resultat.issues.choix')} <UserText>{issue.choix}</UserText>
    </>
  ) : (
    <>{t(`resultat.issues.${issue.issue}`)}</>
  );
}

/**
 * A resolution's result as the server counted it (spec 3 §2.5; art. 91): each option's voices by
 * head and by shares with their part of the votes cast, the outcome of each count, and the
 * reduction of a majority owner's shares when there was one.
 */
export function ResultatVote({ resolution, noms }: { resolution: Resolution; noms: ReadonlyMap<number, string> }) {
  const { t } = useTranslation('assemblees');
  const choixLabel = useChoixLabel();
  const resultat = resolution.resultat;
  if (!resultat) return null;
  const reduction = resultat.reduction;
  return (
    <div className="grid gap-2 rounded-md bg-muted/50 p-3 text-sm" data-testid="resultat">
      <table className="w-full">
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-1 text-start font-medium">
              {t('resultat.option')}
            </th>
            <th scope="col" className="py-1 text-end font-medium">
              {t('resultat.parTete')}
            </th>
            <th scope="col" className="py-1 text-end font-medium">
              {t('resultat.parTantiemes')}
            </th>
          </tr>
        </thead>
        <tbody>
          {resultat.decomptes.map((decompte) => (
            <tr key={decompte.option} data-testid="decompte">
              <th scope="row" className="py-0.5 text-start font-normal">
                <UserText>{choixLabel(decompte.option)}</UserText>
              </th>
              {/* The cell keeps the page's direction so that it ends where its header ends (a
                  left-to-right cell would put Arabic counts at the opposite side); only the
                  numbers read left to right. */}
              <td className="tabular py-0.5 text-end" data-testid="decompte-tete">
                <span dir="ltr">
                  {decompte.voix} · {pourcentage(decompte.voix, resultat.total_voix)}
                </span>
              </td>
              {/* The shares are the allocation table's weights (amounts, not tantièmes a reader
                  knows): their proportion is what the minutes print, and what is shown. */}
              <td className="tabular py-0.5 text-end" data-testid="decompte-tantiemes">
                <span dir="ltr">{pourcentage(decompte.quote_parts, resultat.total_quote_parts)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p data-testid="issue-tete">
        <span className="text-muted-foreground">{t('resultat.issueParTete')} </span>
        <span className="font-medium">
          <IssueText issue={resultat.par_tete} />
        </span>
      </p>
      <p data-testid="issue-tantiemes">
        <span className="text-muted-foreground">{t('resultat.issueParTantiemes')} </span>
        <span className="font-medium">
          <IssueText issue={resultat.par_quote_part} />
        </span>
      </p>
      {reduction && (
        <p className="text-xs text-muted-foreground" data-testid="reduction">
          {t('resultat.reduction', {
            nom: noms.get(reduction.occupant_id) ?? '',
            quotePart: reduction.quote_part,
            retenue: reduction.retenue,
          })}
        </p>
      )}
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
  const noms = new Map((etape4?.presences ?? []).map((presence) => [presence.occupant_id, presence.occupant_nom]));

  return (
    <EtapeFrame
      assembleeId={id}
      title={point ? <UserText>{`${point.numero}. ${point.titre}`}</UserText> : t('points.point')}
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
                        <div className="flex items-start gap-3">
                          <span className="tabular font-semibold" dir="ltr">
                            {resolution.numero}.
                          </span>
                          <p className="min-w-0 flex-1">
                            <UserText>{resolution.resolution}</UserText>
                          </p>
                        </div>
                        <div className="flex flex-wrap items-center justify-between gap-2">
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
                        <ResultatVote resolution={resolution} noms={noms} />
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
