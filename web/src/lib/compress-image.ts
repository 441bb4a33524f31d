/**
 * Images shrunk in the browser before they are sent (spec 1 §5 "Files", §9): at most 1024 px on
 * the longest side and 1 MB. A PNG stays a PNG when it fits; otherwise (a photo saved as PNG) it
 * becomes a JPEG, whose quality is lowered step by step until it fits. The server scales again
 * whatever the client did (docs/api-depenses.md "Documents"): this only saves the upload.
 */

/** 1 MB, the limit of a PDF and the target of an image. */
export const MAX_FILE_BYTES = 1024 * 1024;
/** The longest side of a compressed image. */
export const MAX_IMAGE_SIDE = 1024;

const JPEG_QUALITIES = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4];

interface Drawable {
  source: CanvasImageSource;
  width: number;
  height: number;
  close: () => void;
}

async function decode(file: Blob): Promise<Drawable> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  try {
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('image not decoded'));
      image.src = url;
    });
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return {
    source: image,
    width: image.naturalWidth,
    height: image.naturalHeight,
    close: () => URL.revokeObjectURL(url),
  };
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas not encoded'))), type, quality);
  });
}

/** `photo.png` → `photo.jpg` when the image changed format. */
function renamed(name: string, type: string): string {
  if (type !== 'image/jpeg' || /\.jpe?g$/i.test(name)) return name;
  return `${name.replace(/\.[^.]*$/, '')}.jpg`;
}

/**
 * The image scaled to at most 1024 px and encoded under 1 MB (PNG kept when it fits, else JPEG).
 * Rejects when the browser cannot decode or encode it: the caller shows "compression failed".
 */
export async function compressImage(file: File): Promise<File> {
  const image = await decode(file);
  try {
    const scale = Math.min(1, MAX_IMAGE_SIDE / Math.max(image.width, image.height));
    const width = Math.max(1, Math.round(image.width * scale));
    const height = Math.max(1, Math.round(image.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    if (file.type !== 'image/png') {
      // JPEG has no transparency: a white page behind it rather than black.
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
    }
    context.drawImage(image.source, 0, 0, width, height);
    if (file.type === 'image/png') {
      const png = await toBlob(canvas, 'image/png');
      if (png.size <= MAX_FILE_BYTES) return new File([png], file.name, { type: 'image/png' });
    }
    for (const quality of JPEG_QUALITIES) {
      const jpeg = await toBlob(canvas, 'image/jpeg', quality);
      if (jpeg.size <= MAX_FILE_BYTES)
        return new File([jpeg], renamed(file.name, 'image/jpeg'), { type: 'image/jpeg' });
    }
    throw new Error('image still above 1 MB');
  } finally {
    image.close();
  }
}
