import { ArrowUp } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '@/app/paths';
import { StandalonePage } from '@/components/status-page';
import { currentLanguage, type Language } from '@/i18n';
import ar from './locales/ar/legal.json';
import fr from './locales/fr/legal.json';

/**
 * The legal texts live in their own catalogue per language (locales/{fr,ar}/legal.json, checked
 * by check:i18n like every other): long prose, loaded with these pages only. They are read here
 * directly rather than through i18next, as structured text (sections, paragraphs, lists).
 */
type LegalTexts = typeof fr;
const TEXTS: Record<Language, LegalTexts> = { fr, ar };

/** The 14 anchored sections of the terms, in order (spec 3 §2.1). */
export const TERMS_SECTIONS = [
  'objet',
  'acceptation',
  'definitions',
  'description',
  'identifiants',
  'usages-interdits',
  'donnees-contenus',
  'securite',
  'maintenance',
  'propriete-intellectuelle',
  'responsabilites',
  'donnees-personnelles',
  'modifications',
  'droit-applicable',
] as const satisfies readonly (keyof LegalTexts['terms']['sections'])[];

/**
 * The 9 sections of the privacy policy, in order (spec 3 §2.1): purpose, controller and contact,
 * roles, data processed, purposes, internal use with no third-party sharing, security, rights
 * under Tunisian law 2004-63, updates.
 */
export const PRIVACY_SECTIONS = [
  'objet',
  'responsable',
  'roles',
  'donnees-traitees',
  'finalites',
  'usage-interne',
  'securite',
  'droits',
  'mises-a-jour',
] as const satisfies readonly (keyof LegalTexts['privacy']['sections'])[];

interface Section {
  title: string;
  body: string[];
  items?: string[];
}

const TOC_ID = 'sommaire';

/** Scrolls to the section named by the address's #anchor (on arrival and on every TOC click). */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [hash]);
}

function LegalDocument({ page }: { page: 'terms' | 'privacy' }) {
  // Follow the language: the texts are not i18next resources, but the switch re-renders us.
  useTranslation();
  useScrollToHash();
  const texts = TEXTS[currentLanguage()];
  const text = texts[page];
  const anchors: readonly string[] = page === 'terms' ? TERMS_SECTIONS : PRIVACY_SECTIONS;
  const sections = text.sections as Record<string, Section>;
  return (
    <StandalonePage>
      <article
        className="my-4 w-full max-w-3xl rounded-xl border bg-card p-6 shadow-sm sm:p-10"
        data-testid={`legal-${page}`}
      >
        <header>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{text.title}</h1>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="legal-last-update">
            {texts.lastUpdate}
          </p>
          <p className="mt-5 leading-relaxed">{text.intro}</p>
        </header>

        <nav id={TOC_ID} aria-labelledby={`${TOC_ID}-title`} className="mt-8 scroll-mt-6 rounded-lg bg-muted/60 p-5">
          <h2 id={`${TOC_ID}-title`} className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            {texts.toc}
          </h2>
          <ol className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2 sm:gap-x-6">
            {anchors.map((anchor, index) => (
              <li key={anchor}>
                <Link to={{ hash: anchor }} className="text-primary hover:underline">
                  <span className="tabular">{index + 1}.</span> {sections[anchor]?.title}
                </Link>
              </li>
            ))}
          </ol>
        </nav>

        {anchors.map((anchor, index) => {
          const section = sections[anchor];
          if (!section) return null;
          return (
            <section
              key={anchor}
              id={anchor}
              aria-labelledby={`${anchor}-title`}
              className="mt-8 scroll-mt-6"
              data-testid="legal-section"
            >
              <h2 id={`${anchor}-title`} className="text-lg font-semibold">
                <span className="tabular">{index + 1}.</span> {section.title}
              </h2>
              <div className="mt-2 space-y-3 leading-relaxed text-foreground/90">
                {section.body.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                {section.items && (
                  <ul className="list-disc space-y-1.5 ps-6">
                    {section.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                )}
              </div>
              <Link
                to={{ hash: TOC_ID }}
                className="mt-3 inline-flex items-center gap-1 text-xs text-muted-foreground hover:text-foreground"
              >
                <ArrowUp aria-hidden="true" className="size-3.5" />
                {texts.backToToc}
              </Link>
            </section>
          );
        })}

        <footer className="mt-10 border-t pt-5 text-sm">
          <Link
            to={page === 'terms' ? paths.politiqueConfidentialite : paths.conditionsUtilisation}
            className="text-primary hover:underline"
          >
            {texts.otherPage[page]}
          </Link>
        </footer>
      </article>
    </StandalonePage>
  );
}

/** /politique-confidentialite (spec 3 §2.1): nine sections, last updated 27/05/2025. */
export function PolitiqueConfidentialitePage() {
  return <LegalDocument page="privacy" />;
}

/** /conditions-utilisation (spec 3 §2.1): fourteen anchored sections, last updated 27/05/2025. */
export function ConditionsUtilisationPage() {
  return <LegalDocument page="terms" />;
}
