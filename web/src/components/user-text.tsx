import i18n from 'i18next';
import type { ReactNode } from 'react';

/*
 * Texts typed by users (titles, names, comments) on pages that may be Arabic: each keeps its own
 * direction. Used by every record's list, form and detail (expenses, contracts, clients…).
 *
 *   <FormField name="titre" label="Titre" {...FREE_TEXT} />
 *   <UserText className="font-medium">{contrat.titre}</UserText>
 *   t('paiement.title', { titre: userText(contrat.titre) })
 */

/**
 * A free text field (a title, a name, an address, a comment): its direction follows what is typed
 * (`38, rue Kamel Ataturk` stays in order on an Arabic page), right-aligned like the page's other
 * fields in Arabic.
 */
export const FREE_TEXT = { dir: 'auto', className: '[&_input]:rtl:text-right' } as const;

/**
 * A text typed by a user (a title, a name, a comment), shown with its own direction: on an Arabic
 * page a French sentence keeps its final period and parentheses where they belong.
 */
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
