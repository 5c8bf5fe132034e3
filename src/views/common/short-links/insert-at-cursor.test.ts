import { describe, expect, it } from 'vitest';
import { fc } from '@fast-check/vitest';
import { insertAtCursor } from './insert-at-cursor';

const URL = 'https://h.example/s/Ab3dE9xZ';

describe('insertAtCursor', () => {
  it.each([
    ['', 0, 0, { value: URL, caret: URL.length }],
    ['Sale:', 5, 5, { value: `Sale: ${URL}`, caret: 6 + URL.length }],
    ['Sale: ', 6, 6, { value: `Sale: ${URL}`, caret: 6 + URL.length }],
    ['Go now', 2, 2, { value: `Go ${URL} now`, caret: 3 + URL.length }],
    ['Go here now', 3, 7, { value: `Go ${URL} now`, caret: 3 + URL.length }],
    ['Hi', 99, 99, { value: `Hi ${URL}`, caret: 3 + URL.length }],
  ])('%j at %i-%i', (value, start, end, expected) => {
    expect(insertAtCursor(value, start, end, URL)).toEqual(expected);
  });

  it('keeps the text around the selection and the link whole, with white space on each side', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), fc.nat(), (value, a, b) => {
        const [start, end] = [Math.min(a, b) % (value.length + 1), Math.max(a, b) % (value.length + 1)];
        const from = Math.min(start, end);
        const to = Math.max(start, end);
        const { value: next, caret } = insertAtCursor(value, from, to, URL);
        expect(next.startsWith(value.slice(0, from))).toBe(true);
        expect(next.endsWith(value.slice(to))).toBe(true);
        const at = next.indexOf(URL, from);
        expect(at).toBeGreaterThanOrEqual(from);
        expect(at === 0 || /\s/.test(next[at - 1])).toBe(true);
        const after = at + URL.length;
        expect(after === next.length || /\s/.test(next[after])).toBe(true);
        expect(caret).toBeGreaterThanOrEqual(after);
      }),
    );
  });
});
