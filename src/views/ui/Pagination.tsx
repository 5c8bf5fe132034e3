import { useTranslation } from 'react-i18next';
import { Select } from './Select';

/** Spec 000 §9 page size options: 12 and 24 (grids); 20, 40, 80; 10, 15, 30. */
export const PAGE_SIZES = { grid: [12, 24], wide: [20, 40, 80], compact: [10, 15, 30] } as const;

export interface PaginationProps {
  /** 1-based */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  pageSizes?: readonly number[];
}

/** Server-side paging: previous/next, a window of page numbers, and the page size. An empty list has none (issue 18 §19). */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  pageSizes = PAGE_SIZES.compact,
}: PaginationProps) {
  const { t } = useTranslation('common');
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = Math.max(1, Math.min(page - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => from + i);
  const button = 'min-w-8 rounded-md px-2 py-1 text-sm disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <nav
      aria-label={t('ui.pagination.label')}
      className="flex flex-wrap items-center justify-end gap-2 pt-3 text-sm text-slate-600"
    >
      <span data-testid="pagination-total">{t('ui.pagination.total', { count: total })}</span>
      <button
        type="button"
        className={`${button} hover:bg-slate-100`}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
        aria-label={t('ui.pagination.previous')}
      >
        ‹
      </button>
      {numbers.map((n) => (
        <button
          key={n}
          type="button"
          aria-current={n === page ? 'page' : undefined}
          aria-label={t('ui.pagination.page', { page: n })}
          className={`${button} ${n === page ? 'bg-brand-600 text-white' : 'hover:bg-slate-100'}`}
          onClick={() => onPageChange(n)}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className={`${button} hover:bg-slate-100`}
        disabled={page >= pages}
        onClick={() => onPageChange(page + 1)}
        aria-label={t('ui.pagination.next')}
      >
        ›
      </button>
      {onPageSizeChange && (
        <Select
          hideLabel
          className="w-32"
          label={t('ui.pagination.pageSize')}
          value={pageSize}
          onChange={onPageSizeChange}
          options={pageSizes.map((size) => ({ value: size, label: t('ui.pagination.perPage', { count: size }) }))}
        />
      )}
    </nav>
  );
}
