import { describe, expect, it } from 'vitest';
import { blobsText, textBlobs, textPieces } from './text-pieces';

describe('a long text in pieces (issue 22)', () => {
  it('joins back to the text, and never splits a surrogate pair', () => {
    const text = `${'a'.repeat(9)}😀${'b'.repeat(5)}`;
    const pieces = textPieces(text, 10);
    expect(pieces.join('')).toBe(text);
    expect(pieces[0]).toBe('a'.repeat(9));
    expect(pieces.every((piece) => piece.length <= 10)).toBe(true);
  });

  it('gives Blobs, a piece each, that read back as the text', async () => {
    const text = Array.from({ length: 30_000 }, (_, i) => `1415${String(i).padStart(7, '0')}`).join('\n');
    const parts = await textBlobs(`${text}\n電話`);
    expect(parts.length).toBeGreaterThan(1);
    expect(await blobsText(parts)).toBe(`${text}\n電話`);
    expect(await new Blob(parts).text()).toBe(`${text}\n電話`);
  });
});
