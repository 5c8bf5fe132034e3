import { logoBox, qrMatrix, qrPixels, qrSvg } from './qr-with-logo';

// The browser's side of the QR code with a logo: the logo image decoded by the browser (any image type
// a logo may be), its pixels taken from a canvas and handed to qrPixels, and the canvas encoding the
// result as PNG. The logo is read from its MediaURL on the console's own origin, so the canvas is not
// tainted and can be exported.

export async function loadImage(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = url;
  await image.decode();
  return image;
}

function canvasOf(width: number, height: number) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  return { canvas, context };
}

/** The logo fitted (contained, centred) into w × h, as RGBA; what it does not cover stays transparent. */
function logoPixels(image: HTMLImageElement, w: number, h: number): Uint8ClampedArray {
  const { context } = canvasOf(w, h);
  const ratio = Math.min(w / image.naturalWidth, h / image.naturalHeight);
  const dw = image.naturalWidth * ratio;
  const dh = image.naturalHeight * ratio;
  context.drawImage(image, (w - dw) / 2, (h - dh) / 2, dw, dh);
  return context.getImageData(0, 0, w, h).data;
}

/** The code with the logo (or none) on a canvas of size × size. */
export function qrCanvas(text: string, size: number, logo: HTMLImageElement | null): HTMLCanvasElement {
  const matrix = qrMatrix(text, logo !== null);
  const box = logoBox(matrix, size);
  const pixels = qrPixels(matrix, size, logo && box ? logoPixels(logo, box.w, box.h) : undefined);
  const { canvas, context } = canvasOf(size, size);
  const image = context.createImageData(size, size);
  image.data.set(pixels);
  context.putImageData(image, 0, 0);
  return canvas;
}

/** The SVG, the logo embedded as a PNG data: URL (at most 512 px) so the file stands on its own. */
export function qrSvgText(text: string, size: number, logo: HTMLImageElement | null): string {
  const matrix = qrMatrix(text, logo !== null);
  if (!logo) return qrSvg(matrix, size);
  const ratio = Math.min(1, 512 / Math.max(logo.naturalWidth, logo.naturalHeight));
  const w = Math.max(1, Math.round(logo.naturalWidth * ratio));
  const h = Math.max(1, Math.round(logo.naturalHeight * ratio));
  const { canvas, context } = canvasOf(w, h);
  context.drawImage(logo, 0, 0, w, h);
  return qrSvg(matrix, size, canvas.toDataURL('image/png'));
}
