/**
 * The net record changes of committed transactions: what the journal stores instead of the whole
 * document. Keyed by collection and id, so a record changed several times before one disk write is
 * written once, in its last version. Replaying a change sets or deletes one record by id, so replaying
 * it onto a state that already has it changes nothing (replay is idempotent).
 */
import type { CollectionName } from './records.js';

export interface RecordChange {
  readonly collection: CollectionName;
  readonly id: string;
  /** The record's new version; null when it was removed. */
  readonly record: { readonly id: string } | null;
}

export type ChangeSet = Map<string, RecordChange>;

export function changeKey(collection: CollectionName, id: string): string {
  return `${collection}\u0000${id}`;
}

/** Adds `later` to `into`; a record changed in both keeps its later change. */
export function mergeChanges(into: ChangeSet, later: ReadonlyMap<string, RecordChange>): void {
  for (const [key, change] of later) into.set(key, change);
}
