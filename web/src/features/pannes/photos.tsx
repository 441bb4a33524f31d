import { ImageIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PhotoPanne } from './pannes-api';

/** A report's or a comment's photos as thumbnails, each opening the photo in a new tab. */
export function Photos({ photos }: { photos: readonly PhotoPanne[] }) {
  const { t } = useTranslation('pannes');
  if (photos.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t('details.photos')}>
      {photos.map((photo) => (
        <li key={photo.id} data-testid="panne-photo">
          <a
            href={photo.url}
            target="_blank"
            rel="noopener noreferrer"
            title={photo.titre}
            aria-label={t('details.openPhoto', { titre: photo.titre })}
            className="relative flex size-20 items-center justify-center overflow-hidden rounded-md border bg-muted/40 hover:ring-2 hover:ring-ring/40 sm:size-24"
          >
            <ImageIcon aria-hidden="true" className="size-6 text-muted-foreground" />
            <img
              src={photo.url}
              alt=""
              loading="lazy"
              className="absolute inset-0 size-full bg-card object-cover"
              onError={(event) => {
                event.currentTarget.style.display = 'none';
              }}
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
