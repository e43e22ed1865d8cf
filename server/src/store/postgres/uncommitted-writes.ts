/**
 * Whether a write batch's writers are applied in memory and not committed yet. Whatever reads memory
 * meanwhile waits for the outcome: a read answers after it (nobody observes a write that may still be
 * undone), and change rows read from the database apply after it (those the batch itself committed are
 * then skipped by number).
 */
export class UncommittedWrites {
  #pending = false;
  #waiting: (() => void)[] = [];

  get pending(): boolean {
    return this.#pending;
  }

  /** A batch's writers are about to run in memory. */
  begin(): void {
    this.#pending = true;
  }

  /** The batch committed, or was undone: whoever waited goes on. */
  settle(): void {
    this.#pending = false;
    for (const waiting of this.#waiting.splice(0)) waiting();
  }

  /** Calls `then` once no batch is uncommitted: at once when none is. */
  afterOutcome(then: () => void): void {
    if (this.#pending) this.#waiting.push(then);
    else then();
  }

  /** Resolves once no batch is uncommitted. */
  outcome(): Promise<void> {
    return new Promise((resolve) => this.afterOutcome(resolve));
  }
}
