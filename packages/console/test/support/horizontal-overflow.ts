/**
 * How far a page reaches past the right edge of its viewport: the document's own width, and every box and
 * line of text that shows beyond the edge, unless a scroll container of its own holds it (it then scrolls
 * there, not the page). What an ancestor clips (`overflow: hidden`, a `clip-path` such as the visually
 * hidden text's) counts only as far as that ancestor reaches.
 */
import type { Page } from 'playwright-core';

export interface HorizontalOverflow {
  /** `document.documentElement.clientWidth`: the width the page has. */
  readonly viewportWidth: number;
  /** `document.documentElement.scrollWidth`: the width the page takes. */
  readonly pageWidth: number;
  /** How many boxes and lines of text show beyond the right edge, outside any scroll container. */
  readonly beyondTheEdge: number;
  /** The first ten of them, described: tag, classes, text, where it ends. */
  readonly examples: readonly string[];
}

/** Evaluated in the page; self-contained (no helper outside it reaches the page). */
function measureInPage(): HorizontalOverflow {
  const viewportWidth = document.documentElement.clientWidth;
  const tolerance = 0.5; // sub-pixel rounding of a box that ends exactly at the edge
  const examples: string[] = [];
  let beyondTheEdge = 0;

  /**
   * The right edge of what shows of a box or line ending at `right`, cut by every clipping ancestor from
   * `from` up; null when a scroll container holds it.
   */
  const shownRight = (from: Element | null, right: number): number | null => {
    let edge = right;
    for (let ancestor = from; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
      const style = getComputedStyle(ancestor);
      if (style.overflowX === 'auto' || style.overflowX === 'scroll') return null;
      if (style.overflowX === 'hidden' || style.overflowX === 'clip' || style.clipPath !== 'none')
        edge = Math.min(edge, ancestor.getBoundingClientRect().right);
    }
    return edge;
  };
  const record = (element: Element, what: string, right: number) => {
    beyondTheEdge += 1;
    if (examples.length >= 10) return;
    const classes =
      typeof element.className === 'string' ? element.className.trim().replace(/\s+/g, '.') : '';
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
    examples.push(
      `${what} of ${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${text}" ends at ${Math.round(right)} px`,
    );
  };

  for (const element of document.body.querySelectorAll('*')) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || box.right <= viewportWidth + tolerance) continue;
    if (getComputedStyle(element).visibility === 'hidden') continue;
    const right = shownRight(element.parentElement, box.right);
    if (right !== null && right > viewportWidth + tolerance) record(element, 'box', right);
  }
  const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    if (!node.textContent?.trim() || !node.parentElement) continue;
    range.selectNodeContents(node);
    for (const line of range.getClientRects()) {
      if (line.width === 0 || line.right <= viewportWidth + tolerance) continue;
      const right = shownRight(node.parentElement, line.right);
      if (right !== null && right > viewportWidth + tolerance) record(node.parentElement, 'text', right);
    }
  }
  return { viewportWidth, pageWidth: document.documentElement.scrollWidth, beyondTheEdge, examples };
}

export function measureHorizontalOverflow(page: Page): Promise<HorizontalOverflow> {
  return page.evaluate(measureInPage);
}

/** Whether the page fits its width: no horizontal scroll, nothing shown beyond the edge. */
export function fits(overflow: HorizontalOverflow): boolean {
  return overflow.pageWidth <= overflow.viewportWidth && overflow.beyondTheEdge === 0;
}
