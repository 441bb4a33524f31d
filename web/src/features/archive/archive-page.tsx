import { ArrowLeft, ChevronRight } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileBrowserList, useCachedDownload, type FileBrowserEntry } from '@/components/file-browser';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { archiveFilePath, findNode, useArchiveFinanciereQuery, type ArchiveNode } from './archive-api';

const KNOWN_FOLDERS = ['dossier-de-cloture', 'documents-de-cloture', 'factures'] as const;
type KnownFolder = (typeof KNOWN_FOLDERS)[number];
const isKnownFolder = (name: string): name is KnownFolder => (KNOWN_FOLDERS as readonly string[]).includes(name);

/**
 * A node's name in the page's language: the server's `displayName` is French, so the folders it
 * makes (the years, the closing pack, the closing documents, the invoices) and the closing pack's
 * files are named here; an uploaded file keeps its title.
 */
function useNodeName() {
  const { t } = useTranslation('archive');
  return useCallback(
    (node: ArchiveNode): string => {
      if (node.type === 'folder') {
        if (/^\d{4}$/.test(node.path)) return t('names.year', { annee: node.name });
        if (isKnownFolder(node.name)) return t(`names.${node.name}`);
        return node.displayName || node.name;
      }
      const tresorerie = /^tresorerie_(\d{4})\.(pdf|xlsx)$/.exec(node.name);
      if (tresorerie)
        return t(tresorerie[2] === 'pdf' ? 'names.tresoreriePdf' : 'names.tresorerieExcel', { annee: tresorerie[1] });
      const details = /^DetailsFinanciers_(\d{4})\.zip$/.exec(node.name);
      if (details) return t('names.detailsFinanciers', { annee: details[1] });
      return node.displayName || node.name;
    },
    [t],
  );
}

/** The folders from the root down to `path` ("" is the root). */
function trail(nodes: readonly ArchiveNode[], path: string): ArchiveNode[] {
  if (path === '') return [];
  const parts = path.split('/');
  const result: ArchiveNode[] = [];
  for (let index = 1; index <= parts.length; index += 1) {
    const node = findNode(nodes, parts.slice(0, index).join('/'));
    if (!node || node.type !== 'folder') return result;
    result.push(node);
  }
  return result;
}

/**
 * /syndic/archive/documents-financiers (spec 3 §2.12 "Archive and rules browsers"): the
 * residence's financial archive as a folder tree, one folder per fiscal year. The current path
 * reads like a breadcrumb; "Retour" goes up one level (disabled at the root); a folder opens on
 * click, a file downloads (GET /archive/{path}).
 */
export function ArchivePage() {
  const { t } = useTranslation('archive');
  const nameOf = useNodeName();
  const { data, isLoading, isError, isFetching, refetch } = useArchiveFinanciereQuery();
  const { download, pending } = useCachedDownload('archive');
  const [path, setPath] = useState('');

  const roots = data?.archive ?? [];
  const folders = trail(roots, path);
  // A folder that left the tree (refetched) falls back to the deepest one still there.
  const current = folders.at(-1);
  const currentPath = current?.path ?? '';
  const children = current ? current.children : roots;
  const goUp = () => setPath(folders.at(-2)?.path ?? '');
  const entries = children.map((node): FileBrowserEntry => {
    const name = nameOf(node);
    if (node.type === 'folder')
      return { kind: 'folder', key: node.path, name, count: node.children.length, onOpen: () => setPath(node.path) };
    const url = archiveFilePath(node.path);
    return {
      kind: 'file',
      key: node.path,
      name,
      format: node.format,
      downloading: pending === url,
      onDownload: () => void download(url, node.name),
    };
  });

  return (
    <div className="grid gap-6">
      <PageHeader title={t('page.title')} description={t('page.subtitle')} />

      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" onClick={goUp} disabled={currentPath === ''} data-testid="archive-back">
          <ArrowLeft aria-hidden="true" className="rtl:rotate-180" />
          {t('page.back')}
        </Button>
        <nav aria-label={t('page.pathLabel')} className="min-w-0 flex-1">
          <ol className="flex flex-wrap items-center gap-1 text-sm" data-testid="archive-path">
            {[null, ...folders].map((folder, index) => {
              const last = index === folders.length;
              const label = folder ? nameOf(folder) : t('page.root');
              return (
                <li key={folder?.path ?? ''} className="flex min-w-0 items-center gap-1">
                  {index > 0 && (
                    <ChevronRight
                      aria-hidden="true"
                      className="size-3.5 shrink-0 text-muted-foreground rtl:rotate-180"
                    />
                  )}
                  {last ? (
                    <span aria-current="location" className="truncate font-medium">
                      {label}
                    </span>
                  ) : (
                    <button
                      type="button"
                      onClick={() => setPath(folder?.path ?? '')}
                      className="truncate text-muted-foreground hover:text-foreground hover:underline"
                    >
                      {label}
                    </button>
                  )}
                </li>
              );
            })}
          </ol>
        </nav>
      </div>

      <FileBrowserList
        entries={entries}
        label={t('page.list')}
        testId="archive"
        isLoading={isLoading}
        loadError={isError && !data ? t('page.loadError') : null}
        onRetry={() => void refetch()}
        retrying={isFetching}
        emptyText={currentPath === '' ? t('page.emptyRoot') : t('page.empty')}
        downloadsLocked={pending !== null}
      />
    </div>
  );
}
