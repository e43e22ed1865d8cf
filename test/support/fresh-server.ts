/**
 * What a newcomer's server is: the one `npm start` runs, on http://127.0.0.1:4000, right after its first
 * start, which created organization `default` and its Owner `admin@localhost` and printed that user's token
 * (server/src/identity/bootstrap.ts). The README snippets run against it, in memory (`freshServerSeed`,
 * which test/readme-snippets.test.ts compares with a real first start) or as a real process.
 */
import { fileURLToPath } from 'node:url';
import type { MockSeed } from '@flagplane/mock';
import { type RunningServer, startServerProcess } from '@flagplane/test-support/server-process';
import seed from './fresh-server-seed.json' with { type: 'json' };

/** Where the READMEs say `npm start` listens. */
export const npmStartAddress = 'http://127.0.0.1:4000';

/**
 * The first start's identities as a mock seed (a JSON file: the snippets' preload, which plain Node runs,
 * reads it too).
 */
export const freshServerSeed: MockSeed = seed as MockSeed;

const mainScript = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));

export interface FreshServer {
  readonly server: RunningServer;
  /** The token the first start printed. */
  readonly token: string;
}

/** The server as `npm start` runs it (`node server/dist/main.js`), on an empty data file under `directory`. */
export async function startFreshServer(directory: string): Promise<FreshServer> {
  const server = await startServerProcess({ mainScript, cwd: directory });
  const printed = () => /fp_pat_[A-Za-z0-9]{40}/.exec(server.stdout())?.[0];
  // Printed before the server listens, but read from its pipe on our own time.
  for (let waited = 0; !printed() && waited < 2000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const token = printed();
  if (!token) {
    await server.stop();
    throw new Error(`the first start printed no token:\n${server.output()}`);
  }
  return { server, token };
}
