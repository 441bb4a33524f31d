import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage, type Language } from '@/i18n';
import { cn } from '@/lib/cn';

/**
 * FR / عربي toggle. Both choices are always visible (a segmented control) so that a user who does
 * not read the current language can still find their own.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation(['common', 'layout']);
  // Read through i18n so the component re-renders on change.
  const active: Language = i18n.resolvedLanguage === 'ar' ? 'ar' : currentLanguage();
  const options: { value: Language; label: string; lang: string }[] = [
    { value: 'fr', label: t('common:language.shortFr'), lang: 'fr' },
    { value: 'ar', label: t('common:language.shortAr'), lang: 'ar' },
  ];
  return (
    <div
      role="group"
      aria-label={t('layout:language.switch')}
      className={cn('inline-flex items-center gap-0.5 rounded-lg border bg-card p-0.5 text-sm', className)}
    >
      <Languages aria-hidden="true" className="mx-1.5 hidden size-4 text-muted-foreground sm:block" />
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          lang={option.lang}
          aria-pressed={active === option.value}
          data-testid={`language-${option.value}`}
          onClick={() => void setLanguage(option.value)}
          className={cn(
            'min-w-10 cursor-pointer rounded-md px-2.5 py-1 font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            active === option.value
              ? 'bg-primary text-primary-foreground shadow-sm'
              : 'text-muted-foreground hover:bg-muted hover:text-foreground',
            option.value === 'ar' && 'font-arabic',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
