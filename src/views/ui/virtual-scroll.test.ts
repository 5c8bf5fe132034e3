import { describe, expect, it } from 'vitest';
import {
  boxHeight,
  contentTopAt,
  firstRowAt,
  JUMP_PX,
  MAX_SCROLL_PX,
  nextShift,
  scrollLimits,
  scrollTopFor,
  scrollTopForRow,
  visibleRows,
  type ScrollGeometry,
} from './virtual-scroll';

const VIEWPORT = 540; // 60vh of a 900 px window
const at = (rowCount: number): ScrollGeometry => ({ rowCount, rowHeight: 40, viewport: VIEWPORT });

/** The rows in view once the scroll has come to `top` from `from` (shift `shift` there). */
function shownAfter(geometry: ScrollGeometry, from: number, shift: number, top: number) {
  const next = nextShift(from, shift, top, geometry);
  return { shift: next, rows: visibleRows(top + next, geometry, 0)! };
}

describe('virtual-scroll: a box the browser can draw over a million rows', () => {
  it('keeps a short list as it is: box and content are one', () => {
    const ten = at(10);
    expect(boxHeight(ten)).toBe(400);
    // 10 rows fit the viewport: nothing to scroll, every row in view
    expect(scrollLimits(ten)).toEqual({ boxMax: 0, contentMax: 0 });
    expect(firstRowAt(0, ten)).toBe(0);
    expect(visibleRows(0, ten, 0)).toEqual({ first: 0, last: 9 });
    // 100,000 rows (4,000,000 px) is under the cap: scrollTop is the content top, shift is always 0
    const records = at(100_000);
    expect(boxHeight(records)).toBe(4_000_000);
    expect(contentTopAt(123_456, records)).toBe(123_456);
    expect(scrollTopFor(123_456, records)).toBe(123_456);
    expect(firstRowAt(40 * 77_777, records)).toBe(77_777);
    expect(nextShift(0, 0, 3_000_000, records)).toBe(0);
  });

  it.each([1_000_000, 5_000_000])('caps the box at %i rows and spans every row', (rowCount) => {
    const geometry = at(rowCount);
    expect(boxHeight(geometry)).toBe(MAX_SCROLL_PX);
    const { boxMax, contentMax } = scrollLimits(geometry);
    expect(boxMax).toBe(MAX_SCROLL_PX - VIEWPORT);
    expect(contentMax).toBe(rowCount * 40 - VIEWPORT);
    // the top is the first row, the bottom shows the last one
    expect(firstRowAt(0, geometry)).toBe(0);
    expect(contentTopAt(boxMax, geometry)).toBe(contentMax);
    expect(visibleRows(contentTopAt(boxMax, geometry), geometry, 0)?.last).toBe(rowCount - 1);
    // the middle of the scrollbar is the middle of the list
    expect(Math.abs(firstRowAt(boxMax / 2, geometry) - (rowCount - VIEWPORT / 40) / 2)).toBeLessThanOrEqual(1);
  });

  it.each([10, 1_000_000, 5_000_000])('maps scrollTop to row and back at %i rows', (rowCount) => {
    const geometry = at(rowCount);
    const { boxMax } = scrollLimits(geometry);
    const lastTopRow = Math.max(0, firstRowAt(boxMax, geometry));
    for (const row of [0, 1, 7, Math.floor(rowCount / 3), Math.floor(rowCount / 2), lastTopRow]) {
      if (row > lastTopRow) continue;
      const top = scrollTopForRow(row, geometry);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThanOrEqual(boxMax);
      // a jump to that scrollTop shows the row at the top (float rounding within a pixel)
      expect(Math.abs(contentTopAt(top, geometry) - row * 40)).toBeLessThan(1e-3);
      expect(firstRowAt(top + 1e-6, geometry)).toBe(row);
    }
    for (const top of [0, 1, 333, boxMax / 3, boxMax - 1, boxMax].filter((t) => t >= 0 && t <= boxMax)) {
      const content = contentTopAt(top, geometry);
      expect(Math.abs(scrollTopFor(content, geometry) - top)).toBeLessThan(1e-3);
    }
  });

  it.each([1_000_000, 5_000_000])('is monotonic: a lower scrollTop never shows a later row (%i rows)', (rowCount) => {
    const geometry = at(rowCount);
    const { boxMax } = scrollLimits(geometry);
    let previous = -1;
    let backwards = 0;
    for (let step = 0; step <= 10_000; step++) {
      const row = firstRowAt((boxMax * step) / 10_000, geometry);
      if (row < previous) backwards++;
      previous = row;
    }
    expect(backwards).toBe(0);
    expect(previous).toBe(rowCount - Math.ceil(VIEWPORT / 40));
  });

  it('moves small scrolls by rows, not by the scale', () => {
    const geometry = at(1_000_000);
    const { boxMax } = scrollLimits(geometry);
    // a jump (the thumb dragged to a third) lands in proportion
    const jumped = shownAfter(geometry, 0, 0, boxMax / 3);
    expect(jumped.rows.first).toBe(firstRowAt(boxMax / 3, geometry));
    // a wheel notch (100 px), an arrow key (40 px), Page Down (a viewport): the rows move by as many pixels
    let top = boxMax / 3;
    let shift = jumped.shift;
    let first = jumped.rows.first;
    for (const delta of [120, 40, 40, 480, -40, -480]) {
      const next = shownAfter(geometry, top, shift, top + delta);
      expect(next.shift).toBe(shift);
      expect(next.rows.first - first).toBe(Math.round(delta / 40));
      top += delta;
      shift = next.shift;
      first = next.rows.first;
    }
    // a move past the jump threshold is a jump again
    const far = shownAfter(geometry, top, shift, top + JUMP_PX + 1);
    expect(far.rows.first).toBe(firstRowAt(top + JUMP_PX + 1, geometry));
  });

  it('reaches the last row and the first one by steps at the ends of the box', () => {
    const geometry = at(1_000_000);
    const { boxMax, contentMax } = scrollLimits(geometry);
    // from a jump to the middle, Page Down to the bottom of the box: the last row shows
    const middle = nextShift(0, 0, boxMax / 2, geometry);
    const bottom = shownAfter(geometry, boxMax - 200, middle, boxMax);
    expect(bottom.shift).toBe(contentMax - boxMax);
    expect(bottom.rows.last).toBe(999_999);
    // and up from the bottom by a step: the rows just above it
    const up = shownAfter(geometry, boxMax, bottom.shift, boxMax - 40);
    expect(up.rows.last).toBe(999_998);
    // back up to the top by steps: the first row
    const top = shownAfter(geometry, 100, middle, 0);
    expect(top.shift).toBe(0);
    expect(top.rows.first).toBe(0);
  });

  it('never shows content outside the list after any sequence of scrolls', () => {
    const geometry = at(5_000_000);
    const { boxMax, contentMax } = scrollLimits(geometry);
    let top = 0;
    let shift = 0;
    let seed = 7;
    const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    let outside = 0;
    for (let i = 0; i < 5_000; i++) {
      const delta = random() < 0.9 ? (random() - 0.5) * 1_000 : (random() - 0.5) * boxMax;
      const next = Math.min(boxMax, Math.max(0, top + delta));
      shift = nextShift(top, shift, next, geometry);
      top = next;
      if (top + shift < 0 || top + shift > contentMax) outside++;
    }
    expect(outside).toBe(0);
  });
});
