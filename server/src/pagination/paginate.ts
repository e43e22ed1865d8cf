/** Keyset pagination (§6) over items sorted by a unique sort key. */
import { decodeCursor, encodeCursor, type SortKey } from './cursor.js';

export interface PageRequest {
  readonly limit: number;
  readonly cursor?: string | undefined;
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly next_cursor: string | null;
}

export interface ListDefinition<T> {
  /** Identifies the list (operation and parent ids) so its cursors work nowhere else. */
  readonly listId: string;
  readonly secret: string;
  readonly sortKey: (item: T) => SortKey;
}

export function compareSortKeys(left: SortKey, right: SortKey): number {
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const a = left[index];
    const b = right[index];
    if (a === b) continue;
    if (a === undefined) return -1;
    if (b === undefined) return 1;
    return a < b ? -1 : 1;
  }
  return 0;
}

/** Sorts `items` by the list's sort key and returns the page after the cursor. */
export function paginate<T>(items: readonly T[], list: ListDefinition<T>, request: PageRequest): Page<T> {
  const keyed = items.map((item) => ({ item, key: list.sortKey(item) }));
  keyed.sort((x, y) => compareSortKeys(x.key, y.key));
  const after = request.cursor === undefined ? null : decodeCursor(list.secret, list.listId, request.cursor);
  const start = after === null ? 0 : firstIndexAfter(keyed, after);
  const slice = keyed.slice(start, start + request.limit);
  const last = slice.at(-1);
  const more = start + slice.length < keyed.length;
  return {
    items: slice.map((entry) => entry.item),
    next_cursor: more && last ? encodeCursor(list.secret, list.listId, last.key) : null,
  };
}

/** Binary search: the first item whose key sorts after `after`, whatever was created or deleted since. */
function firstIndexAfter(keyed: readonly { key: SortKey }[], after: SortKey): number {
  let low = 0;
  let high = keyed.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareSortKeys(keyed[middle]!.key, after) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The page envelope of a list operation (§6): one page of items in wire shape, and the list's `_actions`. */
export function listPage<T, Item, Actions>(
  items: readonly T[],
  list: ListDefinition<T>,
  request: PageRequest,
  toItem: (item: T) => Item,
  actions: Actions,
): { items: Item[]; next_cursor: string | null; _actions: Actions } {
  const page = paginate(items, list, request);
  return { items: page.items.map(toItem), next_cursor: page.next_cursor, _actions: actions };
}
