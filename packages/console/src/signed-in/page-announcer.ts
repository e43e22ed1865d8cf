/**
 * After an in-console navigation, what a full page load would do for a person using a screen reader or
 * the keyboard: the tab's title names the page (its h1), and focus moves to the page's content, so the
 * next Tab starts there and the new page is announced, not the link that led to it.
 */
import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

const productName = 'Flagplane';

export function usePageAnnouncer(main: RefObject<HTMLElement | null>, path: string): void {
  const firstPath = useRef(path);
  useEffect(() => {
    const element = main.current;
    if (!element) return;
    // The h1 fills in as the page loads (a project's key, then its name): the title follows it.
    const nameTitle = () => {
      const heading = element.querySelector('h1')?.textContent?.trim();
      document.title = heading ? `${heading} · ${productName}` : `${productName} console`;
    };
    nameTitle();
    const observer = new MutationObserver(nameTitle);
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    // The first page of the tab keeps the browser's own focus (its top, or where the person clicked).
    if (path !== firstPath.current) element.focus({ preventScroll: false });
    return () => observer.disconnect();
  }, [main, path]);
}
