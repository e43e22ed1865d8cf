/** A growable list of event positions (uint32) for the disk index's postings (disk-events.ts). */
export class PositionList {
  #items = new Uint32Array(16);
  #length = 0;

  get length(): number {
    return this.#length;
  }

  push(position: number): void {
    if (this.#length === this.#items.length) {
      const grown = new Uint32Array(this.#items.length * 2);
      grown.set(this.#items);
      this.#items = grown;
    }
    this.#items[this.#length++] = position;
  }

  at(index: number): number {
    return this.#items[index] as number;
  }
}
