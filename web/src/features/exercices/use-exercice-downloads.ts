import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '@/api/download';
import { toast } from '@/components/ui/toaster';
import type { ExercicesSpace } from './paths';

/** The three files of a fiscal year (spec 2 §7 "Downloads", spec 3 §7). */
export type ExerciceFile = 'pdf' | 'excel' | 'zip';

/** Where each file is, for each space (docs/api-exercices.md "Downloads"). */
export function exerciceFilePath(space: ExercicesSpace, file: ExerciceFile, id: number): string {
  const prefix = space === 'syndic' ? '/api/export' : '/api/coproprietaire/export';
  const year = encodeURIComponent(id);
  return file === 'zip' ? `${prefix}/details/${year}` : `${prefix}/tableau-tresorerie-simplifie/${year}/${file}`;
}

/** The name a file is saved under when the server sends none (spec 3 §9). */
export function exerciceFileName(file: ExerciceFile, id: number): string {
  if (file === 'pdf') return `tresorerie_${id}.pdf`;
  if (file === 'excel') return `tresorerie_${id}.xlsx`;
  return `DetailsFinanciers_${id}.zip`;
}

/**
 * Downloads a fiscal year's files one at a time (spec 2 §2: "All download buttons are disabled
 * while any download runs"): `pending` is the file being fetched. A failure is logged and told in a
 * toast, "Erreur de téléchargement", "… global" for the zip, without a retry (spec 2 §8).
 */
export function useExerciceDownloads(space: ExercicesSpace, id: number) {
  const { t } = useTranslation('exercices');
  const [pending, setPending] = useState<ExerciceFile | null>(null);
  const busy = useRef(false);

  const download = useCallback(
    async (file: ExerciceFile): Promise<void> => {
      if (busy.current) return;
      busy.current = true;
      setPending(file);
      try {
        await downloadFile(exerciceFilePath(space, file, id), exerciceFileName(file, id));
      } catch (error) {
        console.error('fiscal year download failed', error);
        toast.error(file === 'zip' ? t('errors.downloadZip') : t('errors.download'));
      } finally {
        busy.current = false;
        setPending(null);
      }
    },
    [space, id, t],
  );

  return { download, pending };
}
