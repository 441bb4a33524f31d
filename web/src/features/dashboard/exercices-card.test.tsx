import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, installFakeServer, json } from '@/testing/fake-server';
import { renderWithProviders } from '@/testing/render';
import { ExercicesCard } from './exercices-card';

const exercice = (annee: number, status: string) => ({
  id: annee,
  annee,
  titre: `Exercice ${annee}`,
  status,
  is_closed: status === 'cloture',
  is_before_daftar: false,
  docs: [],
});

describe('ExercicesCard', () => {
  it('lists the fiscal years from GET /api/exercices with their status badges', async () => {
    const server = installFakeServer({
      'GET /api/exercices': () =>
        json(200, { success: true, exercices: [exercice(2026, 'actuel'), exercice(2024, 'cloture')] }),
    });
    renderWithProviders(<ExercicesCard />);
    const list = await screen.findByTestId('dashboard-exercices');
    expect(await within(list).findByText('2026')).toBeInTheDocument();
    expect(within(list).getByText('Actuel')).toBeInTheDocument();
    expect(within(list).getByText('Clôturé')).toBeInTheDocument();
    expect(server.calls('GET', '/api/exercices')).toHaveLength(1);
  });

  it('says so when the residence has no fiscal year', async () => {
    installFakeServer({ 'GET /api/exercices': () => json(200, { success: true, exercices: [] }) });
    renderWithProviders(<ExercicesCard />);
    expect(await screen.findByText("Aucun exercice n'est ouvert pour cette résidence.")).toBeInTheDocument();
  });

  it('shows the load error of the specification when the call fails', async () => {
    installFakeServer({ 'GET /api/exercices': () => apiError(500, 'internal_error') });
    renderWithProviders(<ExercicesCard />);
    expect(await screen.findByText('Erreur lors du chargement')).toBeInTheDocument();
  });
});
