import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, membre, president, salairesServer } from './salaires-fixtures';

const SALARIES = '/syndic/salaires/salaries';

function rowOf(text: string): HTMLElement {
  return within(screen.getByRole('table')).getByText(text).closest('tr') as HTMLElement;
}

async function openList() {
  renderRoute(SALARIES);
  await screen.findByRole('heading', { name: 'Salariés' });
  await screen.findByText('Mounira Hamdi');
}

describe('employees (/syndic/salaires/salaries)', () => {
  it('shows each employee: position, phone grouped 2-3-3, active or inactive, salary', async () => {
    salairesServer();
    await openList();
    const ali = rowOf('Ali Ben Salah');
    expect(within(ali).getByText('Concierge')).toBeInTheDocument();
    expect(within(ali).getByText('20 123 456')).toBeInTheDocument();
    expect(within(ali).getByTestId('salarie-etat')).toHaveTextContent('Actif');
    expect(within(ali).getByText(/^1\s100,000\sDT$/)).toBeInTheDocument();
    const mounira = rowOf('Mounira Hamdi');
    expect(within(mounira).getByTestId('salarie-etat')).toHaveTextContent('Inactif');
    expect(within(mounira).getByText(/^450,250\sDT$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gérer Ali Ben Salah' })).toHaveAttribute(
      'href',
      '/syndic/salaires/salaries/gerer/1',
    );
    expect(screen.getByTestId('salarie-creer')).toHaveAttribute('href', '/syndic/salaires/salaries/creer');
  });

  it('disables deleting an employee with payments, with the reason', async () => {
    const user = userEvent.setup();
    salairesServer();
    await openList();
    const supprimer = screen.getByRole('button', { name: 'Supprimer le salarié Ali Ben Salah' });
    expect(supprimer).toBeDisabled();
    await user.hover(supprimer.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Ce salarié a des paiements : il ne peut pas être supprimé.',
    );
  });

  it('lets the president delete an employee, and says why the server refused one with payments (422)', async () => {
    const user = userEvent.setup();
    const answers = [apiError(422, 'salarie_avec_paiements', 'x'), json(200, { success: true })];
    const server = salairesServer(president, {
      'POST /api/salaries/supprimer': () => answers.shift() ?? json(200, { success: true }),
    });
    await openList();
    const supprimer = screen.getByRole('button', { name: 'Supprimer le salarié Mounira Hamdi' });
    await user.click(supprimer);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText("Ce salarié a des paiements : supprimez-les d'abord.")).toBeInTheDocument();
    await user.click(supprimer);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Salarié supprimé.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/salaries/supprimer')[1])).toEqual({ id: 2 });
  });

  it('shows a council member the create, edit and delete actions disabled with the reason', async () => {
    const user = userEvent.setup();
    salairesServer(membre);
    await openList();
    const create = screen.getByTestId('salarie-creer');
    expect(create).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Modifier le salarié Mounira Hamdi' })).toBeDisabled();
    await user.hover(create.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Seul le trésorier ou le président peut effectuer cette opération.',
    );
  });

  it('words the list in Arabic', async () => {
    salairesServer();
    await openList();
    await act(() => i18n.changeLanguage('ar'));
    try {
      expect(await screen.findByRole('heading', { name: 'الأجراء' })).toBeInTheDocument();
      expect(within(rowOf('Ali Ben Salah')).getByTestId('salarie-etat')).toHaveTextContent('نشط');
      expect(within(rowOf('Mounira Hamdi')).getByTestId('salarie-etat')).toHaveTextContent('غير نشط');
      expect(within(rowOf('Ali Ben Salah')).getByText('20 123 456').getAttribute('dir')).toBe('ltr');
    } finally {
      await act(() => i18n.changeLanguage('fr'));
    }
  });
});

describe('employer charges (/syndic/salaires/charges-patronales)', () => {
  it('lists the payments, a closed one locked, and deletes one after confirmation', async () => {
    const user = userEvent.setup();
    const server = salairesServer(undefined, {
      'POST /api/charges-patronales/supprimer': () => json(200, { success: true }),
    });
    renderRoute('/syndic/salaires/charges-patronales');
    await screen.findByRole('heading', { name: 'Charges patronales' });
    const t1 = rowOf('CNSS 1er trimestre 2026');
    expect(within(t1).getByText(/^546,810\sDT$/)).toBeInTheDocument();
    expect(within(t1).getByText('Paiement en ligne')).toBeInTheDocument();
    expect(within(t1).getByText('15/04/2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Supprimer le paiement CNSS 4e trimestre 2024' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Modifier le paiement CNSS 1er trimestre 2026' })).toHaveAttribute(
      'href',
      '/syndic/salaires/charges-patronales/modifier/71',
    );
    await user.click(screen.getByRole('button', { name: 'Supprimer le paiement CNSS 1er trimestre 2026' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Paiement supprimé.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/charges-patronales/supprimer')[0])).toEqual({ id: 71 });
  });

  it('disables the creation for the president, who is not the treasurer', async () => {
    salairesServer(president);
    renderRoute('/syndic/salaires/charges-patronales');
    await screen.findByText('CNSS 1er trimestre 2026');
    expect(screen.getByTestId('charge-patronale-creer')).toBeDisabled();
  });
});
