/**
 * Files attached to a record (invoices and quotes of an expense; contracts, assemblies and
 * breakdown reports next), spec 1 §5 "Files", spec 2 §5 "Files": PDF, PNG or JPEG, several at a
 * time. Before anything is sent, a PDF above 1 MB is refused (`pdfTooLarge`), any other type too,
 * and each image is compressed in the browser to at most 1 MB and 1024 px (lib/compress-image; a
 * failure says so and leaves the image out). What was kept is previewed (an image's thumbnail, a
 * PDF's icon and name) with a button to take it out again.
 *
 *   <FilePickerField name="factures" label="Factures" />
 *
 * The Formik value is a `File[]`; send it in a FormData (`factures[]` once per file). Outside a
 * form, `FilePicker` takes `value` and `onChange`. Tests pass `compress` (jsdom has no canvas).
 *
 * `pdfOnly` keeps one PDF (a regulation's document): the input offers PDFs only, any other file is
 * refused, and a new choice replaces the kept one.
 *
 *   <FilePickerField name="doc" label="Document" pdfOnly />
 *
 * `imagesOnly` keeps photos only (a breakdown report's, its comments'): PNG or JPEG, several at a
 * time, each compressed; a PDF is refused.
 *
 *   <FilePickerField name="images" label="Photos" imagesOnly />
 */
import { useField } from 'formik';
import { FileText, Loader2, Paperclip, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { compressImage, MAX_FILE_BYTES } from '@/lib/compress-image';
import { Button } from './ui/button';
import { FieldShell, useFieldError } from './ui/form-field';

/** What the file input offers (the server judges the content again). */
export const ACCEPTED_FILES = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';
/** What a PDF-only input offers. */
export const ACCEPTED_PDF = '.pdf,application/pdf';
/** What a photos-only input offers. */
export const ACCEPTED_IMAGES = '.png,.jpg,.jpeg,image/png,image/jpeg';

type Kind = 'pdf' | 'image' | null;

function kindOf(file: File): Kind {
  const name = file.name.toLowerCase();
  if (file.type === 'application/pdf' || name.endsWith('.pdf')) return 'pdf';
  if (['image/png', 'image/jpeg'].includes(file.type) || /\.(png|jpe?g)$/.test(name)) return 'image';
  return null;
}

export interface FilePickerProps {
  id?: string;
  label: ReactNode;
  description?: ReactNode;
  value: readonly File[];
  onChange: (files: File[]) => void;
  /** A message under the field (a server's refusal of one of the files). */
  error?: string;
  disabled?: boolean;
  /** One PDF only: other files are refused, a new choice replaces the kept one. */
  pdfOnly?: boolean;
  /** Photos only (PNG, JPEG), several at a time: a PDF is refused. */
  imagesOnly?: boolean;
  /** Replaces the browser's compression (tests). */
  compress?: (file: File) => Promise<File>;
}

/** The picker, controlled: `value` the files kept so far. */
export function FilePicker({
  id,
  label,
  description,
  value,
  onChange,
  error,
  disabled = false,
  pdfOnly = false,
  imagesOnly = false,
  compress = compressImage,
}: FilePickerProps) {
  const { t } = useTranslation('common');
  const generatedId = useId();
  const inputId = id ?? `files-${generatedId}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function add(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    // Choosing the same file again must fire a change.
    event.target.value = '';
    if (chosen.length === 0) return;
    const kept: File[] = [];
    const refused: string[] = [];
    setBusy(true);
    for (const file of chosen) {
      const kind = kindOf(file);
      if (pdfOnly && kind !== 'pdf') {
        refused.push(t('filePicker.unsupportedPdf', { name: file.name }));
      } else if (imagesOnly && kind !== 'image') {
        refused.push(t('filePicker.unsupportedImage', { name: file.name }));
      } else if (kind === null) {
        refused.push(t('filePicker.unsupported', { name: file.name }));
      } else if (kind === 'pdf') {
        if (file.size > MAX_FILE_BYTES) refused.push(t('filePicker.pdfTooLarge', { name: file.name }));
        else kept.push(file);
      } else {
        try {
          kept.push(await compress(file));
        } catch {
          refused.push(t('filePicker.compressionFailed', { name: file.name }));
        }
      }
    }
    setBusy(false);
    setProblems(refused);
    if (kept.length === 0) return;
    onChange(pdfOnly ? kept.slice(-1) : [...value, ...kept]);
  }

  const hintId = `${inputId}-hint`;
  return (
    <FieldShell id={inputId} label={label} error={error}>
      <div className="grid gap-3" data-slot="file-picker">
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            multiple={!pdfOnly}
            accept={pdfOnly ? ACCEPTED_PDF : imagesOnly ? ACCEPTED_IMAGES : ACCEPTED_FILES}
            disabled={disabled || busy}
            onChange={(event) => void add(event)}
            aria-describedby={hintId}
            className="peer sr-only"
          />
          <Button
            type="button"
            variant="outline"
            onClick={() => inputRef.current?.click()}
            disabled={disabled || busy}
            aria-hidden="true"
            tabIndex={-1}
            className="peer-focus-visible:ring-2 peer-focus-visible:ring-ring"
          >
            {busy ? <Loader2 className="animate-spin" /> : <Paperclip />}
            {busy
              ? t('filePicker.compressing')
              : t(pdfOnly ? 'filePicker.choosePdf' : imagesOnly ? 'filePicker.chooseImages' : 'filePicker.choose')}
          </Button>
          {value.length > 0 && (
            <span className="text-sm text-muted-foreground">{t('filePicker.selected', { count: value.length })}</span>
          )}
        </div>
        <p id={hintId} className="text-xs text-muted-foreground">
          {description ?? t(pdfOnly ? 'filePicker.hintPdf' : imagesOnly ? 'filePicker.hintImages' : 'filePicker.hint')}
        </p>
        {problems.length > 0 && (
          <ul role="alert" className="grid gap-1 text-xs font-medium text-destructive">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        {value.length > 0 && (
          <ul className="flex flex-wrap gap-3">
            {value.map((file, index) => (
              <FilePreview
                key={`${file.name}-${index}`}
                file={file}
                disabled={disabled}
                onRemove={() => onChange(value.filter((_, other) => other !== index))}
              />
            ))}
          </ul>
        )}
      </div>
    </FieldShell>
  );
}

/** An image's thumbnail from its object URL, revoked when it goes (jsdom has none: the name stays). */
function ImageThumbnail({ file }: { file: File }) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = ref.current;
    if (!image || typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(file);
    image.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return <img ref={ref} alt={file.name} className="size-full object-cover" />;
}

function FilePreview({ file, disabled, onRemove }: { file: File; disabled: boolean; onRemove: () => void }) {
  const { t } = useTranslation('common');
  const image = kindOf(file) === 'image';
  return (
    <li className="relative grid w-28 gap-1" data-testid="file-preview">
      <div className="flex aspect-square items-center justify-center overflow-hidden rounded-md border bg-muted/40">
        {image ? (
          <ImageThumbnail file={file} />
        ) : (
          <span className="grid justify-items-center gap-1 text-muted-foreground">
            <FileText aria-hidden="true" className="size-8" />
            <span className="text-xs font-medium">{t('filePicker.pdf')}</span>
          </span>
        )}
      </div>
      <span className="truncate text-xs" title={file.name} dir="auto">
        {file.name}
      </span>
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={t('filePicker.remove', { name: file.name })}
        title={t('filePicker.remove', { name: file.name })}
        className={cn(
          'absolute end-1 top-1 flex size-6 items-center justify-center rounded-full bg-background/90 shadow-sm',
          'hover:text-destructive focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        )}
      >
        <X aria-hidden="true" className="size-3.5" />
      </button>
    </li>
  );
}

/** The picker bound to a Formik field whose value is a `File[]`. */
export function FilePickerField({
  name,
  ...props
}: Omit<FilePickerProps, 'value' | 'onChange' | 'error'> & { name: string }) {
  const [field, , helpers] = useField<File[]>(name);
  const error = useFieldError(name);
  return (
    <FilePicker
      {...props}
      id={props.id ?? `${name}-files`}
      value={field.value ?? []}
      onChange={(files) => void helpers.setValue(files)}
      error={error}
    />
  );
}
