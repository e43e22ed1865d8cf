/**
 * After an in-console navigation, what a full page load would do for a person using a screen reader or
 * the keyboard: the tab's title names the page, and focus moves to the page's content, so the next Tab
 * starts there and the new page is announced, not the link that led to it.
 */
import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

const productName = 'Flagplane';

/** Moves focus to `main` whenever the path changes (not on the tab's first page). */
export function useFocusOnNavigation(main: RefObject<HTMLElement | null>, path: string): void {
  const firstPath = useRef(path);
  useEffect(() => {
    if (path !== firstPath.current) main.current?.focus();
  }, [main, path]);
}

/**
 * The tab's title for the page showing `heading` (its h1's text): called by each page's heading, so the
 * title follows it as it fills in (a project's key, then its name).
 */
export function useDocumentTitle(heading: string): void {
  useEffect(() => {
    document.title = heading ? `${heading} · ${productName}` : `${productName} console`;
  }, [heading]);
}
