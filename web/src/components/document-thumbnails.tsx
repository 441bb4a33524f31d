import { FileText, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Document } from '@/api/generated';
import { LockedButton } from '@/components/record-actions';

/*
 * The files attached to a record (an expense's invoices and quotes, a contract's documents):
 *
 *   <DocumentThumbnails documents={contrat.docs} emptyText="Aucun document." onDelete={setToDelete} deleteLock={lock} />
 */

/**
 * The files attached to an expense (spec 2 §2 "thumbnails of invoices and quotes"): each one's
 * thumbnail (`miniature_url`, served to the residence's signed-in users), a click opening the file
 * itself in a new tab; `onDelete` adds a delete button per file, disabled with `deleteLock`.
 */
export function DocumentThumbnails({
  documents,
  emptyText,
  onDelete,
  deleteLock = null,
}: {
  documents: readonly Document[];
  emptyText: string;
  onDelete?: (document: Document) => void;
  deleteLock?: string | null;
}) {
  const { t } = useTranslation('common');
  if (documents.length === 0) return <p className="text-sm text-muted-foreground">{emptyText}</p>;
  return (
    <ul className="flex flex-wrap gap-3">
      {documents.map((document) => (
        <li key={document.id} className="relative grid w-28 gap-1" data-testid="document">
          <a
            href={document.url}
            target="_blank"
            rel="noopener noreferrer"
            className="relative flex aspect-square items-center justify-center overflow-hidden rounded-md border bg-muted/40 hover:ring-2 hover:ring-ring/40"
            title={t('documents.open', { titre: document.titre })}
            aria-label={t('documents.open', { titre: document.titre })}
          >
            {/* Seen when the thumbnail cannot be shown. */}
            <FileText aria-hidden="true" className="size-8 text-muted-foreground" />
            <img
              src={document.miniature_url}
              alt=""
              loading="lazy"
              className="absolute inset-0 size-full bg-card object-contain"
              onError={(event) => {
                event.currentTarget.style.display = 'none';
              }}
            />
          </a>
          <span className="truncate text-xs" title={document.titre} dir="auto">
            {document.titre}
          </span>
          {onDelete && (
            <div className="absolute end-1 top-1">
              <LockedButton
                lock={deleteLock}
                onClick={() => onDelete(document)}
                label={t('documents.delete', { titre: document.titre })}
                variant="outline"
                size="icon"
                className="size-7 rounded-full bg-background/90 text-destructive"
              >
                <Trash2 className="size-3.5" />
              </LockedButton>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
