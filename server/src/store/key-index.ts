/**
 * The records of one collection by their key within their parent (an organization's projects by key,
 * a project's flags by key…): two maps deep, parent id, then key. One map keyed by the two joined
 * would build and hash a new string on every lookup, and path resolution looks up a record by key at
 * every level of every request's path.
 */
export class KeyIndex {
  /** parent id (`''` for top-level records) → key → record id */
  readonly #byParent = new Map<string, Map<string, string>>();

  get(parentId: string | null, key: string): string | undefined {
    return this.#byParent.get(parentId ?? '')?.get(key);
  }

  set(parentId: string | null, key: string, id: string): void {
    const parent = parentId ?? '';
    let keys = this.#byParent.get(parent);
    if (keys === undefined) {
      keys = new Map();
      this.#byParent.set(parent, keys);
    }
    keys.set(key, id);
  }

  /** Forgets `key` if `id` holds it (a record that moved on may have left it to another). */
  deleteIfHeldBy(parentId: string | null, key: string, id: string): void {
    const parent = parentId ?? '';
    const keys = this.#byParent.get(parent);
    if (keys?.get(key) !== id) return;
    keys.delete(key);
    // Dropping empty maps keeps the index from growing with every parent that ever existed.
    if (keys.size === 0) this.#byParent.delete(parent);
  }
}
