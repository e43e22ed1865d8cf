/**
 * Write load on a server process: `writers` loops, each creating flags in project `web` one after another
 * (`<prefix>-<writer>-<n>`), noting what each request got: an answer's status, or a network error. A
 * writer ends at its first network error (the server is gone) or when `stop` is called.
 */
import type { RunningServer } from '@flagplane/test-support/server-process';
import { createFlag } from './process-calls.js';

export type WriteOutcome =
  | { readonly key: string; readonly status: number; readonly at: number }
  | { readonly key: string; readonly error: string; readonly at: number };

export interface WriteLoad {
  readonly outcomes: WriteOutcome[];
  /** Keys whose creation was answered 201. */
  acknowledged(): string[];
  /** Resolves once `count` creations were acknowledged (or every writer ended). */
  acknowledgedAtLeast(count: number): Promise<void>;
  /** Ends every writer after its current request; resolves once all have ended. */
  stop(): Promise<void>;
  /** Resolves once every writer has ended. */
  readonly ended: Promise<void>;
}

export function startWriteLoad(
  server: Pick<RunningServer, 'baseUrl'>,
  options: { readonly writers: number; readonly prefix: string },
): WriteLoad {
  const outcomes: WriteOutcome[] = [];
  let stopped = false;
  const writer = async (index: number) => {
    for (let n = 0; !stopped; n++) {
      const key = `${options.prefix}-${index}-${n}`;
      try {
        const response = await createFlag(server, key);
        await response.arrayBuffer();
        outcomes.push({ key, status: response.status, at: Date.now() });
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        outcomes.push({ key, error: cause?.code ?? cause?.message ?? String(error), at: Date.now() });
        return;
      }
    }
  };
  const ended = Promise.all(Array.from({ length: options.writers }, (_, index) => writer(index))).then(
    () => {},
  );
  let allEnded = false;
  void ended.then(() => (allEnded = true));
  const acknowledged = () => outcomes.flatMap((o) => ('status' in o && o.status === 201 ? [o.key] : []));
  return {
    outcomes,
    acknowledged,
    async acknowledgedAtLeast(count) {
      while (acknowledged().length < count && !allEnded) await new Promise((r) => setTimeout(r, 5));
    },
    async stop() {
      stopped = true;
      await ended;
    },
    ended,
  };
}
