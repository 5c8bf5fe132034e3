// A long text (100,000 pasted numbers are 1.3 MB) handed between the page, a worker and IndexedDB in
// pieces, one per task: encoding or cloning it whole held the page 30-60 ms each time (issue 22).

/** Characters per piece: a piece is cloned or encoded in a millisecond or two. */
export const TEXT_PIECE_CHARS = 131_072;

/** Lets the page run other tasks (a key, a frame) before the next piece. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The text in pieces; a surrogate pair is never split between two. */
export function textPieces(text: string, size = TEXT_PIECE_CHARS): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length;) {
    let end = Math.min(at + size, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    pieces.push(text.slice(at, end));
    at = end;
  }
  return pieces;
}

/**
 * The text as Blobs, one piece encoded per task. They are kept apart: joining them into one Blob
 * copied the 1.3 MB in one 60 ms task on the page (issue 22); `blobsText` (or a Blob made of them
 * in a worker) reads them back.
 */
export async function textBlobs(text: string): Promise<Blob[]> {
  const parts: Blob[] = [];
  for (const piece of textPieces(text)) {
    parts.push(new Blob([piece], { type: 'text/plain' }));
    await nextTask();
  }
  return parts;
}

/** The text of Blobs made by textBlobs (or of one Blob, as drafts were kept before). */
export async function blobsText(parts: Blob | Blob[]): Promise<string> {
  const list = Array.isArray(parts) ? parts : [parts];
  return (await Promise.all(list.map((part) => part.text()))).join('');
}
