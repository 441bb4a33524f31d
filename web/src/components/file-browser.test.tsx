import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionLoaded } from '@/api/session-events';
import { installFakeServer, makeUser } from '@/testing/fake-server';
import { makeStore, renderWithProviders } from '@/testing/render';
import { FileBrowserList, fileKind, useCachedDownload } from './file-browser';
import { Badge } from './ui/badge';

function pdf(): Response {
  return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'x-file-name': 'reglement.pdf' },
  });
}

/** jsdom follows no downloads: the saved names are recorded. */
function captureDownloads() {
  const saved: string[] = [];
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: vi.fn(() => 'blob:x') });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

function Browser({ onDelete = vi.fn() }: { onDelete?: () => void }) {
  const { download, pending } = useCachedDownload('test');
  const url = '/api/reglements/1-reglement.pdf';
  return (
    <FileBrowserList
      label="Fichiers"
      testId="test"
      isLoading={false}
      loadError={null}
      onRetry={vi.fn()}
      emptyText="Vide"
      downloadsLocked={pending !== null}
      entries={[
        { kind: 'folder', key: 'dossier', name: 'Dossier', count: 2, onOpen: vi.fn() },
        {
          kind: 'file',
          key: '1-reglement.pdf',
          name: 'Règlement 2019',
          format: 'pdf',
          badge: <Badge>actuel</Badge>,
          description: 'Adopté en AG\nle 12 mars 2019',
          detail: 'PDF · ajouté le 12/03/2019',
          downloading: pending === url,
          onDownload: () => void download(url, '1-reglement.pdf'),
          actions: (
            <button type="button" onClick={onDelete}>
              Supprimer
            </button>
          ),
        },
      ]}
    />
  );
}

describe('FileBrowserList', () => {
  it('names the kinds of files by their format', () => {
    expect(['png', 'jpg', 'jpeg', 'gif', 'webp', 'JPG'].map(fileKind)).toEqual(Array(6).fill('image'));
    expect([fileKind('pdf'), fileKind('xlsx'), fileKind('zip'), fileKind('docx'), fileKind(null)]).toEqual([
      'pdf',
      'sheet',
      'archive',
      'file',
      'file',
    ]);
  });

  it('shows a folder with its count, a file with its badge, comment and detail, its actions outside its button', async () => {
    const user = userEvent.setup();
    installFakeServer({});
    const onDelete = vi.fn();
    renderWithProviders(<Browser onDelete={onDelete} />);
    expect(screen.getByTestId('test-folder')).toHaveTextContent('Dossier2 éléments');
    const file = screen.getByTestId('test-file');
    const download = within(file).getByRole('button', { name: 'Télécharger Règlement 2019' });
    expect(download).toHaveTextContent('actuel');
    expect(within(file).getByTestId('test-description')).toHaveTextContent('Adopté en AG le 12 mars 2019');
    expect(download).toHaveTextContent('PDF · ajouté le 12/03/2019');
    const remove = within(file).getByRole('button', { name: 'Supprimer' });
    expect(download).not.toContainElement(remove);
    await user.click(remove);
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('fetches a file once per user: a second click saves it again without a request, another user fetches it', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    const server = installFakeServer({ 'GET /api/reglements/1-reglement.pdf': () => pdf() });
    const store = makeStore();
    store.dispatch(sessionLoaded(makeUser({ id: 1 })));
    renderWithProviders(<Browser />, { store });
    const download = screen.getByRole('button', { name: 'Télécharger Règlement 2019' });
    await user.click(download);
    await waitFor(() => expect(saved).toEqual(['reglement.pdf']));
    await waitFor(() => expect(download).toBeEnabled());
    await user.click(download);
    await waitFor(() => expect(saved).toEqual(['reglement.pdf', 'reglement.pdf']));
    expect(server.calls('GET', '/api/reglements/1-reglement.pdf')).toHaveLength(1);

    act(() => {
      store.dispatch(sessionLoaded(makeUser({ id: 4, residence: { id: 2, nom: 'Autre' } })));
    });
    await user.click(download);
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(server.calls('GET', '/api/reglements/1-reglement.pdf')).toHaveLength(2);
  });
});
