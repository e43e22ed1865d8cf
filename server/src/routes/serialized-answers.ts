/**
 * Answers serialized once per version of what they are made of (issue #33). A read whose answer depends
 * only on some parents' children (the store hands out the same frozen `children()` array until a child
 * changes, see derived-from-children.ts), on a few request values (the role, the normalized query) and
 * possibly on time, is made and stringified once; every later identical request sends the same text.
 *
 * - Dependencies are the `children()` arrays themselves, held weakly: a change makes new arrays, so a
 *   stale answer is never found and is collected with the old arrays. Nothing has to be invalidated.
 * - `key` names every other input of the answer. Callers pass everything the representation reads.
 * - An answer that changes with time alone (a flag's staleness) says until when it holds (`validUntil`,
 *   ms since the epoch); past that it is made again.
 * - Bounded: at most `maxEntries` answers and `maxChars` characters per set of dependencies; past either,
 *   answers are still made, just not kept.
 */
import { SerializedJson } from './serialized-json.js';

export interface MadeAnswer<T> {
  readonly body: T;
  /** When the answer stops holding by the passage of time alone (ms since the epoch). @default never */
  readonly validUntil?: number;
}

interface Kept {
  readonly text: string;
  readonly validUntil: number;
}

interface Level {
  readonly next: WeakMap<object, Level>;
  readonly answers: Map<string, Kept>;
  chars: number;
}

export class SerializedAnswers {
  readonly #root = new WeakMap<object, Level>();

  constructor(
    private readonly maxEntries = 512,
    private readonly maxChars = 8_000_000,
  ) {}

  answer<T>(
    dependsOn: readonly [object, ...object[]],
    key: string,
    nowMs: number,
    make: () => MadeAnswer<T>,
  ): SerializedJson<T> {
    const level = this.#levelOf(dependsOn);
    const answers = level.answers;
    const kept = answers.get(key);
    if (kept !== undefined && nowMs < kept.validUntil) return new SerializedJson<T>(kept.text);
    const made = make();
    const text = JSON.stringify(made.body);
    if (kept !== undefined) {
      answers.delete(key);
      level.chars -= kept.text.length;
    }
    if (answers.size < this.maxEntries && level.chars + text.length <= this.maxChars) {
      answers.set(key, { text, validUntil: made.validUntil ?? Number.POSITIVE_INFINITY });
      level.chars += text.length;
    }
    return new SerializedJson<T>(text);
  }

  #levelOf(dependsOn: readonly object[]): Level {
    let map = this.#root;
    let level: Level | undefined;
    for (const dependency of dependsOn) {
      level = map.get(dependency);
      if (level === undefined) {
        level = { next: new WeakMap(), answers: new Map(), chars: 0 };
        map.set(dependency, level);
      }
      map = level.next;
    }
    return level as Level;
  }
}
