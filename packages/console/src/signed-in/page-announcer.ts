/**
 * What a full page load does for a person using a screen reader or the keyboard, done by the console
 * itself: the tab's title names the page (every page, the sign-in page included), and after an in-console
 * navigation focus moves to the page's content, so the next Tab starts there and the new page is
 * announced, not the link that led to it.
 */
import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

const productName = 'Flagplane';

/**
 * Moves focus to `main`, and the view to the top, whenever the path changes: not when the console first
 * shows (the tab's first page keeps the browser's own focus), but on every navigation after it, back to
 * that first page included.
 */
export function useFocusOnNavigation(main: RefObject<HTMLElement | null>, path: string): void {
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [main, path]);
}

/**
 * The tab's title, naming the page (`heading`, usually its h1's text): each page calls it with what it
 * shows, so the title follows the heading as it fills in (a project's key, then its name).
 */
export function useDocumentTitle(heading: string): void {
  useEffect(() => {
    document.title = heading ? `${heading} · ${productName}` : `${productName} console`;
  }, [heading]);
}
