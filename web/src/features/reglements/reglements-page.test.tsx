import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { apiError, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import {
  coproprietaire,
  president,
  reglement2008,
  reglement2019,
  reglementsServer,
  tresorier,
} from './reglements-fixtures';

const PAGE = '/syndic/archive/reglements';
const COPROPRIETAIRE = '/coproprietaire/reglements';

function pdf(fileName: string): Response {
  return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'x-file-name': fileName },
  });
}

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

function heldAnswer(answer: () => Response) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler: FakeHandler = async () => {
    await gate;
    return answer();
  };
  return { handler, release: () => release() };
}

const files = () => screen.getAllByTestId('reglement-file');

describe('rules browser (/syndic/archive/reglements)', () => {
  it('lists the regulations, the current one first with its "actuel" badge and each comment under its title', async () => {
    reglementsServer(president);
    renderRoute(PAGE);
    await screen.findByRole('heading', { name: 'Règlements', level: 1 });
    await screen.findByRole('button', { name: 'Télécharger Règlement de copropriété 2019' });
    const [current, older] = files();
    expect(within(current!).getByTestId('reglement-actuel')).toHaveTextContent('actuel');
    expect(within(current!).getByTestId('reglement-description')).toHaveTextContent(
      "Adopté par l'assemblée générale du 12 mars 2019.",
    );
    expect(current).toHaveTextContent('PDF · ajouté le 12/03/2019');
    expect(current!.querySelector('[data-icon]')).toHaveAttribute('data-icon', 'pdf');
    expect(within(older!).getByText('Règlement intérieur 2008')).toBeInTheDocument();
    expect(within(older!).queryByTestId('reglement-actuel')).toBeNull();
    expect(within(older!).queryByTestId('reglement-description')).toBeNull();
  });

  it('gives the president a delete control per file and the "Créer" button', async () => {
    const user = userEvent.setup();
    reglementsServer(president);
    const { router } = renderRoute(PAGE);
    await screen.findByRole('button', { name: 'Télécharger Règlement de copropriété 2019' });
    expect(screen.getAllByTestId('reglement-supprimer')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Supprimer Règlement intérieur 2008' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Créer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/archive/reglements/creer'));
  });

  it('gives a treasurer neither delete nor create', async () => {
    reglementsServer(tresorier);
    renderRoute(PAGE);
    await screen.findByRole('button', { name: 'Télécharger Règlement de copropriété 2019' });
    expect(screen.getAllByTestId('reglement-file')).toHaveLength(2);
    expect(screen.queryByTestId('reglement-supprimer')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Créer' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Supprimer/ })).toBeNull();
  });

  it('deletes a regulation after confirmation, then lists again', async () => {
    const user = userEvent.setup();
    let reglements = [reglement2019, reglement2008];
    const server = reglementsServer(president, {
      'GET /api/reglements': () => json(200, { success: true, reglements }),
      'POST /api/reglements/supprimer': () => {
        reglements = [reglement2019];
        return json(200, { success: true });
      },
    });
    renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Supprimer Règlement intérieur 2008' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer ce règlement ?' });
    expect(dialog).toHaveTextContent('« Règlement intérieur 2008 » sera supprimé définitivement');
    // Annuler sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.calls('POST', '/api/reglements/supprimer')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Supprimer Règlement intérieur 2008' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Règlement supprimé')).toBeInTheDocument();
    expect(server.calls('POST', '/api/reglements/supprimer').map((call) => JSON.parse(call.body))).toEqual([
      { id: reglement2008.id },
    ]);
    await waitFor(() => expect(files()).toHaveLength(1));
    expect(server.calls('GET', '/api/reglements')).toHaveLength(2);
  });

  it('says "La suppression a échoué" when the server refuses', async () => {
    const user = userEvent.setup();
    reglementsServer(president, {
      'POST /api/reglements/supprimer': () => apiError(404, 'reglement_introuvable'),
    });
    renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Supprimer Règlement intérieur 2008' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('La suppression a échoué')).toBeInTheDocument();
    expect(screen.getByText("Ce règlement n'existe plus.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('downloads a file on click, its path encoded, and only once', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    const held = heldAnswer(() => pdf('Reglement interieur 2008.pdf'));
    const server = reglementsServer(tresorier, {
      'GET /api/reglements/1-reglement%20interieur.pdf': held.handler,
    });
    renderRoute(PAGE);
    const button = await screen.findByRole('button', { name: 'Télécharger Règlement intérieur 2008' });
    await user.click(button);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Télécharger Règlement de copropriété 2019' })).toBeDisabled(),
    );
    expect(screen.getByText('Téléchargement…')).toBeInTheDocument();
    held.release();
    await waitFor(() => expect(saved).toEqual(['Reglement interieur 2008.pdf']));
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(server.calls('GET', '/api/reglements/1-reglement%20interieur.pdf')).toHaveLength(1);
  });

  it('says "Erreur de téléchargement" when a download fails', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reglementsServer(tresorier, {
      'GET /api/reglements/2-reglement.pdf': () => apiError(404, 'reglement_introuvable'),
    });
    renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Télécharger Règlement de copropriété 2019' }));
    expect(await screen.findByText('Erreur de téléchargement')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    expect(logged).toHaveBeenCalledWith('reglements download failed', expect.objectContaining({ status: 404 }));
  });

  it('shows a skeleton, then a load error with a retry, then the empty state', async () => {
    const user = userEvent.setup();
    let answer: 'fail' | 'empty' = 'fail';
    const held = heldAnswer(() =>
      answer === 'fail' ? apiError(500, 'internal_error') : json(200, { success: true, reglements: [] }),
    );
    let first = true;
    reglementsServer(president, {
      'GET /api/reglements': (request) => {
        if (first) {
          first = false;
          return held.handler(request);
        }
        return answer === 'fail' ? apiError(500, 'internal_error') : json(200, { success: true, reglements: [] });
      },
    });
    renderRoute(PAGE);
    expect(await screen.findByTestId('reglement-skeleton')).toBeInTheDocument();
    held.release();
    expect(await screen.findByText('Erreur lors du chargement')).toBeInTheDocument();
    answer = 'empty';
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByTestId('reglement-empty')).toHaveTextContent("Aucun règlement pour l'instant.");
    // The president can still create the first one.
    expect(screen.getByRole('link', { name: 'Créer' })).toBeInTheDocument();
  });

  it('sends a non-president opening the creation form to /unauthorized', async () => {
    reglementsServer(tresorier);
    const { router } = renderRoute('/syndic/archive/reglements/creer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });
});

describe('co-owner rules page (/coproprietaire/reglements)', () => {
  it('lists the regulations read only, without delete or create, for the president too', async () => {
    for (const user of [coproprietaire, makeUser({ ...president, id: 11 })]) {
      const server = reglementsServer(user);
      const view = renderRoute(COPROPRIETAIRE);
      await screen.findByRole('button', { name: 'Télécharger Règlement de copropriété 2019' });
      expect(within(files()[0]!).getByTestId('reglement-actuel')).toHaveTextContent('actuel');
      expect(screen.getByText("Adopté par l'assemblée générale du 12 mars 2019.")).toBeInTheDocument();
      expect(screen.queryByTestId('reglement-supprimer')).toBeNull();
      expect(screen.queryByRole('link', { name: 'Créer' })).toBeNull();
      expect(server.calls('GET', '/api/reglements')).toHaveLength(1);
      view.unmount();
    }
  });

  it('is in the co-owner sidebar', async () => {
    reglementsServer(coproprietaire);
    renderRoute('/coproprietaire/reglements');
    const link = await screen.findByRole('link', { name: 'Règlements' });
    expect(link).toHaveAttribute('href', COPROPRIETAIRE);
  });
});

describe('rules browser in Arabic', () => {
  it('shows the page, the badge, the dates and the controls in Arabic, the titles and comments as typed', async () => {
    reglementsServer(president);
    await i18n.changeLanguage('ar');
    renderRoute(PAGE);
    await screen.findByRole('button', { name: 'تنزيل Règlement de copropriété 2019' });
    expect(screen.getByRole('heading', { name: 'الأنظمة الداخلية', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('reglement-actuel')).toHaveTextContent('الحالي');
    expect(screen.getByRole('link', { name: 'إنشاء' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'حذف Règlement intérieur 2008' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    const text = (main.textContent ?? '')
      .replace('Règlement de copropriété 2019', '')
      .replace('Règlement intérieur 2008', '')
      .replace("Adopté par l'assemblée générale du 12 mars 2019.", '');
    expect(text).not.toMatch(/Règlement|actuel|Créer|Supprimer|Télécharger|ajouté|Aucun|Erreur/);
    expect(text).toContain('أُضيف في 12/03/2019');
  });
});
