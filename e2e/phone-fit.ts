import { expect, type Page } from '@playwright/test';

/**
 * A phone-width window (docs/decisions.md "Phone width"): 390 x 844 CSS px, an iPhone 12-15's screen.
 * The page must not scroll sideways there; a table or a row of menus may scroll inside its own box.
 */
export const PHONE = { width: 390, height: 844 };
const ALLOWED_PX = 1;

interface Overflow {
  /** How far the page scrolls sideways: documentElement.scrollWidth - innerWidth. */
  by: number;
  /** The outermost elements past the right edge that no scrolling or clipping box holds, then the deepest. */
  offenders: string[];
}

/** Runs in the page: how much it overflows, and the elements to blame (reading scrollWidth lays it out anew). */
function measureOverflow(): Overflow {
  const width = window.innerWidth;
  const by = document.documentElement.scrollWidth - width;
  if (by <= 1) return { by, offenders: [] };
  const heldByABox = (element: Element) => {
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.position === 'fixed' || ['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX)) return true;
    }
    return false;
  };
  const past = new Set<Element>();
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    const box = element.getBoundingClientRect();
    if (
      box.width > 0 &&
      box.right > width + 1 &&
      getComputedStyle(element).position !== 'fixed' &&
      !heldByABox(element)
    )
      past.add(element);
  }
  const describe = (element: Element) => {
    const box = element.getBoundingClientRect();
    const testId = element.getAttribute('data-testid');
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${element.tagName.toLowerCase()}${testId ? ` data-testid="${testId}"` : ''} class="${(element.getAttribute('class') ?? '').slice(0, 90)}"> right ${Math.round(box.right)} px, ${Math.round(box.width)} px wide: "${text}"`;
  };
  const all = [...past];
  const outermost = all.filter((element) => !element.parentElement || !past.has(element.parentElement));
  const deepest = all
    .filter((element) => ![...element.children].some((child) => past.has(child)))
    .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right);
  const named = [...outermost.slice(0, 3), ...deepest.slice(0, 3)];
  return { by, offenders: [...new Set(named)].map(describe) };
}

/**
 * Sets the tab to a phone's width, asserts the page does not scroll sideways (1 px allowed), naming the
 * elements to blame, and gives the tab its size back. Charts and other boxes that follow their
 * container's size get a moment to redraw before the check fails.
 */
export async function expectFitsPhone(page: Page, label: string) {
  const before = page.viewportSize();
  // The pointer leaves the content first: a chart's tooltip shown where it rested at the desktop size
  // would keep that place after the resize (a real phone's tap puts it inside the chart).
  await page.mouse.move(0, 0);
  await page.setViewportSize(PHONE);
  try {
    let last: Overflow = { by: 0, offenders: [] };
    await expect
      .poll(
        async () => {
          last = await page.evaluate(measureOverflow);
          return last.by <= ALLOWED_PX;
        },
        { timeout: 2_000, intervals: [100, 250, 500] },
      )
      .toBe(true)
      .catch(() => undefined);
    expect(
      last.by,
      `${label} scrolls sideways by ${last.by} px at ${PHONE.width} px:\n${last.offenders.join('\n')}`,
    ).toBeLessThanOrEqual(ALLOWED_PX);
  } finally {
    if (before) await page.setViewportSize(before);
  }
}
