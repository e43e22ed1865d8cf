/**
 * A map keyed by two keys, two maps deep: the key index (an organization's projects by key, a project's
 * flags by key…) and the children's versions and cached arrays per (collection, parent). One map keyed
 * by the two joined would build and hash a new string on every lookup, and these lookups run at every
 * level of every request's path and twice on every delivery answer.
 */
export class NestedMap<A, B, V> {
  readonly #outer = new Map<A, Map<B, V>>();

  get(a: A, b: B): V | undefined {
    return this.#outer.get(a)?.get(b);
  }

  set(a: A, b: B, value: V): void {
    let inner = this.#outer.get(a);
    if (inner === undefined) {
      inner = new Map();
      this.#outer.set(a, inner);
    }
    inner.set(b, value);
  }

  /** Dropping an emptied inner map keeps the map from growing with every outer key that ever existed. */
  delete(a: A, b: B): void {
    const inner = this.#outer.get(a);
    if (inner === undefined) return;
    inner.delete(b);
    if (inner.size === 0) this.#outer.delete(a);
  }

  clear(): void {
    this.#outer.clear();
  }
}
