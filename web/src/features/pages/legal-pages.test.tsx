import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { installFakeServer } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { PRIVACY_SECTIONS, TERMS_SECTIONS } from './legal-pages';

const FRENCH_WORDS = /\b(les|des|vous|données|conditions)\b/i;

describe('legal pages', () => {
  it('shows the terms: 14 numbered sections with their anchors, a table of contents and the first-login checkbox', async () => {
    installFakeServer({});
    const { container } = renderRoute('/conditions-utilisation');
    expect(await screen.findByRole('heading', { level: 1, name: "Conditions d'utilisation" })).toBeInTheDocument();
    expect(screen.getByTestId('legal-last-update')).toHaveTextContent('Dernière mise à jour : 27/05/2025');
    expect(TERMS_SECTIONS).toHaveLength(14);
    const sections = screen.getAllByTestId('legal-section');
    expect(sections.map((section) => section.id)).toEqual([...TERMS_SECTIONS]);
    const toc = screen.getByRole('navigation', { name: 'Sommaire' });
    const links = within(toc).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      TERMS_SECTIONS.map((id) => `/conditions-utilisation#${id}`),
    );
    expect(links[0]).toHaveTextContent('1. Objet');
    expect(links[13]).toHaveTextContent('14. Droit applicable et juridiction');
    expect(container.querySelector('#acceptation')).toHaveTextContent(/case .* doit être cochée pour poursuivre/);
  });

  it('shows the privacy policy: 9 sections, Tunisian law 2004-63 and the INPDP', async () => {
    installFakeServer({});
    const { container } = renderRoute('/politique-confidentialite');
    expect(await screen.findByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeInTheDocument();
    expect(screen.getByTestId('legal-last-update')).toHaveTextContent('27/05/2025');
    expect(screen.getAllByTestId('legal-section').map((section) => section.id)).toEqual([...PRIVACY_SECTIONS]);
    const droits = container.querySelector('#droits');
    expect(droits).toHaveTextContent('loi organique n° 2004-63 du 27 juillet 2004');
    expect(droits).toHaveTextContent('Instance nationale de protection des données à caractère personnel (INPDP)');
    expect(container.querySelector('#usage-interne')).toHaveTextContent('ni vendues, ni louées, ni cédées à des tiers');
  });

  it("opens at the section of the address's anchor, and reads in Arabic after a language switch", async () => {
    installFakeServer({});
    // jsdom does not scroll: record which element was brought into view.
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = vi.fn(function record(this: Element) {
      scrolled.push(this.id);
    });
    const { container } = renderRoute('/conditions-utilisation#acceptation');
    await screen.findByRole('heading', { level: 1, name: "Conditions d'utilisation" });
    // The scroll is an effect after the page's commit: on a loaded machine it may come a tick later.
    await waitFor(() => expect(scrolled).toContain('acceptation'));
    await act(() => i18n.changeLanguage('ar'));
    expect(await screen.findByRole('heading', { level: 1, name: 'شروط الاستخدام' })).toBeInTheDocument();
    expect(screen.getByTestId('legal-last-update')).toHaveTextContent('آخر تحديث: 27/05/2025');
    expect(screen.getAllByTestId('legal-section').map((section) => section.id)).toEqual([...TERMS_SECTIONS]);
    expect(container.querySelector('article')?.textContent).not.toMatch(FRENCH_WORDS);
  });
});
