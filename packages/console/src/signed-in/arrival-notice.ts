/**
 * A sentence for the page a creation leads to ("Flag new-checkout created…"): the form that created
 * something leaves it, then navigates; the page at that address shows it once. After the navigation the
 * focus is on the page's content (page-announcer.ts), so the sentence is read with the page, not lost
 * with the form that was left.
 */
import { useState } from 'preact/hooks';

let left: { readonly path: string; readonly text: string } | null = null;

/** Leaves `text` for the page at `path` (a console path from consolePaths), the next to open. */
export function leaveArrivalNotice(path: string, text: string): void {
  left = { path, text };
}

/** The sentence left for the page at `path`, taken once: a later visit of the same page shows none. */
export function useArrivalNotice(path: string): string | null {
  const [text] = useState(() => {
    const notice = left;
    left = null;
    return notice?.path === path ? notice.text : null;
  });
  return text;
}
