/**
 * Where the focus goes when part of a page opens or closes, so a keyboard or screen reader user stays
 * where the change happened instead of being sent back to the start of the page.
 */
import { useEffect, useRef } from 'preact/hooks';

/** The id of the signed-in console's <main>: the skip link's target, focusable by script (tabIndex -1). */
export const mainRegionId = 'main';

/**
 * Focuses the element with this id once the re-render that shows it is done (the button a form came from);
 * when it is gone or cannot take the focus (a button the API's actions turned off), the one of
 * `fallbackId` does.
 */
export function focusLater(id: string, fallbackId?: string): void {
  setTimeout(() => {
    const element = document.getElementById(id);
    element?.focus();
    if (fallbackId !== undefined && (element === null || document.activeElement !== element)) {
      document.getElementById(fallbackId)?.focus();
    }
  }, 0);
}

/**
 * A ref for the element that takes the focus when it appears: the first input of a form opened by a
 * click, or what replaces that form (a created SDK key, whose warning is read first).
 */
export function useFocusOnOpen<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
