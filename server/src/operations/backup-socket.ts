/**
 * How `flagplane-server backup` reaches the server that holds the data file's lock: a Unix socket beside
 * the data file (`<data file>.admin.sock`; under the temporary directory, named by a hash of the data
 * file's path, when that path is too long for a socket), readable and writable by the server's user
 * only. One request per connection, one JSON line each way:
 *
 *   → {"backupTo": "/absolute/path"}
 *   ← {"ok": true, "counts": {…}}  or  {"ok": false, "error": "…"}
 *
 * Why ask the running server rather than read its files: the server holds the whole state in memory and
 * knows which of it is durable, so it writes a consistent backup with the store's own code, whatever the
 * files look like on disk at that moment (a journal being appended to, a compaction renaming the data file
 * and deleting segments). Files read from outside could not be made consistent without a second lock that
 * every commit would pay for. Nothing is served over TCP, and the HTTP API gets no admin path.
 */
import { createHash } from 'node:crypto';
import { chmod, unlink } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../store/store.js';
import { type BackupCounts, durableSnapshot, writeBackup } from './backup.js';

/** Below every platform's limit on a socket's path (104 bytes on macOS, 108 on Linux). */
const maxSocketPathBytes = 100;

/** Where the server of the data file at `dataPath` (absolute) listens for backups. */
export function backupSocketPath(dataPath: string): string {
  const beside = `${dataPath}.admin.sock`;
  if (Buffer.byteLength(beside) <= maxSocketPathBytes) return beside;
  const hash = createHash('sha256').update(dataPath).digest('hex').slice(0, 16);
  return join(tmpdir(), `flagplane-${hash}.admin.sock`);
}

type Answer = { ok: true; counts: BackupCounts } | { ok: false; error: string };

/** Listens for backup requests until the returned function is called (it removes the socket). */
export async function serveBackups(options: {
  readonly socketPath: string;
  readonly store: Store;
  readonly log: FastifyBaseLogger;
}): Promise<() => Promise<void>> {
  const { socketPath, store, log } = options;
  // This process holds the data file's lock: a socket left here is a killed server's.
  await unlink(socketPath).catch(() => {});
  let running = false;
  const server: Server = createServer((socket) => {
    socket.on('error', () => {});
    const lines = createInterface({ input: socket });
    lines.once('line', async (line) => {
      lines.close();
      let answer: Answer;
      const target = parseRequest(line);
      if (target === null) {
        answer = { ok: false, error: 'expected one JSON line {"backupTo": "<absolute path>"}' };
      } else if (running) {
        answer = { ok: false, error: 'a backup is already being written; try again when it is done' };
      } else {
        running = true;
        try {
          const started = Date.now();
          const counts = await writeBackup(await durableSnapshot(store), target);
          log.info({ backup: target, ms: Date.now() - started, counts }, 'backup written');
          answer = { ok: true, counts };
        } catch (error) {
          log.warn({ err: error, backup: target }, 'backup failed');
          answer = { ok: false, error: (error as Error).message };
        } finally {
          running = false;
        }
      }
      socket.end(`${JSON.stringify(answer)}\n`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      unlink(socketPath).catch(() => {});
    });
}

function parseRequest(line: string): string | null {
  try {
    const request = JSON.parse(line) as { backupTo?: unknown };
    return typeof request.backupTo === 'string' && request.backupTo.startsWith('/') ? request.backupTo : null;
  } catch {
    return null;
  }
}

/**
 * Asks the server listening at `socketPath` for a backup into `target`. Resolves with its answer, or with
 * null when no server listens there (no socket, or a socket nobody accepts on).
 */
export function requestBackup(socketPath: string, target: string): Promise<Answer | null> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    let received = '';
    let connected = false;
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ backupTo: target })}\n`);
    });
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else reject(error);
    });
    socket.on('close', () => {
      if (!connected) return;
      try {
        resolve(JSON.parse(received) as Answer);
      } catch {
        reject(new Error(`the server at ${socketPath} gave no answer (did it stop?)`));
      }
    });
  });
}
