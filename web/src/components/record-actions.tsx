import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DisabledReason } from '@/components/ui/tooltip';
import { useIsFinance } from '@/lib/auth/use-change-lock';

/*
 * The actions of a money record's pages (expenses, contracts, clients…): enabled, or disabled with
 * the reason in a tooltip (spec 2 §6), from `useFinanceLock()` or `useChangeLock()(record)`.
 *
 *   <LockedLink to={creerPath} lock={financeLock}><Plus />Nouveau</LockedLink>
 *   <RowActions editTo={…} editLabel="…" editLock={lock} onDelete={…} deleteLabel="…" deleteLock={lock} />
 */

/**
 * An action of the treasurer: enabled when `lock` is null, else disabled with the reason
 * (spec 2 §6: "buttons disabled with a tooltip").
 */
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

/** "Only the treasurer" for other members, else null. */
export function useFinanceLock(): string | null {
  const { t } = useTranslation('common');
  return useIsFinance() ? null : t('permissions.onlyFinancier');
}

/** The edit and delete icons of a row. */
export function RowActions({
  editTo,
  onEdit,
  editLabel,
  editLock,
  onDelete,
  deleteLabel,
  deleteLock,
  children,
}: {
  editTo?: string;
  onEdit?: () => void;
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
      {editTo !== undefined ? (
        <LockedLink to={editTo} lock={editLock} label={editLabel} variant="ghost" size="icon" className="size-8">
          <Pencil />
        </LockedLink>
      ) : (
        <LockedButton
          lock={editLock}
          onClick={() => onEdit?.()}
          label={editLabel}
          variant="ghost"
          size="icon"
          className="size-8"
        >
          <Pencil />
        </LockedButton>
      )}
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
