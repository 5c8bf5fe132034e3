import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { EmptyState, ErrorState } from './EmptyState';
import { Spinner } from './Spinner';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
  align?: 'left' | 'right';
}

export interface DataTableProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  isLoading?: boolean;
  /** Already translated; shown with a retry button. */
  error?: string | null;
  onRetry?: () => void;
  empty: { title: ReactNode; description?: ReactNode; action?: ReactNode };
  /** The buttons of one row; the view decides which, from the row's lifecycle (`can()`). */
  rowActions?: (row: T) => ReactNode;
  testId?: string;
}

/** A plain table for paged lists: header, rows, and its loading, empty and error states. */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  isLoading,
  error,
  onRetry,
  empty,
  rowActions,
  testId,
}: DataTableProps<T>) {
  const { t } = useTranslation('common');
  const span = columns.length + (rowActions ? 1 : 0);
  let body: ReactNode;
  if (error) body = <ErrorState message={error} onRetry={onRetry} retryLabel={t('retry')} />;
  else if (isLoading && !rows)
    body = (
      <div className="flex justify-center py-10 text-brand-600">
        <Spinner className="h-6 w-6" label={t('ui.loading')} />
      </div>
    );
  else if (!rows?.length) body = <EmptyState {...empty} />;
  return (
    <div className="overflow-x-auto" data-testid={testId} aria-busy={isLoading || undefined}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-500">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`px-3 py-2 ${column.align === 'right' ? 'text-right' : ''} ${column.className ?? ''}`}
              >
                {column.header}
              </th>
            ))}
            {rowActions && (
              <th scope="col" className="px-3 py-2 text-right">
                {t('ui.actions')}
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {body ? (
            <tr>
              <td colSpan={span}>{body}</td>
            </tr>
          ) : (
            rows!.map((row) => (
              <tr key={rowKey(row)} data-testid="table-row" className="hover:bg-slate-50">
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={`px-3 py-2 align-middle ${column.align === 'right' ? 'text-right tabular-nums' : ''} ${column.className ?? ''}`}
                  >
                    {column.cell(row)}
                  </td>
                ))}
                {rowActions && (
                  <td className="px-3 py-2 text-right">
                    <div className="flex justify-end gap-1">{rowActions(row)}</div>
                  </td>
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A small text button for table rows. */
/**
 * A row's action: a link where it opens a page (so it can be opened in a new tab, issue 18 §19), a
 * button where it acts in place.
 */
export function RowAction({
  children,
  danger,
  testId,
  ...target
}: {
  children: ReactNode;
  danger?: boolean;
  testId?: string;
} & ({ onClick: () => void; href?: never } | { href: string; onClick?: never })) {
  const className = `rounded px-2 py-1 text-sm font-medium hover:bg-slate-100 ${danger ? 'text-red-600' : 'text-brand-700'}`;
  if (target.href !== undefined)
    return (
      <Link href={target.href} data-testid={testId} className={className}>
        {children}
      </Link>
    );
  return (
    <button type="button" data-testid={testId} onClick={target.onClick} className={className}>
      {children}
    </button>
  );
}
