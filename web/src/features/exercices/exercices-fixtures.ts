import { vi } from 'vitest';
import { authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import type { Exercice, SoldesCloture } from './exercices-api';

/** Test data of the fiscal years' screens: residence "Les Jasmins", today in 2026. */

export const tresorier = makeUser({ id: 2, nom: 'Amira Trabelsi', tel: '20000002', is_syndic: true, is_finance: true });
export const membre = makeUser({ id: 3, nom: 'Karim Jaziri', tel: '20000003', is_syndic: true });
/** A co-owner the council lets see the financial reports (the server always sends the right). */
export const coproprietaire = makeUser({
  id: 4,
  nom: 'Sami Gharbi',
  tel: '20000004',
  features: { 'see.rapports_financiers': true },
});

function exercice(annee: number, overrides: Partial<Exercice> = {}): Exercice {
  return {
    id: annee,
    titre: `Exercice ${annee}`,
    annee,
    status: 'ouvert',
    is_closed: false,
    is_before_daftar: false,
    cloture_le: null,
    can_close: false,
    close_blocked_reason: null,
    docs: [],
    ...overrides,
  };
}

/** The current year: open, not ended. */
export const exercice2026 = exercice(2026, { status: 'actuel', close_blocked_reason: 'exercice_non_termine' });
/** Ended, the previous year closed: the treasurer may close it. */
export const exercice2025 = exercice(2025, { can_close: true });
/** Closed on 15 May 2025 with its signed minutes. */
export const exercice2024 = exercice(2024, {
  status: 'cloture',
  is_closed: true,
  cloture_le: '2025-05-15',
  close_blocked_reason: 'exercice_cloture',
  docs: [
    {
      id: 901,
      titre: 'pv-cloture-2024.pdf',
      type: 'doc',
      url: '/api/documents/901',
      miniature_url: '/api/documents/901/miniature',
      content_type: 'application/pdf',
      taille: 48_213,
    },
  ],
});
/** A year kept before Daftar: no details. */
export const exercice2019 = exercice(2019, {
  status: 'cloture',
  is_closed: true,
  is_before_daftar: true,
  close_blocked_reason: 'exercice_cloture',
});

export const exercices: Exercice[] = [exercice2026, exercice2025, exercice2024, exercice2019];

export const soldes2025: SoldesCloture = {
  success: true,
  cash: 1250.5,
  banks: [
    { compte_id: 1, compte_nom: 'BIAT Courant', solde: 18_430.125 },
    { compte_id: 2, compte_nom: 'STB Épargne', solde: 5000 },
  ],
  total: 24_680.625,
};

export function exercicesServer(user = tresorier, routes: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/exercices': () => json(200, { success: true, exercices }),
    'GET /api/exercices/soldes-cloture': () => json(200, soldes2025),
    ...routes,
  });
}

/** A file answer of the server, named by `x-file-name` when given. */
export function fichier(fileName: string | null, type = 'application/pdf'): Response {
  const headers: Record<string, string> = { 'Content-Type': type };
  if (fileName !== null) headers['x-file-name'] = fileName;
  return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { status: 200, headers });
}

/**
 * Captures the files the page saves: jsdom has no object URLs and does not follow downloads, so
 * the link's click is recorded instead.
 */
export function captureDownloads() {
  const saved: { name: string; href: string }[] = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: vi.fn(() => 'blob:daftar/exercice'),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
  return saved;
}

/** A handler whose answer waits until `release()` is called (a download that takes its time). */
export function heldAnswer(answer: () => Response) {
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
