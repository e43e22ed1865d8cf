/**
 * Where the focus goes when part of a page opens or closes, so a keyboard or screen reader user stays
 * where the change happened instead of being sent back to the start of the page.
 */
import { useEffect, useRef } from 'preact/hooks';

/** Focuses the element with this id once the re-render that shows it is done (the button a form came from). */
export function focusLater(id: string): void {
  setTimeout(() => document.getElementById(id)?.focus(), 0);
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
