import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { StandalonePage } from '@/components/status-page';
import { Button } from '@/components/ui/button';
import { LANGUAGES, setLanguage, type Language } from '@/i18n';
import { cn } from '@/lib/cn';

/** /language: choose French or Arabic; the choice is kept on this device. */
export function LanguagePage() {
  const { t, i18n } = useTranslation(['pages', 'common']);
  const active = i18n.resolvedLanguage as Language;
  return (
    <StandalonePage showLanguageSwitch={false}>
      <section className="w-full max-w-sm">
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages:language.title')}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t('pages:language.description')}</p>
        <div role="radiogroup" aria-label={t('common:language.label')} className="mt-6 grid gap-3">
          {LANGUAGES.map((language) => (
            <button
              key={language}
              type="button"
              role="radio"
              aria-checked={active === language}
              lang={language}
              onClick={() => void setLanguage(language)}
              className={cn(
                'flex cursor-pointer items-center justify-between rounded-lg border bg-card px-4 py-3 text-start text-base font-medium transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                active === language && 'border-primary ring-1 ring-primary',
                language === 'ar' && 'font-arabic',
              )}
            >
              {t(`common:language.${language}`)}
              {active === language && <Check aria-hidden="true" className="size-5 text-primary" />}
            </button>
          ))}
        </div>
        <Button asChild className="mt-6 w-full">
          <Link to={paths.home}>{t('pages:language.continue')}</Link>
        </Button>
      </section>
    </StandalonePage>
  );
}
