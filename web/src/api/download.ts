import { withXsrfHeader } from './base-api';

/**
 * Files (PDF receipts, spreadsheets, archives) are downloaded with a plain request rather than
 * through RTK Query: a Blob is not serialisable and has no business in the Redux cache. The
 * server names the file in the `x-file-name` header (spec 1 §7).
 */
export const FILE_NAME_HEADER = 'x-file-name';

export class DownloadError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(`download failed with status ${status}${code ? ` (${code})` : ''}`);
    this.name = 'DownloadError';
  }
}

/**
 * The file name the server sent: `x-file-name` is plain ASCII or percent-encoded UTF-8
 * (`re%C3%A7u_2026-000042.pdf`); a name that does not decode is used as sent.
 */
export function fileNameFrom(headers: Headers, fallback: string): string {
  const raw = headers.get(FILE_NAME_HEADER)?.trim();
  if (!raw) return fallback;
  let name = raw;
  try {
    name = decodeURIComponent(raw);
  } catch {
    // Not percent-encoded after all.
  }
  // Never let a name reach the file system with a folder in it.
  const base = name.split(/[/\\]/).pop()?.trim();
  return base || fallback;
}

/** Hands a Blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled: revoking at once cancels the download in Firefox.
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** A file the server sent: its bytes and the name to save it under. */
export interface FetchedFile {
  blob: Blob;
  fileName: string;
}

/**
 * GETs an API file (`path` starts with /api) with the session cookie and the CSRF header, without
 * saving it: its bytes and the server's name for it (or `fallbackName`). Throws
 * {@link DownloadError} when the server refuses.
 */
export async function fetchFile(path: string, fallbackName: string): Promise<FetchedFile> {
  const headers = withXsrfHeader(new Headers());
  headers.set('Accept', 'application/pdf, application/octet-stream, application/json');
  const response = await fetch(`${window.location.origin}${path}`, { credentials: 'include', headers });
  if (!response.ok) {
    let code: string | undefined;
    try {
      const body: unknown = await response.json();
      if (typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string') {
        code = (body as { code: string }).code;
      }
    } catch {
      // Not a JSON error body.
    }
    throw new DownloadError(response.status, code);
  }
  const blob = await response.blob();
  return { blob, fileName: fileNameFrom(response.headers, fallbackName) };
}

/**
 * GETs an API file (`path` starts with /api) with the session cookie and the CSRF header, then
 * saves it under the server's name (or `fallbackName`). Throws {@link DownloadError} when the
 * server refuses; returns the name the file was saved under.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const { blob, fileName } = await fetchFile(path, fallbackName);
  saveBlob(blob, fileName);
  return fileName;
}
