import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { contactsQuery } from '../../gateway/client/queries/audience';
import type { ActionInput } from '../../gateway/contract/actions/registry';
import type { Contact } from '../../gateway/contract/audience/contact-fields';

/** Contacts per server page while scrolling (the contract allows up to 200). */
export const CONTACT_PAGE_SIZE = 100;

export type ContactFilters = Omit<ActionInput<'ListContacts'>, 'Offset' | 'Limit'>;

/**
 * Server-side paging under a virtual list: the first page gives the total, the pages under the rows
 * in view load as they scroll in, each once; a list of a million contacts keeps ~60 rows in the DOM.
 */
export function usePagedContacts(filters: ContactFilters) {
  const client = useQueryClient();
  const signature = JSON.stringify(filters);
  const first = useQuery(contactsQuery({ ...filters, Offset: 0, Limit: CONTACT_PAGE_SIZE }));
  const [pages, setPages] = useState<{ signature: string; rows: Map<number, Contact[]> }>({
    signature,
    rows: new Map(),
  });
  const requested = useRef(new Set<string>());
  const loaded = pages.signature === signature ? pages.rows : new Map<number, Contact[]>();

  const rowAt = (index: number): Contact | undefined => {
    const page = Math.floor(index / CONTACT_PAGE_SIZE);
    const rows = page === 0 ? first.data?.Contacts : loaded.get(page);
    return rows?.[index % CONTACT_PAGE_SIZE];
  };

  const onVisibleRangeChange = useCallback(
    (firstIndex: number, lastIndex: number) => {
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
          .fetchQuery(contactsQuery({ ...parsed, Offset: page * CONTACT_PAGE_SIZE, Limit: CONTACT_PAGE_SIZE }))
          .then(
            (data) =>
              setPages((current) => {
                const rows = current.signature === signature ? new Map(current.rows) : new Map<number, Contact[]>();
                rows.set(page, data.Contacts);
                return { signature, rows };
              }),
            () => requested.current.delete(key),
          );
      }
    },
    [client, signature],
  );

  /** After a write: forget the loaded pages so they load again. */
  const reset = useCallback(() => {
    requested.current.clear();
    setPages({ signature, rows: new Map() });
  }, [signature]);

  return { first, total: first.data?.Total ?? 0, rowAt, onVisibleRangeChange, reset };
}
