/**
 * One journal line: `{"seq":N,"ops":[["put","flags",{…}],["remove","sdkKeys","id"],…]}` and a newline,
 * holding the net changes of one group commit. Records are written in full, so a line replays on its
 * own, and replaying it over a state that already has it changes nothing. JSON never contains a raw
 * newline (it escapes them in strings), so the newline delimits lines unambiguously, even as bytes.
 */
import type { RecordChange } from '../change-set.js';
import { type CollectionName, collectionIndexes } from '../records.js';

export interface JournalEntry {
  readonly seq: number;
  readonly changes: readonly RecordChange[];
}

export interface EncodedLine {
  /** The line, newline included, to be appended with a single write. */
  readonly bytes: Buffer;
  /** How much of it is events, which a compaction moves to a segment instead of rewriting (§19). */
  readonly eventBytes: number;
}

/** One line: the same text as `JSON.stringify({ seq, ops })`, built op by op to measure its events. */
export function encodeJournalLine(seq: number, changes: Iterable<RecordChange>): EncodedLine {
  const ops: string[] = [];
  let eventBytes = 0;
  for (const { collection, id, record } of changes) {
    const op = JSON.stringify(record === null ? ['remove', collection, id] : ['put', collection, record]);
    if (collection === 'events') eventBytes += op.length;
    ops.push(op);
  }
  return { bytes: Buffer.from(`{"seq":${seq},"ops":[${ops.join(',')}]}\n`), eventBytes };
}

/**
 * Checks a parsed line and returns it typed; throws an Error naming the problem. Parsing is the
 * caller's: a line that is not JSON may be a torn last append, one that is JSON but not an entry is not.
 */
export function checkJournalEntry(value: unknown): JournalEntry {
  if (!isPlainObject(value)) throw new Error('not a JSON object');
  const { seq, ops } = value;
  if (!Number.isSafeInteger(seq) || (seq as number) < 1) {
    throw new Error(`seq is ${JSON.stringify(seq)}, not a sequence number`);
  }
  if (!Array.isArray(ops)) throw new Error('ops is not an array');
  return { seq: seq as number, changes: ops.map((op: unknown, index) => checkOp(op, index)) };
}

function checkOp(op: unknown, index: number): RecordChange {
  if (!Array.isArray(op) || op.length !== 3) throw new Error(`op ${index} is not [kind, collection, …]`);
  const [kind, collection, subject] = op as [unknown, unknown, unknown];
  if (typeof collection !== 'string' || !Object.hasOwn(collectionIndexes, collection)) {
    throw new Error(`op ${index} names an unknown collection ${JSON.stringify(collection)}`);
  }
  const name = collection as CollectionName;
  if (kind === 'put') {
    if (!isPlainObject(subject) || typeof subject.id !== 'string') {
      throw new Error(`op ${index} puts something that is not a record with an id`);
    }
    return { collection: name, id: subject.id, record: subject as { id: string } };
  }
  if (kind === 'remove') {
    if (typeof subject !== 'string') throw new Error(`op ${index} removes an id that is not a string`);
    return { collection: name, id: subject, record: null };
  }
  throw new Error(`op ${index} has an unknown kind ${JSON.stringify(kind)}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
