/** The edits the form makes to its ordered lists (rules, groups, conditions, prerequisites), immutably. */

export function replaceAt<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((current, position) => (position === index ? item : current));
}

export function removeAt<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, position) => position !== index);
}

/** Moves the item at `index` by `offset` places (-1 up, +1 down); out of range changes nothing. */
export function moveBy<T>(items: readonly T[], index: number, offset: number): T[] {
  const target = index + offset;
  const moved = items[index];
  if (moved === undefined || target < 0 || target >= items.length) return [...items];
  const rest = removeAt(items, index);
  return [...rest.slice(0, target), moved, ...rest.slice(target)];
}
