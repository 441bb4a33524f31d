import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { renderRoute } from '@/testing/render';
import { assembleesServer, coproprietaire } from './assemblees-fixtures';

const LISTE = '/coproprietaire/assemblees';

/** jsdom has no object URLs and does not follow downloads: the link's click is recorded instead. */
function captureDownloads() {
  const saved: string[] = [];
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: vi.fn(() => 'blob:x') });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

function pdf(fileName: string): Response {
  return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'x-file-name': fileName },
  });
}

describe('co-owner assemblies (/coproprietaire/assemblees)', () => {
  it('lists the meetings, held or upcoming, with their date, time and place; a title opens the details', async () => {
    const user = userEvent.setup();
    assembleesServer(coproprietaire);
    const { router } = renderRoute(LISTE);
    expect(await screen.findByText('Réalisée')).toBeInTheDocument();
    expect(screen.getByText('À venir')).toBeInTheDocument();
    expect(screen.getAllByText('Salle commune, bloc A')).toHaveLength(2);
    const titre = screen.getByRole('link', { name: 'AG ordinaire 2025' });
    expect(titre).toHaveAttribute('href', '/coproprietaire/assemblees/details/9');
    await user.click(titre);
    await waitFor(() => expect(router.state.location.pathname).toBe('/coproprietaire/assemblees/details/9'));
    // The details page's back link, once its lazy page is mounted (the sidebar has an entry of the
    // same name).
    expect(await within(screen.getByRole('main')).findByRole('link', { name: 'Assemblées' })).toHaveAttribute(
      'href',
      LISTE,
    );
  });

  it('disables the minutes with the "unavailable" note and the attendance sheet until they are available', async () => {
    const user = userEvent.setup();
    assembleesServer(coproprietaire);
    renderRoute('/coproprietaire/assemblees/details/7');
    await screen.findByRole('heading', { name: 'AG ordinaire 2026', level: 1 });
    expect(screen.getByTestId('document-convocation')).toBeEnabled();
    const pv = screen.getByTestId('document-procesVerbal');
    expect(pv).toBeDisabled();
    expect(screen.getByTestId('pv-indisponible')).toHaveTextContent("Le procès-verbal n'est pas encore disponible.");
    expect(screen.getByTestId('feuille-presence-signee')).toBeDisabled();
    await user.hover(pv.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent("Le procès-verbal n'est pas encore disponible.");
  });

  it('enables the minutes and opens the first signed attendance sheet in a new tab once held', async () => {
    assembleesServer(coproprietaire);
    renderRoute('/coproprietaire/assemblees/details/9');
    await screen.findByRole('heading', { name: 'AG ordinaire 2025', level: 1 });
    expect(screen.getByTestId('document-procesVerbal')).toBeEnabled();
    expect(screen.queryByTestId('pv-indisponible')).toBeNull();
    const feuille = screen.getByTestId('feuille-presence-signee');
    expect(feuille).toHaveAttribute('href', '/api/documents/44');
    expect(feuille).toHaveAttribute('target', '_blank');
  });

  it('downloads the convocation in French or, on request, in Arabic', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    const server = assembleesServer(coproprietaire, {
      'GET /api/assemblees/convocation/download': (request) =>
        pdf(new URL(request.url).searchParams.get('langue') === 'ar' ? 'convocation-ar.pdf' : 'convocation.pdf'),
    });
    renderRoute('/coproprietaire/assemblees/details/7');
    await screen.findByRole('heading', { name: 'AG ordinaire 2026', level: 1 });
    const boutons = screen.getAllByRole('button', { name: /Convocation/ });
    expect(boutons.map((bouton) => bouton.textContent)).toEqual(['Convocation (PDF)', 'Convocation en arabe (PDF)']);

    await user.click(screen.getByRole('button', { name: 'Convocation en arabe (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['convocation-ar.pdf']));
    await user.click(screen.getByRole('button', { name: 'Convocation (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['convocation-ar.pdf', 'convocation.pdf']));
    const urls = vi
      .mocked(fetch)
      .mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
      .filter((url) => url.pathname === '/api/assemblees/convocation/download')
      .map((url) => Object.fromEntries(url.searchParams));
    expect(urls).toEqual([{ id: '7', langue: 'ar' }, { id: '7' }]);
    expect(server.calls('GET', '/api/assemblees/convocation/download')).toHaveLength(2);
  });

  it('offers the Arabic convocation first in Arabic', async () => {
    assembleesServer(coproprietaire);
    await i18n.changeLanguage('ar');
    renderRoute('/coproprietaire/assemblees/details/7');
    await screen.findByRole('heading', { name: 'AG ordinaire 2026', level: 1 });
    const boutons = screen.getAllByRole('button', { name: /الدعوة/ });
    expect(boutons.map((bouton) => bouton.textContent)).toEqual(['الدعوة بالعربية (PDF)', 'الدعوة بالفرنسية (PDF)']);
    expect(boutons[0]).toHaveAttribute('data-testid', 'document-convocation-ar');
  });

  it('goes back to the list for a meeting it does not know', async () => {
    assembleesServer(coproprietaire);
    const { router } = renderRoute('/coproprietaire/assemblees/details/404');
    await waitFor(() => expect(router.state.location.pathname).toBe(LISTE));
  });

  it('reads in Arabic, the titles as typed', async () => {
    assembleesServer(coproprietaire);
    await i18n.changeLanguage('ar');
    renderRoute('/coproprietaire/assemblees/details/7');
    await screen.findByRole('heading', { name: 'AG ordinaire 2026', level: 1 });
    const main = within(screen.getByRole('main'));
    expect(main.getByTestId('pv-indisponible')).toHaveTextContent('المحضر غير متوفر بعد.');
    const text = (screen.getByRole('main').textContent ?? '')
      .replace('AG ordinaire 2026', '')
      .replace('Salle commune, bloc A', '')
      .replace(/PDF/g, '');
    expect(text).not.toMatch(/[A-Za-zÀ-ÿ]{3,}/);
  });
});
