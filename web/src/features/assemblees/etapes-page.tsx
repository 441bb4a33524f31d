import { CheckCircle2, ChevronRight, Circle, CircleDot, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { BackLink, NotFound } from '@/components/page-parts';
import { UserText } from '@/components/user-text';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { formatTime } from '@/lib/heure';
import { useIdParam } from '@/lib/use-id-param';
import { useEtape1AssembleeQuery, type Assemblee } from './assemblees-api';
import { EtatAssemblee } from './assemblees-page';
import { EtapeLoading, etapeLockKey } from './parts';
import { assembleesPaths, etapePath } from './paths';

export const ETAPES = [1, 2, 3, 4, 5] as const;

export type EtatEtape = 'termine' | 'courant' | 'suivant';

/**
 * Whether the timeline opens a step: a completed or current one; and step 4 from step 3, since
 * that move is always possible (spec 3 §4) and the meeting reaches step 4 when the start is
 * recorded on it.
 */
export function etapeOuvrable(assemblee: Pick<Assemblee, 'step'>, etape: number): boolean {
  return etape <= assemblee.step || (assemblee.step === 3 && etape === 4);
}

/** A step is completed below the meeting's step, current at it, next above it (spec 3 §2.5). */
export function etatEtape(assemblee: Pick<Assemblee, 'step'>, etape: number): EtatEtape {
  if (assemblee.step > etape) return 'termine';
  if (assemblee.step === etape) return 'courant';
  return 'suivant';
}

const ICONS = { termine: CheckCircle2, courant: CircleDot, suivant: Circle } as const;

/**
 * /syndic/assemblees/{id}/etapes (spec 3 §2.5 "Timeline"): the five steps, each completed,
 * current or next, with its lock. A step opens when `etapeOuvrable` (read only when locked); a
 * next one otherwise waits for the steps before it.
 */
export function EtapesPage() {
  const { t } = useTranslation('assemblees');
  const id = useIdParam('assembleeId');
  const { data, isLoading, isError, error, refetch } = useEtape1AssembleeQuery(id ?? 0, { skip: id === null });
  const assemblee = data?.info_generales;
  const notFound = id === null || (isError && (error as { status?: unknown }).status === 404);

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader
        title={assemblee ? <UserText>{assemblee.titre}</UserText> : t('etapes.title')}
        description={
          assemblee
            ? t('etapes.quand', { date: formatDate(assemblee.date), heure: formatTime(assemblee.heure) })
            : undefined
        }
        actions={assemblee ? <EtatAssemblee step={assemblee.step} /> : undefined}
      >
        <BackLink to={assembleesPaths.liste}>{t('etapes.retourListe')}</BackLink>
      </PageHeader>
      {notFound ? (
        <NotFound testId="assemblee-introuvable">{t('etapes.introuvable')}</NotFound>
      ) : !assemblee ? (
        <EtapeLoading isError={isError && !isLoading} onRetry={() => void refetch()} />
      ) : (
        <ol className="grid gap-3" aria-label={t('etapes.title')}>
          {ETAPES.map((etape) => {
            const etat = etatEtape(assemblee, etape);
            const lockKey = etapeLockKey(assemblee, etape);
            const Icon = ICONS[etat];
            const content = (
              <>
                <Icon
                  aria-hidden="true"
                  className={cn(
                    'size-6 shrink-0',
                    etat === 'termine' && 'text-success',
                    etat === 'courant' && 'text-primary',
                    etat === 'suivant' && 'text-muted-foreground',
                  )}
                />
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{t(`etapes.noms.${etape}`)}</p>
                  <p className="text-sm text-muted-foreground">{t(`etapes.descriptions.${etape}`)}</p>
                  {lockKey && (
                    <p className="mt-1 flex items-center gap-1 text-xs text-muted-foreground">
                      <Lock aria-hidden="true" className="size-3" />
                      {t(lockKey)}
                    </p>
                  )}
                </div>
                <Badge variant={etat === 'courant' ? 'default' : etat === 'termine' ? 'success' : 'outline'}>
                  {t(`etapes.etats.${etat}`)}
                </Badge>
                {etapeOuvrable(assemblee, etape) && (
                  <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
                )}
              </>
            );
            return (
              <li key={etape} data-testid="etape" data-etat={etat} data-verrou={lockKey !== null}>
                {!etapeOuvrable(assemblee, etape) ? (
                  <div className="flex items-center gap-3 rounded-xl border bg-muted/40 p-4 opacity-80">{content}</div>
                ) : (
                  <Link
                    to={etapePath(assemblee.id, etape)}
                    className="flex items-center gap-3 rounded-xl border bg-card p-4 transition-colors hover:bg-accent"
                  >
                    {content}
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
