import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { membre, recouvrementServer } from './recouvrement-fixtures';

const PAGE = '/syndic/recouvrement/achats-sms';

describe('SMS purchases (/syndic/recouvrement/achats-sms)', () => {
  it('shows the credits left and each pack: units, invoice date, totals excluding and including tax', async () => {
    recouvrementServer(membre);
    renderRoute(PAGE);
    await screen.findByRole('heading', { name: 'Achats SMS', level: 1 });
    expect(await screen.findByTestId('achats-solde')).toHaveTextContent(/^1\s250$/);
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Unités', 'Date de facture', 'Total HT', 'Total TTC']);
    const [, first, second] = screen.getAllByRole('row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(first!)).toEqual(['1\u202f000', '01/09/2026', '60,000\u202fDT', '71,400\u202fDT']);
    expect(cells(second!)).toEqual(['500', '15/01/2026', '32,500\u202fDT', '38,675\u202fDT']);
  });

  it('says when the purchases cannot be fetched', async () => {
    recouvrementServer(membre, { 'GET /api/achats-sms': () => apiError(500, 'internal_error') });
    renderRoute(PAGE);
    expect(await screen.findByText('Erreur lors de la récupération des données.')).toBeInTheDocument();
    expect(screen.getByTestId('achats-solde')).toHaveTextContent('—');
  });
});
