/**
 * A sentence for the page a creation leads to ("Flag new-checkout created…"): the form that created
 * something leaves it, then navigates; the page at that address shows it once. After the navigation the
 * focus is on the page's content (page-announcer.ts), so the sentence is read with the page, not lost
 * with the form that was left.
 */
import { useEffect, useState } from 'preact/hooks';

let left: { readonly path: string; readonly text: string } | null = null;

/** Leaves `text` for the page at `path` (a console path from consolePaths), the next to open. */
export function leaveArrivalNotice(path: string, text: string): void {
  left = { path, text };
}

/**
 * The sentence left for the page at `path`, taken once: a later visit of the same page shows none. It is
 * taken when the page is committed, not when it is first drawn: a page drawn while a chunk it needs is
 * still loading (Suspense) is thrown away and drawn again, and only the page that stays may take it. Only
 * that page takes it: the page being left may draw itself again with the new address first.
 */
export function useArrivalNotice(path: string): string | null {
  const [text] = useState(() => (left?.path === path ? left.text : null));
  useEffect(() => {
    if (text !== null && left?.path === path) left = null;
  }, [path, text]);
  return text;
}
