/**
 * Where each entry of the tab's history stands, so that a back or forward the console holds (leave-guard.tsx)
 * can be undone exactly: `history.go` by the same distance the other way, which keeps the entries ahead,
 * where pushing the old address again would drop them. preact-iso writes entries with a `null` state;
 * the console gives each entry its position when it first shows it, and the browser keeps an entry's
 * state across reloads.
 */
const positionProperty = 'consolePosition';

/** The position stored in an entry's state, if it has one. */
export function positionOf(state: unknown): number | undefined {
  if (state === null || typeof state !== 'object') return undefined;
  const position = (state as Record<string, unknown>)[positionProperty];
  return typeof position === 'number' ? position : undefined;
}

/**
 * The current entry's position, stored in its state when it has none yet: one past `previous` for an
 * entry that was added (a link, a fragment), `previous` for one that replaced it.
 */
export function markPosition(previous: number, added: boolean): number {
  const known = positionOf(history.state);
  if (known !== undefined) return known;
  const position = added ? previous + 1 : previous;
  const state = history.state !== null && typeof history.state === 'object' ? history.state : {};
  history.replaceState({ ...state, [positionProperty]: position }, '');
  return position;
}
