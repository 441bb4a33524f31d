import { Building2, IdCard, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';
import { selectUser } from '@/lib/auth/auth-slice';
import { roleLabelKey, type Space } from '@/lib/auth/roles';
import { useAppSelector } from '@/lib/store/hooks';
import { ExercicesCard } from './exercices-card';

function InfoCard({ icon, label, value, testId }: { icon: ReactNode; label: string; value: string; testId: string }) {
  return (
    <Card>
      <CardContent className="flex items-center gap-4 p-5">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-5">
          {icon}
        </span>
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
          <p data-testid={testId} className="truncate text-lg font-semibold">
            {value}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The first version of both dashboards (spec 3 §2.10): residence, user and role. The real cards,
 * charts and lists replace the note at the bottom as their modules land.
 */
export function DashboardSummary({ space }: { space: Space }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const user = useAppSelector(selectUser);
  if (!user) return null;
  return (
    <div className="grid gap-6">
      <header>
        <p className="text-sm font-medium text-primary">{user.residence.nom}</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">{t('dashboard:welcome', { name: user.nom })}</h1>
        <p className="mt-1 text-muted-foreground">{t(`dashboard:${space}.subtitle`)}</p>
      </header>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <InfoCard
          icon={<Building2 />}
          label={t('dashboard:residence')}
          value={user.residence.nom}
          testId="dashboard-residence"
        />
        <InfoCard icon={<UserRound />} label={t('dashboard:user')} value={user.nom} testId="dashboard-user" />
        <InfoCard
          icon={<IdCard />}
          label={t('dashboard:role')}
          value={t(`common:${roleLabelKey(user, space)}`)}
          testId="dashboard-role"
        />
      </div>
      <ExercicesCard />
      <p className="rounded-lg border border-dashed bg-card/60 p-6 text-center text-sm text-muted-foreground">
        {t('dashboard:comingSoon')}
      </p>
    </div>
  );
}
