import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { renderRoute } from '@/testing/render';
import { assembleesServer, coproprietaire } from './assemblees-fixtures';

const LISTE = '/coproprietaire/assemblees';

describe('co-owner assemblies (/coproprietaire/assemblees)', () => {
  it('lists the meetings, held or upcoming, with their date, time and place; a title opens the details', async () => {
    const user = userEvent.setup();
    assembleesServer(coproprietaire);
    const { router } = renderRoute(LISTE);
    expect(await screen.findByText('Réalisée')).toBeInTheDocument();
    expect(screen.getByText('À venir')).toBeInTheDocument();
    expect(screen.getAllByText('Salle commune, bloc A')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'AG ordinaire 2025' }));
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
