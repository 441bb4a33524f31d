import { AlertCircle, CalendarClock, type LucideIcon, Megaphone, RotateCw, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { UserText } from '@/components/user-text';
import { selectUser } from '@/lib/auth/auth-slice';
import { roleLabelKey, type Space } from '@/lib/auth/roles';
import { cn } from '@/lib/cn';
import { useAppSelector } from '@/lib/store/hooks';
import {
  PERIODES,
  type AnnonceVote,
  type AssembleeDashboard,
  type PanneDashboard,
  type Periode,
} from './dashboard-api';
import { formatDate } from '@/lib/dates';

/** The chart's period choice (spec 3 §9): three buttons, the chosen one pressed. */
export function PeriodeChoice({ value, onChange }: { value: Periode; onChange: (periode: Periode) => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <div role="group" aria-label={t('graphique.periode')} className="inline-flex rounded-lg border bg-muted/50 p-0.5">
      {PERIODES.map((periode) => (
        <button
          key={periode}
          type="button"
          aria-pressed={value === periode}
          onClick={() => onChange(periode)}
          className={cn(
            'rounded-md px-2.5 py-1 text-xs font-medium text-muted-foreground transition-colors',
            value === periode ? 'bg-card text-foreground shadow-sm' : 'hover:text-foreground',
          )}
        >
          {t(`graphique.periodes.${periode}`)}
        </button>
      ))}
    </div>
  );
}

/** A block of the dashboard: a titled card, its action at the end of the title. */
export function Section({
  title,
  icon: Icon,
  action,
  children,
  className,
  testId,
}: {
  title: string;
  icon?: LucideIcon;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <Card className={cn('min-w-0', className)} data-testid={testId}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 p-4 pb-2 sm:p-5 sm:pb-2">
        <CardTitle className="flex items-center gap-2 text-base">
          {Icon && <Icon aria-hidden="true" className="size-4 text-primary" />}
          {title}
        </CardTitle>
        {action}
      </CardHeader>
      <CardContent className="min-w-0 p-4 pt-2 sm:p-5 sm:pt-2">{children}</CardContent>
    </Card>
  );
}

/** What a list says when it has nothing. */
export function Vide({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-muted-foreground">{children}</p>;
}

/** Skeleton lines while a list loads (spec 3 §9: 6 rows). */
export function SkeletonRows({ rows = 6 }: { rows?: number }) {
  return (
    <div className="grid gap-2.5" data-testid="dashboard-skeleton">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-5 w-full" />
      ))}
    </div>
  );
}

/** The dashboard's load failure (spec 3 §8), with a retry. */
export function DashboardError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <Alert variant="destructive" data-testid="dashboard-error">
      <AlertCircle aria-hidden="true" />
      <div className="flex flex-1 flex-wrap items-center justify-between gap-3">
        <span>{t('erreur')}</span>
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          {t('reessayer')}
        </Button>
      </div>
    </Alert>
  );
}

/** The next assembly (spec 3 §3 "Meeting", dashboard version), or none planned. */
export function ProchaineAssemblee({ assemblees }: { assemblees: AssembleeDashboard[] }) {
  const { t } = useTranslation('dashboard');
  const prochaine = assemblees[0];
  return (
    <Section title={t('assemblee.title')} icon={CalendarClock} testId="dashboard-assemblee">
      {prochaine ? (
        <div className="grid gap-1 text-sm">
          <UserText className="font-medium">{prochaine.titre}</UserText>
          <span dir="ltr" className="tabular text-muted-foreground rtl:text-right">
            {formatDate(prochaine.date_debut)} · {prochaine.heure_debut}
          </span>
          <UserText className="text-muted-foreground">{prochaine.lieu}</UserText>
        </div>
      ) : (
        <Vide>{t('assemblee.aucune')}</Vide>
      )}
    </Section>
  );
}

/** The announcements and votes (spec 3 §3 `annonces_votes`). */
export function AnnoncesVotes({ items }: { items: AnnonceVote[] }) {
  const { t } = useTranslation('dashboard');
  return (
    <Section title={t('annoncesVotes.title')} icon={Megaphone} testId="dashboard-annonces-votes">
      {items.length === 0 ? (
        <Vide>{t('annoncesVotes.aucun')}</Vide>
      ) : (
        <ul className="grid gap-3">
          {items.map((item) => (
            <li key={`${item.type}-${item.id}`} className="grid gap-1 text-sm">
              <div className="flex items-center gap-2">
                <Badge variant={item.type === 'vote' ? 'default' : 'secondary'}>
                  {t(`annoncesVotes.types.${item.type}`, { defaultValue: item.type })}
                </Badge>
                {/* An announcement has no title of its own: its text is shown once, below. */}
                {item.type !== 'annonce' && <UserText className="font-medium">{item.titre}</UserText>}
              </div>
              <UserText className="line-clamp-2 text-muted-foreground">{item.description}</UserText>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The breakdown reports (spec 3 §3 "Panne", dashboard item: description and state). */
export function Pannes({ pannes, className }: { pannes: PanneDashboard[]; className?: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <Section title={t('pannes.title')} icon={Wrench} testId="dashboard-pannes" className={className}>
      {pannes.length === 0 ? (
        <Vide>{t('pannes.aucune')}</Vide>
      ) : (
        <ul className="grid gap-2">
          {pannes.map((panne) => (
            // min-w-0: a grid item is as wide as its unbroken text otherwise, and the badge
            // would leave the card.
            <li key={panne.id} className="flex min-w-0 items-center justify-between gap-3 text-sm">
              <UserText className="min-w-0 truncate">{panne.description}</UserText>
              <Badge variant="outline" className="shrink-0">
                {t(`pannes.etats.${panne.etat}`, { defaultValue: panne.etat })}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The dashboard's title: the residence, a greeting with the user's name and their role. */
export function DashboardHeader({
  space,
  residenceNom,
  children,
}: {
  space: Space;
  residenceNom: string | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation(['dashboard', 'common']);
  const user = useAppSelector(selectUser);
  return (
    <header className="grid gap-3">
      <div>
        <p className="text-sm font-medium text-primary" data-testid="dashboard-residence">
          {residenceNom ?? user?.residence.nom}
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="text-2xl font-semibold tracking-tight" data-testid="dashboard-user">
            {t('dashboard:welcome', { name: user?.nom ?? '' })}
          </h1>
          {user && (
            <Badge variant="secondary" data-testid="dashboard-role">
              {t(`common:${roleLabelKey(user, space)}`)}
            </Badge>
          )}
        </div>
        <p className="mt-1 text-muted-foreground">{t(`dashboard:${space}.subtitle`)}</p>
      </div>
      {children}
    </header>
  );
}
