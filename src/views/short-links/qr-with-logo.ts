import QRCode from 'qrcode';

// A short link's QR code with an optional logo in the centre (docs/decisions.md "Logos in QR codes and
// e-mail footers"). Pure drawing: the module matrix comes from the qrcode package; with a logo the code
// is made at error-correction level H (30 % of the code words may be lost) and a white pad on whole
// modules covers the centre, at most 16 % of the symbol's area (LOGO_PAD_SHARE² = 0.16, under the ~20 %
// that keeps every code scannable), the logo drawn inside it one module in from its edge. The same
// pixels feed the preview and the PNG download (the browser's canvas only encodes them); the SVG draws
// the same modules and pad. The test decodes these pixels with jsQR.

/** The quiet zone around the symbol, in modules (the qrcode package's default is 4; 2 scans well on screens). */
export const QR_MARGIN = 2;
/** The pad's side as a share of the symbol's side (area share = its square). */
export const LOGO_PAD_SHARE = 0.4;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface QrMatrix {
  /** modules per side */
  count: number;
  dark: (row: number, col: number) => boolean;
  level: 'M' | 'H';
  /** the pad in modules (first module and side), or null without a logo */
  pad: { start: number; side: number } | null;
}

export function qrMatrix(text: string, withLogo: boolean): QrMatrix {
  const level = withLogo ? 'H' : 'M';
  const { modules } = QRCode.create(text, { errorCorrectionLevel: level });
  const count = modules.size;
  let pad: QrMatrix['pad'] = null;
  if (withLogo) {
    // same parity as count, so the pad sits on the module grid exactly in the centre
    let side = Math.floor(count * LOGO_PAD_SHARE);
    if ((count - side) % 2 !== 0) side -= 1;
    pad = { start: (count - side) / 2, side };
  }
  const inPad = (row: number, col: number) =>
    pad !== null && row >= pad.start && row < pad.start + pad.side && col >= pad.start && col < pad.start + pad.side;
  return { count, level, pad, dark: (row, col) => !inPad(row, col) && modules.get(row, col) === 1 };
}

/** Pixels per module for an image `size` pixels wide (the quiet zone included). */
const scaleOf = (matrix: QrMatrix, size: number) => size / (matrix.count + 2 * QR_MARGIN);

/** Where the logo goes, in pixels of an image `size` wide: the pad less one module on each side. */
export function logoBox(matrix: QrMatrix, size: number): Box | null {
  if (!matrix.pad) return null;
  const scale = scaleOf(matrix, size);
  const x = Math.round((QR_MARGIN + matrix.pad.start + 1) * scale);
  const end = Math.round((QR_MARGIN + matrix.pad.start + matrix.pad.side - 1) * scale);
  return { x, y: x, w: Math.max(1, end - x), h: Math.max(1, end - x) };
}

/**
 * RGBA pixels (size × size) of the code: black modules on white, and the logo's pixels (RGBA of
 * logoBox's w × h, drawn over white) in the pad.
 */
export function qrPixels(matrix: QrMatrix, size: number, logo?: Uint8ClampedArray | Uint8Array): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(size * size * 4);
  const scale = scaleOf(matrix, size);
  const box = logoBox(matrix, size);
  for (let y = 0; y < size; y += 1) {
    const row = Math.floor(y / scale) - QR_MARGIN;
    for (let x = 0; x < size; x += 1) {
      const col = Math.floor(x / scale) - QR_MARGIN;
      const inside = row >= 0 && row < matrix.count && col >= 0 && col < matrix.count;
      const value = inside && matrix.dark(row, col) ? 0 : 255;
      const at = (y * size + x) * 4;
      pixels[at] = pixels[at + 1] = pixels[at + 2] = value;
      pixels[at + 3] = 255;
    }
  }
  if (box && logo && logo.length >= box.w * box.h * 4) {
    for (let y = 0; y < box.h; y += 1) {
      for (let x = 0; x < box.w; x += 1) {
        const from = (y * box.w + x) * 4;
        const to = ((box.y + y) * size + box.x + x) * 4;
        const alpha = logo[from + 3] / 255;
        for (let c = 0; c < 3; c += 1) pixels[to + c] = Math.round(logo[from + c] * alpha + 255 * (1 - alpha));
      }
    }
  }
  return pixels;
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The SVG of the code `size` px wide; with a logo its address (a data: URL in a download) is drawn in the pad. */
export function qrSvg(matrix: QrMatrix, size: number, logoHref?: string): string {
  const total = matrix.count + 2 * QR_MARGIN;
  let path = '';
  for (let row = 0; row < matrix.count; row += 1)
    for (let col = 0; col < matrix.count; col += 1)
      if (matrix.dark(row, col)) path += `M${col + QR_MARGIN} ${row + QR_MARGIN}h1v1h-1z`;
  const pad = matrix.pad;
  const logo =
    pad && logoHref
      ? `<image href="${attr(logoHref)}" x="${QR_MARGIN + pad.start + 1}" y="${QR_MARGIN + pad.start + 1}" ` +
        `width="${pad.side - 2}" height="${pad.side - 2}" preserveAspectRatio="xMidYMid meet"/>`
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${total} ${total}" ` +
    `shape-rendering="crispEdges"><rect width="${total}" height="${total}" fill="#fff"/>` +
    `<path d="${path}" fill="#000"/>${logo}</svg>`
  );
}
