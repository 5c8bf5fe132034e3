import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type UIEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { boxHeight, jumpShift, nextShift, visibleRows, type ScrollGeometry } from './virtual-scroll';

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

/** Rows rendered above and below the ones in view. */
const OVERSCAN = 10;

/**
 * A table for long lists (send records: 100,000 rows and more, contacts: a million). Only the rows in
 * view plus a small overscan are in the DOM, so the DOM stays under 100 rows at any scroll position.
 * The rows are all `rowHeight` tall, so where each one sits is arithmetic (`virtual-scroll.ts`); past
 * MAX_SCROLL_PX of rows the scroll range is scaled, so the browser's cap on a box's height does not
 * hide the last rows. The scroll box takes focus, so arrow keys, Page Up/Down, Home and End scroll it.
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
  const [viewport, setViewport] = useState(0);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const measure = () => setViewport(element.clientHeight);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const geometry: ScrollGeometry = { rowCount, rowHeight, viewport };
  const geometryKey = `${rowCount}:${rowHeight}:${viewport}`;
  // The box's scrollTop and the content's shift from it (0 below the cap), as of the last scroll
  // event; a new row count or viewport puts the content back in proportion.
  const [position, setPosition] = useState({ top: 0, shift: 0, key: geometryKey });
  const shift = position.key === geometryKey ? position.shift : jumpShift(position.top, geometry);
  const tracked = useRef({ top: position.top, shift, key: geometryKey, geometry });
  tracked.current = { top: position.top, shift, key: geometryKey, geometry };
  const onScroll = useCallback((event: UIEvent<HTMLDivElement>) => {
    const top = event.currentTarget.scrollTop;
    const previous = tracked.current;
    const next = { top, shift: nextShift(previous.top, previous.shift, top, previous.geometry), key: previous.key };
    tracked.current = { ...previous, top: next.top, shift: next.shift };
    // the rows move with the scroll, not a frame after it
    flushSync(() => setPosition(next));
  }, []);
  const range = visibleRows(position.top + shift, geometry, OVERSCAN);
  const first = range?.first ?? 0;
  const last = range?.last ?? -1;
  useEffect(() => {
    if (last >= 0) onVisibleRangeChange?.(first, last);
  }, [first, last, onVisibleRangeChange]);
  const indexes = Array.from({ length: last - first + 1 }, (_, offset) => first + offset);
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
        onScroll={onScroll}
      >
        <div style={{ height: boxHeight(geometry), position: 'relative' }}>
          {indexes.map((index) => {
            const row = rowAt(index);
            return (
              <div
                role="row"
                key={row && rowKey ? rowKey(row, index) : index}
                aria-rowindex={index + 2}
                data-testid="virtual-row"
                className="absolute inset-x-0 top-0 grid items-center border-b border-slate-100 hover:bg-slate-50"
                style={{
                  height: rowHeight,
                  transform: `translateY(${index * rowHeight - shift}px)`,
                  gridTemplateColumns: template,
                }}
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
