/**
 * §9: prerequisites within one environment must not form a cycle. The stored graph has none, so a change
 * of one flag's prerequisites can only close a cycle through that flag: it is enough to look for a path
 * from each new prerequisite back to the flag.
 */

/**
 * The shortest path of prerequisites from `flagId` through `prerequisiteId` back to `flagId` (ids, first
 * and last being `flagId`), or null when `prerequisiteId` does not lead back.
 */
export function prerequisiteCycle(
  flagId: string,
  prerequisiteId: string,
  prerequisitesOf: (flagId: string) => readonly string[],
): string[] | null {
  // Breadth-first, so the reported cycle is the shortest and the walk needs no recursion. An array's
  // iterator reads its length at every step, so the loop also visits what it appends.
  const cameFrom = new Map<string, string | null>([[prerequisiteId, null]]);
  const queue = [prerequisiteId];
  for (const current of queue) {
    if (current === flagId) return [flagId, ...pathTo(current, cameFrom)];
    for (const next of prerequisitesOf(current)) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, current);
      queue.push(next);
    }
  }
  return null;
}

function pathTo(end: string, cameFrom: ReadonlyMap<string, string | null>): string[] {
  const path: string[] = [];
  for (let current: string | null | undefined = end; current != null; current = cameFrom.get(current)) {
    path.push(current);
  }
  return path.reverse();
}
