import { ChevronDown, Pencil, Trash2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DisabledReason } from '@/components/ui/tooltip';
import { useIsFinance } from '@/lib/auth/use-change-lock';
import { cn } from '@/lib/cn';
import type { CompteChoix, TypeCompte } from './banque-api';
import { OPERATION_BASE, OPERATION_TYPES, type OperationType } from './operation-kinds';

/** The badge of the main account (spec 2 §2: "badge 'principal' on the main account"). */
export function PrincipalBadge() {
  const { t } = useTranslation('banque');
  return (
    <Badge variant="success" data-testid="badge-principal">
      {t('principal')}
    </Badge>
  );
}

/** "Compte courant" / "Compte épargne". */
export function useTypeCompteLabel(): (type: TypeCompte) => string {
  const { t } = useTranslation('banque');
  return (type) => t(`types.${type}`);
}

/** A RIB grouped as printed on a statement (bank 2, branch 3, account 13, key 2), left to right. */
export function RibText({ rib }: { rib: string | null }) {
  if (!rib) return <span className="text-muted-foreground">—</span>;
  const digits = rib.replace(/\s+/g, '');
  const grouped =
    digits.length === 20
      ? [digits.slice(0, 2), digits.slice(2, 5), digits.slice(5, 18), digits.slice(18)].join(' ')
      : digits;
  return (
    <span dir="ltr" className="font-mono text-xs whitespace-nowrap tabular">
      {grouped}
    </span>
  );
}

/** The type of the operation screen at this address (/syndic/banque/retraits-espece… → retrait). */
export function useOperationType(): OperationType {
  const { pathname } = useLocation();
  return OPERATION_TYPES.find((type) => pathname.startsWith(OPERATION_BASE[type])) ?? 'retrait';
}

/**
 * A page's main action for the treasurer: a link styled as a button; others see it disabled with
 * the reason (spec 2 §1: "Other users see the same buttons disabled with a tooltip"), as does the
 * treasurer when `reason` says why it cannot be used now.
 */
export function FinanceLinkButton({
  to,
  icon,
  children,
  testId,
  reason = null,
}: {
  to: string;
  icon: ReactNode;
  children: ReactNode;
  testId: string;
  reason?: string | null;
}) {
  const { t } = useTranslation('common');
  const isFinance = useIsFinance();
  const lock = isFinance ? reason : t('permissions.onlyFinancier');
  if (lock === null)
    return (
      <Button asChild>
        <Link to={to} data-testid={testId}>
          {icon}
          {children}
        </Link>
      </Button>
    );
  return (
    <DisabledReason reason={lock}>
      <Button disabled data-testid={testId}>
        {icon}
        {children}
      </Button>
    </DisabledReason>
  );
}

/** The edit and delete buttons of a row, disabled with `lock` (null when allowed). */
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
      <DisabledReason reason={editLock}>
        {editLock === null ? (
          <Button asChild variant="ghost" size="icon" className="size-8">
            <Link to={editTo} aria-label={editLabel} title={editLabel}>
              <Pencil />
            </Link>
          </Button>
        ) : (
          <Button variant="ghost" size="icon" className="size-8" disabled aria-label={editLabel}>
            <Pencil />
          </Button>
        )}
      </DisabledReason>
      <DisabledReason reason={deleteLock}>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-destructive hover:bg-destructive/10 hover:text-destructive"
          disabled={deleteLock !== null}
          onClick={onDelete}
          aria-label={deleteLabel}
          title={deleteLock === null ? deleteLabel : undefined}
        >
          <Trash2 />
        </Button>
      </DisabledReason>
    </div>
  );
}

/** A labelled native select of the residence's accounts, outside any form (the lists' selector). */
export function CompteSelect({
  comptes,
  value,
  onChange,
  className,
}: {
  comptes: readonly CompteChoix[];
  value: number | null;
  onChange: (compteId: number) => void;
  className?: string;
}) {
  const { t } = useTranslation('banque');
  const id = useId();
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {t('compteSelect.label')}
      </label>
      <div className="relative">
        <select
          id={id}
          data-testid="compte-select"
          value={value ?? ''}
          onChange={(event) => onChange(Number(event.target.value))}
          className="flex h-10 w-full min-w-0 cursor-pointer appearance-none rounded-md border border-input bg-card ps-3 pe-9 text-sm shadow-xs transition-colors outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30"
        >
          {comptes.map((compte) => (
            <option key={compte.id} value={compte.id}>
              {compte.is_main ? `${compte.libelle} (${t('principal')})` : compte.libelle}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
      </div>
    </div>
  );
}
