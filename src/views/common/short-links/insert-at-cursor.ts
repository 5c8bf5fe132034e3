// Putting a short link into typed text where the cursor is (or over the selection). A URL needs a space on
// each side to be recognised as one by phones and WhatsApp, so one is added where the neighbour is not
// already white space; the caret goes after what was inserted.

export interface Inserted {
  value: string;
  /** where the caret goes: after the link (and the space added after it) */
  caret: number;
}

export function insertAtCursor(value: string, start: number, end: number, text: string): Inserted {
  const from = Math.max(0, Math.min(start, value.length));
  const to = Math.max(from, Math.min(end, value.length));
  const before = value.slice(0, from);
  const after = value.slice(to);
  const lead = before && !/\s$/.test(before) ? ' ' : '';
  const trail = after && !/^\s/.test(after) ? ' ' : '';
  const piece = `${lead}${text}${trail}`;
  return { value: `${before}${piece}${after}`, caret: before.length + piece.length };
}

/** Inserts into a textarea's value at its selection (the end when there is no element), then puts the caret
 * after the link once the new value is rendered. `apply` hands the new value to the form's state. */
export function insertIntoTextarea(
  element: HTMLTextAreaElement | HTMLInputElement | null,
  value: string,
  text: string,
  apply: (next: string) => void,
): void {
  const start = element?.selectionStart ?? value.length;
  const end = element?.selectionEnd ?? start;
  const next = insertAtCursor(value, start, end, text);
  apply(next.value);
  requestAnimationFrame(() => {
    if (!element) return;
    element.focus();
    element.setSelectionRange(next.caret, next.caret);
  });
}
