import { array, object, string } from '@/lib/validation';

/**
 * The breakdown reports' forms (spec 3 §5 "Panne create/edit", "Comment"): a description required
 * (at most 2000 characters, as the server checks), photos only at creation and in comments
 * (compressed by the picker).
 */

export const TEXTE_MAX_LENGTH = 2000;

export interface PanneValues {
  description: string;
  images: File[];
}

export interface CommentaireValues {
  commentaire: string;
  images: File[];
}

export const emptyPanne: PanneValues = { description: '', images: [] };
export const emptyCommentaire: CommentaireValues = { commentaire: '', images: [] };

const texte = (required: `pannes:${string}`) =>
  string().trim().required(required).max(TEXTE_MAX_LENGTH, 'pannes:validation.texteTropLong');

export const panneSchema = object({ description: texte('pannes:validation.description'), images: array() });
export const panneEditionSchema = object({ description: texte('pannes:validation.description') });
export const commentaireSchema = object({ commentaire: texte('pannes:validation.commentaire'), images: array() });

/** The multipart body of POST /pannes/creer: `description`, `images[]` once per photo. */
export function panneFormData(values: PanneValues): FormData {
  const body = new FormData();
  body.append('description', values.description.trim());
  values.images.forEach((file) => body.append('images[]', file, file.name));
  return body;
}

/** The multipart body of POST /pannes/commentaire/ajouter: `commentaire`, `panne_id`, `images[]`. */
export function commentaireFormData(panneId: number, values: CommentaireValues): FormData {
  const body = new FormData();
  body.append('commentaire', values.commentaire.trim());
  body.append('panne_id', String(panneId));
  values.images.forEach((file) => body.append('images[]', file, file.name));
  return body;
}

/** The multipart body of POST /pannes/commentaire/modifier: the text, the photos kept. */
export function commentaireEditionFormData(id: number, description: string, keptPhotoIds: number[]): FormData {
  const body = new FormData();
  body.append('id', String(id));
  body.append('description', description.trim());
  keptPhotoIds.forEach((photoId) => body.append('old_images[]', String(photoId)));
  return body;
}
