/**
 * The scroll arithmetic of a virtual list of fixed-height rows, pure (VirtualTable renders it).
 *
 * Browsers cap a box's height: Chromium stops at 33,554,428 px, Firefox near 17,895,697 px. A million
 * 40 px rows need 40,000,000 px, so past a safe height the list keeps two coordinates apart:
 * - the **box**: the scroll element's own `scrollTop`, over a spacer at most MAX_SCROLL_PX tall;
 * - the **content**: where the rows are, `row * rowHeight`, up to `rows * rowHeight`.
 * `contentTop = scrollTop + shift`. A step (wheel, arrow keys, Page Up/Down, a touch swipe) keeps the
 * shift, so the rows move by exactly the pixels scrolled; a jump (dragging the thumb, Home/End, a far
 * `scrollTo`) sets the shift so the content sits in proportion to the box
 * (`scrollTop / boxMax = contentTop / contentMax`), so the scrollbar's whole range spans every row;
 * the top and the bottom of the box are always the first and the last row. Below the cap the shift
 * is 0 and both coordinates are one. (Glide Data Grid keeps its offset the same way; SlickGrid pages
 * the content instead, which jumps every few thousand rows even while wheeling.)
 */

/**
 * The tallest spacer a list makes: under Firefox's ~17.9 million px and Chromium's ~33.5 million px
 * caps with room to spare (zoom scales the cap), and still ~28,000 px of scroll per pixel of a
 * 540 px scrollbar's thumb, so a thumb drag always reads as a jump.
 */
export const MAX_SCROLL_PX = 15_000_000;

/**
 * A scroll that moves the box by more than this (or by more than a viewport and a half) between two
 * scroll events is a jump, anything smaller a step. A wheel notch is ~100 px, Page Down under a
 * viewport; one pixel of thumb is thousands.
 */
export const JUMP_PX = 2_000;

export interface ScrollGeometry {
  rowCount: number;
  rowHeight: number;
  /** The scroll box's inner height (clientHeight). */
  viewport: number;
}

/** The content's height: every row. */
export function contentHeight({ rowCount, rowHeight }: ScrollGeometry): number {
  return Math.max(0, rowCount) * rowHeight;
}

/** The spacer's height: the content's, capped at MAX_SCROLL_PX. */
export function boxHeight(geometry: ScrollGeometry): number {
  return Math.min(contentHeight(geometry), MAX_SCROLL_PX);
}

/** The largest scrollTop of the box, and the largest content top (the last row at the bottom). */
export function scrollLimits(geometry: ScrollGeometry): { boxMax: number; contentMax: number } {
  return {
    boxMax: Math.max(0, boxHeight(geometry) - geometry.viewport),
    contentMax: Math.max(0, contentHeight(geometry) - geometry.viewport),
  };
}

/** Whether the content is taller than the box (the shift can be non-zero). */
export function isScaled(geometry: ScrollGeometry): boolean {
  return contentHeight(geometry) > MAX_SCROLL_PX;
}

/** The content top at a box scrollTop in proportion (what a jump lands on). Identity below the cap. */
export function contentTopAt(scrollTop: number, geometry: ScrollGeometry): number {
  const { boxMax, contentMax } = scrollLimits(geometry);
  if (boxMax <= 0) return 0;
  const top = Math.min(Math.max(scrollTop, 0), boxMax);
  return top === boxMax ? contentMax : (top * contentMax) / boxMax;
}

/** The box scrollTop whose proportional content top is `contentTop` (the inverse of contentTopAt). */
export function scrollTopFor(contentTop: number, geometry: ScrollGeometry): number {
  const { boxMax, contentMax } = scrollLimits(geometry);
  if (contentMax <= 0) return 0;
  const top = Math.min(Math.max(contentTop, 0), contentMax);
  return top === contentMax ? boxMax : (top * boxMax) / contentMax;
}

/** The first row (at least partly) in view when the content top is `contentTop`. */
export function rowAtContentTop(contentTop: number, geometry: ScrollGeometry): number {
  if (geometry.rowCount <= 0) return 0;
  return Math.min(geometry.rowCount - 1, Math.max(0, Math.floor(contentTop / geometry.rowHeight)));
}

/** The first row in view at a box scrollTop reached by a jump. */
export function firstRowAt(scrollTop: number, geometry: ScrollGeometry): number {
  return rowAtContentTop(contentTopAt(scrollTop, geometry), geometry);
}

/** The box scrollTop a jump to `row` (row at the top of the view, or as near as the end allows) takes. */
export function scrollTopForRow(row: number, geometry: ScrollGeometry): number {
  return scrollTopFor(row * geometry.rowHeight, geometry);
}

/** The shift (content top minus scrollTop) a jump to `scrollTop` lands on. */
export function jumpShift(scrollTop: number, geometry: ScrollGeometry): number {
  return isScaled(geometry)
    ? contentTopAt(scrollTop, geometry) - Math.min(Math.max(scrollTop, 0), scrollLimits(geometry).boxMax)
    : 0;
}

/**
 * The shift after the box moved from `previousTop` (with `previousShift`) to `scrollTop`: kept on a
 * step, set in proportion on a jump, and exact at the top and the bottom of the box.
 */
export function nextShift(
  previousTop: number,
  previousShift: number,
  scrollTop: number,
  geometry: ScrollGeometry,
): number {
  if (!isScaled(geometry)) return 0;
  const { boxMax, contentMax } = scrollLimits(geometry);
  // the ends of the box are the ends of the list (a pixel's slack: zoom makes scrollTop fractional)
  if (scrollTop <= 0) return 0;
  if (scrollTop >= boxMax - 1) return contentMax - scrollTop;
  const moved = Math.abs(scrollTop - previousTop);
  if (moved > Math.max(JUMP_PX, geometry.viewport * 1.5)) return jumpShift(scrollTop, geometry);
  // a step: the same shift, as long as the content stays within its own bounds
  return Math.min(Math.max(previousShift, -scrollTop), contentMax - scrollTop);
}

/** The rows to render: those in view at `contentTop` and `overscan` more each side (inclusive). */
export function visibleRows(
  contentTop: number,
  geometry: ScrollGeometry,
  overscan: number,
): { first: number; last: number } | null {
  if (geometry.rowCount <= 0 || geometry.viewport <= 0) return null;
  const first = rowAtContentTop(contentTop, geometry);
  const last = rowAtContentTop(contentTop + geometry.viewport - 1, geometry);
  return { first: Math.max(0, first - overscan), last: Math.min(geometry.rowCount - 1, last + overscan) };
}
