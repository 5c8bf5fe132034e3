import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface VirtualColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** a CSS grid track: '12rem', 'minmax(8rem,1fr)' */
  width: string;
  align?: 'left' | 'right';
}

export interface VirtualTableProps<T> {
  caption: string;
  columns: VirtualColumn<T>[];
  /** All rows the server says there are; rows not loaded yet show as placeholders. */
  rowCount: number;
  /** The row at an index, or undefined while its page is still on its way. */
  rowAt: (index: number) => T | undefined;
  rowKey?: (row: T, index: number) => string;
  /** Called with the first and last index on screen, so the caller fetches those pages. */
  onVisibleRangeChange?: (first: number, last: number) => void;
  rowHeight?: number;
  /** CSS height of the scroll box. */
  height?: string;
  testId?: string;
}

/**
 * A table for long lists (send records: 100,000 rows and more). Only the rows in view plus a small
 * overscan are in the DOM (@tanstack/react-virtual), so the DOM stays under 100 rows at any scroll
 * position. The scroll box takes focus, so arrow keys, Page Up/Down, Home and End scroll it.
 */
export function VirtualTable<T>({
  caption,
  columns,
  rowCount,
  rowAt,
  rowKey,
  onVisibleRangeChange,
  rowHeight = 40,
  height = '60vh',
  testId,
}: VirtualTableProps<T>) {
  const { t } = useTranslation('common');
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (last >= 0) onVisibleRangeChange?.(first, last);
  }, [first, last, onVisibleRangeChange]);
  const template = columns.map((c) => c.width).join(' ');
  return (
    <div
      role="table"
      aria-label={caption}
      aria-rowcount={rowCount + 1}
      data-testid={testId}
      className="overflow-hidden rounded-[var(--radius-herald)] border border-slate-200 bg-white text-sm"
    >
      <div role="rowgroup">
        <div
          role="row"
          aria-rowindex={1}
          className="grid bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-500"
          style={{ gridTemplateColumns: template }}
        >
          {columns.map((column) => (
            <div
              role="columnheader"
              key={column.key}
              className={`truncate px-3 py-2 ${column.align === 'right' ? 'text-right' : ''}`}
            >
              {column.header}
            </div>
          ))}
        </div>
      </div>
      <div
        ref={scrollRef}
        tabIndex={0}
        role="rowgroup"
        aria-label={caption}
        data-testid={testId ? `${testId}-scroll` : undefined}
        className="overflow-auto outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        style={{ height }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = rowAt(item.index);
            return (
              <div
                role="row"
                key={row && rowKey ? rowKey(row, item.index) : item.key}
                aria-rowindex={item.index + 2}
                data-testid="virtual-row"
                className="absolute inset-x-0 top-0 grid items-center border-b border-slate-100 hover:bg-slate-50"
                style={{ height: item.size, transform: `translateY(${item.start}px)`, gridTemplateColumns: template }}
              >
                {row ? (
                  columns.map((column) => (
                    <div
                      role="cell"
                      key={column.key}
                      className={`truncate px-3 ${column.align === 'right' ? 'text-right tabular-nums' : ''}`}
                    >
                      {column.cell(row)}
                    </div>
                  ))
                ) : (
                  <div role="cell" className="col-span-full px-3 text-slate-400">
                    <span className="sr-only">{t('ui.loading')}</span>
                    <span aria-hidden className="block h-3 w-2/3 animate-pulse rounded bg-slate-100" />
                  </div>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
