import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { contactsQuery } from '../../gateway/client/queries/audience';
import type { ActionInput } from '../../gateway/contract/actions/registry';
import type { Contact } from '../../gateway/contract/audience/contact-fields';

/** Contacts per server page while scrolling (the contract allows up to 200). */
export const CONTACT_PAGE_SIZE = 100;

/** How long the visible rows must stay put before their pages are asked for (a fast scroll asks once). */
export const CONTACT_PAGE_SETTLE_MS = 120;

export type ContactFilters = Omit<
  ActionInput<'ListContacts'>,
  'Offset' | 'Limit' | 'After' | 'Before' | 'FromEnd' | 'CountTotal'
>;

export interface LoadedPage {
  rows: Contact[];
  /** The server's cursors of the page's last and first rows. */
  next: string;
  previous: string;
}

type PagePosition = Pick<ActionInput<'ListContacts'>, 'Offset' | 'Limit' | 'After' | 'Before' | 'FromEnd'>;

/**
 * How to ask for page `page` of `total` rows: right after the page above it or right before the page
 * below it when one is loaded (keyset: as fast at row 900,000 as at row 100), else by offset from the
 * nearer end of the list, so the last pages cost what the first ones do.
 */
export function pagePosition(
  page: number,
  total: number,
  loaded: ReadonlyMap<number, LoadedPage>,
  size = CONTACT_PAGE_SIZE,
): PagePosition {
  const above = loaded.get(page - 1);
  if (above?.next && above.rows.length === size) return { After: above.next, Limit: size };
  const below = loaded.get(page + 1);
  if (below?.previous) return { Before: below.previous, Limit: size };
  const start = page * size;
  if (start < total / 2) return { Offset: start, Limit: size };
  const fromEnd = total - start - size;
  return fromEnd >= 0
    ? { FromEnd: true, Offset: fromEnd, Limit: size }
    : { FromEnd: true, Offset: 0, Limit: Math.max(1, size + fromEnd) };
}

/**
 * Server-side paging under a virtual list: the first page gives the total, the pages under the rows
 * in view load once the scrolling settles, each once; a list of a million contacts keeps ~60 rows in the DOM.
 */
export function usePagedContacts(filters: ContactFilters) {
  const client = useQueryClient();
  const signature = JSON.stringify(filters);
  const first = useQuery(contactsQuery({ ...filters, Offset: 0, Limit: CONTACT_PAGE_SIZE }));
  const total = first.data?.Total ?? 0;
  const [pages, setPages] = useState<{ signature: string; rows: Map<number, LoadedPage> }>({
    signature,
    rows: new Map(),
  });
  const requested = useRef(new Set<string>());
  const loaded = pages.signature === signature ? pages.rows : new Map<number, LoadedPage>();
  const loadedRef = useRef(loaded);
  loadedRef.current = loaded;
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);

  const rowAt = (index: number): Contact | undefined => {
    const page = Math.floor(index / CONTACT_PAGE_SIZE);
    const rows = page === 0 ? first.data?.Contacts : loaded.get(page)?.rows;
    return rows?.[index % CONTACT_PAGE_SIZE];
  };

  const fetchPages = useCallback(
    (firstIndex: number, lastIndex: number) => {
      const known = new Map(loadedRef.current);
      if (first.data) known.set(0, { rows: first.data.Contacts, next: first.data.Next, previous: first.data.Previous });
      for (
        let page = Math.floor(firstIndex / CONTACT_PAGE_SIZE);
        page <= Math.floor(lastIndex / CONTACT_PAGE_SIZE);
        page++
      ) {
        const key = `${signature}#${page}`;
        if (page === 0 || requested.current.has(key)) continue;
        requested.current.add(key);
        const parsed = JSON.parse(signature) as ContactFilters;
        void client
          .fetchQuery(contactsQuery({ ...parsed, ...pagePosition(page, total, known), CountTotal: false }))
          .then(
            (data) =>
              setPages((current) => {
                const rows = current.signature === signature ? new Map(current.rows) : new Map<number, LoadedPage>();
                rows.set(page, { rows: data.Contacts, next: data.Next, previous: data.Previous });
                return { signature, rows };
              }),
            () => requested.current.delete(key),
          );
      }
    },
    [client, signature, total, first.data],
  );

  const onVisibleRangeChange = useCallback(
    (firstIndex: number, lastIndex: number) => {
      clearTimeout(settle.current);
      settle.current = setTimeout(() => fetchPages(firstIndex, lastIndex), CONTACT_PAGE_SETTLE_MS);
    },
    [fetchPages],
  );

  /** After a write: forget the loaded pages so they load again. */
  const reset = useCallback(() => {
    requested.current.clear();
    setPages({ signature, rows: new Map() });
  }, [signature]);

  return { first, total, rowAt, onVisibleRangeChange, reset };
}
