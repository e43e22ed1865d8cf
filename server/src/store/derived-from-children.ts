/**
 * Caches a value computed from a `children()` array. The store hands out the same frozen array until a
 * child of that parent changes, so the array itself is the cache key: a changed list is a new array,
 * and the stale value is collected with the old one.
 */
export function derivedFromChildren<Child, Derived>(
  compute: (children: readonly Child[]) => Derived,
): (children: readonly Child[]) => Derived {
  const cache = new WeakMap<readonly Child[], Derived>();
  return (children) => {
    let derived = cache.get(children);
    if (derived === undefined) {
      derived = compute(children);
      cache.set(children, derived);
    }
    return derived;
  };
}
