/**
 * Group commit, as both stores do it: one commit on its way at a time (a disk write, a database
 * transaction), and the writes that arrive meanwhile wait for the next, so under load one commit serves
 * every write of its turn. Before each commit the loop lets the current turn of the event loop end: the
 * answers to the writes just committed go out, and the requests already arrived apply their writes and
 * join.
 */

/** Resolves after the current turn of the event loop: its microtasks and the I/O callbacks already due. */
const afterPendingIo = () => new Promise<void>((resolve) => setImmediate(resolve));

export class CommitLoop {
  readonly #pending: () => boolean;
  readonly #commitNext: () => Promise<void>;
  /** The running loop, if any; it never rejects. */
  #running: Promise<void> | null = null;

  /**
   * `pending`: whether there is something to commit. `commitNext`: commits it and answers its writes
   * itself, success or failure; it never rejects.
   */
  constructor(pending: () => boolean, commitNext: () => Promise<void>) {
    this.#pending = pending;
    this.#commitNext = commitNext;
  }

  /** Something is pending: starts the loop, unless it runs already (then it takes this in its turn). */
  start(): void {
    this.#running ??= this.#loop();
  }

  /** Resolves once no commit is on its way and none is pending. */
  async idle(): Promise<void> {
    while (this.#running !== null) await this.#running;
  }

  async #loop(): Promise<void> {
    try {
      await afterPendingIo();
      while (this.#pending()) {
        await this.#commitNext();
        await afterPendingIo();
      }
    } finally {
      this.#running = null;
    }
  }
}
