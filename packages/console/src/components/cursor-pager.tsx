/**
 * Next/previous through a cursor-paginated list (§6): cursors only go forward, so the way back is the
 * stack of cursors that led here. Generic: the segments and SDK keys pages share it.
 */
import { useState } from 'preact/hooks';

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
  /** The shown page's `next_cursor`: null on the last page. */
  readonly nextCursor: string | null;
}

export function Pager({ label, pages, nextCursor }: PagerProps) {
  if (pages.pageNumber === 1 && nextCursor === null) return null;
  return (
    <nav class="pager" aria-label={`${label} pages`}>
      <button type="button" disabled={pages.pageNumber === 1} onClick={pages.previous}>
        Previous page
      </button>
      <span>Page {pages.pageNumber}</span>
      <button
        type="button"
        disabled={nextCursor === null}
        onClick={() => nextCursor !== null && pages.next(nextCursor)}
      >
        Next page
      </button>
    </nav>
  );
}
