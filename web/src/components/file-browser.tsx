/**
 * The list of a file browser (spec 3 §2.12 "Archive and rules browsers"): the financial archive's
 * folders and files, the regulations' files. A folder opens on click (its number of items
 * below its name); a file downloads on click, with its format's icon (an image icon for png, jpg,
 * jpeg, gif, webp), an optional badge beside its name, a text under it (a regulation's comment)
 * and controls of its own after it (a delete button), outside its download button. While one file
 * downloads the others wait. Loading shows skeleton rows, a failed load its message with a retry,
 * an empty list its text. Downloads go through `useCachedDownload` (one at a time, each file
 * fetched once: spec 3 §2.12 "cached per path").
 *
 *   const { download, pending } = useCachedDownload('reglements');
 *   <FileBrowserList
 *     label={t('list.label')}
 *     testId="reglement"
 *     isLoading={isLoading}
 *     loadError={isError && !data ? t('list.loadError') : null}
 *     onRetry={() => void refetch()}
 *     retrying={isFetching}
 *     emptyText={t('list.empty')}
 *     downloadsLocked={pending !== null}
 *     entries={reglements.map((r) => ({
 *       kind: 'file', key: r.path, name: r.displayName, format: r.format,
 *       badge: r.is_current ? <Badge>actuel</Badge> : null, description: r.commentaire,
 *       downloading: pending === reglementFilePath(r.path),
 *       onDownload: () => void download(reglementFilePath(r.path), r.name),
 *       actions: <DeleteButton … />,
 *     }))}
 *   />
 */
import {
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
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFile, saveBlob, type FetchedFile } from '@/api/download';
import { selectUser } from '@/lib/auth/auth-slice';
import { useAppSelector } from '@/lib/store/hooks';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Skeleton } from './ui/skeleton';
import { toast } from './ui/toaster';

/** The formats shown with an image icon (spec 3 §2.12). */
const IMAGE_FORMATS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);
const SHEET_FORMATS = new Set(['xlsx', 'xls', 'csv', 'ods']);
const ARCHIVE_FORMATS = new Set(['zip', 'rar', '7z', 'tar', 'gz']);

export type FileKind = 'image' | 'pdf' | 'sheet' | 'archive' | 'file';

/** What a file is, from its format (its extension). */
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

export interface FileBrowserFolder {
  kind: 'folder';
  key: string;
  name: string;
  /** How many items it holds. */
  count: number;
  onOpen: () => void;
}

export interface FileBrowserFile {
  kind: 'file';
  key: string;
  /** Its title (the download button's name is "Télécharger {name}"). */
  name: string;
  format: string | null;
  /** Beside the name (the current regulation's "actuel"). */
  badge?: ReactNode;
  /** Under the name: a text typed by a user (a regulation's comment), kept in its own direction. */
  description?: string | null;
  /** The last line, instead of the format's name ("PDF · ajouté le 12/03/2019"). */
  detail?: ReactNode;
  /** Controls after the file, outside its download button (a delete button). */
  actions?: ReactNode;
  /** This file is being fetched. */
  downloading?: boolean;
  onDownload: () => void;
}

export type FileBrowserEntry = FileBrowserFolder | FileBrowserFile;

export interface FileBrowserListProps {
  entries: readonly FileBrowserEntry[];
  /** The list's accessible name ("Contenu du dossier"). */
  label: string;
  /** Prefix of the test ids: `{testId}-folder`, `-file`, `-empty`, `-skeleton`. */
  testId: string;
  isLoading: boolean;
  /** The message of a failed load (shown with a retry button), or null. */
  loadError: ReactNode | null;
  onRetry: () => void;
  /** A retry is running: its button waits. */
  retrying?: boolean;
  emptyText: ReactNode;
  /** A download is running: every file waits. */
  downloadsLocked: boolean;
}

const ROW =
  'flex min-h-14 w-full items-center gap-3 rounded-lg border bg-card p-3 text-start transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

export function FileBrowserList({
  entries,
  label,
  testId,
  isLoading,
  loadError,
  onRetry,
  retrying = false,
  emptyText,
  downloadsLocked,
}: FileBrowserListProps) {
  const { t } = useTranslation('common');

  if (isLoading)
    return (
      <ul className="grid gap-2" aria-busy="true" data-testid={`${testId}-skeleton`}>
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
    );

  if (loadError !== null)
    return (
      <Alert variant="destructive" className="items-center justify-between">
        <span>{loadError}</span>
        <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
          <RefreshCw aria-hidden="true" />
          {t('actions.retry')}
        </Button>
      </Alert>
    );

  if (entries.length === 0)
    return (
      <p
        className="rounded-lg border border-dashed p-6 text-center text-muted-foreground"
        data-testid={`${testId}-empty`}
      >
        {emptyText}
      </p>
    );

  return (
    <ul className="grid gap-2" aria-label={label}>
      {entries.map((entry) =>
        entry.kind === 'folder' ? (
          <li key={entry.key}>
            <button
              type="button"
              onClick={entry.onOpen}
              aria-label={t('fileBrowser.openFolder', { name: entry.name })}
              className={ROW}
              data-testid={`${testId}-folder`}
            >
              <Folder aria-hidden="true" className="size-6 shrink-0 text-primary" data-icon="folder" />
              <span className="grid min-w-0 flex-1">
                <span className="truncate font-medium" dir="auto">
                  {entry.name}
                </span>
                <span className="text-xs text-muted-foreground">{t('fileBrowser.items', { count: entry.count })}</span>
              </span>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground rtl:rotate-180" />
            </button>
          </li>
        ) : (
          <FileRow key={entry.key} entry={entry} testId={testId} locked={downloadsLocked} />
        ),
      )}
    </ul>
  );
}

function FileRow({ entry, testId, locked }: { entry: FileBrowserFile; testId: string; locked: boolean }) {
  const { t } = useTranslation('common');
  const kind = fileKind(entry.format);
  const Icon = KIND_ICONS[kind];
  return (
    <li className="flex items-stretch gap-2" data-testid={`${testId}-file`}>
      <button
        type="button"
        onClick={entry.onDownload}
        disabled={locked}
        aria-label={t('fileBrowser.download', { name: entry.name })}
        aria-busy={entry.downloading || undefined}
        className={`${ROW} min-w-0 flex-1 disabled:cursor-not-allowed disabled:opacity-60`}
      >
        <Icon aria-hidden="true" className="size-6 shrink-0 self-start text-muted-foreground" data-icon={kind} />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex min-w-0 flex-wrap items-center gap-2">
            <span className="min-w-0 truncate font-medium" dir="auto">
              {entry.name}
            </span>
            {entry.badge}
          </span>
          {entry.description && (
            <span
              className="text-sm break-words whitespace-pre-line text-muted-foreground"
              dir="auto"
              data-testid={`${testId}-description`}
            >
              {entry.description}
            </span>
          )}
          <span className="text-xs text-muted-foreground">
            {entry.downloading ? t('fileBrowser.downloading') : (entry.detail ?? t(`fileBrowser.formats.${kind}`))}
          </span>
        </span>
        {entry.downloading && <Loader2 aria-hidden="true" className="size-4 shrink-0 animate-spin" />}
      </button>
      {entry.actions && <div className="flex shrink-0 items-center">{entry.actions}</div>}
    </li>
  );
}

/** Ten minutes, as the lists the files come from (spec 3 §9: archive, regulations). */
const CACHE_LIFETIME_MS = 10 * 60 * 1000;
/** A bound on what the tab keeps (a PDF is at most 1 MB, a closing pack a few). */
const CACHE_ENTRIES = 20;

/**
 * Files already downloaded, by user, residence and address: a second click saves the same bytes
 * again without a request. A failure is not kept.
 */
const downloaded = new Map<string, { file: FetchedFile; at: number }>();

/** Forgets every downloaded file (tests). */
export function clearDownloadCache(): void {
  downloaded.clear();
}

function cached(key: string, now: number): FetchedFile | undefined {
  const hit = downloaded.get(key);
  if (!hit) return undefined;
  if (now - hit.at > CACHE_LIFETIME_MS) {
    downloaded.delete(key);
    return undefined;
  }
  return hit.file;
}

function keep(key: string, file: FetchedFile, now: number): void {
  downloaded.delete(key);
  downloaded.set(key, { file, at: now });
  while (downloaded.size > CACHE_ENTRIES) {
    const oldest = downloaded.keys().next().value;
    if (oldest === undefined) break;
    downloaded.delete(oldest);
  }
}

/**
 * Downloads a browser's files one at a time: `pending` is the address being fetched (null when
 * none). A file fetched once in the last ten minutes is saved again from memory. A failure is
 * logged (`"{source} download failed"`) and told in a toast, "Erreur de téléchargement", without a
 * retry (spec 3 §8).
 */
export function useCachedDownload(source: string) {
  const { t } = useTranslation('common');
  const user = useAppSelector(selectUser);
  const owner = `${user?.id ?? 0}:${user?.residence.id ?? 0}`;
  const [pending, setPending] = useState<string | null>(null);
  const busy = useRef(false);
  const download = useCallback(
    async (url: string, fallbackName: string): Promise<void> => {
      if (busy.current) return;
      const key = `${owner}:${url}`;
      const hit = cached(key, Date.now());
      if (hit) {
        saveBlob(hit.blob, hit.fileName);
        return;
      }
      busy.current = true;
      setPending(url);
      try {
        const file = await fetchFile(url, fallbackName);
        keep(key, file, Date.now());
        saveBlob(file.blob, file.fileName);
      } catch (error) {
        console.error(`${source} download failed`, error);
        toast.error(t('fileBrowser.downloadError'));
      } finally {
        busy.current = false;
        setPending(null);
      }
    },
    [owner, source, t],
  );
  return { download, pending };
}
