import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, type FakeHandler } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { addTagTypes } from '@/api/generated';
import { CLOSING_CHANGES, clotureFormData } from './exercices-api';
import { exercice2024, exercice2025, exercices, exercicesServer, membre } from './exercices-fixtures';

const CLOTURE_2025 = '/syndic/exercices-budgets/exercices/cloture/2025';

async function formEntries(request: Request): Promise<[string, string][]> {
  const data = await request.formData();
  return [...data.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]);
}

function recordingMultipart(answer: () => Response): { handler: FakeHandler; received: [string, string][][] } {
  const received: [string, string][][] = [];
  return {
    received,
    handler: async (request) => {
      received.push(await formEntries(request));
      return answer();
    },
  };
}

async function openCloture(routes: Record<string, FakeHandler> = {}) {
  const server = exercicesServer(undefined, routes);
  const rendered = renderRoute(CLOTURE_2025);
  await screen.findByRole('heading', { name: "Clôturer l'exercice 2025" });
  await screen.findByTestId('soldes');
  return { server, ...rendered };
}

describe('closing a fiscal year (/syndic/exercices-budgets/exercices/cloture/{id})', () => {
  it('shows the closing balances read only: the cash box, each bank account and the total', async () => {
    const { server } = await openCloture();
    expect(screen.getByText('Soldes au 31/12/2025')).toBeInTheDocument();
    expect(screen.getByTestId('solde-caisse')).toHaveTextContent(/Caisse\s*1\s250,500\sDT/);
    const banques = screen.getAllByTestId('solde-banque');
    expect(banques[0]).toHaveTextContent(/BIAT Courant\s*18\s430,125\sDT/);
    expect(banques[1]).toHaveTextContent(/STB Épargne\s*5\s000,000\sDT/);
    expect(screen.getByTestId('solde-total')).toHaveTextContent(/Total\s*24\s680,625\sDT/);
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    const [call] = server.requests.filter((r) => r.path === '/api/exercices/soldes-cloture');
    expect(call?.method).toBe('GET');
    const fetchMock = globalThis.fetch as unknown as { mock: { calls: [RequestInfo | URL][] } };
    const urls = fetchMock.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    expect(urls.some((url) => url.endsWith('/api/exercices/soldes-cloture?id=2025'))).toBe(true);
  });

  it('asks before closing, sends the year and the files as multipart, then shows the refreshed list', async () => {
    const user = userEvent.setup();
    let closed = false;
    const cloturer = recordingMultipart(() => {
      closed = true;
      return json(200, {
        success: true,
        exercice: { ...exercice2025, status: 'cloture', is_closed: true, cloture_le: '2026-11-25', can_close: false },
      });
    });
    const { server, router } = await openCloture({
      'POST /api/exercices/cloturer': cloturer.handler,
      'GET /api/exercices': () =>
        json(200, {
          success: true,
          exercices: closed
            ? exercices.map((e) =>
                e.id === 2025 ? { ...e, status: 'cloture', is_closed: true, cloture_le: '2026-11-25' } : e,
              )
            : exercices,
        }),
    });
    const form = screen.getByRole('form', { name: "Clôture de l'exercice" });
    await user.upload(within(form).getByLabelText('Documents'), [
      new File(['%PDF-1.4'], 'pv-ag-2026.pdf', { type: 'application/pdf' }),
      new File(['%PDF-1.4'], 'releve-biat.pdf', { type: 'application/pdf' }),
    ]);
    await within(form).findByText('releve-biat.pdf');

    // Annuler closes the question and sends nothing.
    await user.click(within(form).getByRole('button', { name: 'Clôturer' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Êtes-vous sûr de vouloir clôturer cet exercice ?' });
    expect(dialog).toHaveTextContent(
      "La clôture de l'exercice 2025 est définitive et irréversible : aucune écriture ni opération de cette période ne pourra plus être modifiée, ajoutée ou supprimée.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.calls('POST', '/api/exercices/cloturer')).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Clôturer' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('Exercice clôturé.')).toBeInTheDocument();
    expect(cloturer.received).toEqual([
      [
        ['id', '2025'],
        // jsdom's Request drops the files' names on the way (see clotureFormData's test).
        ['docs[]', expect.any(String)],
        ['docs[]', expect.any(String)],
      ],
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/exercices-budgets/exercices'));
    // The list was asked again after the closing and shows the year closed.
    await waitFor(() => expect(server.calls('GET', '/api/exercices').length).toBeGreaterThanOrEqual(2));
    const row = (await screen.findByRole('link', { name: 'Exercice 2025' })).closest('tr') as HTMLElement;
    await waitFor(() => expect(within(row).getByText('Clôturé')).toBeInTheDocument());
    expect(row).toHaveTextContent('25/11/2026');
  });

  it('closes without files: the id alone', async () => {
    const user = userEvent.setup();
    const cloturer = recordingMultipart(() => json(200, { success: true, exercice: exercice2025 }));
    await openCloture({ 'POST /api/exercices/cloturer': cloturer.handler });
    await user.click(screen.getByRole('button', { name: 'Clôturer' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(cloturer.received).toEqual([[['id', '2025']]]));
  });

  it('says why a 409 refused the closing, in the user language or else with the server message', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer = () => apiError(409, 'exercice_precedent_ouvert', "L'exercice précédent est ouvert.");
    const { router } = await openCloture({ 'POST /api/exercices/cloturer': () => answer() });
    const close = async () => {
      await user.click(screen.getByRole('button', { name: 'Clôturer' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirmer' }));
    };
    await close();
    expect(await screen.findByText("Clôturez d'abord l'exercice précédent.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe(CLOTURE_2025);

    answer = () => apiError(409, 'cloture_en_cours', 'Une clôture est déjà en cours.');
    await close();
    expect(await screen.findByText('Une clôture est déjà en cours.')).toBeInTheDocument();

    answer = () => apiError(500, 'internal_error', 'Erreur interne.');
    await close();
    expect(await screen.findByText("L'exercice n'a pas pu être clôturé.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(CLOTURE_2025);
  });

  it('disables the closing of a year already closed, and says so', async () => {
    exercicesServer();
    renderRoute(`/syndic/exercices-budgets/exercices/cloture/${exercice2024.id}`);
    expect(await screen.findByTestId('cloture-blocked')).toHaveTextContent('Cet exercice est déjà clôturé.');
    expect(screen.getByRole('button', { name: 'Clôturer' })).toBeDisabled();
  });

  it("is the treasurer's only: another council member lands on /unauthorized", async () => {
    exercicesServer(membre);
    const { router } = renderRoute(CLOTURE_2025);
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });
});

describe('clotureFormData', () => {
  it('names the year `id` and each file `docs[]`, under its own name', () => {
    const body = clotureFormData(2025, [
      new File(['%PDF-1.4'], 'pv-ag-2026.pdf', { type: 'application/pdf' }),
      new File(['png'], 'releve.png', { type: 'image/png' }),
    ]);
    expect([...body.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name])).toEqual([
      ['id', '2025'],
      ['docs[]', 'pv-ag-2026.pdf'],
      ['docs[]', 'releve.png'],
    ]);
  });
});

describe('what a closing refreshes', () => {
  it('invalidates every money list (their records carry is_closed), the books, the bank and the years', () => {
    // Tags of the generated client whose answers carry no record of a fiscal year.
    const notMoney = [
      'assemblees',
      'assembleeEtapes',
      'categories',
      'clients',
      'compte',
      'conseil',
      'dashboard',
      'coproprietaire-finances',
      'fournisseurs',
      'health',
      'proprietes',
      'recouvrement',
      'reglements',
      'visibilite-finances',
      'votes',
      'annonces',
      'pannes',
      'notifications',
      'conversations',
      'chat',
      // The online payments' settings and requests (issue 21): no record of a fiscal year.
      'paiement-en-ligne',
    ];
    const expected = addTagTypes.filter((tag) => !notMoney.includes(tag));
    expect([...CLOSING_CHANGES]).toEqual(expect.arrayContaining([...expected, 'Rapprochement', 'RemisesCheques']));
  });
});
