import {
  ArrowLeft,
  ChevronRight,
  File,
  FileArchive,
  FileImage,
  FileSpreadsheet,
  FileText,
  Folder,
  Loader2,
  RefreshCw,
  type LucideIcon,
} from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '@/api/download';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { archiveFilePath, findNode, useArchiveFinanciereQuery, type ArchiveNode } from './archive-api';

/** The formats shown with an image icon (spec 3 §2.12). */
const IMAGE_FORMATS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);
const SHEET_FORMATS = new Set(['xlsx', 'xls', 'csv', 'ods']);
const ARCHIVE_FORMATS = new Set(['zip', 'rar', '7z', 'tar', 'gz']);

export type FileKind = 'image' | 'pdf' | 'sheet' | 'archive' | 'file';

/** What a file is, from its format. */
export function fileKind(format: string | null): FileKind {
  const value = (format ?? '').toLowerCase();
  if (IMAGE_FORMATS.has(value)) return 'image';
  if (value === 'pdf') return 'pdf';
  if (SHEET_FORMATS.has(value)) return 'sheet';
  if (ARCHIVE_FORMATS.has(value)) return 'archive';
  return 'file';
}

const KIND_ICONS: Record<FileKind, LucideIcon> = {
  image: FileImage,
  pdf: FileText,
  sheet: FileSpreadsheet,
  archive: FileArchive,
  file: File,
};

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

/**
 * Downloads the archive's files one at a time ("downloads disabled while one runs"): `pending` is
 * the path being fetched. A failure is logged and told in a toast, "Erreur de téléchargement",
 * without a retry (spec 3 §8).
 */
function useArchiveDownload() {
  const { t } = useTranslation('archive');
  const [pending, setPending] = useState<string | null>(null);
  const busy = useRef(false);
  const download = useCallback(
    async (node: ArchiveNode): Promise<void> => {
      if (busy.current) return;
      busy.current = true;
      setPending(node.path);
      try {
        await downloadFile(archiveFilePath(node.path), node.name);
      } catch (error) {
        console.error('archive download failed', error);
        toast.error(t('errors.download'));
      } finally {
        busy.current = false;
        setPending(null);
      }
    },
    [t],
  );
  return { download, pending };
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
  const { download, pending } = useArchiveDownload();
  const [path, setPath] = useState('');

  const roots = data?.archive ?? [];
  const folders = trail(roots, path);
  // A folder that left the tree (refetched) falls back to the deepest one still there.
  const current = folders.at(-1);
  const currentPath = current?.path ?? '';
  const children = current ? current.children : roots;
  const goUp = () => setPath(folders.at(-2)?.path ?? '');

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

      {isLoading ? (
        <ul className="grid gap-2" aria-busy="true" data-testid="archive-skeleton">
          {Array.from({ length: 5 }, (_, index) => (
            <li key={index} className="flex items-center gap-3 rounded-lg border p-3">
              <Skeleton className="size-8" />
              <div className="grid flex-1 gap-1.5">
                <Skeleton className="h-4 w-1/2" />
                <Skeleton className="h-3 w-1/4" />
              </div>
            </li>
          ))}
        </ul>
      ) : isError && !data ? (
        <Alert variant="destructive" className="items-center justify-between">
          <span>{t('page.loadError')}</span>
          <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
            <RefreshCw aria-hidden="true" />
            {t('page.retry')}
          </Button>
        </Alert>
      ) : children.length === 0 ? (
        <p
          className="rounded-lg border border-dashed p-6 text-center text-muted-foreground"
          data-testid="archive-empty"
        >
          {currentPath === '' ? t('page.emptyRoot') : t('page.empty')}
        </p>
      ) : (
        <ul className="grid gap-2" aria-label={t('page.list')}>
          {children.map((node) => {
            const name = nameOf(node);
            if (node.type === 'folder')
              return (
                <li key={node.path}>
                  <button
                    type="button"
                    onClick={() => setPath(node.path)}
                    aria-label={t('page.openFolder', { name })}
                    className="flex min-h-14 w-full items-center gap-3 rounded-lg border bg-card p-3 text-start transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    data-testid="archive-folder"
                  >
                    <Folder aria-hidden="true" className="size-6 shrink-0 text-primary" data-icon="folder" />
                    <span className="grid min-w-0 flex-1">
                      <span className="truncate font-medium">{name}</span>
                      <span className="text-xs text-muted-foreground">
                        {t('page.items', { count: node.children.length })}
                      </span>
                    </span>
                    <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground rtl:rotate-180" />
                  </button>
                </li>
              );
            const kind = fileKind(node.format);
            const Icon = KIND_ICONS[kind];
            const running = pending === node.path;
            return (
              <li key={node.path}>
                <button
                  type="button"
                  onClick={() => void download(node)}
                  disabled={pending !== null}
                  aria-label={t('page.download', { name })}
                  aria-busy={running || undefined}
                  className="flex min-h-14 w-full items-center gap-3 rounded-lg border bg-card p-3 text-start transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60"
                  data-testid="archive-file"
                >
                  <Icon aria-hidden="true" className="size-6 shrink-0 text-muted-foreground" data-icon={kind} />
                  <span className="grid min-w-0 flex-1">
                    <span className="truncate font-medium">{name}</span>
                    <span className="text-xs text-muted-foreground">
                      {running ? t('page.downloading') : t(`formats.${kind}`)}
                    </span>
                  </span>
                  {running && <Loader2 aria-hidden="true" className="size-4 shrink-0 animate-spin" />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
