import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { BANK_ACCOUNTS_PATH, NoBankAlert } from './no-bank-alert';

describe('NoBankAlert', () => {
  it('says no bank account exists and leads to the accounts screen', () => {
    renderWithProviders(<NoBankAlert />);
    const alert = screen.getByTestId('no-bank-alert');
    expect(alert).toHaveTextContent('Aucun compte bancaire');
    const link = screen.getByRole('link', { name: 'Gérer les comptes bancaires' });
    expect(link).toHaveAttribute('href', BANK_ACCOUNTS_PATH);
    expect(BANK_ACCOUNTS_PATH).toBe('/syndic/banque/comptes');
  });
});
