/**
 * The prompt shown instead of a banking screen's content while the residence has no bank account
 * (spec 2 §2 "Banking", §8): a line saying so and a button to the accounts screen.
 *
 * ```tsx
 * if (data && !data.has_bank) return <NoBankAlert />;
 * ```
 *
 * The accounts screen's own path is written here (the shared layer cannot import the banque
 * feature's paths); features/banque/paths.ts uses this constant so both stay the same.
 */
import { Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** /syndic/banque/comptes: the bank accounts list, where the first account is created. */
export const BANK_ACCOUNTS_PATH = '/syndic/banque/comptes';

export function NoBankAlert({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      data-testid="no-bank-alert"
      className={cn(
        'flex flex-col items-start gap-3 rounded-lg border border-highlight/50 bg-highlight/10 p-4 text-sm text-foreground sm:flex-row sm:items-center',
        className,
      )}
    >
      <Landmark aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-highlight sm:mt-0" />
      <div className="grid flex-1 gap-0.5">
        <p className="font-medium">{t('noBank.title')}</p>
        <p className="text-muted-foreground">{t('noBank.description')}</p>
      </div>
      <Button asChild size="sm">
        <Link to={BANK_ACCOUNTS_PATH} data-testid="no-bank-alert-link">
          {t('noBank.action')}
        </Link>
      </Button>
    </div>
  );
}
