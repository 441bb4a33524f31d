import { useTranslation } from 'react-i18next';
import type { MembreConseil } from '@/api/generated';
import { Badge } from '@/components/ui/badge';

export type ConseilRole = 'president' | 'finance' | 'membre';

/**
 * The roles a council line shows (spec 2 §2 "Council", spec 3 §2.11): president and finance from
 * the permissions, otherwise "member" for a user with the syndic role.
 */
export function conseilRoles(membre: Pick<MembreConseil, 'roles' | 'permissions'>): ConseilRole[] {
  const roles: ConseilRole[] = [];
  if (membre.permissions.includes('president')) roles.push('president');
  if (membre.permissions.includes('finance')) roles.push('finance');
  if (roles.length === 0 && membre.roles.includes('syndic')) roles.push('membre');
  return roles;
}

/** President and treasurer cannot be removed from the page (spec 2 §6: only an administrator). */
export function isProtectedMembre(membre: Pick<MembreConseil, 'permissions'>): boolean {
  return membre.permissions.includes('president') || membre.permissions.includes('finance');
}

const VARIANT = { president: 'warning', finance: 'success', membre: 'secondary' } as const;
/** The theme's warning badge is amber; the specification asks for a yellow president badge. */
const CLASS_NAME: Partial<Record<ConseilRole, string>> = {
  president: 'border-yellow-300/70 bg-yellow-100 text-yellow-900',
};

/** Président yellow, Trésorier green, Membre du conseil neutral. */
export function RoleBadges({ membre }: { membre: Pick<MembreConseil, 'roles' | 'permissions'> }) {
  const { t } = useTranslation('conseil');
  return (
    <div className="flex flex-wrap gap-1.5">
      {conseilRoles(membre).map((role) => (
        <Badge key={role} variant={VARIANT[role]} className={CLASS_NAME[role]} data-role={role}>
          {t(`roles.${role}`)}
        </Badge>
      ))}
    </div>
  );
}
