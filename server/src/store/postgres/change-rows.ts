/**
 * How a write batch's record changes travel through PostgreSQL: as the `ops` of one `flagplane_changes`
 * row (the other processes apply them to their memory; an added event is only named there), and as the
 * rows of `flagplane_records` and `flagplane_events` (what a process starting later loads). `parentId`
 * and `key` are the fields collectionIndexes names, so the database can hold the unique constraint behind
 * every 409.
 */
import type { ChangeSet, RecordChange } from '../change-set.js';
import { collectionKey, recordKey, scopeKey, takenKey } from '../footprint.js';
import { keyOf, type MemoryState, parentOf } from '../memory-state.js';
import { collectionNames } from '../records.js';
import { StateTransaction } from '../transaction.js';

/**
 * One record's net change in a write batch (record null: it was removed), with its parent and key, and
 * the parent it had before the batch when it was removed or moved (`formerParentId`, absent otherwise):
 * a batch of another process that looked at that parent's children depends on it (footprint.ts).
 */
export interface ChangeOp extends RecordChange {
  readonly parentId: string | null;
  readonly key: string | null;
  readonly formerParentId?: string | null;
  /** In a change row only: an event the batch added, kept in `flagplane_events` alone (record null here). */
  readonly stored?: true;
}

/** `formerParents`: the batch's (its footprint's); required, so that no change row leaves them out. */
export function changeOps(changes: ChangeSet, formerParents: ReadonlyMap<string, string | null>): ChangeOp[] {
  const ops: ChangeOp[] = [];
  for (const [changeKey, { collection, id, record }] of changes) {
    const op: ChangeOp = {
      collection,
      id,
      parentId: record === null ? null : parentOf(collection, record),
      key: record === null ? null : keyOf(collection, record),
      record,
    };
    const formerParentId = formerParents.get(changeKey);
    ops.push(formerParentId === undefined ? op : { ...op, formerParentId });
  }
  return ops;
}

/**
 * What a change touches, in the keys of a footprint (footprint.ts): each record, the parents whose
 * children it changed (the record's parent now and, when it was removed or moved, before), each
 * collection, each key its records hold. Stored beside the change: a batch of another process that
 * missed it checks against it.
 */
export function changeTouches(ops: readonly ChangeOp[]): string[] {
  const touches = new Set<string>();
  for (const op of ops) {
    touches.add(recordKey(op.collection, op.id));
    touches.add(collectionKey(op.collection));
    if (op.record !== null) touches.add(scopeKey(op.collection, op.parentId));
    if (op.record !== null && op.key !== null) touches.add(takenKey(op.collection, op.parentId, op.key));
    if (op.formerParentId !== undefined) touches.add(scopeKey(op.collection, op.formerParentId));
  }
  return [...touches];
}

/**
 * A batch's ops as JSON twice, each op serialized once: `written`, every op whole (what the commit writes
 * into `flagplane_records` and `flagplane_events`), and `logged`, what its change row keeps, where an added
 * event is named, not carried: `flagplane_events` holds it, and no process applies another's events (they
 * are read from the database, postgres-events.ts), so every other process would parse it for nothing. An
 * event is about 40% of a flag toggle's ops.
 */
export function opsJson(ops: readonly ChangeOp[]): { readonly written: string; readonly logged: string } {
  const whole = ops.map((op) => JSON.stringify(op));
  const logged = ops.map((op, index) =>
    op.collection === 'events' && op.record !== null
      ? JSON.stringify({
          collection: op.collection,
          id: op.id,
          parentId: op.parentId,
          key: op.key,
          record: null,
          stored: true,
        })
      : whole[index],
  );
  return { written: `[${whole.join(',')}]`, logged: `[${logged.join(',')}]` };
}

/** What a change row holds, as the database hands it back (`ops` parsed from its JSON). */
export interface ChangeRow {
  readonly seq: number;
  /** The row's random name: with `seq`, it tells this database's change N from a restored one's. */
  readonly token: string;
  readonly ops: readonly ChangeOp[];
}

/** Where a process is in the log: the last change it applied (seq 0 and token null: none). */
export interface LogPosition {
  readonly seq: number;
  readonly token: string | null;
}

/**
 * Applies another process's committed changes to this process's memory, as one transaction: removals
 * first (so a key freed and taken again in one batch is free when it is taken), then each record's new
 * version. Throws, having changed nothing, if the memory cannot take them (it no longer matches the
 * database); the caller then loads everything again.
 */
export function applyChangeOps(state: MemoryState, ops: readonly ChangeOp[]): void {
  const tx = new StateTransaction(state);
  try {
    // Events are read from the database (postgres-events.ts): another process's are not kept here.
    if (ops.some((op) => op.collection === 'events')) state.coldEventsChanged();
    for (const op of ops) {
      if (op.record === null && op.collection !== 'events' && state.get(op.collection, op.id) !== undefined)
        tx.remove(op.collection, op.id);
    }
    for (const op of ops) {
      if (op.record === null || op.collection === 'events' || !collectionNames.includes(op.collection))
        continue;
      const current = state.get(op.collection, op.id);
      if (current === undefined) tx.insert(op.collection, op.record as never);
      else tx.put(op.collection, op.record as never);
    }
    tx.commit();
  } catch (error) {
    tx.rollback();
    throw error;
  }
}
