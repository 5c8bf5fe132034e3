import { useCallback, useState } from 'react';
import { PAGE_SIZES, type PaginationProps } from './Pagination';

/**
 * A server-paged list's page and page size. A new filter or page size goes back to page 1
 * (`refilter` wraps a filter's setter so). `pagination(total)` gives the Pagination's props.
 */
export function usePaging<Size extends number = (typeof PAGE_SIZES.compact)[number]>(
  sizes: readonly Size[] = PAGE_SIZES.compact as readonly number[] as readonly Size[],
) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<Size>(sizes[0]);
  const refilter = useCallback(
    <T>(set: (value: T) => void) =>
      (value: T) => {
        set(value);
        setPage(1);
      },
    [],
  );
  const pagination = (total: number): PaginationProps => ({
    page,
    pageSize,
    total,
    onPageChange: setPage,
    onPageSizeChange: refilter((size: number) => setPageSize(size as Size)),
    pageSizes: sizes,
  });
  return { page, pageSize, refilter, pagination };
}
