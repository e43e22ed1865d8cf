/**
 * Next/previous through a cursor-paginated list (§6): cursors only go forward, so the way back is the
 * stack of cursors that led here. Generic: the flag list, segments and SDK keys pages share it.
 */
import { useState } from 'preact/hooks';
import type { ApiState } from '../signed-in/use-api.js';

export interface CursorPages {
  /** The cursor of the page shown; undefined for the first page. */
  readonly cursor: string | undefined;
  /** 1 for the first page. */
  readonly pageNumber: number;
  readonly next: (nextCursor: string) => void;
  readonly previous: () => void;
}

/** `scope` names the list (org/project/env): another list starts again at its first page. */
export function useCursorPages(scope: string): CursorPages {
  const [stack, setStack] = useState<{ readonly scope: string; readonly cursors: readonly string[] }>({
    scope,
    cursors: [],
  });
  const cursors = stack.scope === scope ? stack.cursors : [];
  return {
    cursor: cursors.at(-1),
    pageNumber: cursors.length + 1,
    next: (nextCursor) => setStack({ scope, cursors: [...cursors, nextCursor] }),
    previous: () => setStack({ scope, cursors: cursors.slice(0, -1) }),
  };
}

export interface PagerProps {
  /** What is paged, for the navigation's name ("Segments"). */
  readonly label: string;
  readonly pages: CursorPages;
  /** The shown page as it loads: its `next_cursor` once loaded (null on the last page); none if it failed. */
  readonly list: ApiState<{ readonly nextCursor: string | null }>;
  /** Shown even on a single page (the flag list says "Page 1"). @default false */
  readonly always?: boolean;
}

/**
 * The buttons are aria-disabled, never `disabled`, when they cannot act (the first page, the last, a page
 * still loading): a disabled button drops the keyboard focus, and a person who pressed "Next page" would
 * be sent back to the top of the document. Render the pager whether or not the page has loaded, so the
 * button that was pressed stays where it was.
 */
export function Pager({ label, pages, list, always = false }: PagerProps) {
  const nextCursor =
    list.status === 'ready' ? list.data.nextCursor : list.status === 'loading' ? undefined : null;
  if (!always && pages.pageNumber === 1 && nextCursor === null) return null;
  const loading = nextCursor === undefined;
  const canGoBack = pages.pageNumber > 1 && !loading;
  const canGoOn = typeof nextCursor === 'string';
  return (
    <nav class="pager" aria-label={`${label} pages`}>
      <button
        type="button"
        aria-disabled={canGoBack ? undefined : 'true'}
        onClick={() => canGoBack && pages.previous()}
      >
        Previous page
      </button>
      <span aria-live="polite">
        Page {pages.pageNumber}
        {loading ? ' (loading…)' : ''}
      </span>
      <button
        type="button"
        aria-disabled={canGoOn ? undefined : 'true'}
        onClick={() => canGoOn && pages.next(nextCursor)}
      >
        Next page
      </button>
    </nav>
  );
}
