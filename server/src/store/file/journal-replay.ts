/**
 * Start-up: the journal's lines applied onto the document read from the data file. Lines the data file
 * already contains (seq ≤ its `journalSeq`: left over from a crash between writing a snapshot and
 * emptying the journal) are skipped; the others must continue the data file without a gap. The last line
 * may be torn by a crash in the middle of an append: that append was never acknowledged, so the line is
 * dropped. Anything else that does not read back is corruption, and the start is refused, touching
 * nothing, rather than serving a state with acknowledged writes missing.
 */

import { messageOf } from '../../errno.js';
import type { RecordChange } from '../change-set.js';
import type { StoreData } from '../records.js';
import { checkJournalEntry, type JournalEntry } from './journal-format.js';

export interface ReplayOutcome {
  /** Sequence number of the last line applied (the data file's `journalSeq` when none was). */
  readonly lastSeq: number;
  readonly appliedLines: number;
  /** Length of the whole lines at the start of the journal; anything after is a torn append. */
  readonly validBytes: number;
  /** Events the journal removed that the document did not hold: they are in the event segments. */
  readonly removedSegmentedEvents: readonly string[];
}

const NEWLINE = 0x0a;

/** Applies the journal's lines after `snapshotSeq` onto `data` (in place). Throws on corruption. */
export function replayJournal(
  journal: Buffer,
  snapshotSeq: number,
  data: StoreData,
  journalPath: string,
): ReplayOutcome {
  let offset = 0;
  let line = 0;
  let previousSeq = 0;
  let lastSeq = snapshotSeq;
  let appliedLines = 0;
  const removedSegmentedEvents: string[] = [];
  while (offset < journal.length) {
    line++;
    const end = journal.indexOf(NEWLINE, offset);
    if (end === -1) break; // no newline: the append was cut short, so it was never acknowledged
    let value: unknown;
    try {
      value = JSON.parse(journal.toString('utf8', offset, end));
    } catch (error) {
      // The newline of a torn append can reach the disk before the rest of it (unwritten blocks read
      // back as zeros); as the last line that is still a torn append. Before another line it is not.
      if (end + 1 === journal.length) break;
      throw corrupt(
        journalPath,
        line,
        `is not valid JSON (${messageOf(error)}) and is not the last line, so not a torn append`,
      );
    }
    let entry: JournalEntry;
    try {
      entry = checkJournalEntry(value);
    } catch (error) {
      throw corrupt(journalPath, line, `is not a journal entry: ${messageOf(error)}`);
    }
    if (entry.seq <= previousSeq) {
      throw corrupt(journalPath, line, `has seq ${entry.seq}, which does not follow seq ${previousSeq}`);
    }
    previousSeq = entry.seq;
    if (entry.seq > snapshotSeq) {
      if (entry.seq !== lastSeq + 1) {
        throw corrupt(
          journalPath,
          line,
          `has seq ${entry.seq} but the data file and the lines before it end at seq ${lastSeq}, so ` +
            'changes in between are missing (a journal that does not belong to this data file?)',
        );
      }
      applyChanges(data, entry.changes, removedSegmentedEvents);
      lastSeq = entry.seq;
      appliedLines++;
    }
    offset = end + 1;
  }
  return { lastSeq, appliedLines, validBytes: offset, removedSegmentedEvents };
}

/**
 * Sets or deletes each changed record by id, whatever the table held before; the removal of an event the
 * document does not hold goes to `removedSegmentedEvents`.
 */
function applyChanges(
  data: StoreData,
  changes: readonly RecordChange[],
  removedSegmentedEvents: string[],
): void {
  for (const { collection, id, record } of changes) {
    const table = data[collection] as Record<string, unknown>;
    if (record !== null) table[id] = record;
    else if (Object.hasOwn(table, id)) Reflect.deleteProperty(table, id);
    else if (collection === 'events') removedSegmentedEvents.push(id);
  }
}

function corrupt(journalPath: string, line: number, problem: string): Error {
  return new Error(
    `the journal ${journalPath} cannot be used: line ${line} ${problem}. Refusing to start; the data ` +
      'file and the journal were left untouched.',
  );
}
