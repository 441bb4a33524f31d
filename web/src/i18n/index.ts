import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultNS, namespaces, resources } from './resources';

export type Language = 'fr' | 'ar';

export const LANGUAGES: readonly Language[] = ['fr', 'ar'];
export const DEFAULT_LANGUAGE: Language = 'fr';
/** Also read by the inline script in index.html to set `dir` before the first paint. */
export const LANGUAGE_STORAGE_KEY = 'daftar.language';

export function isLanguage(value: unknown): value is Language {
  return value === 'fr' || value === 'ar';
}

function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    // Private browsing may forbid storage: fall back to French rather than fail.
    return DEFAULT_LANGUAGE;
  }
}

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** Mirrors the language on <html>: `lang` picks the font (see index.css), `dir` mirrors the layout. */
function applyToDocument(language: string): void {
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  document.documentElement.lang = lang;
  document.documentElement.dir = directionOf(lang);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

/** Switches the language and remembers the choice on this device (spec 1 §9). */
export async function setLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, but the switch itself still works.
  }
  await i18n.changeLanguage(language);
}

i18n.on('languageChanged', applyToDocument);

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  ns: namespaces,
  defaultNS,
  interpolation: { escapeValue: false },
  returnNull: false,
  // Bundled resources: initialise synchronously so the first render is already translated.
  initAsync: false,
});

applyToDocument(i18n.language);

export default i18n;
