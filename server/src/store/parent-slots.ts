/**
 * A value per (collection, parent id): the version of a parent's children and the `children()` array
 * cached for it. Two maps deep rather than one keyed by the two joined: `childrenVersion` runs twice on
 * every delivery answer, and a joined key is a new string to build and hash each time.
 */
import type { CollectionName } from './records.js';

export class ParentSlots<V> {
  readonly #byCollection = new Map<CollectionName, Map<string, V>>();

  get(collection: CollectionName, parentId: string): V | undefined {
    return this.#byCollection.get(collection)?.get(parentId);
  }

  set(collection: CollectionName, parentId: string, value: V): void {
    let slots = this.#byCollection.get(collection);
    if (slots === undefined) {
      slots = new Map();
      this.#byCollection.set(collection, slots);
    }
    slots.set(parentId, value);
  }

  delete(collection: CollectionName, parentId: string): void {
    this.#byCollection.get(collection)?.delete(parentId);
  }

  clear(): void {
    this.#byCollection.clear();
  }
}
