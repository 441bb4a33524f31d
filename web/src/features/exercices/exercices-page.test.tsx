import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { exercices, exercicesServer, coproprietaire } from './exercices-fixtures';

function rowOf(text: string): HTMLElement {
  return within(screen.getByRole('table')).getByText(text).closest('tr') as HTMLElement;
}

describe('fiscal years (/syndic/exercices-budgets/exercices)', () => {
  it('lists the years with their status badge; each links to its details but the one kept before Daftar', async () => {
    const user = userEvent.setup();
    exercicesServer();
    renderRoute('/syndic/exercices-budgets/exercices');
    await screen.findByRole('heading', { name: 'Exercices' });
    await screen.findByText('Exercice 2026');
    expect(within(rowOf('Exercice 2026')).getByText('Actuel')).toBeInTheDocument();
    expect(within(rowOf('Exercice 2025')).getByText('Ouvert')).toBeInTheDocument();
    const closed = rowOf('Exercice 2024');
    expect(within(closed).getByText('Clôturé')).toBeInTheDocument();
    expect(closed).toHaveTextContent('15/05/2025');
    expect(screen.getByRole('link', { name: 'Exercice 2025' })).toHaveAttribute(
      'href',
      '/syndic/exercices-budgets/exercices/details/2025',
    );
    expect(screen.getByRole('link', { name: "Détails de l'exercice 2024" })).toHaveAttribute(
      'href',
      '/syndic/exercices-budgets/exercices/details/2024',
    );

    const locked = rowOf('Exercice 2019');
    expect(within(locked).queryByRole('link')).toBeNull();
    const lock = within(locked).getByRole('button', { name: 'Exercice 2019 : antérieur à Daftar' });
    expect(lock).toBeDisabled();
    await user.hover(lock.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Exercice antérieur à Daftar : ses comptes ne sont pas tenus ici.',
    );
  });

  it('says "Erreur lors du chargement" when the list fails, and loads it again on retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    const server = exercicesServer(undefined, {
      'GET /api/exercices': () => (fail ? apiError(500, 'internal_error') : json(200, { success: true, exercices })),
    });
    renderRoute('/syndic/exercices-budgets/exercices');
    expect(await screen.findByText('Erreur lors du chargement')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Exercice 2025')).toBeInTheDocument();
    expect(server.calls('GET', '/api/exercices').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the years as cards on a phone', async () => {
    exercicesServer();
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: true })) as typeof window.matchMedia;
    try {
      renderRoute('/syndic/exercices-budgets/exercices');
      await screen.findByText('Exercice 2025');
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.getAllByTestId('exercice-status')).toHaveLength(exercices.length);
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});

describe('financial reports (/coproprietaire/rapports-financiers)', () => {
  it('lists the years for a co-owner, with the same badges and locks, linking to their reports', async () => {
    exercicesServer(coproprietaire);
    renderRoute('/coproprietaire/rapports-financiers');
    await screen.findByRole('heading', { name: 'Rapports financiers' });
    await screen.findByText('Exercice 2026');
    expect(within(rowOf('Exercice 2024')).getByText('Clôturé')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Exercice 2025' })).toHaveAttribute(
      'href',
      '/coproprietaire/rapports-financiers/details/2025',
    );
    expect(within(rowOf('Exercice 2019')).queryByRole('link')).toBeNull();
  });
});

describe('financial reports hidden by the council', () => {
  it('says the council hid them, asks for nothing, and offers the way back to the dashboard', async () => {
    const server = exercicesServer({ ...coproprietaire, features: { 'see.rapports_financiers': false } });
    renderRoute('/coproprietaire/rapports-financiers');
    const refusal = await screen.findByTestId('visibilite-refusee');
    expect(refusal).toHaveTextContent("Le conseil syndical n'a pas rendu ces informations visibles pour vous.");
    expect(within(refusal).getByRole('link', { name: 'Retour au tableau de bord' })).toHaveAttribute(
      'href',
      '/coproprietaire/tableau-de-bord',
    );
    expect(server.calls('GET', '/api/exercices')).toHaveLength(0);
  });

  it('says it in Arabic too', async () => {
    exercicesServer({ ...coproprietaire, features: { 'see.rapports_financiers': false } });
    await i18n.changeLanguage('ar');
    try {
      renderRoute('/coproprietaire/rapports-financiers/details/2025');
      expect(await screen.findByTestId('visibilite-refusee')).toHaveTextContent(
        'لم يجعل مجلس النقابة هذه المعلومات مرئية لك.',
      );
    } finally {
      await i18n.changeLanguage('fr');
    }
  });
});

describe('fiscal years in Arabic', () => {
  it('translates the names, badges and columns', async () => {
    exercicesServer();
    await i18n.changeLanguage('ar');
    renderRoute('/syndic/exercices-budgets/exercices');
    await screen.findByText('السنة المالية 2025');
    expect(within(rowOf('السنة المالية 2026')).getByText('الحالية')).toBeInTheDocument();
    expect(within(rowOf('السنة المالية 2024')).getByText('مُقفلة')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Exercice/)).toBeNull());
  });
});
