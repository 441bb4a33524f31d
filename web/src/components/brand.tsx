import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** The product mark: a bound ledger (daftar means "ledger" / "register"). */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-9 shrink-0', className)}>
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <path
        d="M9 8h9a5 5 0 0 1 5 5v11H14a5 5 0 0 1-5-5z"
        fill="none"
        className="stroke-primary-foreground"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
      <path d="M13 13h6M13 17h6" className="stroke-highlight" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** "Daftar · دفتر" with the mark. The Arabic name is shown in both languages: it is the name. */
export function Brand({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <BrandMark />
      <div className="flex items-baseline gap-2 leading-none">
        <span
          className={cn('text-xl font-bold tracking-tight', inverted ? 'text-sidebar-foreground' : 'text-foreground')}
        >
          {t('appName')}
        </span>
        <span
          lang="ar"
          dir="rtl"
          className={cn('font-arabic text-lg font-semibold', inverted ? 'text-highlight' : 'text-primary')}
        >
          {t('appNameArabic')}
        </span>
      </div>
    </div>
  );
}
