/**
 * The listeners of a store's `onChange` (§24): each change schedules one call of every listener after
 * the current turn of the event loop, so a burst of writes (a group commit, a page of another process's
 * changes) is one call, made outside every read and write.
 */
export class ChangeListeners {
  readonly #listeners = new Set<() => void>();
  #scheduled = false;

  add(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** The state changed: every listener is called once, soon. */
  changed(): void {
    if (this.#scheduled || this.#listeners.size === 0) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      for (const listener of [...this.#listeners]) listener();
    });
  }
}
