import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import type { Budget } from './budgets-api';

/** The budget's approval (spec 2 §2 "Budget display"): approved when is_approved is 1. */
export function ApprovalLabel({ budget }: { budget: Budget }) {
  const { t } = useTranslation('budgets');
  if (budget.is_approved === 1) {
    return (
      <Badge variant="success" data-testid="budget-approbation">
        {budget.approvable_type ? t(`approbation.approuvePar.${budget.approvable_type}`) : t('approbation.approuve')}
      </Badge>
    );
  }
  return (
    <Badge variant="secondary" data-testid="budget-approbation">
      {t('approbation.nonAccepte')}
    </Badge>
  );
}

/** A labelled native select outside any form (the year selector). */
export function YearSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5 sm:max-w-xs">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          data-testid="budget-annee"
          className="flex h-10 w-full min-w-0 cursor-pointer appearance-none rounded-md border border-input bg-card ps-3 pe-9 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30"
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
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
