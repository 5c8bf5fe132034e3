import { describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { logoBox, qrMatrix, qrPixels, qrSvg } from './qr-with-logo';

// The QR code with a logo still scans: the pixels the console encodes as PNG (preview and download) are
// written to a real PNG with pngjs, read back and decoded by jsQR, for the sizes the contract allows.

const URL_QR = 'https://herald.example.com/s/Ab3dE5gH?origin=qr_code';

/** A busy, dark logo (the worst case for scanning): stripes of dark colours, transparent corners. */
function busyLogo(w: number, h: number): Uint8Array {
  const pixels = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      const at = (y * w + x) * 4;
      const stripe = Math.floor((x + y) / 3) % 3;
      pixels[at] = [20, 200, 0][stripe];
      pixels[at + 1] = [20, 30, 90][stripe];
      pixels[at + 2] = [120, 30, 20][stripe];
      const corner = (x < w / 5 || x > (4 * w) / 5) && (y < h / 5 || y > (4 * h) / 5);
      pixels[at + 3] = corner ? 0 : 255;
    }
  return pixels;
}

function decodeThroughPng(pixels: Uint8ClampedArray, size: number): string | null {
  const png = new PNG({ width: size, height: size });
  png.data = Buffer.from(pixels);
  const read = PNG.sync.read(PNG.sync.write(png));
  return jsQR(new Uint8ClampedArray(read.data), read.width, read.height)?.data ?? null;
}

describe('QR code with a logo', () => {
  it('uses level H and a centred pad of at most 20 % of the symbol with a logo, level M without', () => {
    const plain = qrMatrix(URL_QR, false);
    expect(plain.level).toBe('M');
    expect(plain.pad).toBeNull();
    const withLogo = qrMatrix(URL_QR, true);
    expect(withLogo.level).toBe('H');
    const pad = withLogo.pad!;
    expect((pad.side * pad.side) / (withLogo.count * withLogo.count)).toBeLessThanOrEqual(0.2);
    expect(pad.start * 2 + pad.side).toBe(withLogo.count);
    // no dark module under the pad
    expect(withLogo.dark(pad.start, pad.start)).toBe(false);
    expect(withLogo.dark(pad.start + pad.side - 1, pad.start + pad.side - 1)).toBe(false);
  });

  it.each([100, 300, 1000])('decodes to the short URL at %i px with a busy logo', (size) => {
    const matrix = qrMatrix(URL_QR, true);
    const box = logoBox(matrix, size)!;
    const pixels = qrPixels(matrix, size, busyLogo(box.w, box.h));
    // the logo is really there: a pixel in the box's middle is the logo's colour, not black or white
    const middle = ((box.y + Math.floor(box.h / 2)) * size + box.x + Math.floor(box.w / 2)) * 4;
    expect([pixels[middle], pixels[middle + 1], pixels[middle + 2]]).not.toEqual([255, 255, 255]);
    expect(decodeThroughPng(pixels, size)).toBe(URL_QR);
  });

  it('decodes without a logo too', () => {
    expect(decodeThroughPng(qrPixels(qrMatrix(URL_QR, false), 300), 300)).toBe(URL_QR);
  });

  it('draws the same pad and the logo in the SVG, the address escaped', () => {
    const matrix = qrMatrix(URL_QR, true);
    const svg = qrSvg(matrix, 300, 'data:image/png;base64,AAA"x');
    expect(svg).toContain('width="300"');
    expect(svg).toContain(`<image href="data:image/png;base64,AAA&quot;x" x="${2 + matrix.pad!.start + 1}"`);
    expect(qrSvg(qrMatrix(URL_QR, false), 300)).not.toContain('<image');
  });
});
