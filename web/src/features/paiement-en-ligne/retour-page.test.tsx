import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { coproprietaireServer, retour } from './paiement-en-ligne-fixtures';
import { attente } from './retour-page';

const PAGE = '/coproprietaire/paiement-en-ligne/retour?payment_ref=5f9a0c-REF-A';
const RETOUR = '/api/coproprietaire/paiement-en-ligne/retour';

/** Captures the files the page saves (jsdom has no object URLs and follows no download). */
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

describe('the return page of an online payment (/coproprietaire/paiement-en-ligne/retour)', () => {
  const defaut = { ...attente };
  beforeEach(() => {
    attente.intervalleMs = 20;
    attente.essais = 3;
  });
  afterEach(() => Object.assign(attente, defaut));

  it("says the payment is received, with its receipts, and asks the server with the gateway's reference", async () => {
    const server = coproprietaireServer({ [`GET ${RETOUR}`]: () => json(200, retour()) });
    renderRoute(PAGE);
    expect(await screen.findByRole('heading', { name: 'Paiement reçu' })).toBeInTheDocument();
    expect(screen.getByTestId('retour-payee')).toHaveTextContent(/Votre paiement de 115,000\sDT est enregistré/);
    expect(screen.getByRole('button', { name: 'Télécharger le reçu 2026-000121' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Télécharger le reçu 2026-000122' })).toBeInTheDocument();
    expect(screen.queryByTestId('retour-trop-percu')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à mes cotisations' })).toHaveAttribute(
      'href',
      '/coproprietaire/cotisations',
    );
    const fetchMock = globalThis.fetch as unknown as { mock: { calls: [RequestInfo | URL][] } };
    const urls = fetchMock.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    expect(urls).toContain(`${window.location.origin}${RETOUR}?payment_ref=5f9a0c-REF-A`);
    expect(server.calls('GET', RETOUR)).toHaveLength(1);
  });

  it('downloads a receipt at once through the co-owner receipt endpoint, by its due', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    const server = coproprietaireServer({
      [`GET ${RETOUR}`]: () => json(200, retour()),
      'GET /api/cotisations/recu': () => pdf('recu_2026-000122.pdf'),
    });
    renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Télécharger le reçu 2026-000122' }));
    await waitFor(() => expect(saved).toEqual(['recu_2026-000122.pdf']));
    expect(server.calls('GET', '/api/cotisations/recu')).toHaveLength(1);
    const fetchMock = globalThis.fetch as unknown as { mock: { calls: [RequestInfo | URL][] } };
    const urls = fetchMock.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    expect(urls).toContain(`${window.location.origin}/api/cotisations/recu?montant_du_id=701`);
  });

  it('says an overpayment is credited to the co-owner', async () => {
    coproprietaireServer({
      [`GET ${RETOUR}`]: () => json(200, retour({ montant: 40, trop_percu: 40, encaissements: [] })),
    });
    renderRoute(PAGE);
    expect(await screen.findByTestId('retour-trop-percu')).toHaveTextContent(
      /40,000\sDT ont été payés en plus de ce qui restait dû .* porté au crédit de votre compte/,
    );
  });

  it('says a refused payment failed and that nothing was taken', async () => {
    coproprietaireServer({
      [`GET ${RETOUR}`]: () => json(200, retour({ statut: 'echouee', encaissements: [], montant: 40 })),
    });
    renderRoute(PAGE);
    expect(await screen.findByRole('heading', { name: 'Paiement non abouti' })).toBeInTheDocument();
    expect(screen.getByText(/Rien n'a été prélevé/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Télécharger le reçu/ })).not.toBeInTheDocument();
  });

  it('says an expired payment expired', async () => {
    coproprietaireServer({
      [`GET ${RETOUR}`]: () => json(200, retour({ statut: 'expiree', encaissements: [], montant: 40 })),
    });
    renderRoute(PAGE);
    expect(await screen.findByRole('heading', { name: 'Paiement expiré' })).toBeInTheDocument();
  });

  it('asks again while the gateway has not confirmed, and shows the payment once it is', async () => {
    let calls = 0;
    const server = coproprietaireServer({
      [`GET ${RETOUR}`]: () => {
        calls += 1;
        return json(200, calls < 3 ? retour({ statut: 'en_attente', encaissements: [] }) : retour());
      },
    });
    renderRoute(PAGE);
    expect(await screen.findByTestId('retour-verification')).toHaveTextContent('Vérification de votre paiement…');
    expect(await screen.findByRole('heading', { name: 'Paiement reçu' })).toBeInTheDocument();
    expect(server.calls('GET', RETOUR)).toHaveLength(3);
  });

  it('says the confirmation is under way after a few tries, and stops asking', async () => {
    const server = coproprietaireServer({
      [`GET ${RETOUR}`]: () => json(200, retour({ statut: 'en_attente', encaissements: [] })),
    });
    renderRoute(PAGE);
    expect(await screen.findByRole('heading', { name: 'Paiement en cours de confirmation' })).toBeInTheDocument();
    // The first read and three more.
    expect(server.calls('GET', RETOUR)).toHaveLength(4);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.calls('GET', RETOUR)).toHaveLength(4);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Vérifier à nouveau' }));
    await waitFor(() => expect(server.calls('GET', RETOUR)).toHaveLength(5));
  });

  it("says a reference that is not the co-owner's is unknown", async () => {
    coproprietaireServer({ [`GET ${RETOUR}`]: () => apiError(404, 'not_found', 'Paiement inconnu.') });
    renderRoute(PAGE);
    expect(await screen.findByText('Ce paiement est introuvable.')).toBeInTheDocument();
  });

  it('says so when the address names no payment, without asking the server', async () => {
    const server = coproprietaireServer();
    renderRoute('/coproprietaire/paiement-en-ligne/retour');
    expect(await screen.findByText("Aucun paiement n'est indiqué dans l'adresse.")).toBeInTheDocument();
    expect(server.calls('GET', RETOUR)).toHaveLength(0);
  });

  it('speaks Arabic on an Arabic screen', async () => {
    coproprietaireServer({
      [`GET ${RETOUR}`]: () => json(200, retour({ trop_percu: 10 })),
    });
    await act(() => i18n.changeLanguage('ar'));
    renderRoute(PAGE);
    expect(await screen.findByRole('heading', { name: 'تمّ استلام الدفع' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى مساهماتي' })).toBeInTheDocument();
    expect(screen.getByTestId('retour-trop-percu')).toHaveTextContent('يُسجَّل هذا المبلغ لفائدة حسابك');
    expect(screen.getByTestId('retour-payee')).not.toHaveTextContent(/[À-ÿ]|Paiement|DT/);
  });
});
