import i18n from 'i18next';
import { Pencil, Trash2 } from 'lucide-react';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DisabledReason } from '@/components/ui/tooltip';
import { selectUser } from '@/lib/auth/auth-slice';
import { useIsFinance } from '@/lib/auth/use-change-lock';
import { useAppSelector } from '@/lib/store/hooks';
import type { MethodePaiementChargePatronale, Salarie } from './salaires-api';

/*
 * The payroll screens' small parts. The locked button and link, the row actions and the user's
 * text mirror the expenses' own (features/depenses/parts.tsx): features do not import each other,
 * and they are candidates for web/src/components/ once a third feature needs them.
 */

/** A free text field: its direction follows what is typed, right-aligned in Arabic. */
export const FREE_TEXT = { dir: 'auto', className: '[&_input]:rtl:text-right' } as const;

/** Digits and amounts typed left to right, aligned with the page's other fields in Arabic. */
export const LTR_INPUT = { dir: 'ltr', className: '[&_input]:rtl:text-end' } as const;

/** A text typed by a user, shown with its own direction. */
export function UserText({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span dir="auto" className={className}>
      {children}
    </span>
  );
}

/** A user's text inside a translated sentence: isolated with its own direction on an Arabic page. */
export function userText(text: string): string {
  return i18n.dir() === 'rtl' ? `\u2068${text}\u2069` : text;
}

/** `20123456` → `20 123 456` (spec 2 §2: phones grouped 2-3-3). */
export function telGroupe(tel: string | null | undefined): string {
  if (!tel) return '';
  return /^\d{8}$/.test(tel) ? `${tel.slice(0, 2)} ${tel.slice(2, 5)} ${tel.slice(5)}` : tel;
}

/** A phone grouped 2-3-3, left to right; a dash when there is none. */
export function TelGroupe({ tel }: { tel: string | null | undefined }) {
  const { t } = useTranslation('common');
  if (!tel) return <span className="text-muted-foreground">{t('empty')}</span>;
  return (
    <span dir="ltr" className="tabular whitespace-nowrap">
      {telGroupe(tel)}
    </span>
  );
}

/** An employee's state (spec 2 §4: active or inactive, `is_current`). */
export function ActifBadge({ actif }: { actif: boolean }) {
  const { t } = useTranslation('salaires');
  return (
    <Badge variant={actif ? 'success' : 'secondary'} data-testid="salarie-etat">
      {actif ? t('etat.actif') : t('etat.inactif')}
    </Badge>
  );
}

export function useActifLabel(): (actif: boolean) => string {
  const { t } = useTranslation('salaires');
  return useCallback((actif: boolean) => (actif ? t('etat.actif') : t('etat.inactif')), [t]);
}

export function useMethodeLabel(): (methode: MethodePaiementChargePatronale) => string {
  const { t } = useTranslation('salaires');
  return useCallback((methode: MethodePaiementChargePatronale) => t(`methodes.${methode}`), [t]);
}

/** `2026-03` → "mars 2026" / "مارس 2026" (Tunisian month names). */
export function useMoisLabel(): (mois: string) => string {
  const { t } = useTranslation('salaires');
  return useCallback(
    (mois: string) => {
      const match = /^(\d{4})-(\d{2})$/.exec(mois);
      if (!match) return mois;
      return t('moisLabel', { mois: t(`mois.${match[2] as MoisNumero}`), annee: match[1] });
    },
    [t],
  );
}

type MoisNumero = '01' | '02' | '03' | '04' | '05' | '06' | '07' | '08' | '09' | '10' | '11' | '12';

/** "Only the treasurer" for other members, else null (salary and employer-charge payments). */
export function useFinanceLock(): string | null {
  const { t } = useTranslation('common');
  return useIsFinance() ? null : t('permissions.onlyFinancier');
}

/**
 * "Only the treasurer or the president" for other members, else null (spec 2 §6: employees are
 * created, edited and deleted by either).
 */
export function useSalariesLock(): string | null {
  const { t } = useTranslation('salaires');
  const user = useAppSelector(selectUser);
  return user?.is_finance === true || user?.is_president === true ? null : t('permissions.financeOuPresident');
}

/** A payment's lock: only the treasurer, and nothing dated in a closed exercice. */
export function usePaiementLock(): (item: { is_closed: boolean }) => string | null {
  const { t } = useTranslation('common');
  const financeLock = useFinanceLock();
  return useCallback(
    (item: { is_closed: boolean }) => financeLock ?? (item.is_closed ? t('permissions.exerciceCloture') : null),
    [financeLock, t],
  );
}

/** An action enabled when `lock` is null, else disabled with the reason (spec 2 §6). */
export function LockedButton({
  lock,
  children,
  onClick,
  label,
  variant = 'outline',
  size = 'sm',
  testId,
  className,
}: {
  lock: string | null;
  children: ReactNode;
  onClick: () => void;
  label?: string;
  variant?: 'outline' | 'ghost' | 'default' | 'destructive';
  size?: 'sm' | 'icon' | 'default';
  testId?: string;
  className?: string;
}) {
  return (
    <DisabledReason reason={lock}>
      <Button
        variant={variant}
        size={size}
        className={className}
        disabled={lock !== null}
        onClick={onClick}
        aria-label={label}
        title={lock === null ? label : undefined}
        data-testid={testId}
      >
        {children}
      </Button>
    </DisabledReason>
  );
}

/** A link styled as a button, disabled with the reason when `lock` is not null. */
export function LockedLink({
  to,
  lock,
  children,
  label,
  variant = 'default',
  size = 'default',
  testId,
  className,
}: {
  to: string;
  lock: string | null;
  children: ReactNode;
  label?: string;
  variant?: 'outline' | 'ghost' | 'default';
  size?: 'sm' | 'icon' | 'default';
  testId?: string;
  className?: string;
}) {
  if (lock === null)
    return (
      <Button asChild variant={variant} size={size} className={className}>
        <Link to={to} aria-label={label} title={label} data-testid={testId}>
          {children}
        </Link>
      </Button>
    );
  return (
    <DisabledReason reason={lock}>
      <Button variant={variant} size={size} className={className} disabled aria-label={label} data-testid={testId}>
        {children}
      </Button>
    </DisabledReason>
  );
}

/** The edit (a link) and delete icons of a row. */
export function RowActions({
  editTo,
  editLabel,
  editLock,
  onDelete,
  deleteLabel,
  deleteLock,
  children,
}: {
  editTo: string;
  editLabel: string;
  editLock: string | null;
  onDelete: () => void;
  deleteLabel: string;
  deleteLock: string | null;
  children?: ReactNode;
}) {
  return (
    <div className="flex items-center justify-end gap-1">
      {children}
      <LockedLink to={editTo} lock={editLock} label={editLabel} variant="ghost" size="icon" className="size-8">
        <Pencil />
      </LockedLink>
      <LockedButton
        lock={deleteLock}
        onClick={onDelete}
        label={deleteLabel}
        variant="ghost"
        size="icon"
        className="size-8 text-destructive hover:bg-destructive/10 hover:text-destructive"
      >
        <Trash2 />
      </LockedButton>
    </div>
  );
}

/** The monthly salary the employee is declared with: the net one, or the gross one with charges. */
export function salaireDeclare(salarie: Salarie): number {
  return salarie.salaire_brut ?? salarie.salaire;
}
