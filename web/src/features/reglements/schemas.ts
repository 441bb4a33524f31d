import { MAX_FILE_BYTES } from '@/lib/compress-image';
import { array, boolean, object, string } from '@/lib/validation';

/**
 * The regulation's creation form (spec 3 §3 "Reglement creation", §5 "Reglement"): a title, the
 * current flag, an optional comment and one PDF of at most 1 MB, as the server checks them
 * (titre at most 200 characters on one line, commentaire at most 1000). Messages are catalogue keys.
 */

export const TITRE_MAX_LENGTH = 200;
export const COMMENTAIRE_MAX_LENGTH = 1000;

export interface ReglementValues {
  titre: string;
  is_current: boolean;
  commentaire: string;
  /** The picker's value: one PDF at most (`FilePickerField pdfOnly`). */
  doc: File[];
}

export const emptyReglement: ReglementValues = { titre: '', is_current: false, commentaire: '', doc: [] };

function isPdf(file: File): boolean {
  return file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
}

const files = (value: unknown): File[] => (Array.isArray(value) ? (value as File[]) : []);

export const reglementSchema = object({
  titre: string()
    .trim()
    .required('reglements:validation.titre')
    .max(TITRE_MAX_LENGTH, 'reglements:validation.titreTropLong')
    .test('one-line', 'reglements:validation.uneSeuleLigne', (value) => !/[\r\n]/.test(value ?? '')),
  is_current: boolean(),
  commentaire: string().trim().max(COMMENTAIRE_MAX_LENGTH, 'reglements:validation.commentaireTropLong'),
  doc: array()
    .min(1, 'reglements:validation.document')
    .test('pdf', 'reglements:validation.pdfRequis', (value) => files(value).every(isPdf))
    .test('size', 'reglements:validation.pdfTooLarge', (value) =>
      files(value).every((file) => file.size <= MAX_FILE_BYTES),
    ),
});

/**
 * The multipart body of `POST /reglements/creer` (spec 3 §7): `titre`, `is_current` "1" or "0",
 * `commentaire` ("" for none), `doc`.
 */
export function reglementFormData(values: ReglementValues): FormData {
  const body = new FormData();
  body.append('titre', values.titre.trim());
  body.append('is_current', values.is_current ? '1' : '0');
  body.append('commentaire', values.commentaire.trim());
  const [doc] = values.doc;
  if (doc) body.append('doc', doc, doc.name);
  return body;
}
