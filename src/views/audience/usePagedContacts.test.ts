import { describe, expect, it } from 'vitest';
import { pagePosition, type LoadedPage } from './usePagedContacts';

const page = (next: string, previous: string, rows = 100): LoadedPage => ({
  rows: Array.from({ length: rows }, () => ({}) as LoadedPage['rows'][number]),
  next,
  previous,
});

describe('pagePosition: how the contact list asks for a page', () => {
  it('follows the page above by its cursor, else precedes the page below', () => {
    const loaded = new Map([
      [4, page('n4', 'p4')],
      [9, page('n9', 'p9')],
    ]);
    expect(pagePosition(5, 1_000_000, loaded)).toEqual({ After: 'n4', Limit: 100 });
    expect(pagePosition(8, 1_000_000, loaded)).toEqual({ Before: 'p9', Limit: 100 });
  });

  it('jumps by offset from the nearer end: the last pages cost what the first do', () => {
    const none = new Map<number, LoadedPage>();
    expect(pagePosition(3, 1_000_000, none)).toEqual({ Offset: 300, Limit: 100 });
    expect(pagePosition(9_999, 1_000_000, none)).toEqual({ FromEnd: true, Offset: 0, Limit: 100 });
    expect(pagePosition(9_000, 1_000_000, none)).toEqual({ FromEnd: true, Offset: 99_900, Limit: 100 });
    // a last page of 50 rows: the 50 last ones
    expect(pagePosition(9, 950, none)).toEqual({ FromEnd: true, Offset: 0, Limit: 50 });
  });

  it('does not follow a short page (it was the last one when it loaded)', () => {
    expect(pagePosition(5, 2_000, new Map([[4, page('n4', 'p4', 30)]]))).toEqual({ Offset: 500, Limit: 100 });
  });
});
