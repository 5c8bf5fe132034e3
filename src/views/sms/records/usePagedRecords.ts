import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { smsRecordsQuery } from '../../../gateway/client/queries/sms';
import type { ActionInput } from '../../../gateway/contract/actions/registry';
import type { SmsRecord } from '../../../gateway/contract/actions/sms-records';

/** Records per server page while scrolling (the contract allows up to 500). */
export const RECORD_PAGE_SIZE = 200;

export type RecordFilters = Omit<ActionInput<'GetUSMSSendRecord'>, 'Page' | 'NumPerPage'>;

/**
 * Server-side paging under a virtual list: the first page gives the total, further pages load as
 * the rows they hold scroll into view, each once (TanStack Query caches them by filters and page).
 */
export function usePagedRecords(filters: RecordFilters) {
  const client = useQueryClient();
  const signature = JSON.stringify(filters);
  const first = useQuery(smsRecordsQuery({ ...filters, Page: 1, NumPerPage: RECORD_PAGE_SIZE }));
  const [pages, setPages] = useState<{ signature: string; rows: Map<number, SmsRecord[]> }>({
    signature,
    rows: new Map(),
  });
  const requested = useRef(new Set<string>());
  const loaded = pages.signature === signature ? pages.rows : new Map<number, SmsRecord[]>();

  const rowAt = (index: number): SmsRecord | undefined => {
    const page = Math.floor(index / RECORD_PAGE_SIZE) + 1;
    const rows = page === 1 ? first.data?.Records : loaded.get(page);
    return rows?.[index % RECORD_PAGE_SIZE];
  };

  const onVisibleRangeChange = useCallback(
    (firstIndex: number, lastIndex: number) => {
      const wanted: number[] = [];
      for (
        let page = Math.floor(firstIndex / RECORD_PAGE_SIZE) + 1;
        page <= Math.floor(lastIndex / RECORD_PAGE_SIZE) + 1;
        page++
      )
        if (page > 1) wanted.push(page);
      for (const page of wanted) {
        const key = `${signature}#${page}`;
        if (requested.current.has(key)) continue;
        requested.current.add(key);
        const parsed = JSON.parse(signature) as RecordFilters;
        void client.fetchQuery(smsRecordsQuery({ ...parsed, Page: page, NumPerPage: RECORD_PAGE_SIZE })).then(
          (data) =>
            setPages((current) => {
              const rows = current.signature === signature ? new Map(current.rows) : new Map<number, SmsRecord[]>();
              rows.set(page, data.Records);
              return { signature, rows };
            }),
          () => requested.current.delete(key),
        );
      }
    },
    [client, signature],
  );

  return { first, total: first.data?.Total ?? 0, rowAt, onVisibleRangeChange };
}
