/**
 * One write batch's writers, run on the memory state: each in a transaction of its own (a writer that
 * throws is undone at once and refused alone), the results of the others, and their net changes, which
 * the batch commits together, and their footprint (footprint.ts: what they read, which parents they
 * moved records out of). Until the batch commits, `undo` takes every applied writer back.
 */
import { type ChangeSet, mergeChanges } from '../change-set.js';
import { Footprint } from '../footprint.js';
import type { Transaction } from '../store.js';
import type { WriterRunner } from '../store-core.js';
import type { StateTransaction } from '../transaction.js';
import { type ChangeOp, changeOps } from './change-rows.js';

export interface QueuedWrite {
  readonly writer: (tx: Transaction) => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  /** Whether it was already sent again once after a unique violation (it is not sent a third time). */
  readonly retried: boolean;
}

export class BatchRun {
  readonly #applied: {
    readonly write: QueuedWrite;
    readonly tx: StateTransaction;
    readonly result: unknown;
  }[] = [];
  readonly #refused: { readonly write: QueuedWrite; readonly error: unknown }[] = [];
  /** The net record changes of every applied writer. */
  readonly changes: ChangeSet = new Map();
  /** Every writer's, those refused too (their reads only make the check stricter). */
  readonly footprint = new Footprint();

  /** Runs every writer of `batch` in order, each through `runWriter` (the store core's). */
  constructor(batch: readonly QueuedWrite[], runWriter: WriterRunner) {
    for (const write of batch) {
      try {
        const { tx, result } = runWriter(write.writer, this.footprint);
        this.#applied.push({ write, tx, result });
        mergeChanges(this.changes, tx.changes);
      } catch (error) {
        this.#refused.push({ write, error });
      }
    }
  }

  /** The net changes as a change row's ops, with the parents removed and moved records left. */
  ops(): ChangeOp[] {
    return changeOps(this.changes, this.footprint.formerParents);
  }

  /** Takes back every applied writer, newest first: memory is as it was before the run. */
  undo(): void {
    for (const { tx } of [...this.#applied].reverse()) tx.rollback();
  }

  /** The batch committed: every writer gets its answer. */
  answer(): void {
    for (const { write, result } of this.#applied) write.resolve(result);
    for (const { write, error } of this.#refused) write.reject(error);
  }

  /** The batch failed: the refused writers get their own errors; returns the others, to be answered. */
  refuseOwn(batch: readonly QueuedWrite[]): QueuedWrite[] {
    for (const { write, error } of this.#refused) write.reject(error);
    const refused = new Set(this.#refused.map(({ write }) => write));
    return batch.filter((write) => !refused.has(write));
  }
}
