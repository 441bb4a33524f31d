import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { apiError, authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import type { ArchiveNode } from './archive-api';
import { fileKind } from '@/components/file-browser';

/** Test data: residence "Les Jasmins", 2024 closed with its pack, 2025 open with one invoice. */
const tresorier = makeUser({ id: 2, nom: 'Amira Trabelsi', tel: '20000002', is_syndic: true, is_finance: true });

function file(path: string, displayName: string): ArchiveNode {
  const name = path.split('/').pop() ?? path;
  return { path, name, displayName, type: 'file', format: name.split('.').pop()?.toLowerCase() ?? null, children: [] };
}

function folder(path: string, displayName: string, children: ArchiveNode[] = []): ArchiveNode {
  return { path, name: path.split('/').pop() ?? path, displayName, type: 'folder', format: null, children };
}

const archive: ArchiveNode[] = [
  folder('2025', 'Exercice 2025', [
    folder('2025/factures', 'Factures', [file('2025/factures/77-facture-steg.png', 'Facture STEG')]),
  ]),
  folder('2024', 'Exercice 2024', [
    folder('2024/dossier-de-cloture', 'Dossier de clôture', [
      file('2024/dossier-de-cloture/tresorerie_2024.pdf', 'Tableau de trésorerie 2024'),
      file('2024/dossier-de-cloture/tresorerie_2024.xlsx', 'Tableau de trésorerie 2024 (Excel)'),
      file('2024/dossier-de-cloture/DetailsFinanciers_2024.zip', 'Détails financiers 2024'),
    ]),
    folder('2024/documents-de-cloture', 'Documents de clôture', [
      file('2024/documents-de-cloture/901-PV signe.pdf', 'PV signé'),
    ]),
    folder('2024/factures', 'Factures'),
  ]),
];

function archiveServer(routes: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(tresorier),
    'GET /api/archive': () => json(200, { success: true, archive }),
    ...routes,
  });
}

function fichier(fileName: string | null, type = 'application/pdf'): Response {
  const headers: Record<string, string> = { 'Content-Type': type };
  if (fileName !== null) headers['x-file-name'] = fileName;
  return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { status: 200, headers });
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

const PAGE = '/syndic/archive/documents-financiers';
const path = () => screen.getByTestId('archive-path');

describe('financial archive (/syndic/archive/documents-financiers)', () => {
  it('browses the folders, Retour going up one level and disabled at the root', async () => {
    const user = userEvent.setup();
    archiveServer();
    renderRoute(PAGE);
    await screen.findByRole('heading', { name: 'Documents financiers' });
    const back = screen.getByRole('button', { name: 'Retour' });
    expect(back).toBeDisabled();
    expect(path()).toHaveTextContent('Archive');
    await user.click(await screen.findByRole('button', { name: 'Ouvrir le dossier Exercice 2024' }));
    expect(path()).toHaveTextContent('ArchiveExercice 2024');
    expect(back).toBeEnabled();
    expect(screen.getAllByTestId('archive-folder').map((node) => node.textContent)).toEqual([
      'Dossier de clôture3 éléments',
      'Documents de clôture1 élément',
      'Factures0 élément',
    ]);
    await user.click(screen.getByRole('button', { name: 'Ouvrir le dossier Dossier de clôture' }));
    expect(path()).toHaveTextContent('ArchiveExercice 2024Dossier de clôture');
    const files = screen.getAllByTestId('archive-file');
    expect(files.map((node) => node.querySelector('[data-icon]')?.getAttribute('data-icon'))).toEqual([
      'pdf',
      'sheet',
      'archive',
    ]);
    expect(screen.getByRole('button', { name: 'Télécharger Tableau de trésorerie 2024 (PDF)' })).toBeInTheDocument();

    await user.click(back);
    expect(path()).toHaveTextContent('ArchiveExercice 2024');
    await user.click(screen.getByRole('button', { name: 'Ouvrir le dossier Factures' }));
    expect(screen.getByTestId('archive-empty')).toHaveTextContent('Ce dossier est vide.');
    // The path's ancestors lead back too.
    await user.click(within(path()).getByRole('button', { name: 'Archive' }));
    expect(back).toBeDisabled();
    expect(screen.getAllByTestId('archive-folder')).toHaveLength(2);
  });

  it('gives images an image icon', async () => {
    const user = userEvent.setup();
    archiveServer();
    renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Ouvrir le dossier Exercice 2025' }));
    await user.click(screen.getByRole('button', { name: 'Ouvrir le dossier Factures' }));
    const image = screen.getByRole('button', { name: 'Télécharger Facture STEG' });
    expect(image.querySelector('[data-icon]')).toHaveAttribute('data-icon', 'image');
    expect(['png', 'jpg', 'jpeg', 'gif', 'webp', 'JPG'].map(fileKind)).toEqual(Array(6).fill('image'));
    expect([fileKind('pdf'), fileKind('xlsx'), fileKind('zip'), fileKind('docx'), fileKind(null)]).toEqual([
      'pdf',
      'sheet',
      'archive',
      'file',
      'file',
    ]);
  });

  it('downloads a file on click, every download disabled while one runs, and each file once', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    const pdf = heldAnswer(() => fichier('tresorerie_2024.pdf'));
    const server = archiveServer({
      'GET /api/archive/2024/dossier-de-cloture/tresorerie_2024.pdf': pdf.handler,
      'GET /api/archive/2024/dossier-de-cloture/DetailsFinanciers_2024.zip': () => fichier(null, 'application/zip'),
    });
    renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Ouvrir le dossier Exercice 2024' }));
    await user.click(screen.getByRole('button', { name: 'Ouvrir le dossier Dossier de clôture' }));
    await user.click(screen.getByRole('button', { name: 'Télécharger Tableau de trésorerie 2024 (PDF)' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Télécharger Détails financiers 2024' })).toBeDisabled(),
    );
    expect(screen.getByText('Téléchargement…')).toBeInTheDocument();
    pdf.release();
    await waitFor(() => expect(saved).toEqual(['tresorerie_2024.pdf']));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Télécharger Détails financiers 2024' })).toBeEnabled(),
    );
    // No name from the server: the node's name.
    await user.click(screen.getByRole('button', { name: 'Télécharger Détails financiers 2024' }));
    await waitFor(() => expect(saved).toEqual(['tresorerie_2024.pdf', 'DetailsFinanciers_2024.zip']));
    // Downloads are kept per path: the same file again is saved without a second request.
    await user.click(screen.getByRole('button', { name: 'Télécharger Tableau de trésorerie 2024 (PDF)' }));
    await waitFor(() =>
      expect(saved).toEqual(['tresorerie_2024.pdf', 'DetailsFinanciers_2024.zip', 'tresorerie_2024.pdf']),
    );
    expect(server.calls('GET', '/api/archive/2024/dossier-de-cloture/tresorerie_2024.pdf')).toHaveLength(1);
  });

  it('encodes the path, and says "Erreur de téléchargement" when the download fails', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = archiveServer({
      'GET /api/archive/2024/documents-de-cloture/901-PV%20signe.pdf': () => apiError(404, 'archive_introuvable'),
    });
    renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Ouvrir le dossier Exercice 2024' }));
    await user.click(screen.getByRole('button', { name: 'Ouvrir le dossier Documents de clôture' }));
    await user.click(screen.getByRole('button', { name: 'Télécharger PV signé' }));
    expect(await screen.findByText('Erreur de téléchargement')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    expect(server.calls('GET', '/api/archive/2024/documents-de-cloture/901-PV%20signe.pdf')).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith('archive download failed', expect.objectContaining({ status: 404 }));
  });

  it('tells an empty archive, and a load failure with a retry', async () => {
    const user = userEvent.setup();
    let answer: 'fail' | 'empty' = 'fail';
    const server = archiveServer({
      'GET /api/archive': () =>
        answer === 'fail' ? apiError(500, 'internal_error') : json(200, { success: true, archive: [] }),
    });
    renderRoute(PAGE);
    expect(await screen.findByText("Impossible de charger l'archive.")).toBeInTheDocument();
    answer = 'empty';
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByTestId('archive-empty')).toHaveTextContent(
      "L'archive est vide : aucun exercice n'a encore de documents.",
    );
    expect(server.calls('GET', '/api/archive').length).toBeGreaterThanOrEqual(2);
  });

  it('shows a skeleton while loading', async () => {
    const held = heldAnswer(() => json(200, { success: true, archive }));
    archiveServer({ 'GET /api/archive': held.handler });
    renderRoute(PAGE);
    expect(await screen.findByTestId('archive-skeleton')).toBeInTheDocument();
    held.release();
    expect(await screen.findByRole('button', { name: 'Ouvrir le dossier Exercice 2025' })).toBeInTheDocument();
  });
});

describe('financial archive in Arabic', () => {
  it('names the folders and the closing pack in Arabic, without French', async () => {
    const user = userEvent.setup();
    archiveServer();
    await i18n.changeLanguage('ar');
    renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'فتح المجلد السنة المالية 2024' }));
    expect(screen.getByRole('button', { name: 'رجوع' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'فتح المجلد ملف الإقفال' }));
    expect(path()).toHaveTextContent('الأرشيفالسنة المالية 2024ملف الإقفال');
    expect(screen.getByRole('button', { name: 'تنزيل جدول الخزينة 2024 (Excel)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تنزيل التفاصيل المالية 2024' })).toBeInTheDocument();
    expect(screen.queryByText(/Exercice|Dossier|Tableau|Archive|Retour|Télécharger/)).toBeNull();
  });
});
