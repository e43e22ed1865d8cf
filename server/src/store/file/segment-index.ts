/**
 * The index of one event segment (event-segments.ts), kept in a file beside it (`<data file>.event-index-<n>`,
 * written with the segment, before the data file names either) so that a start reads a few bytes per
 * event instead of parsing every event of the log:
 *
 * - for every event, in id order: its id (16 bytes), where its line is in the segment (offset, length),
 *   its `createdAt` as milliseconds, and the fields §19's filters test (organization, project,
 *   environment, flag, resource kind, action, actor) as numbers into a table of their distinct values;
 * - that table, as JSON text per value (a project `{id, key}`, an action name, …).
 *
 * The file: `FPEVIDX1`, the header's length (u32 LE), the header (JSON: the segment's size, the count,
 * the table), padding to 8 bytes, then the columns (ids, offsets, createdAt, lengths, fields). The index
 * is derived data: one that is missing, torn or made for another segment (its recorded size differs) is
 * built again from the segment.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { messageOf } from '../../errno.js';
import type { EventRecord } from '../records.js';

/** The summary fields, in the order of an entry's `fields`. */
export const summaryFields = [
  'organization',
  'project',
  'environment',
  'flag',
  'kind',
  'action',
  'actor',
] as const;
export const fieldCount = summaryFields.length;
/** The code of an absent value (a null project, environment or flag). */
export const NONE = 0xffffffff;

export interface SegmentIndex {
  readonly count: number;
  /** Each id as 4 big-endian 32-bit words, in ascending id order. */
  readonly ids: Uint32Array;
  readonly offsets: Float64Array;
  readonly lengths: Uint32Array;
  /** Milliseconds; NaN when the text is not what `toISOString` makes of them (then read the event). */
  readonly createdAt: Float64Array;
  /** `fieldCount` codes per event into `values`. */
  readonly fields: Uint32Array;
  /** The JSON text of each distinct value. */
  readonly values: readonly string[];
}

const magic = Buffer.from('FPEVIDX1');

/** An event's id as 4 words, or null when it is not a UUID (such an event cannot be indexed). */
export function idWords(id: string): [number, number, number, number] | null {
  if (id.length !== 36) return null;
  const hex = id.slice(0, 8) + id.slice(9, 13) + id.slice(14, 18) + id.slice(19, 23) + id.slice(24);
  if (!/^[0-9a-f]{32}$/.test(hex)) return null;
  return [
    Number.parseInt(hex.slice(0, 8), 16),
    Number.parseInt(hex.slice(8, 16), 16),
    Number.parseInt(hex.slice(16, 24), 16),
    Number.parseInt(hex.slice(24, 32), 16),
  ];
}

/** The id text of 4 words at `at` (a multiple of 4) in `words`. */
export function idText(words: Uint32Array, at: number): string {
  const hex =
    (words[at] as number).toString(16).padStart(8, '0') +
    (words[at + 1] as number).toString(16).padStart(8, '0') +
    (words[at + 2] as number).toString(16).padStart(8, '0') +
    (words[at + 3] as number).toString(16).padStart(8, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Compares the ids at word offsets `a` of `x` and `b` of `y`. */
export function compareIds(x: Uint32Array, a: number, y: Uint32Array, b: number): number {
  for (let word = 0; word < 4; word++) {
    const difference = (x[a + word] as number) - (y[b + word] as number);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The summary values of an event, as the JSON text the table keeps (null: absent). */
export function summaryValues(event: EventRecord): (string | null)[] {
  const reference = (value: { readonly id: string; readonly key: string } | null | undefined) =>
    value ? JSON.stringify({ id: value.id, key: value.key }) : null;
  return [
    JSON.stringify(event.organizationId),
    reference(event.project),
    reference(event.environment),
    reference(event.flag),
    JSON.stringify(event.resource?.kind ?? null),
    JSON.stringify(event.action ?? null),
    JSON.stringify({ id: event.actor?.id ?? null, email: event.actor?.email ?? null }),
  ];
}

/** `createdAt` as milliseconds, or NaN when they would not give the same text back. */
export function createdAtMilliseconds(createdAt: unknown): number {
  if (typeof createdAt !== 'string') return Number.NaN;
  const milliseconds = Date.parse(createdAt);
  if (Number.isNaN(milliseconds)) return Number.NaN;
  return new Date(milliseconds).toISOString() === createdAt ? milliseconds : Number.NaN;
}

/** Collects the entries of one segment (in any order) and makes its index (in id order). */
export class SegmentIndexBuilder {
  readonly #ids: number[] = [];
  readonly #offsets: number[] = [];
  readonly #lengths: number[] = [];
  readonly #createdAt: number[] = [];
  readonly #fields: number[] = [];
  readonly #values: string[] = [];
  readonly #codes = new Map<string, number>();

  get count(): number {
    return this.#offsets.length;
  }

  /** An event whose line is `length` bytes at `offset`. Throws for an event the index cannot hold. */
  add(event: EventRecord, offset: number, length: number): void {
    const words = idWords(event.id);
    if (words === null) throw new Error(`the event id ${JSON.stringify(event.id)} is not a UUID`);
    this.#ids.push(...words);
    this.#offsets.push(offset);
    this.#lengths.push(length);
    this.#createdAt.push(createdAtMilliseconds(event.createdAt));
    for (const value of summaryValues(event)) this.#fields.push(this.#code(value));
  }

  /** An entry copied from another index: its id words, place, time and values (as text). */
  addEntry(
    ids: Uint32Array,
    at: number,
    place: { readonly offset: number; readonly length: number; readonly createdAt: number },
    values: readonly (string | null)[],
  ): void {
    this.#ids.push(
      ids[at * 4] as number,
      ids[at * 4 + 1] as number,
      ids[at * 4 + 2] as number,
      ids[at * 4 + 3] as number,
    );
    this.#offsets.push(place.offset);
    this.#lengths.push(place.length);
    this.#createdAt.push(place.createdAt);
    for (const value of values) this.#fields.push(this.#code(value));
  }

  build(): SegmentIndex {
    const count = this.count;
    const ids = Uint32Array.from(this.#ids);
    const order = Array.from({ length: count }, (_, index) => index);
    order.sort((a, b) => compareIds(ids, a * 4, ids, b * 4));
    const index: SegmentIndex = {
      count,
      ids: new Uint32Array(count * 4),
      offsets: new Float64Array(count),
      lengths: new Uint32Array(count),
      createdAt: new Float64Array(count),
      fields: new Uint32Array(count * fieldCount),
      values: this.#values,
    };
    order.forEach((from, to) => {
      index.ids.set(ids.subarray(from * 4, from * 4 + 4), to * 4);
      index.offsets[to] = this.#offsets[from] as number;
      index.lengths[to] = this.#lengths[from] as number;
      index.createdAt[to] = this.#createdAt[from] as number;
      for (let field = 0; field < fieldCount; field++)
        index.fields[to * fieldCount + field] = this.#fields[from * fieldCount + field] as number;
    });
    return index;
  }

  #code(value: string | null): number {
    if (value === null) return NONE;
    let code = this.#codes.get(value);
    if (code === undefined) {
      code = this.#values.length;
      this.#values.push(value);
      this.#codes.set(value, code);
    }
    return code;
  }
}

/** The index file's bytes for `index` of a segment of `segmentBytes` bytes. */
function encode(index: SegmentIndex, segmentBytes: number): Buffer {
  const header = Buffer.from(JSON.stringify({ segmentBytes, count: index.count, values: index.values }));
  const start = Math.ceil((magic.length + 4 + header.length) / 8) * 8;
  const columns = [index.ids, index.offsets, index.createdAt, index.lengths, index.fields];
  const size = start + columns.reduce((sum, column) => sum + column.byteLength, 0);
  const bytes = Buffer.alloc(size);
  magic.copy(bytes, 0);
  bytes.writeUInt32LE(header.length, magic.length);
  header.copy(bytes, magic.length + 4);
  let at = start;
  for (const column of columns) {
    Buffer.from(column.buffer, column.byteOffset, column.byteLength).copy(bytes, at);
    at += column.byteLength;
  }
  return bytes;
}

/** The index in `bytes`, or null when they are not the index of a segment of `segmentBytes` bytes. */
function decode(bytes: Buffer, segmentBytes: number): SegmentIndex | null {
  if (bytes.length < magic.length + 4 || !bytes.subarray(0, magic.length).equals(magic)) return null;
  const headerLength = bytes.readUInt32LE(magic.length);
  let header: { segmentBytes?: unknown; count?: unknown; values?: unknown };
  try {
    header = JSON.parse(bytes.toString('utf8', magic.length + 4, magic.length + 4 + headerLength));
  } catch {
    return null;
  }
  const { count, values } = header;
  if (header.segmentBytes !== segmentBytes || !Number.isSafeInteger(count) || !Array.isArray(values))
    return null;
  const n = count as number;
  const start = Math.ceil((magic.length + 4 + headerLength) / 8) * 8;
  if (bytes.length !== start + n * (16 + 8 + 8 + 4 + 4 * fieldCount)) return null;
  // Copied out: the file's buffer is not aligned for every column, and nothing should keep it alive.
  const column = <T>(make: (buffer: ArrayBuffer) => T, from: number, byteLength: number): T =>
    make(bytes.buffer.slice(bytes.byteOffset + from, bytes.byteOffset + from + byteLength) as ArrayBuffer);
  let at = start;
  const ids = column((b) => new Uint32Array(b), at, n * 16);
  at += n * 16;
  const offsets = column((b) => new Float64Array(b), at, n * 8);
  at += n * 8;
  const createdAt = column((b) => new Float64Array(b), at, n * 8);
  at += n * 8;
  const lengths = column((b) => new Uint32Array(b), at, n * 4);
  at += n * 4;
  const fields = column((b) => new Uint32Array(b), at, n * 4 * fieldCount);
  for (let at = 0; at < fields.length; at++) {
    const code = fields[at] as number;
    if (code !== NONE && code >= values.length) return null;
  }
  return { count: n, ids, offsets, lengths, createdAt, fields, values: values as string[] };
}

/** Writes the index file durably (a draft renamed into place; the data file syncs the directory). */
export async function writeSegmentIndex(
  path: string,
  index: SegmentIndex,
  segmentBytes: number,
): Promise<void> {
  const draft = `${path}.${process.pid}.tmp`;
  let renamed = false;
  try {
    const file = await open(draft, 'w', 0o600);
    try {
      await file.writeFile(encode(index, segmentBytes));
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(draft, path);
    renamed = true;
  } finally {
    if (!renamed) await rm(draft, { force: true }).catch(() => {});
  }
}

/** The index file at `path` for a segment of `segmentBytes` bytes, or null when it cannot be used. */
export async function readSegmentIndex(path: string, segmentBytes: number): Promise<SegmentIndex | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch {
    return null;
  }
  return decode(bytes, segmentBytes);
}

/**
 * Builds the index of the segment at `path` by reading every line (a segment written before indexes
 * existed, or whose index was lost). Throws naming the line that is not an event.
 */
export function indexSegment(path: string): { index: SegmentIndex; bytes: number } {
  const builder = new SegmentIndexBuilder();
  const fd = openSync(path, 'r');
  try {
    const chunk = Buffer.alloc(1 << 20);
    let carry = Buffer.alloc(0);
    let position = 0;
    let line = 0;
    for (;;) {
      const read = readSync(fd, chunk, 0, chunk.length, position + carry.length);
      const buffer = Buffer.concat([carry, chunk.subarray(0, read)]);
      let start = 0;
      for (let end = buffer.indexOf(0x0a, start); end !== -1; end = buffer.indexOf(0x0a, start)) {
        line++;
        if (end > start)
          builder.add(
            parseLine(buffer.toString('utf8', start, end), path, line),
            position + start,
            end - start,
          );
        start = end + 1;
      }
      position += start;
      carry = Buffer.from(buffer.subarray(start));
      if (read === 0) {
        if (carry.length > 0) {
          line++;
          builder.add(parseLine(carry.toString('utf8'), path, line), position, carry.length);
          position += carry.length;
        }
        return { index: builder.build(), bytes: position };
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** One line of a segment as an event record. Throws naming the segment and line otherwise. */
export function parseLine(text: string, path: string, line: number): EventRecord {
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch (error) {
    throw new Error(`the event segment ${path} has a line ${line} that is not JSON (${messageOf(error)})`);
  }
  if (
    typeof record !== 'object' ||
    record === null ||
    typeof (record as { id?: unknown }).id !== 'string' ||
    typeof (record as { organizationId?: unknown }).organizationId !== 'string'
  ) {
    throw new Error(`the event segment ${path} has a line ${line} that is not an event record`);
  }
  return record as EventRecord;
}
