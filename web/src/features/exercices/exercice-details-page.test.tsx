import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import {
  captureDownloads,
  coproprietaire,
  exercice2025,
  exercice2026,
  exercices,
  exercicesServer,
  fichier,
  heldAnswer,
  membre,
} from './exercices-fixtures';

const DETAILS = '/syndic/exercices-budgets/exercices/details';

async function openDetails(id: number, user = undefined as Parameters<typeof exercicesServer>[0], routes = {}) {
  const server = exercicesServer(user, routes);
  const rendered = renderRoute(`${DETAILS}/${id}`);
  await screen.findByRole('heading', { name: new RegExp(`Détails Exercice ${id}`) });
  return { server, ...rendered };
}

async function tooltipOf(button: HTMLElement): Promise<string> {
  const user = userEvent.setup();
  await user.hover(button.parentElement as HTMLElement);
  return (await screen.findByRole('tooltip')).textContent ?? '';
}

describe('fiscal year details: the close button', () => {
  it('leads the treasurer to the closing screen of a year that may be closed', async () => {
    await openDetails(2025);
    expect(screen.getByRole('link', { name: 'Retour aux exercices' })).toHaveAttribute(
      'href',
      '/syndic/exercices-budgets/exercices',
    );
    expect(screen.getByTestId('exercice-cloturer')).toHaveAttribute(
      'href',
      '/syndic/exercices-budgets/exercices/cloture/2025',
    );
    expect(screen.getByTestId('exercice-cloturer')).toHaveTextContent("Clôturer l'exercice");
    // An open year's files are provisional.
    expect(screen.getByTestId('exercice-provisoire')).toBeInTheDocument();
  });

  it('reads "Déjà Clôturé", disabled, once closed, and shows the documents uploaded at closing', async () => {
    await openDetails(2024);
    const button = screen.getByTestId('exercice-cloturer');
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Déjà Clôturé');
    expect(await tooltipOf(button)).toBe('Clôturé le 15/05/2025');
    expect(screen.getByRole('link', { name: 'Ouvrir pv-cloture-2024.pdf' })).toHaveAttribute(
      'href',
      '/api/documents/901',
    );
    expect(screen.queryByTestId('exercice-provisoire')).toBeNull();
  });

  it('is disabled with the reason when the year has not ended', async () => {
    await openDetails(2026);
    const button = screen.getByTestId('exercice-cloturer');
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent("Clôturer l'exercice");
    expect(await tooltipOf(button)).toBe(
      "L'exercice n'est pas encore terminé : il pourra être clôturé après le 31 décembre.",
    );
    expect(screen.getByText('Aucun document déposé à la clôture.')).toBeInTheDocument();
  });

  it('is disabled with the reason while the previous year is open', async () => {
    const blocked = { ...exercice2025, can_close: false, close_blocked_reason: 'exercice_precedent_ouvert' as const };
    await openDetails(2025, undefined, {
      'GET /api/exercices': () => json(200, { success: true, exercices: [exercice2026, blocked] }),
    });
    const button = screen.getByTestId('exercice-cloturer');
    expect(button).toBeDisabled();
    expect(await tooltipOf(button)).toBe("Clôturez d'abord l'exercice précédent.");
  });

  it('shows other council members a disabled "Clôturer" that only the treasurer may use', async () => {
    await openDetails(2025, membre);
    const button = screen.getByTestId('exercice-cloturer');
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent(/^Clôturer$/);
    expect(await tooltipOf(button)).toBe('Seul le trésorier peut effectuer cette opération.');
  });

  it('goes back to the list for a year that does not exist', async () => {
    exercicesServer();
    const { router } = renderRoute(`${DETAILS}/2031`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/exercices-budgets/exercices'));
  });
});

describe('fiscal year details: the downloads', () => {
  it('disables every download while one runs, and saves it under the name the server gives', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    const pdf = heldAnswer(() => fichier('tresorerie_2025.pdf'));
    const { server } = await openDetails(2025, undefined, {
      'GET /api/export/tableau-tresorerie-simplifie/2025/pdf': pdf.handler,
      'GET /api/export/tableau-tresorerie-simplifie/2025/excel': () =>
        fichier(null, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
      'GET /api/export/details/2025': () => fichier('DetailsFinanciers_2025%20(provisoire).zip', 'application/zip'),
    });
    await user.click(screen.getByRole('button', { name: 'Télécharger en PDF' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Télécharger en Excel' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Télécharger en PDF' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Télécharger le dossier (zip)' })).toBeDisabled();
    pdf.release();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('tresorerie_2025.pdf');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Télécharger en Excel' })).toBeEnabled());

    // No name from the server: tresorerie_{id}.xlsx.
    await user.click(screen.getByRole('button', { name: 'Télécharger en Excel' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]?.name).toBe('tresorerie_2025.xlsx');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Télécharger le dossier (zip)' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Télécharger le dossier (zip)' }));
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(saved[2]?.name).toBe('DetailsFinanciers_2025 (provisoire).zip');
    expect(server.calls('GET', '/api/export/tableau-tresorerie-simplifie/2025/pdf')).toHaveLength(1);
  });

  it('says "Erreur de téléchargement", and "… global" for the zip, without retrying', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { server } = await openDetails(2025, undefined, {
      'GET /api/export/tableau-tresorerie-simplifie/2025/pdf': () => apiError(500, 'internal_error'),
      'GET /api/export/details/2025': () => apiError(404, 'exercice_inconnu'),
    });
    await user.click(screen.getByRole('button', { name: 'Télécharger en PDF' }));
    expect(await screen.findByText('Erreur de téléchargement')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Télécharger le dossier (zip)' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Télécharger le dossier (zip)' }));
    expect(await screen.findByText('Erreur de téléchargement global')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    expect(server.calls('GET', '/api/export/tableau-tresorerie-simplifie/2025/pdf')).toHaveLength(1);
    expect(server.calls('GET', '/api/export/details/2025')).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith('fiscal year download failed', expect.objectContaining({ status: 404 }));
  });
});

describe('financial report details (/coproprietaire/rapports-financiers/details/{id})', () => {
  it("downloads the co-owner's files and shows no close button", async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    const server = exercicesServer(coproprietaire, {
      'GET /api/coproprietaire/export/tableau-tresorerie-simplifie/2024/pdf': () => fichier('tresorerie_2024.pdf'),
      'GET /api/coproprietaire/export/tableau-tresorerie-simplifie/2024/excel': () => fichier(null),
      'GET /api/coproprietaire/export/details/2024': () => fichier(null, 'application/zip'),
    });
    renderRoute('/coproprietaire/rapports-financiers/details/2024');
    await screen.findByRole('heading', { name: /Détails Exercice 2024/ });
    expect(screen.queryByTestId('exercice-cloturer')).toBeNull();
    expect(screen.getByRole('link', { name: 'Retour aux rapports financiers' })).toHaveAttribute(
      'href',
      '/coproprietaire/rapports-financiers',
    );
    expect(screen.getByRole('link', { name: 'Ouvrir pv-cloture-2024.pdf' })).toBeInTheDocument();
    for (const name of ['Télécharger en PDF', 'Télécharger en Excel', 'Télécharger le dossier (zip)']) {
      await waitFor(() => expect(screen.getByRole('button', { name })).toBeEnabled());
      await user.click(screen.getByRole('button', { name }));
    }
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(saved.map((file) => file.name)).toEqual([
      'tresorerie_2024.pdf',
      'tresorerie_2024.xlsx',
      'DetailsFinanciers_2024.zip',
    ]);
    expect(server.calls('GET', '/api/export/details/2024')).toHaveLength(0);
  });

  it('reads in Arabic, the year named in Arabic', async () => {
    exercicesServer(coproprietaire, {
      'GET /api/exercices': () => json(200, { success: true, exercices }),
    });
    await i18n.changeLanguage('ar');
    renderRoute('/coproprietaire/rapports-financiers/details/2025');
    await screen.findByRole('heading', { name: /تفاصيل السنة المالية 2025/ });
    expect(screen.getByRole('button', { name: 'تنزيل بصيغة PDF' })).toBeInTheDocument();
    expect(screen.getByText('لم تُودَع أي وثيقة عند الإقفال.')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Exercice|Télécharger|Détails/);
  });
});
