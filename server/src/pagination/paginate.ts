/** Keyset pagination (§6) over items ordered by a unique sort key. */
import type { CollectionName, CollectionRecords } from '../store/records.js';
import type { StoreView } from '../store/store.js';
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
  /** The items already come in sort-key order (a cached ordering), so no sort is needed. */
  readonly presorted?: boolean;
  /** Only items it accepts are listed; applied while walking, so a page stops after `limit` matches. */
  readonly filter?: (item: T) => boolean;
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

export function sortBy<T>(items: readonly T[], sortKey: (item: T) => SortKey): T[] {
  return items
    .map((item) => ({ item, key: sortKey(item) }))
    .sort((x, y) => compareSortKeys(x.key, y.key))
    .map((entry) => entry.item);
}

/** The page after the cursor: at most `limit` items, and a cursor only when another item follows. */
export function paginate<T>(items: readonly T[], list: ListDefinition<T>, request: PageRequest): Page<T> {
  const sorted = list.presorted ? items : sortBy(items, list.sortKey);
  const after = request.cursor === undefined ? null : decodeCursor(list.secret, list.listId, request.cursor);
  const page: T[] = [];
  let more = false;
  for (
    let index = after === null ? 0 : firstIndexAfter(sorted, list.sortKey, after);
    index < sorted.length;
    index++
  ) {
    const item = sorted[index] as T;
    if (list.filter && !list.filter(item)) continue;
    if (page.length === request.limit) {
      more = true;
      break;
    }
    page.push(item);
  }
  const last = page.at(-1);
  return {
    items: page,
    next_cursor:
      more && last !== undefined ? encodeCursor(list.secret, list.listId, list.sortKey(last)) : null,
  };
}

/**
 * A page of one parent's children, in `order`. The list is named after the collection and the parent,
 * whatever the filters, so a cursor works for that list only and stays meaningful across filters.
 * `children` are the parent's children when they come from a cache (already sorted, for example).
 */
export function childrenPage<C extends CollectionName>(
  store: StoreView,
  collection: C,
  parentId: string,
  request: PageRequest,
  order: Omit<ListDefinition<CollectionRecords[C]>, 'listId' | 'secret'>,
  children: readonly CollectionRecords[C][] = store.children(collection, parentId),
): Page<CollectionRecords[C]> {
  const list = { ...order, listId: `${collection}:${parentId}`, secret: store.cursorSecret };
  return paginate(children, list, request);
}

/** Binary search: the first item whose key sorts after `after`, whatever was created or deleted since. */
function firstIndexAfter<T>(sorted: readonly T[], sortKey: (item: T) => SortKey, after: SortKey): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareSortKeys(sortKey(sorted[middle] as T), after) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The page envelope of a list operation (§6): the page's items in wire shape, and the list's `_actions`. */
export function pageEnvelope<T, Item, Actions>(
  page: Page<T>,
  toItem: (item: T) => Item,
  actions: Actions,
): { items: Item[]; next_cursor: string | null; _actions: Actions } {
  return { items: page.items.map(toItem), next_cursor: page.next_cursor, _actions: actions };
}
